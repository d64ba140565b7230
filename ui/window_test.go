package ui

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/ui/board"
)

// fakePicker answers file choosers with fixed paths.
type fakePicker struct{ open, save string }

func (f fakePicker) Open(_ fyne.Window, _ string, done func(string, error)) {
	if f.open == "" {
		done("", errCancelled)
		return
	}
	done(f.open, nil)
}

func (f fakePicker) Save(_ fyne.Window, _, _ string, done func(string, error)) {
	if f.save == "" {
		done("", errCancelled)
		return
	}
	done(f.save, nil)
}

func newTestWindow(t testing.TB, opts ...WindowOption) *Window {
	t.Helper()
	a := test.NewTempApp(t)
	// As the app does before its first window: a test run alone speaks
	// through the translations too.
	if err := setUpLanguage(a.Preferences()); err != nil {
		t.Fatal(err)
	}
	opts = append([]WindowOption{WithPicker(fakePicker{}), WithSpawn(func(f func()) { f() })}, opts...)
	w := NewWindow(a, opts...)
	w.win.Resize(fyne.NewSize(1000, 700))
	// As quitting does: no engine of this test answers into the next one.
	t.Cleanup(func() { w.release(); w.win.Close() })
	return w
}

// writeFile writes data to a new file called name in a temporary folder
// and returns its path.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// openFile writes data to a new file called name and opens it in a test
// window, as the command line does; it returns the window and the path.
func openFile(t *testing.T, name, data string) (*Window, string) {
	t.Helper()
	path := writeFile(t, name, data)
	w := newTestWindow(t)
	w.files.open(path)
	return w, path
}

// squarePos returns the centre of sq on the board, in the board's own
// coordinates, White at the bottom.
func squarePos(b *board.Board, sq chess.Square) fyne.Position {
	side := b.Size().Width / 8
	return fyne.NewPos((float32(sq.File())+0.5)*side, (7-float32(sq.Rank())+0.5)*side)
}

// realDrag replays the GLFW sequence of a drag on the board of w.
func realDrag(w *Window, from, to chess.Square) {
	b := w.board
	boardRealDrag(b, squarePos(b, from), squarePos(b, to), releaseUpThenEnd)
}

func TestWindowDragMovesThePawn(t *testing.T) {
	w := newTestWindow(t)
	realDrag(w, chess.E2, chess.E4)
	if got := w.session.Game().PlyCount(); got != 1 {
		t.Fatalf("plies %d after a drag e2-e4", got)
	}
	v := w.board.View()
	if v.Pieces[chess.E4] != chess.WhitePawn || v.Pieces[chess.E2] != chess.NoPiece {
		t.Error("the board does not show the pawn on e4")
	}
	if v.LastFrom != chess.E2 || v.LastTo != chess.E4 {
		t.Errorf("last move %v-%v", v.LastFrom, v.LastTo)
	}
	if !strings.Contains(w.win.Title(), "•") {
		t.Errorf("title %q has no unsaved mark", w.win.Title())
	}
}

func TestWindowIllegalDragSnapsBack(t *testing.T) {
	w := newTestWindow(t)
	before := w.board.View().Pieces
	realDrag(w, chess.E2, chess.E5)
	if w.session.Game().PlyCount() != 0 {
		t.Fatal("an illegal drag made a move")
	}
	if w.board.View().Pieces != before {
		t.Error("the board changed after an illegal drag")
	}
	if !strings.Contains(w.status.message.Text, "illegal") {
		t.Errorf("message %q", w.status.message.Text)
	}
}

func TestWindowClickClick(t *testing.T) {
	w := newTestWindow(t)
	b := w.board
	for _, sq := range []chess.Square{chess.G1, chess.F3} {
		p := squarePos(b, sq)
		b.MouseDown(boardMouse(p, desktop.MouseButtonPrimary, 0))
		b.MouseUp(boardMouse(p, desktop.MouseButtonPrimary, 0))
		b.Tapped(&fyne.PointEvent{Position: p})
	}
	if got := w.session.Game().PlyCount(); got != 1 {
		t.Fatalf("plies %d after click g1, click f3", got)
	}
}

