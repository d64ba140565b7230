package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// A time control with a delay typed by hand brings the delay kind's row in
// under Black's time, its field drawn: the form given other items drew the
// row's label without its field and the rows below it out of place.
func TestNewGameDelayRowDrawn(t *testing.T) {
	w := newTestWindow(t)
	w.win.Resize(fyne.NewSize(1100, 720))
	g := newGameSetup(w, "")
	g.show()
	overlay := w.win.Canvas().Overlays().Top()
	if overlay == nil {
		t.Fatal("no dialog")
	}
	tabs := objectsIn(overlay, func(*container.AppTabs) bool { return true })
	if len(tabs) != 1 {
		t.Fatal("no tabs in the dialog")
	}
	tabs[0].SelectIndex(1) // Clocks
	g.whiteTC.SetText("1800d5")
	overlay.Refresh()
	found := objectsIn(overlay, func(s *widget.Select) bool { return s == g.delay })
	if len(found) != 1 {
		t.Fatalf("the delay kind's field is not in the dialog (%d found)", len(found))
	}
	if g.delay.Size().Width < 50 || g.delay.Position().Y <= g.blackTC.Position().Y {
		t.Errorf("the delay kind's field at %v, size %v; Black's time at %v", g.delay.Position(), g.delay.Size(), g.blackTC.Position())
	}
	if g.afterOnly.Position().Y <= g.delay.Position().Y {
		t.Errorf("the row under the delay kind at %v, above it (%v)", g.afterOnly.Position(), g.delay.Position())
	}
}
