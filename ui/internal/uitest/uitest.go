// Package uitest holds what the tests of ui and its packages share for
// reading a window drawn by Fyne's test driver.
package uitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// ObjectsIn returns the objects of type T on show in root that pass keep,
// in the order they are drawn.
func ObjectsIn[T fyne.CanvasObject](root fyne.CanvasObject, keep func(T) bool) []T {
	var out []T
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		if x, ok := o.(T); ok && keep(x) {
			out = append(out, x)
		}
		switch o := o.(type) {
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(o).Objects() {
				walk(c)
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		}
	}
	walk(root)
	return out
}
