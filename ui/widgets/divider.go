package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Fyne draws a Split's divider as a band of ColorNameShadow, twice the
// padding wide, with a handle of ColorNameForeground in its middle; in the
// default themes the band is all but invisible and the handle, a thin
// stroke of the text colour, looks like a stray text cursor. The window
// lays a divider of its own over Fyne's: a visible bar from top to bottom,
// a shade off the window's background, with a grip of mid grey; the bar
// darkens (or, dark, lightens) under the pointer, and dragging it moves
// the split. (A theme override on the split would recolour Fyne's divider,
// but each override holds its own copies of the fonts: 16 MB more at idle,
// measured with tools/startup.)

// dividerColors returns the bar, the bar under the pointer and the grip of
// the divider in variant v.
func dividerColors(v fyne.ThemeVariant) (bar, hover, grip color.Color) {
	if v == theme.VariantDark {
		return color.NRGBA{R: 0x2c, G: 0x2c, B: 0x31, A: 0xff}, color.NRGBA{R: 0x40, G: 0x40, B: 0x47, A: 0xff},
			color.NRGBA{R: 0x7c, G: 0x7c, B: 0x85, A: 0xff}
	}
	return color.NRGBA{R: 0xdf, G: 0xdf, B: 0xe3, A: 0xff}, color.NRGBA{R: 0xcb, G: 0xcb, B: 0xd1, A: 0xff},
		color.NRGBA{R: 0x70, G: 0x70, B: 0x78, A: 0xff}
}

// splitDivider is the bar laid over a horizontal Split's divider.
type splitDivider struct {
	widget.BaseWidget
	split   *container.Split
	box     *fyne.Container // the split with the divider over it
	hovered bool
	bar     *canvas.Rectangle
	grip    *canvas.Rectangle
}

var (
	_ fyne.Draggable     = (*splitDivider)(nil)
	_ desktop.Hoverable  = (*splitDivider)(nil)
	_ desktop.Cursorable = (*splitDivider)(nil)
)

// NewHSplit returns a horizontal Split of leading and trailing, and the
// object to show in its place: the split with its divider drawn over.
func NewHSplit(leading, trailing fyne.CanvasObject) (*container.Split, fyne.CanvasObject) {
	split := container.NewHSplit(leading, trailing)
	d := &splitDivider{split: split, bar: canvas.NewRectangle(color.Transparent), grip: canvas.NewRectangle(color.Transparent)}
	d.ExtendBaseWidget(d)
	d.box = container.New(&dividerLayout{split: split, divider: d}, split, d)
	return split, d.box
}

// variant is the theme variant the app shows.
func variant() fyne.ThemeVariant {
	if a := fyne.CurrentApp(); a != nil {
		return a.Settings().ThemeVariant()
	}
	return theme.VariantDark
}

// colors returns the divider's bar and grip colours now.
func (d *splitDivider) colors() (bar, grip color.Color) {
	b, h, g := dividerColors(variant())
	if d.hovered {
		return h, g
	}
	return b, g
}

// CreateRenderer is part of fyne.Widget.
func (d *splitDivider) CreateRenderer() fyne.WidgetRenderer {
	return &dividerRenderer{d: d}
}

// Dragged moves the divider, and the split with it, to the pointer.
func (d *splitDivider) Dragged(e *fyne.DragEvent) {
	width := d.split.Size().Width - d.Size().Width
	if width <= 0 {
		return
	}
	x := d.Position().X + e.Dragged.DX - d.split.Position().X
	d.split.SetOffset(float64(min(max(x/width, 0), 1)))
	d.box.Refresh() // lays the divider over the split's again
}

// DragEnd is part of fyne.Draggable.
func (d *splitDivider) DragEnd() {}

// MouseIn lightens (or darkens) the bar under the pointer.
func (d *splitDivider) MouseIn(*desktop.MouseEvent) { d.hovered = true; d.Refresh() }

// MouseMoved is part of desktop.Hoverable.
func (d *splitDivider) MouseMoved(*desktop.MouseEvent) {}

// MouseOut gives the bar its colour back.
func (d *splitDivider) MouseOut() { d.hovered = false; d.Refresh() }

// Cursor is the resize cursor, as over Fyne's own divider.
func (d *splitDivider) Cursor() desktop.Cursor { return desktop.HResizeCursor }

type dividerRenderer struct{ d *splitDivider }

func (r *dividerRenderer) Layout(size fyne.Size) {
	r.d.bar.Resize(size)
	pad := theme.Padding()
	gw, gh := max(pad/2, 2), pad*4
	r.d.grip.Resize(fyne.NewSize(gw, gh))
	r.d.grip.Move(fyne.NewPos((size.Width-gw)/2, (size.Height-gh)/2))
}

func (r *dividerRenderer) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

func (r *dividerRenderer) Refresh() {
	r.d.bar.FillColor, r.d.grip.FillColor = r.d.colors()
	r.d.bar.Refresh()
	r.d.grip.Refresh()
}

func (r *dividerRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.d.bar, r.d.grip}
}

func (r *dividerRenderer) Destroy() {}

// dividerLayout gives the split all the room and lays the divider over the
// split's own, which begins where the split's leading side ends and is
// twice the padding wide.
type dividerLayout struct {
	split   *container.Split
	divider *splitDivider
}

func (l *dividerLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.split.Move(fyne.NewPos(0, 0))
	l.split.Resize(size) // lays the split out: its sides have their sizes now
	if !l.split.Leading.Visible() || !l.split.Trailing.Visible() {
		l.divider.Hide()
		return
	}
	l.divider.Show()
	l.divider.Move(fyne.NewPos(l.split.Leading.Size().Width, 0))
	l.divider.Resize(fyne.NewSize(theme.Padding()*2, size.Height))
	l.divider.Refresh()
}

func (l *dividerLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.split.MinSize() }
