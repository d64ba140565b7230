//go:build guideshots

package ui

import (
	"compress/gzip"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"touchmove/core/charset"
	"touchmove/device/dgt/dgtsim"
)

// The screenshots of the user's guide (docs/guide), taken from the real
// window in each language by Fyne's test driver, so that they follow the
// window as it changes: make guide-shots runs
//
//	go test -tags guideshots,no_emoji ./ui -run TestGuideShots
//
// and writes docs/guide/shots/LANG-NAME.png.
func TestGuideShots(t *testing.T) {
	out := filepath.Join("..", "docs", "guide", "shots")
	for _, code := range []string{"en", "ru", "sk"} {
		inLanguage(t, map[string]string{"en": "en_GB.UTF-8", "ru": "ru_RU.UTF-8", "sk": "sk_SK.UTF-8"}[code])
		shot := func(w *Window, name string) {
			t.Helper()
			f, err := os.Create(filepath.Join(out, code+"-"+name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := png.Encode(f, w.win.Canvas().Capture()); err != nil {
				t.Fatal(err)
			}
		}
		setUp := func(w *Window, size fyne.Size) {
			fyne.CurrentApp().Settings().SetTheme(NewTheme())
			w.win.Resize(fyne.NewSize(size.Width, size.Height+1))
			w.win.Resize(size)
		}
		first := fyne.NewSize(1100, 690)

		// A game of the arbiter, reopened: its rulings in the window's language.
		w, _ := openFile(t, "club.pgn", guideGame)
		if w.tree.On() {
			w.tree.Toggle() // the tree of one game says nothing
		}
		w.games.Load(w.games.Library(), 0)
		w.tabs.SelectIndex(0)
		setUp(w, first)
		w.session.Last()
		w.refresh()
		shot(w, "rulings")

		// A new game: its clocks and its opponent.
		w.newGameDialog()
		for i, name := range map[int]string{1: "newgame-clocks", 2: "newgame-rules", 3: "newgame-opponent"} {
			if top := w.win.Canvas().Overlays().Top(); top != nil {
				if tabs := objectsIn(top, func(*container.AppTabs) bool { return true }); len(tabs) == 1 {
					tabs[0].SelectIndex(i)
				}
			}
			shot(w, name)
		}

		// The Arbiter menu's actions are in the window's menu; the tree
		// and the list of a file of games, in a taller window.
		w2, _ := openFile(t, "games.pgn", guideGames(t))
		w2.games.Load(w2.games.Library(), 0)
		if !w2.tree.On() {
			w2.tree.Toggle()
		}
		treeWait(t, w2)
		setUp(w2, fyne.NewSize(1400, 870))
		w2.tabs.SelectIndex(0)
		w2.refresh()
		shot(w2, "tree")
		w2.tabs.SelectIndex(1)
		shot(w2, "list")
		w2.tabs.SelectIndex(0)
		w2.searchDialog()
		shot(w2, "search")

		// A file in Windows-1250: Reopen with encoding.
		cp, _ := charset.Windows1250.Encode(nil, []byte(guideSlovak))
		w3, _ := openFile(t, "zilina.pgn", string(cp))
		w3.games.Load(w3.games.Library(), 0)
		setUp(w3, first)
		w3.files.reopenWithEncoding()
		shot(w3, "encoding")

		// View › Hall: four simulated boards of a round, then its Round tab.
		w4 := guideHall(t)
		setUp(w4, fyne.NewSize(1400, 870))
		w4.hall.tick()
		shot(w4, "hall")
		if tabs := objectsIn(w4.win.Canvas().Overlays().Top(), func(*container.AppTabs) bool { return true }); len(tabs) == 1 {
			tabs[0].SelectIndex(1)
		}
		shot(w4, "hall-round")
		w4.hall.close(false)
	}
}

// guideHall returns a window recording a round of four simulated boards
// (named by a pairing list, a few moves played, a DGT clock on one, one
// board unplugged), View › Hall open on it.
func guideHall(t *testing.T) *Window {
	t.Helper()
	r := newHallRig(t, 4)
	prefs := r.w.app.Preferences()
	csv := filepath.Join(t.TempDir(), "round3.csv")
	pairs := "board,white,black\n1,Novák Peter,Horváth Ján\n2,Ivanova Anna,Kováč Marek\n3,Szabó Eva,Tóth Pavol\n4,Baláž Juraj,Smirnov Oleg\n"
	if err := os.WriteFile(csv, []byte(pairs), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"hallRound": "3", "hallEvent": "Open Žilina", "hallSite": "Žilina",
		"hallPairings": csv, "hallFolder": filepath.Join(t.TempDir(), "round-3"), "hallTimeControl": "5400+30"} {
		prefs.SetString(k, v)
	}
	d := r.add()
	for _, san := range []string{"e4", "c5", "Nf3", "d6"} {
		r.Move(0, san, dgtsim.OwnFirst, 10*time.Millisecond)
	}
	for _, san := range []string{"d4", "Nf6", "c4"} {
		r.Move(1, san, dgtsim.OwnFirst, 10*time.Millisecond)
	}
	r.Move(3, "e4", dgtsim.OwnFirst, 10*time.Millisecond)
	r.Sims[2].Unplug()
	r.Until("the moves read", func() bool {
		return d.tiles[0].b.Session.Game().PlyCount() == 4 && d.tiles[1].b.Session.Game().PlyCount() == 3 &&
			d.tiles[3].b.Session.Game().PlyCount() == 1 &&
			!d.tiles[2].b.EBoard().Connected
	})
	// The paths as an arbiter's computer has them, not the test's.
	d.ports.SetText("/dev/ttyUSB*")
	d.round.pairings.SetText("/home/arbiter/round3.csv")
	d.round.folder.SetText("/home/arbiter/open-zilina/round-3")
	return r.w
}

// guideGames returns the first 200 games of the lichess sample of the
// repository's test data.
func guideGames(t *testing.T) string {
	f, err := os.Open(filepath.Join("..", "testdata", "pgn", "lichess_annotated_1k.pgn.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(data), "\n\n[Event ")
	n := 0
	for i := range games {
		n += len(games[i])
		if i == 199 {
			break
		}
	}
	return string(data[:n-len("[Event ")])
}

// guideGame is a game played under an arbiter, as Touchmove writes it.
const guideGame = `[Event "Club championship"]
[Site "Bratislava"]
[Date "2026.03.14"]
[Round "3"]
[White "Novák, Peter"]
[Black "Horváth, Ján"]
[Result "1-0"]
[TimeControl "5400+30"]
[Rules "FIDE, arbiter"]

1. e4 {[%clk 1:30:20]} e5 {[%clk 1:30:10]} 2. Nf3 {[%clk 1:29:50]} {Illegal move by Black (1st); White +2:00} Nc6 {[%clk 1:29:40]} 3. Bb5 {Arbiter: White's clock set to 1:20:00} a6 4. Ba4 Nf6 {Draw claimed by Black: incorrect; White +2:00} 5. O-O {Arbiter: touch of the knight on g1 cancelled as accidental} Be7 6. Re1 b5 7. Bb3 d6 {Black offered a draw before moving} 8. c3 O-O 9. h3 {Black declines the draw offer} Nb8 10. d4 Nbd7 {Illegal move by Black (2nd): Black loses} 1-0
`

// guideSlovak is a file a Slovak club keeps in Windows-1250.
const guideSlovak = `[Event "Majstrovstvá Slovenska"]
[Site "Žilina"]
[Date "2025.05.10"]
[Round "1"]
[White "Ďurčík, Ľubomír"]
[Black "Šťastný, Tomáš"]
[Result "1/2-1/2"]

1. d4 {Výborný ťah} d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2
`
