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
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/analysis"
	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
	"touchmove/internal/dgtrig"
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
		for top := w2.win.Canvas().Overlays().Top(); top != nil; top = w2.win.Canvas().Overlays().Top() {
			w2.win.Canvas().Overlays().Remove(top) // the search dialog
		}

		// The report on the file's most frequent player, against a
		// repertoire: its tab beside the others, at its top and where the
		// games leave the repertoire.
		settingKeys().repertoireFile.set(w2.app.Preferences(), writeFile(t, "repertoire.pgn", guideRepertoire))
		w2.trainer.report(w2.trainer.filePath(), []string{"GABUZYAN"})
		shot(w2, "report")
		reportScrollTo(w2.reportTab, lang.L("Where he leaves your repertoire"))
		shot(w2, "report-repertoire")

		// A file in Windows-1250: Reopen with encoding.
		cp, _ := charset.Windows1250.Encode(nil, []byte(guideSlovak))
		w3, _ := openFile(t, "zilina.pgn", string(cp))
		w3.games.Load(w3.games.Library(), 0)
		setUp(w3, first)
		w3.files.reopenWithEncoding()
		shot(w3, "encoding")

		// Analysis in a taller window, with its lines and graph; the
		// electronic board and training at the first size.
		shot(guideAnalysis(t, setUp, fyne.NewSize(1400, 870)), "analysis")
		shot(guideEBoard(t, setUp, first), "eboard")
		shot(guideTraining(t, setUp, first), "training")

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

// guideRepertoire is the repertoire of the guide's report, with Black:
// the Najdorf against 1.e4, the Nimzo-Indian's start against 1.d4.
const guideRepertoire = "[White \"?\"]\n[Black \"Me\"]\n\n1. e4 (1. d4 Nf6 2. c4 e6) (1. c4 e5) (1. Nf3 d5) c5 2. Nf3 (2. c3 Nf6) d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n"

// guideAnalysis returns a window showing a game of the lichess sample in
// the middle game, its evaluations in the graph and the bar, and the
// analysis pane on with two lines of an engine.
func guideAnalysis(t *testing.T, setUp func(*Window, fyne.Size), size fyne.Size) *Window {
	w, _ := openFile(t, "games.pgn", guideGames(t))
	w.games.Load(w.games.Library(), 5)
	w.tabs.SelectIndex(0)
	if w.tree.On() {
		w.tree.Toggle() // the engine's lines in its room
	}
	n := w.session.Game().Root()
	for range 30 {
		if n.Next() == nil {
			break
		}
		n = n.Next()
	}
	w.session.GoTo(n)
	an := analysisOn(t, w)
	// The engine's line: the game's next moves, at the game's evaluation.
	var line analysis.LiveLine
	for k := n.Next(); k != nil && len(line.Moves) < 8; k = k.Next() {
		line.Moves, line.SAN = append(line.Moves, k.Move()), append(line.SAN, k.SAN())
		if e, ok := k.Eval(); ok && len(line.Moves) == 1 {
			line.Score = analysis.Score{Centipawns: e.Centipawns}
		}
	}
	pos := n.Position()
	for d := range 3 {
		line.Depth = 18 + d
		an.Hear(analysis.Live{FEN: pos.FEN(), Engine: "Stockfish", Depth: line.Depth, NPS: 1.2e6, Lines: []analysis.LiveLine{line}})
	}
	w.refresh()
	setUp(w, size)
	return w
}

// guideEBoard returns a window recording from a simulated DGT board: the
// Electronic board dialog, connected, over a game whose first moves were
// played on the board.
func guideEBoard(t *testing.T, setUp func(*Window, fyne.Size), size fyne.Size) *Window {
	w := newTestWindow(t)
	// The simulated board at a port's short name, as a plugged-in board's,
	// in a folder of a fixed name: the screenshot is the same at each run.
	dir := filepath.Join(os.TempDir(), "touchmove-guide")
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(dir, "ttyUSB0"), start.Board(), false)
	if err != nil {
		t.Fatal(err)
	}
	r := &eboardRig{Rig: dgtrig.New(t), t: t, w: w, sim: sim}
	w.eboard.do = r.Do
	t.Cleanup(func() { w.eboard.disconnect(); sim.Close() })
	setUp(w, size)
	w.eboard.openDialog()
	d := w.eboard.open
	d.ports.SetText(sim.Path())
	test.Tap(d.connect)
	r.Until("connected", func() bool { return w.session.EBoardState().Connected && sim.Updating() })
	pos := chess.StartPosition()
	r.play(&pos, "e4", "e5", "Nf3", "Nc6", "Bb5")
	w.refresh()
	return w
}

// guideTraining returns a window drilling a position of the player's
// mistakes, found in testdata/mistakes.pgn, after a wrong first try, the
// piece to move marked.
func guideTraining(t *testing.T, setUp func(*Window, fyne.Size), size fyne.Size) *Window {
	w, _ := trainingWindow(t)
	if w.tree.On() {
		w.tree.Toggle() // the tree of five games says little
	}
	setUp(w, size)
	w.app.Preferences().SetString("myNames", "Dvorak")
	findItem(t, w, lang.L("Find my mistakes in this file…")).Action()
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Find
	findItem(t, w, lang.L("Train the positions due")).Action()
	st, ok := w.session.Drill()
	if !ok {
		t.Fatal("no position to drill")
	}
	w.moves.entry.SetText(st.Card.Wrong[0])
	w.moves.play()
	w.moves.entry.SetText("") // the message line says the answer
	findItem(t, w, lang.L("Show the piece to move")).Action()
	w.refresh()
	return w
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

// reportScrollTo scrolls the report to its section titled title: the
// rows above it, as the VBox lays them out.
func reportScrollTo(p *reportPane, title string) {
	y := float32(0)
	for _, o := range p.body.Objects {
		if l, ok := o.(*widget.Label); ok && l.Text == title {
			p.scroll.ScrollToOffset(fyne.NewPos(0, y))
			return
		}
		y += o.MinSize().Height + theme.Padding()
	}
}
