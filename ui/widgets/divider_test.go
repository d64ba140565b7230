package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"touchmove/ui/contrast"
)

// newTestSplit returns a split of two rectangles with its divider, shown
// in a window of the main window's test size.
func newTestSplit(t *testing.T) (*container.Split, *splitDivider) {
	t.Helper()
	test.NewTempApp(t)
	split, box := NewHSplit(canvas.NewRectangle(color.Black), canvas.NewRectangle(color.White))
	w := test.NewTempWindow(t, box)
	w.Resize(fyne.NewSize(1000, 700))
	return split, box.(*fyne.Container).Objects[1].(*splitDivider)
}

// TestDividerOverSplit: the divider lies on the split's own, from top to
// bottom, and dragging it moves the split, the divider following.
func TestDividerOverSplit(t *testing.T) {
	split, d := newTestSplit(t)
	at := func() {
		t.Helper()
		if x, lw := d.Position().X, split.Leading.Size().Width; x != lw {
			t.Errorf("divider at x=%v, the split's divider at %v", x, lw)
		}
		if d.Size().Width != 2*theme.Padding() || d.Size().Height != split.Size().Height {
			t.Errorf("divider %v, want %v wide and the split's %v high", d.Size(), 2*theme.Padding(), split.Size().Height)
		}
	}
	at()
	before := split.Offset
	d.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: -60}})
	if split.Offset >= before {
		t.Errorf("dragged left: offset %v, was %v", split.Offset, before)
	}
	at()
	d.MouseIn(nil)
	if bar, _ := d.colors(); d.bar.FillColor != bar {
		t.Error("the bar does not take the hover colour under the pointer")
	}
	d.MouseOut()
}

// TestDividerColors: the divider's grip is visible on its bar (WCAG
// 1.4.11's 3:1 for parts of a control) and unlike the text colour, and the
// bar changes under the pointer, in the dark and the light theme.
func TestDividerColors(t *testing.T) {
	app := test.NewTempApp(t).Settings().Theme() // the theme the window's tests run in
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		bar, hover, grip := dividerColors(v)
		if r := contrast.Ratio(grip, bar); r < 3 {
			t.Errorf("variant %d: grip %v on bar %v, contrast %.2f:1, want ≥ 3:1", v, grip, bar, r)
		}
		if r := contrast.Ratio(hover, bar); r < 1.1 {
			t.Errorf("variant %d: the bar barely changes under the pointer (%.2f:1)", v, r)
		}
		if grip == app.Color(theme.ColorNameForeground, v) {
			t.Errorf("variant %d: the grip is the text colour, a stray text cursor", v)
		}
		if bar == app.Color(theme.ColorNameBackground, v) {
			t.Errorf("variant %d: the bar is the background, invisible", v)
		}
	}
}
