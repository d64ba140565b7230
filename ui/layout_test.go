package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/core/arbiter"
)

// Nothing moves under the user's eyes: the board keeps its place when the
// evaluation bar first shows a score, and the clocks and buttons keep
// theirs while the move box says what a typed text names.
func TestLayoutStill(t *testing.T) {
	w := newTestWindow(t)
	d := fyne.CurrentApp().Driver()
	// The test canvas lays out again only when resized: at each look, as a
	// real window's frame does.
	relayout := func() {
		w.win.Resize(fyne.NewSize(1001, 700))
		w.win.Resize(fyne.NewSize(1000, 700))
	}
	games, err := app.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 { [%eval 0.3] } e5 { [%eval 0.2] } *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(games[0], "", 0)
	w.session.GoTo(w.session.Game().Root())
	if w.engine.bar.Showing() {
		t.Fatal("a score shown at the start, which has no eval")
	}
	relayout()
	board := d.AbsolutePositionForObject(w.board)
	w.session.Forward()
	relayout()
	if !w.engine.bar.Showing() {
		t.Fatal("no score shown at 1. e4, which has an eval of 0.3")
	}
	if got := d.AbsolutePositionForObject(w.board); got != board {
		t.Errorf("the board moved from %v to %v when the score came", board, got)
	}

	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	clock, controls := d.AbsolutePositionForObject(w.players.bottom), d.AbsolutePositionForObject(w.controls)
	relayout()
	clock, controls = d.AbsolutePositionForObject(w.players.bottom), d.AbsolutePositionForObject(w.controls)
	test.Type(w.moves.entry, "N")
	relayout()
	if w.moves.said() == "" {
		t.Fatal("the move box says nothing of N")
	}
	if got := d.AbsolutePositionForObject(w.players.bottom); got != clock {
		t.Errorf("the clock moved from %v to %v when the move box spoke", clock, got)
	}
	if got := d.AbsolutePositionForObject(w.controls); got != controls {
		t.Errorf("the buttons moved from %v to %v when the move box spoke", controls, got)
	}
}
