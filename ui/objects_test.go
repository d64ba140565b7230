package ui

import (
	"touchmove/ui/internal/uitest"

	"fyne.io/fyne/v2"
)

// objectsIn returns the objects of type T on show in root that pass keep.
func objectsIn[T fyne.CanvasObject](root fyne.CanvasObject, keep func(T) bool) []T {
	return uitest.ObjectsIn(root, keep)
}
