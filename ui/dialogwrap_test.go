package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// TestLongDialogTextFitsTheWindow shows the long questions of a save (the
// disk is full; replace the original game?) in a small window (issue 45,
// point 10e): their text breaks into lines within the window, and no
// label or button runs past its edge.
func TestLongDialogTextFitsTheWindow(t *testing.T) {
	for _, tc := range []struct{ title, text string }{
		{"Cannot save into games.pgn", "There is no space left on the disk of games.pgn. The file is as it was before this save: nothing in it was changed. Free some space and save again, or use Save as to write the game to another disk."},
		{"Replace the original game?", "The game you edited is still in games.pgn as Touchmove read it, now as game 3. Save replaces it there with your edited game; or your game can be added to the file as a new one, beside the original."},
	} {
		t.Run(tc.title, func(t *testing.T) {
			w := newTestWindow(t)
			w.win.Resize(fyne.NewSize(480, 600))
			w.dlg.ask(tc.title, tc.text, choice{"Add as a new game", func() {}}, choice{"Replace the original game", func() {}})
			top := w.win.Canvas().Overlays().Top()
			if top == nil {
				t.Fatal("no dialog")
			}
			width := w.win.Canvas().Size().Width
			if natural := widget.NewLabel(tc.text).MinSize().Width; natural <= width {
				t.Fatalf("the text is %v wide, not wider than the window (%v): the test shows nothing", natural, width)
			}
			d := fyne.CurrentApp().Driver()
			var seen int
			check := func(o fyne.CanvasObject, what string) {
				seen++
				if right := d.AbsolutePositionForObject(o).X + o.Size().Width; right > width {
					t.Errorf("%s ends at %v, past the window's edge at %v", what, right, width)
				}
				if need, has := o.MinSize().Width, o.Size().Width; need > has {
					t.Errorf("%s is cut: it needs %v, it has %v", what, need, has)
				}
			}
			for _, l := range objectsIn(top, func(l *widget.Label) bool { return l.Text == tc.text }) {
				check(l, "the text")
			}
			for _, b := range objectsIn(top, func(*widget.Button) bool { return true }) {
				check(b, "button "+b.Text)
			}
			if seen < 4 {
				t.Errorf("found %d of the text and its three buttons", seen)
			}
		})
	}
}
