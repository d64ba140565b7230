//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package hall_test

import (
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"touchmove/app/pairings"

	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
	"touchmove/internal/dgtrig"
)

// rig is a hall of simulated boards (dgtrig); the test goroutine owns
// the sessions.
type rig struct {
	*dgtrig.Rig
	t *testing.T
	h *hall.Hall
}

func newRig(t *testing.T, n int) *rig {
	t.Helper()
	return newRigOf(t, n, app.NewGameOptions{Rules: arbiter.RulesArbiter, Round: "2"})
}

// newRigOf is a hall of n boards whose games are game.
func newRigOf(t *testing.T, n int, game app.NewGameOptions) *rig {
	t.Helper()
	r := &rig{Rig: dgtrig.New(t), t: t}
	r.h = hall.New(hall.Options{Do: r.Do, Device: dgt.Options{Retry: 20 * time.Millisecond}, Game: game})
	t.Cleanup(func() { r.h.Close(false) })
	for _, sim := range r.Boards(n, false) {
		if _, err := r.h.Add(sim.Path()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.h.Add(r.Sims[0].Path()); err == nil {
		t.Error("a port added twice")
	}
	r.Until("every game began", func() bool {
		for _, b := range r.h.Boards() {
			if !b.Started() {
				return false
			}
		}
		return true
	})
	return r
}

func (r *rig) play(i int, san string) {
	r.t.Helper()
	r.Move(i, san, dgtsim.OwnFirst, 20*time.Millisecond)
}

// Four boards, each its own game: the tiles show the last move, the DGT
// clock's times, a board disconnected and a game ended by the kings'
// result; one board's trouble leaves the others as they were.
func TestHallTiles(t *testing.T) {
	r := newRig(t, 4)
	tile := func(i int) hall.Tile { return r.h.Boards()[i].Tile() }
	clk := dgtsim.NewClock(90*time.Minute, 30*time.Second)
	clk.Press()
	r.Sims[1].SetClock(clk.Reading())
	r.play(0, "e4")
	r.play(1, "d4")
	r.play(0, "e5")
	r.Until("the moves read", func() bool { return tile(0).LastMove == "1... e5" && tile(1).LastMove == "1. d4" })
	r.Until("board 2's clock", func() bool { return tile(1).HasClocks && tile(1).Clocks[0] == 90*time.Minute })
	if tl := tile(2); tl.HasClocks || tl.LastMove != "" || tl.Need != hall.NeedNone || tl.Number != 3 {
		t.Errorf("board 3: %+v", tl)
	}
	r.Sims[2].Unplug()
	r.Until("board 3 disconnected", func() bool { return tile(2).Need == hall.NeedDisconnected })
	r.Sims[3].Apply([]dgtsim.Update{{Square: chess.E1, Piece: chess.NoPiece}, {Square: chess.E4, Piece: chess.WhiteKing},
		{Square: chess.E8, Piece: chess.NoPiece}, {Square: chess.D5, Piece: chess.BlackKing}}, func() { r.Pump(50 * time.Millisecond) })
	r.Until("board 4's result", func() bool { return tile(3).Need == hall.NeedOver && tile(3).Result == chess.WhiteWins })
	r.Pump(1500 * time.Millisecond) // the kings stand apart from the game: the end still shows
	if tl := tile(3); tl.Need != hall.NeedOver {
		t.Errorf("board 4 after its result: %+v", tl)
	}
	if tl := tile(0); tl.Need != hall.NeedNone || tl.LastMove != "1... e5" {
		t.Errorf("board 1 touched by the others: %+v", tl)
	}
	if g := r.h.Boards()[0].Session.Game(); g.Tags.Value("Board") != "1" || g.Tags.Value("Round") != "2" {
		t.Errorf("tags %v", g.Tags)
	}
}

// The hall publishes its round as touchmove record does: games.pgn and
// game-N.pgn in the folder, served over HTTP, the pairings naming the
// boards; a port taken, a folder not writable and a push with no token
// are refused with where and why.
func TestHallPublish(t *testing.T) {
	r := newRig(t, 2)
	dir := filepath.Join(t.TempDir(), "round")
	if err := r.h.Publish(hall.PublishOptions{Dir: dir, Serve: "127.0.0.1:0"}); err != nil {
		t.Fatal(err)
	}
	addr := r.h.Publishing().Addr()
	r.play(1, "d4")
	r.Until("game-2.pgn written", func() bool {
		data, _ := os.ReadFile(filepath.Join(dir, "game-2.pgn"))
		return strings.Contains(string(data), "1. d4")
	})
	resp, err := http.Get("http://" + addr.String() + "/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "1. d4") || strings.Count(string(body), "[Board ") != 2 {
		t.Errorf("served:\n%s", body)
	}
	if err := r.h.Publish(hall.PublishOptions{Dir: dir, Serve: addr.String()}); err != nil {
		t.Fatal(err) // the same address again: the round before let it go
	}
	if err := r.h.Unpublish(); err != nil {
		t.Error(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		o    hall.PublishOptions
		want string
	}{
		{hall.PublishOptions{Dir: dir, Serve: ln.Addr().String()}, "serve " + ln.Addr().String()},
		{hall.PublishOptions{Dir: filepath.Join(file, "round")}, "the round's folder"},
		{hall.PublishOptions{Dir: dir, PushURL: "https://x/push"}, "no token"},
		{hall.PublishOptions{Dir: dir, PushURL: "x/push", Token: "t"}, "an http:// or https:// URL"},
		{hall.PublishOptions{}, "no folder"},
	} {
		if err := r.h.Publish(tt.o); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.o, err, tt.want)
		}
	}
}

// The pairing list numbers the boards and names their players; a board
// past its last line is refused.
func TestHallPairings(t *testing.T) {
	ps, err := pairings.Read(strings.NewReader("board,white,black\n7,Anna,Boris\n"), "round.csv")
	if err != nil {
		t.Fatal(err)
	}
	h := hall.New(hall.Options{Do: func(f func()) {}, Pairings: ps})
	defer h.Close(false)
	dir := t.TempDir()
	b, err := h.Add(filepath.Join(dir, "ttyA"))
	if err != nil || b.Number != 7 {
		t.Fatalf("board %+v, %v", b, err)
	}
	if _, err := h.Add(filepath.Join(dir, "ttyB")); !errors.Is(err, hall.ErrNoPairing) {
		t.Errorf("a board past the pairings: %v", err)
	}
	n, o := hall.Seating(app.NewGameOptions{Round: "3"}, 0, ps)
	if n != 7 || o.White != "Anna" || o.Black != "Boris" || o.Tags["Board"] != "7" || o.Round != "3" {
		t.Errorf("seating %d %+v", n, o)
	}
}

// The arbiter's corrections at a board, each written into its game as the
// arbiter's event: a misread move taken back (the board read again: set
// right, it agrees), the moves made while the board was unplugged replayed
// from it, a clock set, a note.
func TestHallCorrections(t *testing.T) {
	ctl, err := hall.Control("90+30")
	if err != nil {
		t.Fatal(err)
	}
	r := newRigOf(t, 1, app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: &app.TimeSettings{White: ctl, Black: ctl}})
	s := r.h.Boards()[0].Session
	plies := func(n int) func() bool { return func() bool { return s.Game().PlyCount() == n } }
	r.play(0, "e4")
	r.play(0, "e5")
	r.Until("two moves", plies(2))
	if err := s.ArbiterTakeBack(); err != nil {
		t.Fatal(err)
	}
	if s.Game().PlyCount() != 1 || !strings.Contains(s.Game().End().Comment(), "e5 taken back, misread by the board") {
		t.Fatalf("after the takeback: %d plies, comment %q", s.Game().PlyCount(), s.Game().End().Comment())
	}
	r.Until("the board read against the game", func() bool { return s.EBoardState().Diff != 0 })
	r.Pos[0] = s.Game().End().Position()
	r.Play(0, "e5- e7+p", 20*time.Millisecond)
	r.Until("the board set right", func() bool { return s.EBoardState().Diff == 0 && s.EBoardState().Notice.IsZero() })
	if err := s.ArbiterReplayBoard(); err == nil || !strings.Contains(err.Error(), "agrees") {
		t.Errorf("replay of a board that agrees: %v", err)
	}
	r.Sims[0].Unplug()
	r.Until("unplugged", func() bool { return !s.EBoardState().Connected })
	for _, u := range [][2]any{{chess.C7, chess.NoPiece}, {chess.C5, chess.BlackPawn}, {chess.G1, chess.NoPiece}, {chess.F3, chess.WhiteKnight}} {
		r.Sims[0].Set(u[0].(chess.Square), u[1].(chess.Piece))
	}
	if err := r.Sims[0].Plug(); err != nil {
		t.Fatal(err)
	}
	r.Until("the board back, two moves ahead", func() bool { return s.EBoardState().Connected && s.EBoardState().Diff != 0 })
	if err := s.ArbiterReplayBoard(); err != nil {
		t.Fatal(err)
	}
	if got := s.Game().End().SAN(); s.Game().PlyCount() != 3 || got != "Nf3" ||
		!strings.Contains(s.Game().End().Comment(), "c5 Nf3 replayed from the board") {
		t.Fatalf("replayed: %d plies, %s, %q", s.Game().PlyCount(), got, s.Game().End().Comment())
	}
	r.Until("the board agrees", func() bool { return s.EBoardState().Diff == 0 })
	r.Sims[0].Set(chess.A7, chess.NoPiece)
	r.Sims[0].Set(chess.A2, chess.NoPiece)
	r.Until("the board apart", func() bool { return s.EBoardState().Diff != 0 })
	if err := s.ArbiterReplayBoard(); err == nil || !strings.Contains(err.Error(), "No two moves") {
		t.Errorf("replay of a board no move reaches: %v", err)
	}
	if err := s.ArbiterSetTime(chess.White, 75*time.Minute+30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := s.ArbiterNote("Board knocked, re-set by the arbiter"); err != nil {
		t.Fatal(err)
	}
	c := s.Game().End().Comment()
	for _, want := range []string{"White's clock set to 1:15:30", "Arbiter: Board knocked, re-set by the arbiter"} {
		if !strings.Contains(c, want) {
			t.Errorf("the score lacks %q: %q", want, c)
		}
	}
	if err := s.Err(); err != nil {
		t.Error(err)
	}
}
