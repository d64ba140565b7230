package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// newNameLabel returns the label of a player's name beside the clocks. A
// long name is cut with an ellipsis: its width never widens the panel,
// which would shrink the board (a name of 300 characters left it 90
// pixels wide and pushed the buttons off the window).
func newNameLabel() *widget.Label {
	l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}
