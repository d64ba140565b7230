//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package ui

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
	"touchmove/internal/dgtrig"
)

// hallRig is a test window's hall over simulated boards (dgtrig), its
// calls run on the test goroutine.
type hallRig struct {
	*dgtrig.Rig
	w *Window
	u *hallUI
}

func newHallRig(t *testing.T, boards int) *hallRig {
	t.Helper()
	w := newTestWindow(t)
	r := &hallRig{Rig: dgtrig.New(t), w: w, u: w.hall}
	r.u.do = r.Do
	r.Boards(boards, false)
	t.Cleanup(func() { r.u.close(false) })
	return r
}

// add opens the dialog and adds every board by the pattern, until every
// game began.
func (r *hallRig) add() *hallDialog {
	r.u.openDialog()
	d := r.u.open
	d.ports.SetText(r.Pattern())
	test.Tap(d.add)
	r.Until("every tile, every game begun", func() bool {
		if len(d.tiles) != len(r.Sims) {
			return false
		}
		for _, tl := range d.tiles {
			if !tl.b.Started() {
				return false
			}
		}
		return true
	})
	return d
}

// View › Hall: boards added by a pattern, each its own game, shown small
// with its last move, its clock and what needs the arbiter; a board's
// button opens it in full, where the arbiter's result is written into its
// game as the arbiter's ruling (issue 48).
func TestHallDialog(t *testing.T) {
	r := newHallRig(t, 4)
	w, u, sims := r.w, r.u, r.Sims
	u.openDialog()
	d := u.open
	if d == nil || !strings.Contains(d.said.Text, "No board yet") {
		t.Fatal("no dialog, or it does not say how to begin")
	}
	u.open.d.Hide()
	d = r.add()
	d.ports.SetText(sims[0].Path())
	test.Tap(d.add)
	if !strings.Contains(d.said.Text, "is board 1 already") {
		t.Errorf("a board added twice: %q", d.said.Text)
	}
	clk := dgtsim.NewClock(90*time.Minute, 30*time.Second)
	clk.Press()
	sims[1].SetClock(clk.Reading())
	r.Play(1, "e2- e4+P", 20*time.Millisecond)
	sims[2].Unplug()
	r.Until("the tiles repainted by the tick", func() bool {
		return d.tiles[1].last.Text == "1. e4" && d.tiles[1].clocks.Text == "1:30:00  ·  1:30:00" &&
			strings.Contains(d.tiles[2].need.Text, "The board is not connected.")
	})
	if got := d.tiles[0].open.Text; got != "1: White – Black" {
		t.Errorf("tile 1's button %q", got)
	}
	if d.tiles[0].need.Text != "" || d.tiles[0].last.Text != "No move yet" {
		t.Errorf("board 1 touched by the others: %q %q", d.tiles[0].need.Text, d.tiles[0].last.Text)
	}
	b := d.tiles[1].b
	if b.Session.Rules() != arbiter.RulesArbiter {
		t.Errorf("rules %v", b.Session.Rules())
	}
	test.Tap(d.tiles[1].open)
	wins := dialogButton(w, "White wins")
	if wins == nil {
		t.Fatal("the board did not open")
	}
	test.Tap(wins)
	if st := b.Session.Status(); !st.Over || st.Result != chess.WhiteWins {
		t.Errorf("status %+v", st)
	}
	if pgn := b.Session.Game().End().Comment(); !strings.Contains(pgn, "Arbiter") {
		t.Errorf("the ruling is not in the score: %q", pgn)
	}
	r.Until("the end flagged", func() bool { return strings.Contains(d.tiles[1].need.Text, "⚑") })
}

