package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/chess"
	"touchmove/internal/reftools"
)

// engineWindow is a test window whose engines' answers wait in tasks until
// the test runs them, as fyne.Do would on the window's goroutine.
func engineWindow(t *testing.T) (*Window, chan func()) {
	t.Helper()
	tasks := make(chan func(), 16)
	w := newTestWindow(t, WithEnginePost(func(f func()) { tasks <- f }))
	t.Cleanup(w.opp.closeOpponent)
	return w, tasks
}

// drain runs the engines' answers until cond holds.
func drain(t *testing.T, tasks chan func(), what string, cond func() bool) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for !cond() {
		select {
		case f := <-tasks:
			f()
		case <-deadline:
			t.Fatalf("waited 30 s for %s", what)
		}
	}
}

// opponentDialog opens the new-game dialog on its Opponent tab.
func opponentDialog(t *testing.T, w *Window, tasks chan func()) *opponentTab {
	t.Helper()
	w.showNewGameFrom("")
	drain(t, tasks, "the engine's options", func() bool { return len(tasks) == 0 })
	overlay := w.win.Canvas().Overlays().Top()
	for _, tabs := range objectsIn(overlay, func(*container.AppTabs) bool { return true }) {
		tabs.SelectIndex(3)
	}
	return w.opp.lastTab
}

func startButton(t *testing.T, w *Window) *widget.Button {
	t.Helper()
	b := objectsIn(w.win.Canvas().Overlays().Top(), func(b *widget.Button) bool { return b.Text == "Start" })
	if len(b) != 1 {
		t.Fatalf("%d Start buttons", len(b))
	}
	return b[0]
}

// A game against the engine from the new-game dialog: the engine answers
// on its clock, "thinking…" shows meanwhile, and a hint is an arrow.
func TestOpponentGame(t *testing.T) {
	sf := reftools.Stockfish(t)
	w, tasks := engineWindow(t)
	w.app.Preferences().SetString("enginePath", sf)
	tab := opponentDialog(t, w, tasks)
	tab.seats[chess.Black].SetSelectedIndex(seatEngine)
	for _, lp := range tab.levels {
		drain(t, tasks, "the engine's options", func() bool { return lp.info != nil })
	}
	test.Tap(tab.levels[chess.Black].buttons[0]) // level 1
	test.Tap(startButton(t, w))
	s := w.session
	if o := s.Opponents(); o.Black == nil || o.Black.Level != 1 || o.White != nil {
		t.Fatalf("opponents %+v", o)
	}
	if got := s.Game().Tags.Value("Black"); got != "Stockfish 15.1 (level 1)" {
		t.Errorf("Black tag %q", got)
	}
	if fb := s.PlayMove(chess.NewMove(chess.E2, chess.E4)); !fb.Moved {
		t.Fatalf("e4: %+v", fb)
	}
	if got := w.status.line.Text; got != "Black (the engine) is thinking…" {
		t.Errorf("status line %q while the engine thinks", got)
	}
	drain(t, tasks, "the engine's move", func() bool { return s.Game().PlyCount() == 2 })
	if got := w.status.line.Text; got != "White to move" {
		t.Errorf("status line %q after the engine's move", got)
	}
	w.opp.askHint()
	drain(t, tasks, "the hint", func() bool { _, ok := w.opp.hintArrow(); return ok })
	if v := w.boardView(); len(v.Arrows) == 0 {
		t.Error("the hint shows no arrow")
	}
	if !strings.Contains(s.Game().End().Comment(), "Hint: ") {
		t.Errorf("the hint is not in the score: %q", s.Game().End().Comment())
	}
	w.play.takeBack()
	if n := s.Game().PlyCount(); n != 0 {
		t.Errorf("a takeback against the engine left %d plies", n)
	}
}

// An engine without MultiPV cannot play levels 1–8: they are greyed, and
// the dialog says why.
func TestOpponentLevelsGreyed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the engine without MultiPV is a shell script, which Windows does not run")
	}
	fake := filepath.Join(t.TempDir(), "fake-engine")
	script := "#!/bin/sh\nwhile read l; do case \"$l\" in\n" +
		"uci) echo 'id name Fake 1'; echo 'option name Skill Level type spin default 20 min 0 max 20'; echo uciok;;\n" +
		"isready) echo readyok;;\nquit) exit 0;;\nesac; done\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	w, tasks := engineWindow(t)
	w.app.Preferences().SetString("enginePath", fake)
	tab := opponentDialog(t, w, tasks)
	tab.seats[chess.White].SetSelectedIndex(seatEngine)
	lp := tab.levels[chess.White]
	drain(t, tasks, "the engine's options", func() bool { return lp.info != nil })
	for i, b := range lp.buttons {
		if want := i < 8; b.Disabled() != want {
			t.Errorf("level %d greyed %v, want %v", i+1, b.Disabled(), want)
		}
	}
	if !strings.Contains(lp.why.Text, "MultiPV") {
		t.Errorf("no reason given: %q", lp.why.Text)
	}
	// Level 1 was chosen before: Start refuses it.
	test.Tap(lp.buttons[0])
	lp.choose(1)
	test.Tap(startButton(t, w))
	if w.session.Opponents().Any() {
		t.Error("a game started with a level the engine cannot play")
	}
}

func TestOddsFEN(t *testing.T) {
	for _, tt := range []struct {
		i     int
		giver chess.Color
		want  string
	}{
		{1, chess.Black, "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{2, chess.White, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"},
		{3, chess.White, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"},
		{3, chess.Black, "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1"},
		{4, chess.Black, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	} {
		got := oddsFEN(tt.i, tt.giver)
		if got != tt.want {
			t.Errorf("oddsFEN(%d, %v) = %q, want %q", tt.i, tt.giver, got, tt.want)
		}
		if _, err := chess.FromFEN(got); err != nil {
			t.Errorf("%s: %v", got, err)
		}
	}
}
