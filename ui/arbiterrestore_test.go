package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// TestRestoredArbiterGameFirstCtrlPResumes restores an Arbiter game from
// its journal, as a start after a crash does: its clocks come back paused
// by the restore, not by the arbiter, so the first Ctrl+P resumes them
// (issue 45, point 9); it does not write "the arbiter stopped the clocks".
func TestRestoredArbiterGameFirstCtrlPResumes(t *testing.T) {
	j, err := store.NewJournals(t.TempDir()).Create()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Clear() })
	s := app.NewSession(app.WithJournal(j))
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []chess.Move{chess.NewMove(chess.E2, chess.E4), chess.NewMove(chess.E7, chess.E5)} {
		if fb := s.PlayMove(m); !fb.Moved {
			t.Fatalf("%v not played: %+v", m, fb)
		}
	}
	j.Flush()
	e, ok, err := app.LoadJournal(j)
	if err != nil || !ok {
		t.Fatalf("journal: %v %v", ok, err)
	}
	w := newTestWindow(t)
	if err := w.session.Restore(e); err != nil {
		t.Fatal(err)
	}
	if !w.session.ClocksPaused() {
		t.Fatal("the restored clocks run")
	}
	comments := w.session.Game().End().Comment()
	pressShortcut(w, fyne.KeyP, 0)
	if w.session.ClocksPaused() {
		t.Errorf("the first Ctrl+P left the clocks paused; message %q", w.status.message.Text)
	}
	if got := w.session.Game().End().Comment(); got != comments {
		t.Errorf("the first Ctrl+P wrote %q into the score", got)
	}
	if w.session.Arbiter().Paused() {
		t.Error("the first Ctrl+P made the arbiter pause the game")
	}
	// The next press is the arbiter's pause, as in any game.
	pressShortcut(w, fyne.KeyP, 0)
	if !w.session.ClocksPaused() || !w.session.Arbiter().Paused() {
		t.Error("the second Ctrl+P did not pause the game")
	}
}
