package board

import (
	"image/color"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"touchmove/assets"
	"touchmove/core/chess"
)

// PromotionChooser is an overlay that asks which piece a pawn promotes to. It
// covers a whole board, dims it, and stacks a queen, rook, bishop and knight
// on the promotion file from the promotion square towards the centre, each on
// a disc that can be clicked. Q, R, B and N on the keyboard choose as well;
// Escape (or a click beside the pieces) cancels when the chooser is
// cancellable.
//
// The chooser only reports: it calls onChoose or onCancel once and then
// ignores further input. Board.ShowPromotion lays it over a board so that its
// pieces line up with the squares.
type PromotionChooser struct {
	widget.BaseWidget

	color       chess.Color
	file        int
	flipped     bool
	cancellable bool
	set         assets.PieceSet // the board's pieces
	onChoose    func(chess.PieceType)
	onCancel    func()

	hovered int  // index into promotionChoices under the pointer, or -1
	done    bool // a choice or a cancel has been reported
}

var (
	_ fyne.Widget       = (*PromotionChooser)(nil)
	_ fyne.Tappable     = (*PromotionChooser)(nil)
	_ fyne.Focusable    = (*PromotionChooser)(nil)
	_ desktop.Hoverable = (*PromotionChooser)(nil)
)

// promotionChoices returns the offered piece types, nearest the promotion
// square first.
func promotionChoices() [4]chess.PieceType {
	return [4]chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight}
}

// NewPromotionChooser returns a chooser for a pawn of colour c promoting on
// file (0 = a … 7 = h) of a board seen from Black's side when flipped.
// onChoose receives the chosen type; onCancel runs on Escape or a click beside
// the pieces, and only when cancellable. Either callback may be nil.
func NewPromotionChooser(c chess.Color, file int, flipped, cancellable bool, onChoose func(chess.PieceType), onCancel func()) *PromotionChooser {
	p := &PromotionChooser{
		color: c, file: file & 7, flipped: flipped, cancellable: cancellable,
		onChoose: onChoose, onCancel: onCancel, hovered: -1,
	}
	p.ExtendBaseWidget(p)
	return p
}

// Choose reports t as the choice, unless the chooser has already reported.
func (p *PromotionChooser) Choose(t chess.PieceType) {
	if p.done {
		return
	}
	p.done = true
	if p.onChoose != nil {
		p.onChoose(t)
	}
}

// Cancel reports a cancel when the chooser is cancellable and has not yet
// reported; it returns whether it did.
func (p *PromotionChooser) Cancel() bool {
	if p.done || !p.cancellable {
		return false
	}
	p.done = true
	if p.onCancel != nil {
		p.onCancel()
	}
	return true
}

// Tapped chooses the piece under the pointer, or cancels when the tap lands
// beside the pieces.
func (p *PromotionChooser) Tapped(ev *fyne.PointEvent) {
	if i := p.choiceAt(ev.Position); i >= 0 {
		p.Choose(promotionChoices()[i])
		return
	}
	p.Cancel()
}

// TypedRune chooses with the piece letters Q, R, B and N, in either case.
func (p *PromotionChooser) TypedRune(r rune) {
	for _, t := range promotionChoices() {
		if unicode.ToUpper(r) == rune(t.Letter()) {
			p.Choose(t)
			return
		}
	}
}

// TypedKey cancels on Escape.
func (p *PromotionChooser) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		p.Cancel()
	}
}

// FocusGained is part of fyne.Focusable; the chooser shows no focus ring.
func (p *PromotionChooser) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (p *PromotionChooser) FocusLost() {}

// MouseIn highlights the piece under the pointer.
func (p *PromotionChooser) MouseIn(ev *desktop.MouseEvent) { p.MouseMoved(ev) }

// MouseMoved highlights the piece under the pointer.
func (p *PromotionChooser) MouseMoved(ev *desktop.MouseEvent) {
	if i := p.choiceAt(ev.Position); i != p.hovered {
		p.hovered = i
		p.Refresh()
	}
}

// MouseOut removes the highlight.
func (p *PromotionChooser) MouseOut() {
	if p.hovered != -1 {
		p.hovered = -1
		p.Refresh()
	}
}

