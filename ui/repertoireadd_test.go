package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/ui/internal/uitest"
)

// treeRow returns the drawn row of the tree that shows the move san.
func treeRow(t *testing.T, w *Window, san string) fyne.SecondaryTappable {
	t.Helper()
	treeWait(t, w)
	rows := uitest.ObjectsIn(w.tree.List(), func(o fyne.Widget) bool { _, ok := o.(fyne.SecondaryTappable); return ok })
	for i, r := range w.tree.Rows() {
		if r.SAN == san && i < len(rows) {
			return rows[i].(fyne.SecondaryTappable)
		}
	}
	t.Fatalf("no row of %s among %d drawn", san, len(rows))
	return nil
}

// tapMenuItem taps the item label of the pop-up menu on top of the window.
func tapMenuItem(t *testing.T, w *Window, label string) {
	t.Helper()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no pop-up menu")
	}
	menus := uitest.ObjectsIn(top, func(*widget.PopUpMenu) bool { return true })
	if len(menus) == 0 {
		t.Fatalf("no menu in %T", top)
	}
	for _, it := range menus[0].Items {
		for _, l := range uitest.ObjectsIn(it, func(*canvas.Text) bool { return true }) {
			if l.Text == label {
				test.Tap(it.(fyne.Tappable))
				return
			}
		}
	}
	t.Fatalf("the menu has no %q", label)
}

// A right click on a row of the tree offers "Add this move to my
// repertoire": the first time it asks for the file of the side's
// repertoire; the line to the position and the row's move go into it as a
// variation, the rest of the file unchanged, and the deck has the new
// position; Training › Add this move to my repertoire adds the line to the
// position on the board (issue 47, point 1).
func TestTreeAddsToRepertoire(t *testing.T) {
	const rep = "[Event \"Mine\"]\n[White \"Me\"]\n\n1. e4 e5 {main} 2. Nf3 *\n"
	path := writeFile(t, "white.pgn", rep)
	w := treeReady(t)
	w.files.picker = fakePicker{open: path}
	clickTree(t, w, "e4")
	clickTree(t, w, "c5")
	test.TapSecondary(treeRow(t, w, "Nf3"))
	tapMenuItem(t, w, "Add this move to my repertoire")
	data, _ := os.ReadFile(path)
	want := "[Event \"Mine\"]\n[White \"Me\"]\n\n1. e4 e5 {main} (1... c5 2. Nf3) 2. Nf3 *\n"
	if string(data) != want {
		t.Fatalf("the repertoire now:\n%s", data)
	}
	if got := settingKeys().repertoireWhite.get(w.app.Preferences()); got != path {
		t.Errorf("the repertoire for White kept as %q", got)
	}
	if msg := w.status.message.Text; !strings.HasPrefix(msg, "Added to your repertoire (white.pgn): 1. e4 c5 2. Nf3. New positions to train: ") {
		t.Errorf("message %q", msg)
	}
	if c := w.trainer.deck.Card("repertoire rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"); c == nil || c.Best != "Nf3" {
		t.Errorf("the deck's card after 1. e4 c5: %+v", c)
	}
	// Once more: it is there already; the file is not written.
	test.TapSecondary(treeRow(t, w, "Nf3"))
	tapMenuItem(t, w, "Add this move to my repertoire")
	if again, _ := os.ReadFile(path); string(again) != want || !strings.Contains(w.status.message.Text, "is in your repertoire already") {
		t.Errorf("added twice: %q", w.status.message.Text)
	}
	// The menu's item: the line on the board, here Black's move, whose
	// repertoire has no file yet; the picker is declined.
	w.files.picker = fakePicker{}
	findItem(t, w, "Add this move to my repertoire").Action()
	if got := settingKeys().repertoireBlack.get(w.app.Preferences()); got != "" || !strings.Contains(w.status.message.Text, "for Black") {
		t.Errorf("Black's repertoire %q; %q", got, w.status.message.Text)
	}
}
