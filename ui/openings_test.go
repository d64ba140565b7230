package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"touchmove/app/library"
)

// drawnTexts returns the texts drawn in root.
func drawnTexts(root fyne.CanvasObject) []string {
	var out []string
	for _, c := range objectsIn(root, func(*canvas.Text) bool { return true }) {
		out = append(out, c.Text)
	}
	return out
}

// The game list's Opening column names each game's opening from its moves
// when it has no tags (issue 47): the window hands its table of names to
// the list, and the column is drawn once scrolled to.
func TestGameListNamesOpenings(t *testing.T) {
	w, _ := openFile(t, "games.pgn", exploreFile)
	w.win.Resize(fyne.NewSize(1400, 900))
	w.tabs.Select(w.games.Item())
	lib := w.games.Library()
	if lib == nil {
		t.Fatal("no file listed")
	}
	<-lib.Done()
	lib.Update()
	w.games.List().Refresh()
	want := []string{"D30 Queen's Gambit Declined", "A50 Indian Defense: Normal Variation", "B50 Sicilian Defense: Modern Variations", "C20 King's Pawn Game", "C00 French Defense", "B10 Caro-Kann Defense", ""}
	for r, name := range want {
		if got := lib.Cell(r, library.ColumnOpening); got != name {
			t.Errorf("row %d: %q, want %q", r, got, name)
		}
	}
	table := w.games.List().Focusable().(fyne.Widget)
	w.win.Canvas().Focus(w.games.List().Focusable())
	for range int(library.ColumnOpening) {
		w.games.List().Focusable().TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	}
	texts := drawnTexts(table)
	for _, name := range []string{"Opening", "B50 Sicilian Defense: Modern Variations"} {
		if !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(name, strings.TrimSuffix(s, "…")) && s != "" }) {
			t.Errorf("the list does not draw %q: %q", name, texts)
		}
	}
}

// The tree names the position each move leads to, and its title the
// opening of the line on the board (issue 47).
func TestTreeNamesOpenings(t *testing.T) {
	w := treeReady(t)
	if !slices.ContainsFunc(drawnTexts(w.tree.List()), func(s string) bool {
		return len(s) > 6 && strings.HasPrefix("B00 King's Pawn Game", strings.TrimSuffix(s, "…"))
	}) {
		t.Errorf("the tree's rows do not name 1. e4: %q", drawnTexts(w.tree.List()))
	}
	clickTree(t, w, "e4")
	treeWait(t, w)
	clickTree(t, w, "c5")
	treeWait(t, w)
	if title := w.tree.Title(); !strings.HasPrefix(title, "B20 Sicilian Defense — ") {
		t.Errorf("the title after 1. e4 c5 is %q", title)
	}
	if texts := drawnTexts(w.tree.List()); !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(s, "B27 Sicilian") }) {
		t.Errorf("the row of 2. Nf3 does not name B27 Sicilian Defense: %q", texts)
	}
}

// Once the tree's index is built, the list sorts by Opening the games that
// have no ECO tag by the openings their moves reach (issue 47): the window
// hands the list the names the index found.
func TestGameListSortsByNamedOpenings(t *testing.T) {
	w := treeReady(t)
	lib := w.games.Library()
	lib.SetSort(library.ListSort{Column: library.ColumnOpening})
	want := []int{1, 5, 2, 4, 3, 0, 6} // A50, B10, B50, C00, C20, D30, the set-up game
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := make([]int, lib.Rows())
		for r := range got {
			got[r] = lib.Row(r).Index
		}
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("sorted by Opening: %v, want %v", got, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
