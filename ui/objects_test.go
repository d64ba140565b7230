package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// objectsIn returns the objects of type T on show in root that pass keep.
func objectsIn[T fyne.CanvasObject](root fyne.CanvasObject, keep func(T) bool) []T {
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