// choiceCell returns the top-left corner of the square holding choice i (0 =
// queen) and the square's side, for a chooser of the given size.
func (p *PromotionChooser) choiceCell(size fyne.Size, i int) (fyne.Position, float32) {
	g := boardGeomFor(size)
	col := p.file
	if p.flipped {
		col = 7 - col
	}
	row := i // promotion rank at the top
	if (p.color == chess.White) == p.flipped {
		row = 7 - i
	}
	return fyne.NewPos(g.x+float32(col)*g.sq, g.y+float32(row)*g.sq), g.sq
}

// choiceAt returns the index of the choice under pos, or -1.
func (p *PromotionChooser) choiceAt(pos fyne.Position) int {
	for i := range promotionChoices() {
		o, sq := p.choiceCell(p.Size(), i)
		if pos.X >= o.X && pos.X < o.X+sq && pos.Y >= o.Y && pos.Y < o.Y+sq {
			return i
		}
	}
	return -1
}

// MinSize is that of the smallest board.
func (p *PromotionChooser) MinSize() fyne.Size {
	return fyne.NewSquareSize(8 * minSquare)
}

// CreateRenderer is part of fyne.Widget.
func (p *PromotionChooser) CreateRenderer() fyne.WidgetRenderer {
	r := &promotionRenderer{p: p, backdrop: canvas.NewRectangle(color.NRGBA{A: 110})}
	r.objects = append(r.objects, r.backdrop)
	for i, t := range promotionChoices() {
		r.discs[i] = canvas.NewCircle(color.NRGBA{})
		r.pieces[i] = canvas.NewImageFromResource(p.set.Piece(chess.NewPiece(p.color, t)))
		r.pieces[i].FillMode = canvas.ImageFillContain
		r.objects = append(r.objects, r.discs[i], r.pieces[i])
	}
	r.Refresh()
	return r
}

// promotionRenderer draws a PromotionChooser.
type promotionRenderer struct {
	p        *PromotionChooser
	backdrop *canvas.Rectangle
	discs    [4]*canvas.Circle
	pieces   [4]*canvas.Image
	objects  []fyne.CanvasObject
}

func (r *promotionRenderer) Layout(size fyne.Size) {
	r.backdrop.Resize(size)
	for i := range r.discs {
		o, sq := r.p.choiceCell(size, i)
		inset := sq * 0.04
		r.discs[i].Move(o.AddXY(inset, inset))
		r.discs[i].Resize(fyne.NewSquareSize(sq - 2*inset))
		r.pieces[i].Move(o)
		r.pieces[i].Resize(fyne.NewSquareSize(sq))
	}
}

func (r *promotionRenderer) MinSize() fyne.Size { return r.p.MinSize() }

func (r *promotionRenderer) Refresh() {
	for i, d := range r.discs {
		c := color.NRGBA{R: 214, G: 214, B: 210, A: 245}
		if i == r.p.hovered {
			c = color.NRGBA{R: 240, G: 170, B: 70, A: 255}
		}
		if d.FillColor != c {
			d.FillColor = c
			d.StrokeColor, d.StrokeWidth = color.NRGBA{A: 90}, 1
			d.Refresh()
		}
	}
	r.Layout(r.p.Size())
}

func (r *promotionRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *promotionRenderer) Destroy() {}

// ShowPromotion lays a PromotionChooser for a pawn of colour c on file over
// the board and gives it the keyboard focus. The board ignores other input
// until the chooser reports; it then hides the chooser and calls onChoose or
// onCancel.
func (b *Board) ShowPromotion(c chess.Color, file int, cancellable bool, onChoose func(chess.PieceType), onCancel func()) {
	b.cancelDrag()
	b.promo = NewPromotionChooser(c, file, b.view.Flipped, cancellable,
		func(t chess.PieceType) {
			b.HidePromotion()
			if onChoose != nil {
				onChoose(t)
			}
		},
		func() {
			b.HidePromotion()
			if onCancel != nil {
				onCancel()
			}
		})
	b.promo.set = b.set
	b.Refresh()
	if app := fyne.CurrentApp(); app != nil {
		if cv := app.Driver().CanvasForObject(b); cv != nil {
			cv.Focus(b.promo)
		}
	}
}

// HidePromotion removes the promotion chooser without reporting anything.
func (b *Board) HidePromotion() {
	p := b.promo
	if p == nil {
		return
	}
	b.promo = nil
	b.Refresh()
	if app := fyne.CurrentApp(); app != nil {
		if cv := app.Driver().CanvasForObject(b); cv != nil && cv.Focused() == p {
			cv.Unfocus()
		}
	}
}
