package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/app/training"
	"touchmove/core/chess"
)

// repertoireDrill adds a repertoire for White through Training › Add my
// repertoire and starts the drill at its first position, with the
// window's options.
func repertoireDrill(t *testing.T, rep string) *Window {
	t.Helper()
	w := newTestWindow(t, WithPicker(fakePicker{open: writeFile(t, "rep.pgn", rep)}))
	w.trainer.addRepertoire(w.files.picker.(fakePicker).open, chess.White)
	start := w.trainer.deck.Card("repertoire " + training.PositionKey(chess.StartFEN))
	if start == nil {
		t.Fatal("no card for the initial position")
	}
	if err := w.session.StartDrill(app.DrillCardOf(start), nil); err != nil {
		t.Fatal(err)
	}
	w.session.SetDrillOptions(w.trainer.options())
	return w
}

// The repertoire drill plays the opponent's reply after the user's move,
// chosen with the window's random source among the repertoire's replies,
// weighted by the lines that play each, or evenly (Training › The
// opponent's replies), and goes on with the position due after it; each
// answer is kept (issue 47, point 2).
func TestTrainingFollowsLines(t *testing.T) {
	const rep = "1. e4 e5 (1... c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4) 2. Nf3 *\n"
	for _, even := range []bool{false, true} {
		w := repertoireDrill(t, rep)
		if even {
			findItem(t, w, "Evenly").Action()
		}
		var among []int
		w.trainer.rnd = func(n int) int { among = append(among, n); return 1 } // c5 either way
		typeMove(w, "e4")
		st, _ := w.session.Drill()
		if got := w.status.message.Text; got != "Right: e4. The opponent replies c5: your move." {
			t.Fatalf("even %v: %q", even, got)
		}
		if want := map[bool]int{false: 3, true: 2}[even]; len(among) != 1 || among[0] != want {
			t.Errorf("even %v: chose among %v, want %d", even, among, want)
		}
		if st.Card.Best != "Nf3" || w.session.Current().SAN() != "c5" {
			t.Fatalf("even %v: the next question %+v at %s", even, st.Card, w.session.Current().SAN())
		}
		start := w.trainer.deck.Card("repertoire " + training.PositionKey(chess.StartFEN))
		if len(start.History) != 1 {
			t.Errorf("even %v: the answer 1. e4 kept %d times", even, len(start.History))
		}
		typeMove(w, "Nf3") // then d6 or Nc6, and 3. d4 is due
		if st, _ = w.session.Drill(); st.Card.Best != "d4" || !strings.HasPrefix(w.status.message.Text, "Right: Nf3. The opponent replies ") {
			t.Errorf("even %v: after Nf3: %+v, %q", even, st.Card, w.status.message.Text)
		}
	}
}

// A timed drill (Training › Timed drill) shows the time left on the
// user's clock face and, once it is out, the solution; the answer kept is
// Again (issue 47, point 3).
func TestTrainingTimedDrill(t *testing.T) {
	w := repertoireDrill(t, "1. e4 e5 2. Nf3 *\n")
	findItem(t, w, "10 seconds a position").Action()
	if !findItem(t, w, "10 seconds a position").Checked {
		t.Error("the time chosen is not ticked")
	}
	w.clocks.tick(time.Now())
	if got := w.players.bottom.clock.Text(); got != "0:10" && !strings.HasPrefix(got, "9.") {
		t.Errorf("the user's face shows %q", got)
	}
	settingKeys().drillSeconds.set(w.app.Preferences(), 1)
	w.session.SetDrillOptions(w.trainer.options())
	time.Sleep(1100 * time.Millisecond)
	w.clocks.tick(time.Now())
	st, _ := w.session.Drill()
	if !st.TimedOut || st.Step != app.DrillSolved || !strings.HasPrefix(w.status.message.Text, "Time is up. The solution: e4") {
		t.Fatalf("after the time: %+v, %q", st, w.status.message.Text)
	}
	findItem(t, w, "Train the positions due").Action() // keeps the answer
	start := w.trainer.deck.Card("repertoire " + training.PositionKey(chess.StartFEN))
	if len(start.History) != 1 || start.History[0].Grade != 1 {
		t.Errorf("the answer kept: %+v", start.History)
	}
}

// A window that dies during a drill leaves it in its journal: the next
// window offers to restore it, and the drill is back at the same card and
// try, its answer kept in the deck as before (issue 47, point 4).
func TestTrainingDrillSurvivesACrash(t *testing.T) {
	dir := t.TempDir()
	deck := filepath.Join(dir, training.FileName)
	rep := writeFile(t, "rep.pgn", "1. e4 e5 2. Nf3 *\n")
	a := newTestWindow(t, WithJournals(store.NewJournals(filepath.Join(dir, "a"))), WithTrainingDeck(deck))
	t.Cleanup(func() { a.journal.Clear() }) // its lock, which Windows does not let dir's removal take
	a.trainer.addRepertoire(rep, chess.White)
	findItem(t, a, "Train the positions due").Action()
	asked, _ := a.session.Drill()
	typeMove(a, "a3") // wrong: the repertoire's move is shown
	a.journal.Flush()
	data, err := os.ReadFile(a.journal.Path())
	if err != nil {
		t.Fatal(err)
	}
	// The process is killed here; the next start finds the journal.
	os.MkdirAll(filepath.Join(dir, "b"), 0o755)
	os.WriteFile(filepath.Join(dir, "b", "journal-left.json"), data, 0o600)
	b := newTestWindow(t, WithJournals(store.NewJournals(filepath.Join(dir, "b"))), WithTrainingDeck(deck))
	t.Cleanup(func() { b.journal.Clear() })
	b.OfferRestore()
	if got := dialogText(b); !strings.Contains(got, "did not close cleanly during training") {
		t.Errorf("the question: %q", got)
	}
	b.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Restore
	st, ok := b.session.Drill()
	if !ok || st.Card.Key != asked.Card.Key || st.Step != app.DrillSolved || st.Tries != 1 || b.status.mode.Text == "" || !strings.HasPrefix(b.status.mode.Text, "Training") {
		t.Fatalf("restored: %v %+v, mode %q", ok, st, b.status.mode.Text)
	}
	findItem(t, b, "Train the positions due").Action() // keeps the answer, Again
	if c := b.trainer.deck.Card(asked.Card.Key); c == nil || len(c.History) != 1 || c.History[0].Grade != 1 {
		t.Errorf("the answer after the restore: %+v", c)
	}
	b.journal.Flush()
}
