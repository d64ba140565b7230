package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/app/training"
)

// A drill started while Search › Search the games… runs in the background:
// the drill starts, and the search ends as it would have, its games in
// the list, the drill left on the board (issue 47, point 5).
func TestDrillDuringSearch(t *testing.T) {
	data, err := os.ReadFile("testdata/mistakes.pgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "club.pgn")
	os.WriteFile(pgnPath, data, 0o644)
	var held []func()
	hold := false
	w := newTestWindow(t, WithTrainingDeck(filepath.Join(dir, training.FileName)), WithSpawn(func(f func()) {
		if hold {
			held = append(held, f)
			return
		}
		f()
	}))
	w.files.open(pgnPath)
	w.app.Preferences().SetString("myNames", "Dvorak")
	findItem(t, w, "Find my mistakes in this file…").Action()
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	for w.tree.PositionTree() == nil || !w.tree.Progress().Finished {
		t.Fatalf("the file's index: %+v", w.tree.Progress())
	}
	w.searchDialog()
	hold = true
	test.Tap(dialogButton(w, "Search")) // this position: the initial one
	if len(held) == 0 {
		t.Fatal("the search did not go to the background")
	}
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no progress on show")
	}
	pressShortcut(w, fyne.KeyR, 0) // Training › Train the positions due
	st, ok := w.session.Drill()
	if !ok {
		t.Fatalf("no drill while the search runs: %q", w.status.message.Text)
	}
	if top := w.win.Canvas().Overlays().Top(); top != nil {
		t.Errorf("the search's progress still covers the board: %q", dialogText(w))
	}
	typeMove(w, st.Card.Best) // the drill is played while the search runs
	if st, _ = w.session.Drill(); st.Step != app.DrillPassed {
		t.Errorf("the answer during the search: %+v", st)
	}
	hold = false
	for len(held) > 0 {
		f := held[0]
		held = held[1:]
		f()
	}
	if _, ok := w.session.Drill(); !ok {
		t.Error("the search's end left the drill")
	}
	if lib := w.tree.Library(); lib == nil || lib.Rows() != 5 {
		t.Errorf("the list after the search: %d games", lib.Rows())
	}
	if w.tabs.Selected() != w.notationTab || w.status.message.Text != "The search found 5 games: the Games tab lists them." {
		t.Errorf("after the search: tab %q, message %q", w.tabs.Selected().Text, w.status.message.Text)
	}
}
