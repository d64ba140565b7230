package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// With the players pressing their own clocks, a Shift pressed and released
// alone presses a clock; the Shift of a shortcut (Ctrl+Shift+D, whichever
// of Ctrl and Shift goes down first, or Shift+Alt) never does.
func TestClockKeysIgnoreShortcutModifiers(t *testing.T) {
	w := newTestWindow(t)
	ts := ptrTime(t)
	ts.ManualPress = true
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE, Time: ts}); err != nil {
		t.Fatal(err)
	}
	if fb := w.session.PlayMove(chess.NewMove(chess.E2, chess.E4)); !fb.Moved {
		t.Fatalf("e4: %+v", fb)
	}
	whiteRunning := func() bool {
		faces, ok := w.session.ClockFaces()
		if !ok {
			t.Fatal("no clocks")
		}
		return faces[chess.White].Running
	}
	if !whiteRunning() {
		t.Fatal("White's clock is not running after e4, before White presses it")
	}
	down := func(names ...fyne.KeyName) {
		for _, n := range names {
			w.clocks.keyDown(&fyne.KeyEvent{Name: n})
		}
	}
	up := func(names ...fyne.KeyName) {
		for _, n := range names {
			w.clocks.keyUp(&fyne.KeyEvent{Name: n})
		}
	}
	for _, tc := range []struct {
		name string
		keys func()
	}{
		{"Ctrl, left Shift, D", func() {
			down(desktop.KeyControlLeft, desktop.KeyShiftLeft, fyne.KeyD)
			up(fyne.KeyD, desktop.KeyShiftLeft, desktop.KeyControlLeft)
		}},
		{"left Shift, Ctrl, D", func() {
			down(desktop.KeyShiftLeft, desktop.KeyControlLeft, fyne.KeyD)
			up(fyne.KeyD, desktop.KeyControlLeft, desktop.KeyShiftLeft)
		}},
		{"Ctrl and left Shift, Ctrl released first", func() {
			down(desktop.KeyControlRight, desktop.KeyShiftLeft)
			up(desktop.KeyControlRight, desktop.KeyShiftLeft)
		}},
		{"left Shift and a letter", func() {
			down(desktop.KeyShiftLeft, fyne.KeyN)
			up(fyne.KeyN, desktop.KeyShiftLeft)
		}},
		{"Alt and left Shift", func() {
			down(desktop.KeyAltLeft, desktop.KeyShiftLeft)
			up(desktop.KeyShiftLeft, desktop.KeyAltLeft)
		}},
	} {
		tc.keys()
		if !whiteRunning() {
			t.Fatalf("%s pressed White's clock", tc.name)
		}
	}
	// White sits on the left: the left Shift alone is White's clock key.
	down(desktop.KeyShiftLeft)
	if !whiteRunning() {
		t.Fatal("the clock was pressed before the Shift key came up")
	}
	up(desktop.KeyShiftLeft)
	if whiteRunning() {
		t.Fatal("the left Shift alone did not press White's clock")
	}
}

// Arbiter mode with the clock pressed by the move (the default): an illegal
// move says that pressing the clock completes it, and the clock can be
// pressed — the Game menu's item is enabled and the left Shift completes it.
func TestArbiterIllegalMoveCanBeCompletedWithAutoPress(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	if fb := w.session.Drop(chess.E2, chess.E5); fb.Moved {
		t.Fatal("e2-e5 was played as a legal move")
	}
	if w.session.Board().Pieces[chess.E5] != chess.WhitePawn {
		t.Fatal("the illegal move does not stand on the board")
	}
	if findItem(t, w, "Press White's clock").Disabled {
		t.Fatal("Press White's clock is disabled while the illegal move waits for the press")
	}
	w.clocks.keyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	w.clocks.keyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	if w.session.Board().Pieces[chess.E2] != chess.WhitePawn || !strings.Contains(exported(t, w), "Illegal move by White") {
		t.Fatalf("the left Shift did not complete the illegal move:\n%s", exported(t, w))
	}
	if !findItem(t, w, "Press White's clock").Disabled {
		t.Error("Press White's clock is enabled with no illegal move standing")
	}
}
