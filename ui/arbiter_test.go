package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// TestSetClocksReadsWhatTheFaceShows types "9:30" into White's time, as
// the clock face shows nine minutes and a half: White's clock is set to
// 9:30, not 9 h 30 min, and Black's, left as shown, keeps its time to the
// millisecond. Text that reads as no time or no move count keeps Set
// disabled, and Return in a field then does nothing; with good text, Return
// sets as the button does.
func TestSetClocksReadsWhatTheFaceShows(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	if err := w.session.ArbiterSetTime(chess.Black, 2*time.Minute+400*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	w.play.setClocks()
	entries := dialogEntries(t, w)
	if len(entries) != 4 {
		t.Fatalf("%d entries, want White's and Black's time and moves", len(entries))
	}
	if got := entries[2].Text; got != "2:00" {
		t.Errorf("Black's time shows %q, want 2:00, as the face does", got)
	}
	b := dialogButton(w, "Set")
	if b == nil {
		t.Fatal("no Set button")
	}
	for _, tc := range []struct {
		entry int
		text  string
	}{{0, "9:3x"}, {0, "9:60"}, {1, "-1"}, {3, "two"}} {
		was := entries[tc.entry].Text
		entries[tc.entry].SetText(tc.text)
		if !b.Disabled() {
			t.Errorf("Set is enabled with %q in entry %d", tc.text, tc.entry)
		}
		entries[tc.entry].SetText(was)
	}
	entries[3].SetText("x")
	entries[3].TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Return set the clocks with a move counter that reads as none")
	}
	entries[3].SetText("0")
	entries[0].SetText("9:30")
	if b.Disabled() {
		t.Fatal("Set is disabled with 9:30")
	}
	entries[0].TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // as Set does
	if w.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Return in a field did not set the clocks")
	}
	faces, _ := w.session.ClockFaces()
	// White's clock runs on from the moment it was set.
	if got, want := faces[chess.White].Time, 9*time.Minute+30*time.Second; got > want || got < want-time.Second {
		t.Errorf("White's clock = %v, want %v", got, want)
	}
	if got, want := faces[chess.Black].Time, 2*time.Minute+400*time.Millisecond; got != want {
		t.Errorf("Black's clock = %v, want %v (left as shown)", got, want)
	}
}

// TestStallDialogAfterCtrlP answers "resume" to the dialog of clocks that
// did not tick after the players resumed them themselves (Ctrl+P): the
// answer changes nothing and reports no error.
func TestStallDialogAfterCtrlP(t *testing.T) {
	w := newTestWindow(t)
	s := w.session
	if err := s.NewGame(app.NewGameOptions{Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []chess.Move{chess.NewMove(chess.E2, chess.E4), chess.NewMove(chess.E7, chess.E5)} {
		if fb := s.PlayMove(m); !fb.Moved {
			t.Fatalf("%v not played", m)
		}
	}
	if err := s.PauseClocks(); err != nil {
		t.Fatal(err)
	}
	if err := s.ResumeClocks(); err != nil { // Ctrl+P while the dialog is up
		t.Fatal(err)
	}
	w.status.message.SetText("")
	w.clocks.stallDialog(time.Minute + 400*time.Millisecond)
	if got := dialogText(w); !strings.Contains(got, "did not tick for 1:00 ") {
		t.Errorf("the dialog says %q, want the gap as a clock shows it", got)
	}
	b := dialogButton(w, "Yes")
	if b == nil {
		t.Fatal("no Yes button on the stall dialog")
	}
	test.Tap(b)
	if s.ClocksPaused() || w.status.message.Text != "" {
		t.Errorf("paused %v, message %q; want running clocks and no message", s.ClocksPaused(), w.status.message.Text)
	}
}

// TestCancelTouchWithoutTouch asks the arbiter to cancel a touch when no
// piece is touched: the message line says so in the players' words.
func TestCancelTouchWithoutTouch(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	w.play.cancelTouch()
	if got, want := w.status.message.Text, "No piece is touched: there is no touch to cancel."; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}
