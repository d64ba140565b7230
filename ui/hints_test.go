package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"touchmove/app/store"
	"touchmove/core/chess"
)

// The legal-move hints of a piece clicked belong to the position they were
// shown in: stepping through the game (and back), or turning the engine
// on and then stepping, leaves no dots behind (issue 27 point 6; turning
// the engine on alone keeps the piece selected, as on lichess).
func TestHintsGoWithTheirPosition(t *testing.T) {
	w := newTestWindow(t)
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(games[0], "", 0)
	w.session.GoTo(w.session.Game().Root())
	w.session.Forward()
	w.session.Forward() // 1... e5: White to move
	click := func(sq chess.Square) {
		ev := &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: squarePos(w.board, sq)}, Button: desktop.MouseButtonPrimary}
		w.board.MouseDown(ev)
		w.board.MouseUp(ev)
	}
	for _, step := range []struct {
		name string
		do   func()
	}{
		{"Right", func() { w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight}) }},
		{"Left", func() { w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft}) }},
		{"Home", func() { w.typedKey(&fyne.KeyEvent{Name: fyne.KeyHome}) }},
		{"L then Right", func() { w.annot.typedRune('l'); w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight}) }},
	} {
		click(chess.G1)
		if v := w.board.View(); v.Selected != chess.G1 || v.Dests == 0 {
			t.Fatalf("before %s the knight clicked shows no hints: selected %v, dests %v", step.name, v.Selected, v.Dests)
		}
		step.do()
		if v := w.board.View(); v.Selected != chess.NoSquare || v.Dests != 0 {
			t.Errorf("after %s: selected %v, %d hints left", step.name, v.Selected, v.Dests.Count())
		}
		w.session.GoTo(w.session.Game().Root().Next().Next()) // back to 1... e5
		if v := w.board.View(); v.Selected != chess.NoSquare || v.Dests != 0 {
			t.Errorf("back where the knight was clicked, after %s: selected %v, %d hints", step.name, v.Selected, v.Dests.Count())
		}
	}
}