func TestWindowPromotionFlow(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{FEN: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}); err != nil {
		t.Fatal(err)
	}
	realDrag(w, chess.A7, chess.A8)
	p, ok := w.win.Canvas().Focused().(*board.PromotionChooser)
	if !ok {
		t.Fatalf("no promotion chooser has the focus (%T)", w.win.Canvas().Focused())
	}
	if w.session.Game().PlyCount() != 0 {
		t.Fatal("a move was recorded before the choice")
	}
	p.TypedRune('n')
	if got := w.session.Game().PlyCount(); got != 1 {
		t.Fatalf("plies %d after choosing", got)
	}
	if w.board.View().Pieces[chess.A8] != chess.WhiteKnight {
		t.Error("no knight on a8")
	}
}

func TestWindowNotationClickNavigates(t *testing.T) {
	w := newTestWindow(t)
	realDrag(w, chess.E2, chess.E4)
	realDrag(w, chess.E7, chess.E5)
	realDrag(w, chess.G1, chess.F3)
	first := w.session.Game().Root().Children()[0]
	tok := w.notation.MoveToken(first)
	if tok == nil {
		t.Fatal("no notation token for 1. e4")
	}
	test.Tap(tok)
	if w.session.Current() != first {
		t.Fatalf("current ply %d after clicking 1. e4", w.session.Current().Ply())
	}
	if v := w.board.View(); v.Pieces[chess.E5] != chess.NoPiece || v.Pieces[chess.E4] != chess.WhitePawn || v.Interactive {
		t.Error("the board does not show the position after 1. e4 (view only in a live game)")
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if w.session.Current() != w.session.Game().End() {
		t.Error("End did not go to the last move")
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if w.session.Current().Ply() != 2 {
		t.Error("Left did not go back one move")
	}
}

func TestWindowClockFaces(t *testing.T) {
	w := newTestWindow(t)
	c := clock.Fischer(3*time.Minute, 2*time.Second)
	if err := w.session.NewGame(app.NewGameOptions{Time: &app.TimeSettings{White: c, Black: c}}); err != nil {
		t.Fatal(err)
	}
	w.players.showClocks(w.session)
	if got := w.players.bottom.clock.Text(); got != "3:02" && got != "3:01" {
		t.Errorf("White's face shows %q", got)
	}
	if !w.players.bottom.clock.Face().Running || w.players.top.clock.Face().Running {
		t.Error("White's clock should run, Black's not")
	}
	w.session.Flip()
	if !w.players.top.clock.Face().Running {
		t.Error("flip did not move White's clock to the top")
	}
	w.clocks.togglePause()
	if !w.session.ClocksPaused() || !strings.Contains(w.status.line.Text, "paused") {
		t.Errorf("pause: status %q", w.status.line.Text)
	}
}

func TestWindowSaveAndOpen(t *testing.T) {
	path := t.TempDir() + "/g.pgn"
	w := newTestWindow(t, WithPicker(fakePicker{save: path, open: path}))
	realDrag(w, chess.D2, chess.D4)
	w.files.saveAs()
	if w.session.Dirty() || !strings.HasPrefix(w.win.Title(), "g.pgn —") {
		t.Fatalf("after save: dirty %v, title %q", w.session.Dirty(), w.win.Title())
	}
	w.session.NewGame(app.NewGameOptions{})
	w.files.open(path)
	if w.session.Game().PlyCount() != 1 {
		t.Fatalf("reopened game has %d plies", w.session.Game().PlyCount())
	}
}

// FIDE mode: the touched piece is marked, a refused gesture says why, and
// j'adoube is a toggle that shows it is armed.
func TestWindowTouchLockAndJAdoube(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	b := w.board
	p := squarePos(b, chess.G1)
	b.MouseDown(boardMouse(p, desktop.MouseButtonPrimary, 0))
	b.MouseUp(boardMouse(p, desktop.MouseButtonPrimary, 0))
	b.Tapped(&fyne.PointEvent{Position: p})
	if got := b.View().Touched; got != chess.G1 {
		t.Fatalf("touched marker on %v, want g1", got)
	}
	realDrag(w, chess.E2, chess.E4)
	if w.session.Game().PlyCount() != 0 || !strings.Contains(w.status.message.Text, "knight on g1") {
		t.Fatalf("moving another piece: plies %d, message %q", w.session.Game().PlyCount(), w.status.message.Text)
	}
	realDrag(w, chess.G1, chess.F3)
	if w.session.Game().PlyCount() != 1 {
		t.Fatal("the bound knight could not move")
	}
	test.Tap(w.controls.adjust)
	if !strings.Contains(w.controls.adjust.Text, "armed") {
		t.Fatalf("j'adoube button %q", w.controls.adjust.Text)
	}
	realDrag(w, chess.B8, chess.B8) // adjusting the knight binds nothing
	realDrag(w, chess.E7, chess.E5)
	if w.session.Game().PlyCount() != 2 {
		t.Fatalf("after j'adoube Black could not move another piece: %q", w.status.message.Text)
	}
	if strings.Contains(w.controls.adjust.Text, "armed") {
		t.Error("j'adoube still armed after use")
	}
}

func TestWindowOpensMultiGameFileAsList(t *testing.T) {
	w, path := openFile(t, "three.pgn", "[Event \"A\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 1-0\n\n"+
		"[Event \"B\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n\n1. d4 Qxd4 *\n\n"+
		"[Event \"C\"]\n[White \"Eve\"]\n[Black \"Fay\"]\n\n1. c4 c5 2. Nc3 0-1\n")
	if w.tabs.Selected() != w.games.Item() {
		t.Fatal("the game list did not come to the front")
	}
	if got := w.session.Game().Tags.Value("White"); got != "Ann" {
		t.Fatalf("first game shown: White %q", got)
	}
	w.games.NextGame(1)
	if p, i := w.session.Path(); p != path || i != 1 {
		t.Fatalf("next game: %s %d", p, i)
	}
	// The illegal move is reported, and the good part of the game still loads.
	if !strings.Contains(w.status.message.Text, "Game 2 has problems") || w.session.Game().PlyCount() != 1 {
		t.Errorf("game 2: message %q, %d plies", w.status.message.Text, w.session.Game().PlyCount())
	}
	w.win.Canvas().Focus(w.games.List().Focusable())
	w.games.List().OnOpen(2)
	if w.tabs.Selected() != w.notationTab || w.session.Game().Tags.Value("White") != "Eve" {
		t.Fatalf("opening game 3 from the list: tab %v, White %q", w.tabs.Selected().Text, w.session.Game().Tags.Value("White"))
	}
	if f := w.win.Canvas().Focused(); f != nil {
		t.Errorf("after opening a game the keys go to %T, not to the game", f)
	}
	w.games.NextGame(-1)
	if _, i := w.session.Path(); i != 1 {
		t.Fatalf("previous game: %d", i)
	}
}

// Saving a game into the file the list shows reads the file again: the list
// and the games opened from it are the file's as saved, and the list keeps
// its place while the board keeps the game.
func TestWindowSaveIntoListedFile(t *testing.T) {
	w, _ := openFile(t, "three.pgn", "[Event \"A\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 1-0\n\n"+
		"[Event \"B\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n\n1. d4 d5 *\n\n"+
		"[Event \"C\"]\n[White \"Eve\"]\n[Black \"Fay\"]\n\n1. c4 c5 2. Nc3 0-1\n")
	w.games.NextGame(1)
	if err := w.editor.SetTag("White", "Cid Campbell-Smith"); err != nil {
		t.Fatal(err)
	} // a longer game: the games after it move
	w.tabs.Select(w.notationTab)
	w.files.save()
	if w.session.Dirty() {
		t.Fatal("still unsaved after saving")
	}
	if got := w.games.Library().Entry(1).White; got != "Cid Campbell-Smith" {
		t.Errorf("the list shows White %q for the saved game", got)
	}
	if w.tabs.Selected() != w.notationTab || w.session.Game().Tags.Value("White") != "Cid Campbell-Smith" {
		t.Errorf("after saving: tab %q, board White %q", w.tabs.Selected().Text, w.session.Game().Tags.Value("White"))
	}
	if w.games.Library().Selected() != 1 {
		t.Errorf("list selection %d after saving, want 1", w.games.Library().Selected())
	}
	w.games.NextGame(1)
	if got := w.session.Game().Tags.Value("White"); got != "Eve" {
		t.Fatalf("the game after the saved one reads White %q", got)
	}
	w.games.NextGame(-1)
	if g := w.session.Game(); g.Tags.Value("White") != "Cid Campbell-Smith" || g.PlyCount() != 2 {
		t.Errorf("reopened saved game: White %q, %d plies", g.Tags.Value("White"), g.PlyCount())
	}
}

// Exporting writes a copy of the game elsewhere: the game keeps its own file
// and stays unsaved; a second export is appended.
func TestWindowExportGame(t *testing.T) {
	dir := t.TempDir()
	out := dir + "/export.pgn"
	w := newTestWindow(t, WithPicker(fakePicker{save: out}))
	realDrag(w, chess.E2, chess.E4)
	w.files.exportGame()
	realDrag(w, chess.E7, chess.E5)
	w.files.exportGame()
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games, err := store.DecodeGames(bytes.NewReader(data))
	if err != nil || len(games) != 2 {
		t.Fatalf("exported file: %v, %d games", err, len(games))
	}
	if games[0].PlyCount() != 1 || games[1].PlyCount() != 2 {
		t.Errorf("exported games have %d and %d plies", games[0].PlyCount(), games[1].PlyCount())
	}
	if p, _ := w.session.Path(); p != "" || !w.session.Dirty() {
		t.Errorf("after exporting: the game's file %q, unsaved %v", p, w.session.Dirty())
	}
	if !strings.Contains(w.status.message.Text, "export.pgn as game 2") {
		t.Errorf("message %q", w.status.message.Text)
	}
}

func TestAfterFirstFrame(t *testing.T) {
	test.NewTempApp(t)
	tests := []struct {
		name  string
		ticks []float32
		want  []int // runs after each tick
	}{
		{"second tick", []float32{0.001, 0.002, 0.003}, []int{0, 1, 1}},
		{"ends at the first tick", []float32{1}, []int{1}},
		{"ends at the second tick", []float32{0.5, 1}, []int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runs := 0
			a := afterFirstFrame(func() { runs++ })
			for i, p := range tt.ticks {
				a.Tick(p)
				if runs != tt.want[i] {
					t.Fatalf("after tick %d: %d runs, want %d", i+1, runs, tt.want[i])
				}
			}
		})
	}
}

// The start-up trace's report comes at the first tick, once, whatever the
// ticks that follow.
func TestAtFirstTick(t *testing.T) {
	test.NewTempApp(t)
	for _, ticks := range [][]float32{{0.001, 0.002, 0.003}, {1}, {0.5, 1}} {
		runs := 0
		a := atFirstTick(func() { runs++ })
		for i, p := range ticks {
			a.Tick(p)
			if runs != 1 {
				t.Fatalf("ticks %v: after tick %d, %d runs, want 1", ticks, i+1, runs)
			}
		}
	}
}

// noDisplayApp is an app whose driver cannot start, as Fyne's GLFW driver
// panics when there is no display to open.
type noDisplayApp struct {
	fyne.App
	panicWith any
}

func (a noDisplayApp) NewWindow(string) fyne.Window { panic(a.panicWith) }

// With no display, NewWindow's panic becomes an error to report; any other
// panic is not swallowed.
func TestNoDisplayIsAnError(t *testing.T) {
	a := test.NewTempApp(t)
	w, err := newWindowOrNoDisplay(noDisplayApp{a, errors.New("NotInitialized: The GLFW library is not initialized")}, WithPicker(fakePicker{}))
	if err == nil || w != nil {
		t.Fatalf("no display: window %v, error %v", w, err)
	}
	defer func() {
		if r := recover(); r != "a bug" {
			t.Errorf("another panic came out as %v", r)
		}
	}()
	newWindowOrNoDisplay(noDisplayApp{a, "a bug"}, WithPicker(fakePicker{}))
	t.Error("another panic was swallowed")
}