// The Round tab publishes the round as touchmove record does: the round,
// event and pairings name the games, the folder receives games.pgn and
// game-N.pgn, the address serves them; the settings are kept. A bad
// pairing line, a port taken and a folder not writable are said with where
// and why (issue 48, point 1).
func TestHallPublishing(t *testing.T) {
	r := newHallRig(t, 2)
	prefs := r.w.app.Preferences()
	dir := t.TempDir()
	csv := filepath.Join(dir, "round.csv")
	if err := os.WriteFile(csv, []byte("board,white,black\n1,Anna,Boris\n2,Cyril\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.u.openDialog()
	f := r.u.open.round
	f.round.SetText("4")
	f.event.SetText("Hall open")
	f.pairings.SetText(csv)
	d := r.u.open
	d.ports.SetText(r.Pattern())
	test.Tap(d.add)
	if !strings.Contains(d.said.Text, "pairing list cannot be read") || !strings.Contains(d.said.Text, "round.csv:3") {
		t.Errorf("a bad pairing line: %q", d.said.Text)
	}
	if err := os.WriteFile(csv, []byte("board,white,black\n11,Annamária Horváthová-Kováčová,Boris Alexandrovič Petrovskij\n12,Cyril,Dana\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.u.open.d.Hide()
	d = r.add()
	r.Until("tile 2 named by the pairings", func() bool { return d.tiles[1].open.Text == "12: Cyril – Dana" })
	// Names too long for a tile end in "…" (the board opened in full names
	// them whole); the button stays within its tile.
	if tile := d.tiles[0].open; !strings.HasPrefix(tile.Text, "11: Annamária") || !strings.HasSuffix(tile.Text, "…") || tile.MinSize().Width > hallTileWidth {
		t.Errorf("a tile of long names: %q, %v wide in a tile of %v", tile.Text, tile.MinSize().Width, hallTileWidth)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	f = d.round
	f.serve.SetChecked(true)
	f.address.SetText(ln.Addr().String())
	test.Tap(f.publish)
	if !strings.Contains(f.said.Text, "address is taken") {
		t.Errorf("a port taken: %q", f.said.Text)
	}
	f.address.SetText("127.0.0.1:0")
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f.folder.SetText(filepath.Join(file, "round"))
	test.Tap(f.publish)
	if !strings.Contains(f.said.Text, "cannot write in the round's folder") {
		t.Errorf("a folder not writable: %q", f.said.Text)
	}
	out := filepath.Join(dir, "out")
	f.folder.SetText(out)
	f.delay.SetText("0")
	test.Tap(f.publish)
	if !strings.Contains(f.said.Text, "The round is written to "+out) || !strings.Contains(f.said.Text, "Served at http://127.0.0.1:") {
		t.Fatalf("published: %q", f.said.Text)
	}
	r.Play(1, "e2- e4+P", 20*time.Millisecond)
	r.Until("game-12.pgn written", func() bool {
		data, _ := os.ReadFile(filepath.Join(out, "game-12.pgn"))
		return strings.Contains(string(data), "1. e4") && strings.Contains(string(data), `[Round "4"]`) &&
			strings.Contains(string(data), `[Event "Hall open"]`) && strings.Contains(string(data), `[White "Cyril"]`)
	})
	if prefs.String("hallFolder") != out || prefs.String("hallRound") != "4" || !prefs.Bool("hallServe") {
		t.Errorf("settings not kept: %q %q %v", prefs.String("hallFolder"), prefs.String("hallRound"), prefs.Bool("hallServe"))
	}
	f.push.SetText("https://lichess.example/api/broadcast/round/r1/push")
	f.token.SetText("lip_secret")
	if prefs.String("hallToken") != "lip_secret" || f.token.Password != true {
		t.Error("the token is not kept, or is shown")
	}
	test.Tap(f.publish) // stops
	if !strings.Contains(f.said.Text, "Not published") {
		t.Errorf("stopped: %q", f.said.Text)
	}
}

// A board opened in full: the misread move taken back, the board's moves
// replayed, a clock set and a note, each in the score as the arbiter's
// (issue 48, point 2).
func TestHallBoardCorrections(t *testing.T) {
	r := newHallRig(t, 1)
	r.w.app.Preferences().SetString("hallTimeControl", "5400+30")
	d := r.add()
	s := d.tiles[0].b.Session
	r.Move(0, "e4", dgtsim.OwnFirst, 20*time.Millisecond)
	r.Move(0, "e5", dgtsim.OwnFirst, 20*time.Millisecond)
	r.Until("two moves", func() bool { return s.Game().PlyCount() == 2 })
	test.Tap(d.tiles[0].open)
	tap := func(label string) {
		t.Helper()
		b := dialogButton(r.w, label)
		if b == nil {
			t.Fatalf("no button %q", label)
		}
		test.Tap(b)
	}
	tap("Take back a misread move")
	if s.Game().PlyCount() != 1 || !strings.Contains(s.Game().End().Comment(), "e5 taken back") {
		t.Errorf("taken back: %d, %q", s.Game().PlyCount(), s.Game().End().Comment())
	}
	r.Play(0, "e5- e7+p", 20*time.Millisecond)
	r.Until("the board set right", func() bool { return s.EBoardState().Diff == 0 })
	r.Sims[0].Unplug()
	r.Until("unplugged", func() bool { return !s.EBoardState().Connected })
	r.Sims[0].Set(chess.C7, chess.NoPiece)
	r.Sims[0].Set(chess.C5, chess.BlackPawn)
	r.Sims[0].Set(chess.G1, chess.NoPiece)
	r.Sims[0].Set(chess.F3, chess.WhiteKnight)
	if err := r.Sims[0].Plug(); err != nil {
		t.Fatal(err)
	}
	r.Until("the board back, two moves ahead", func() bool { return s.EBoardState().Connected && s.EBoardState().Diff != 0 })
	tap("Replay from the board")
	if s.Game().End().SAN() != "Nf3" || s.Game().PlyCount() != 3 {
		t.Errorf("replayed: %d plies, %s", s.Game().PlyCount(), s.Game().End().SAN())
	}
	tap("Set a clock…")
	e := dialogEntries(t, r.w)
	// Typed as the arbiter types it: over the time the clock shows, which
	// is selected (typing went in front of it).
	test.Type(e[0], "1:10:00")
	if e[0].Text != "1:10:00" {
		t.Fatalf("typed 1:10:00 over the clock's time: the entry says %q", e[0].Text)
	}
	tap("Set")
	tap("Add a note…")
	e = dialogEntries(t, r.w)
	e[0].SetText("Clock replaced by the arbiter")
	tap("Add")
	c := s.Game().End().Comment()
	for _, want := range []string{"White's clock set to 1:10:00", "Arbiter: Clock replaced by the arbiter"} {
		if !strings.Contains(c, want) {
			t.Errorf("the score lacks %q: %q", want, c)
		}
	}
	if err := s.Err(); err != nil {
		t.Error(err)
	}
}

// A window killed while it recorded a hall: the next start asks once to
// bring back the round, not game by game; yes records the same boards,
// each game from its journal; Start afresh forgets the round (issue 48,
// point 3).
func TestHallRoundBroughtBack(t *testing.T) {
	for _, yes := range []bool{true, false} {
		rig := dgtrig.New(t)
		rig.Boards(2, false)
		dir := t.TempDir()
		leaveRound(t, dir, rig.Port(1), rig.Port(2))
		w := newTestWindow(t, WithJournals(store.NewJournals(dir)))
		w.hall.do = rig.Do
		out := filepath.Join(t.TempDir(), "round")
		w.app.Preferences().SetBool("hallPublishing", true) // published when it crashed
		w.app.Preferences().SetString("hallFolder", out)
		w.OfferRestore()
		if txt := dialogText(w); !strings.Contains(txt, "Bring back the round of 2 boards?") {
			t.Fatalf("asked %q", txt)
		}
		if !yes {
			test.Tap(dialogButton(w, "Start afresh"))
			if _, err := os.Stat(filepath.Join(dir, "hall")); !os.IsNotExist(err) {
				t.Errorf("the round is not forgotten: %v", err)
			}
			if dialogButton(w, "Bring back") != nil {
				t.Error("asked again")
			}
			continue
		}
		test.Tap(dialogButton(w, "Bring back"))
		u := w.hall
		if u.h == nil || len(u.h.Boards()) != 2 || u.open == nil {
			t.Fatal("the round is not back in the hall")
		}
		for _, b := range u.h.Boards() {
			if !b.Started() || b.Session.Game().PlyCount() != 1 || b.Session.Rules() != arbiter.RulesArbiter {
				t.Errorf("board %d: started %v, %d plies", b.Number, b.Started(), b.Session.Game().PlyCount())
			}
		}
		if u.h.Publishing() == nil {
			t.Error("the round is not published again")
		}
		if _, err := os.Stat(filepath.Join(out, "game-2.pgn")); err != nil {
			t.Error(err)
		}
		rig.Move(0, "e4", dgtsim.OwnFirst, 20*time.Millisecond) // the board set as the game stands
		rig.Move(0, "e5", dgtsim.OwnFirst, 20*time.Millisecond)
		rig.Until("the round goes on", func() bool { return u.h.Boards()[0].Session.Game().PlyCount() == 2 })
		u.close(false)
	}
}
