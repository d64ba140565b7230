package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"touchmove/ui/contrast"
)

// The graph's line reads on its background in the light theme as in the
// dark one (it was near-white, lost on the light theme's field).
func TestEvalGraphLineReadsInBothThemes(t *testing.T) {
	a := test.NewTempApp(t)
	for name, th := range map[string]fyne.Theme{"light": theme.LightTheme(), "dark": theme.DarkTheme()} {
		a.Settings().SetTheme(th)
		g := NewEvalGraph()
		g.Set([]float32{0, 0.2, -0.4, 0.6}, 2)
		g.Resize(fyne.NewSize(300, 56))
		r := test.WidgetRenderer(g)
		r.Refresh()
		var bg *canvas.Rectangle
		lines := 0
		for _, o := range r.Objects() {
			switch o := o.(type) {
			case *canvas.Rectangle:
				bg = o
			case *canvas.Line:
				if o.StrokeWidth == 1.5 {
					lines++
					if got := contrast.Ratio(o.StrokeColor, bg.FillColor); got < 3 {
						t.Errorf("%s theme: the line's contrast on the graph is %.2f, want at least 3", name, got)
					}
				}
			}
		}
		if lines == 0 {
			t.Fatalf("%s theme: no line drawn", name)
		}
	}
}
