package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// fitGrid lays its visible objects out in equal columns, row after row: as
// many columns as the widest of them leaves room for, between least and
// most. The buttons of play take three columns in a wide panel and two in
// a narrow one (Russian labels at 800×600), so that they no longer hold
// the panel, and with it the board, to the width of three.
//
// Its height follows the width of its last layout: a change of columns
// changes its MinSize, and Fyne lays the column out again.
type fitGrid struct {
	least, most int
	width       float32 // of the last layout; 0 before the first
}

// cells returns the visible objects and the size of the largest.
func cells(objs []fyne.CanvasObject) ([]fyne.CanvasObject, fyne.Size) {
	var shown []fyne.CanvasObject
	var cell fyne.Size
	for _, o := range objs {
		if o.Visible() {
			shown = append(shown, o)
			cell = cell.Max(o.MinSize())
		}
	}
	return shown, cell
}

// columns returns how many columns of cells width holds.
func (g *fitGrid) columns(cell fyne.Size, width float32) int {
	if width <= 0 {
		return g.most
	}
	pad := theme.Padding()
	return max(g.least, min(g.most, int((width+pad)/(cell.Width+pad))))
}

// Layout places the cells in rows of columns(width).
func (g *fitGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	g.width = size.Width
	shown, cell := cells(objs)
	if len(shown) == 0 {
		return
	}
	pad := theme.Padding()
	cols := g.columns(cell, size.Width)
	w := (size.Width - pad*float32(cols-1)) / float32(cols)
	for i, o := range shown {
		o.Move(fyne.NewPos(float32(i%cols)*(w+pad), float32(i/cols)*(cell.Height+pad)))
		o.Resize(fyne.NewSize(w, cell.Height))
	}
}

// MinSize is least columns wide and as many rows high as the last width
// needs.
func (g *fitGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	shown, cell := cells(objs)
	if len(shown) == 0 {
		return fyne.Size{}
	}
	pad := theme.Padding()
	cols := g.columns(cell, g.width)
	rows := (len(shown) + cols - 1) / cols
	return fyne.NewSize(float32(g.least)*cell.Width+float32(g.least-1)*pad, float32(rows)*cell.Height+float32(rows-1)*pad)
}
