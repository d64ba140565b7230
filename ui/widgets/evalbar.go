package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// EvalBar is the evaluation gauge beside the board: White's share of the
// bar is White's winning chances; the score is written at the end of the
// side that stands better. White's part is at the bottom, or at the top when
// the board is flipped. With no score it is blank but keeps its place, so
// the board beside it does not move when a score first comes.
type EvalBar struct {
	widget.BaseWidget
	white   float32 // White's share, 0 to 1
	label   string  // "+0.4", "#3"
	flipped bool
	blank   bool // no score: nothing is drawn
}

var _ fyne.Widget = (*EvalBar)(nil)

// NewEvalBar returns a blank bar.
func NewEvalBar() *EvalBar {
	b := &EvalBar{white: 0.5, blank: true}
	b.ExtendBaseWidget(b)
	return b
}

// Set shows White's share (0 to 1) and the score's text, White's part
// at the top when flipped.
func (b *EvalBar) Set(white float32, label string, flipped bool) {
	white = max(0, min(1, white))
	if !b.blank && white == b.white && label == b.label && flipped == b.flipped {
		return
	}
	b.white, b.label, b.flipped, b.blank = white, label, flipped, false
	b.Refresh()
}

// Clear leaves the bar blank, in its place.
func (b *EvalBar) Clear() {
	if b.blank {
		return
	}
	b.blank, b.label = true, ""
	b.Refresh()
}

// Showing reports whether the bar draws a score.
func (b *EvalBar) Showing() bool { return !b.blank }

// Label returns the score's text on show, "" when blank.
func (b *EvalBar) Label() string { return b.label }

// MinSize is a narrow bar.
func (b *EvalBar) MinSize() fyne.Size { return fyne.NewSize(22, 60) }

// CreateRenderer is part of fyne.Widget.
func (b *EvalBar) CreateRenderer() fyne.WidgetRenderer {
	r := &evalBarRenderer{b: b,
		black: canvas.NewRectangle(color.NRGBA{R: 40, G: 40, B: 40, A: 255}),
		white: canvas.NewRectangle(color.NRGBA{R: 245, G: 245, B: 245, A: 255}),
		text:  canvas.NewText("", color.Black),
	}
	if b.blank {
		r.black.Hide()
		r.white.Hide()
		r.text.Hide()
	}
	r.text.TextSize = theme.CaptionTextSize()
	r.text.Alignment = fyne.TextAlignCenter
	r.text.TextStyle.Bold = true
	return r
}

type evalBarRenderer struct {
	b            *EvalBar
	black, white *canvas.Rectangle
	text         *canvas.Text
}

func (r *evalBarRenderer) Destroy() {}

func (r *evalBarRenderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *evalBarRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.black, r.white, r.text}
}

func (r *evalBarRenderer) Layout(size fyne.Size) {
	b := r.b
	r.black.Resize(size)
	r.black.Move(fyne.NewPos(0, 0))
	h := size.Height * b.white
	wy := size.Height - h // White at the bottom
	if b.flipped {
		wy = 0
	}
	r.white.Resize(fyne.NewSize(size.Width, h))
	r.white.Move(fyne.NewPos(0, wy))
	// The score is written inside the better side's part, at its end.
	th := r.text.MinSize().Height
	whiteBetter := b.white >= 0.5
	atBottom := whiteBetter != b.flipped
	y := float32(2)
	if atBottom {
		y = size.Height - th - 2
	}
	r.text.Color = color.NRGBA{R: 20, G: 20, B: 20, A: 255}
	if !whiteBetter {
		r.text.Color = color.NRGBA{R: 235, G: 235, B: 235, A: 255}
	}
	r.text.Move(fyne.NewPos(0, y))
	r.text.Resize(fyne.NewSize(size.Width, th))
}

func (r *evalBarRenderer) Refresh() {
	r.text.Text = r.b.label
	for _, o := range r.Objects() {
		if r.b.blank {
			o.Hide()
		} else {
			o.Show()
		}
	}
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}
