package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The tree's headings never run into one another, however narrow the pane.
func TestTreeHeadingsApart(t *testing.T) {
	test.NewTempApp(t)
	for _, scale := range []float32{0.5, 0.7, 1, 1.6} {
		r := newTreeRow()
		r.header()
		rr := test.WidgetRenderer(r)
		size := fyne.NewSize(rowWidth()*scale, rr.MinSize().Height)
		r.Resize(size)
		rr.Layout(size)
		last, lastText := float32(-1), ""
		for _, c := range r.cells {
			if c.Text == "" {
				continue
			}
			w := c.MinSize().Width
			x0 := c.Position().X
			if c.Alignment == fyne.TextAlignTrailing {
				x0 = c.Position().X + c.Size().Width - w
			}
			if x0 < last {
				t.Errorf("at %.0f px, %q starts at %.1f, before %q ends at %.1f", size.Width, c.Text, x0, lastText, last)
			}
			last, lastText = x0+w, c.Text
		}
	}
}
