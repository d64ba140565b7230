package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

// Defect 5 of the session issue: a new game started while the Games tab is
// in front brings the Game tab, with its running clocks, to the front.
func TestWindowNewGameShowsGameTab(t *testing.T) {
	w, _ := openFile(t, "two.pgn", "[Event \"A\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 1-0\n\n"+
		"[Event \"B\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n\n1. d4 d5 *\n")
	if w.tabs.Selected() != w.games.Item() {
		t.Fatal("the list did not come to the front")
	}
	if err := w.session.NewGame(app.NewGameOptions{Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	if w.tabs.Selected() != w.notationTab {
		t.Fatalf("after a new game the %q tab is in front", w.tabs.Selected().Text)
	}
}

func ptrTime(t *testing.T) *app.TimeSettings {
	t.Helper()
	ts := app.TimeSettings{White: blitzControl(), Black: blitzControl()}
	return &ts
}

// findItem returns the menu item labelled label, in submenus too.
func findItem(t *testing.T, w *Window, label string) *fyne.MenuItem {
	t.Helper()
	it := menuItemWhere(w, func(it *fyne.MenuItem) bool { return it.Label == label })
	if it == nil {
		t.Fatalf("no menu item %q", label)
	}
	return it
}

// Defect 8: menu items and buttons are enabled only when they can act, from
// the session's answer; a shortcut of a disabled item says why on the
// message line instead of opening a dialog.
func TestWindowMenuFollowsSession(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{"White +1:00", "Press White's clock", "J'adoube (adjust a piece)", "White confirms the result"} {
		if !findItem(t, w, label).Disabled {
			t.Errorf("%q enabled in a casual game", label)
		}
	}
	if findItem(t, w, "Offer draw").Disabled || findItem(t, w, "White resigns…").Disabled {
		t.Error("offer or resignation disabled in a live game")
	}
	// The game ends: its actions go grey.
	if fb := w.session.PlayMove(chess.NewMove(chess.E2, chess.E4)); !fb.Moved {
		t.Fatalf("e4: %+v", fb)
	}
	if err := w.session.Resign(chess.Black); err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{"Offer draw", "White resigns…", "Claim draw", "Pause or resume clocks"} {
		if !findItem(t, w, label).Disabled {
			t.Errorf("%q enabled after the game ended", label)
		}
	}
	// Takeback of a casual game reopens it: the button follows.
	if w.controls.takeback.Disabled() {
		t.Error("Take back disabled in a finished casual game")
	}
	w.annot.undo() // Ctrl+Z takes the resignation back
	if w.session.Phase() != app.Playing || w.session.Game().PlyCount() != 1 || findItem(t, w, "Offer draw").Disabled {
		t.Fatalf("after undoing the resignation: mode %v", w.session.Phase())
	}
	// A refused shortcut explains itself on the message line.
	w.notice("")
	findItem(t, w, "White +1:00").Action()
	if !strings.Contains(w.status.message.Text, "arbiter mode") {
		t.Errorf("message %q", w.status.message.Text)
	}
}

func blitzControl() clock.Control { return clock.Fischer(3*time.Minute, 2*time.Second) }

// Typed move entry: the box completes as the text is typed, shows the
// candidates or the reason, never a dialog, and Enter plays the move through
// the same path as a drag — a whole game by keyboard.
func TestWindowTypedMoves(t *testing.T) {
	w := newTestWindow(t)
	b := w.moves
	w.annot.typedRune('/')
	if w.win.Canvas().Focused() != b.entry {
		t.Fatal("/ does not give the move box the keyboard")
	}
	test.Type(b.entry, "N")
	if !strings.Contains(b.said(), "Nf3") || !strings.Contains(b.said(), "Nc3") {
		t.Errorf("candidates for N: %q", b.said())
	}
	b.entry.SetText("e5")
	if !strings.Contains(b.said(), "No legal move") {
		t.Errorf("hint for e5: %q", b.said())
	}
	for i, mv := range []string{"f3", "e5", "g4", "qh4"} {
		b.entry.SetText(mv)
		b.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if b.entry.Text != "" {
			t.Fatalf("%s was not played: %q", mv, b.said())
		}
		if i == 0 && w.win.Canvas().Focused() != b.entry {
			t.Error("the box lost the keyboard between moves")
		}
	}
	if got := w.session.Game().Result(); got != chess.BlackWins {
		t.Fatalf("after the fool's mate typed: result %s", got)
	}
	w.moves.focus()
	b.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.win.Canvas().Focused() != nil {
		t.Error("Escape did not give the keys back to the board")
	}
}

// A Russian player who leaves the Russian layout on types Cyrillic letters
// that look like SAN's: the box plays them as the moves they look like.
func TestWindowTypedMovesCyrillic(t *testing.T) {
	w := newTestWindow(t)
	b := w.moves
	w.annot.typedRune('/')
	for _, mv := range []string{"е4", "е5", "Кf3", "Кс6", "Сс4", "Сс5", "О-О"} {
		test.Type(b.entry, mv)
		b.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if b.entry.Text != "" {
			t.Fatalf("%s was not played: %q", mv, b.said())
		}
	}
	var sans []string
	for n := range w.session.Game().MainLine() {
		sans = append(sans, n.SAN())
	}
	if got, want := strings.Join(sans, " "), "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O"; got != want {
		t.Errorf("played %q, want %q", got, want)
	}
}

// The position editor: pieces put with the palette, removed by dragging
// them off the board, the FEN field both ways, the reason in words, and
// "Analyse from here" / "Play from here" start from the position.
func TestWindowPositionEditor(t *testing.T) {
	w := newTestWindow(t)
	var got string
	w.editPosition("4k3/8/8/8/8/8/8/4K3 w - - 0 1", func(fen string) { got = fen })
	pe := w.lastEditor
	if pe == nil {
		t.Fatal("no editor open")
	}
	pe.choose(chess.NewPiece(chess.White, chess.Queen), false)
	pe.click(chess.D1)
	pe.board.OnDropOff(chess.E8) // Black's king dragged off
	if !strings.Contains(pe.status.Text, "Black has no king") || pe.play.Disabled() == false {
		t.Fatalf("without Black's king: status %q, play enabled %v", pe.status.Text, !pe.play.Disabled())
	}
	pe.fen.SetText("4k3/8/8/8/8/8/8/3QK3 b - - 0 9") // typed FEN
	if pe.status.Importance != widget.SuccessImportance || pe.play.Disabled() {
		t.Fatalf("legal FEN typed: status %q", pe.status.Text)
	}
	pe.board.OnMark(chess.D1, boardview.Green) // right click: the queen turns black
	if !strings.HasPrefix(pe.ed.FEN(), "4k3/8/8/8/8/8/8/3qK3 b") {
		t.Fatalf("after the colour change: %s", pe.ed.FEN())
	}
	pe.play.OnTapped()
	if got != "4k3/8/8/8/8/8/8/3qK3 b - - 0 9" {
		t.Fatalf("the new-game dialog got %q", got)
	}
	// From the menu: analyse from here.
	w.editPosition("8/8/8/8/8/k7/8/K7 w - - 0 1", nil)
	w.lastEditor.analyse.OnTapped()
	if s := w.session; s.Phase() != app.Browsing {
		t.Fatalf("analyse from here: mode %v", s.Phase())
	}
	if p := w.session.Game().Start(); p.FEN() != "8/8/8/8/8/k7/8/K7 w - - 0 1" {
		t.Fatalf("analysis starts from %s", p.FEN())
	}
}

// The window's size and the divider's places are remembered for the next run.
func TestWindowRemembersLayout(t *testing.T) {
	w := newTestWindow(t)
	w.win.Resize(fyne.NewSize(900, 650))
	w.split.SetOffset(0.6)
	w.saveLayout()
	prefs := w.app.Preferences()
	if prefs.Float("windowWidth") != 900 || prefs.Float("windowHeight") != 650 || prefs.Float("splitGame") != 0.6 {
		t.Fatalf("saved %v×%v, split %v", prefs.Float("windowWidth"), prefs.Float("windowHeight"), prefs.Float("splitGame"))
	}
	w2 := NewWindow(w.app, WithPicker(fakePicker{}))
	t.Cleanup(w2.win.Close)
	if w2.split.Offset != 0.6 {
		t.Fatalf("the next window's split %v", w2.split.Offset)
	}
}

// The new-game dialog shows only the fields that apply, and its preset says
// "Custom…" once the times are edited.
func TestNewGameDialogFields(t *testing.T) {
	w := newTestWindow(t)
	w.showNewGameFrom("")
	labels := func() string {
		var out []string
		for _, o := range test.LaidOutObjects(w.win.Canvas().Overlays().Top()) {
			if l, ok := o.(*widget.Label); ok && l.Visible() {
				out = append(out, l.Text)
			}
		}
		return strings.Join(out, "|")
	}
	if got := labels(); strings.Contains(got, "Chess960 no.") || strings.Contains(got, "Delay kind") {
		t.Errorf("fields that do not apply are shown: %s", got)
	}
}

// Moves slide: a step forward slides the moved piece from its square, a step
// back slides it home; the board does not slide a piece the user dropped.
func TestWindowSlidesMoves(t *testing.T) {
	w := newTestWindow(t)
	games, _ := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n"))
	w.session.Load(games[0], "", 0)
	w.session.Forward()
	if s := w.board.View().Slide; s.From != chess.E2 || s.To != chess.E4 {
		t.Fatalf("forward: slide %+v", s)
	}
	id := w.board.View().Slide.ID
	w.session.Back()
	if s := w.board.View().Slide; s.ID == id || s.From != chess.E4 || s.To != chess.E2 {
		t.Fatalf("back: slide %+v", s)
	}
	w.session.Last()
	if s := w.board.View().Slide; s.ID != id+1 {
		t.Fatalf("a jump of several moves slid: %+v", s)
	}
	// That the board skips the slide of a piece the user has just dropped
	// there is board.TestBoardForgetsTheDrop.
	w.animate = false
	w.session.First()
	if s := w.board.View().Slide; s.ID != id+1 {
		t.Fatalf("slid with animation off: %+v", s)
	}
}
