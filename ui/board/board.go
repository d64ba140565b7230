package board

import (
	"image"
	"image/color"
	"math"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/boardview"
	"touchmove/assets"
	"touchmove/core/chess"
)

// minSquare is the side of a square at the board's minimum size.
const minSquare = 24

// dragThreshold is how far the pointer must travel from the press before a
// press on a piece becomes a drag, so that a click is never a drag.
const dragThreshold = 4

// Board is the chess board widget. It draws a boardview.View and turns pointer
// gestures into calls of its On… callbacks; it knows no rules and never moves
// a piece itself: after a drop the piece returns to its square until the
// owner sets a view with the new position.
//
// Gestures: a press on a piece calls OnPress (the owner answers with a view
// that has Selected and Dests); dragging it more than a few pixels and
// releasing on another square calls OnMove, on its own square or off the
// board OnCancel. With a piece selected, a press on another square calls
// OnMove (click-click), except on a piece of the selected piece's colour that
// is not in Dests, which is a new press; clicking the selected piece again
// calls OnCancel. A right click calls OnMark, a right drag OnArrow, with the
// colour given by MarkColorFor.
type Board struct {
	widget.BaseWidget

	OnPress        func(sq chess.Square)                              // pointer down on a piece (a touch)
	OnMove         func(from, to chess.Square)                        // drop on another square, or a click-click
	OnCancel       func(from chess.Square)                            // drop on the origin or off the board
	OnDropOff      func(from chess.Square)                            // drop off the board; when nil, OnCancel is called
	OnSquareTapped func(sq chess.Square)                              // a click that is no part of a move gesture
	OnMark         func(sq chess.Square, c boardview.MarkColor)       // right click on a square
	OnArrow        func(from, to chess.Square, c boardview.MarkColor) // right drag

	view  boardview.View
	theme Theme
	set   assets.PieceSet // the pieces' drawing
	promo *PromotionChooser
	g     boardGesture
	// dropped is the square the user last dropped a piece on, until the
	// next press: its move is not slid again.
	dropped chess.Square
	r       *boardRenderer // set by CreateRenderer
}

// boardGesture is the pointer gesture in flight.
type boardGesture struct {
	down        bool         // the primary button is down (or a drag began without a press)
	active      bool         // the press may still end in a drag, a drop or a click
	handled     bool         // the press was part of a move gesture
	tapPending  bool         // a MouseDown was seen; the Tapped that follows belongs to it
	dragging    bool         // moved past dragThreshold
	wasSelected bool         // the pressed piece was already selected
	from        chess.Square // the pressed square
	piece       chess.Piece  // the piece on it at the press
	start, last fyne.Position

	right      bool         // the secondary button is down
	rightFrom  chess.Square // where it went down
	rightColor boardview.MarkColor
}

var (
	_ fyne.Widget       = (*Board)(nil)
	_ fyne.Draggable    = (*Board)(nil)
	_ fyne.Tappable     = (*Board)(nil)
	_ desktop.Mouseable = (*Board)(nil)
	_ desktop.Hoverable = (*Board)(nil)
)

// New returns an empty interactive board in the first of Themes.
func New() *Board {
	b := &Board{view: boardview.New(), theme: Themes()[0], dropped: chess.NoSquare}
	b.ExtendBaseWidget(b)
	return b
}

// SetView shows v. The board keeps its own copy of v's slices and redraws
// only what changed.
func (b *Board) SetView(v boardview.View) {
	v.Marks = append([]boardview.SquareMark(nil), v.Marks...)
	v.Arrows = append([]boardview.Arrow(nil), v.Arrows...)
	b.view = v
	b.Refresh()
}

// View returns a copy of the view on show.
func (b *Board) View() boardview.View {
	v := b.view
	v.Marks = append([]boardview.SquareMark(nil), v.Marks...)
	v.Arrows = append([]boardview.Arrow(nil), v.Arrows...)
	return v
}

// SetTheme sets the board colours.
func (b *Board) SetTheme(t Theme) {
	b.theme = t
	b.Refresh()
}

// SetPieceSet draws the pieces from set s.
func (b *Board) SetPieceSet(s assets.PieceSet) {
	b.set = s
	b.Refresh()
}

// PieceSet returns the set the pieces are drawn from.
func (b *Board) PieceSet() assets.PieceSet { return b.set }

// Theme returns the board colours in use.
func (b *Board) Theme() Theme { return b.theme }

// HintShown reports whether the board draws a legal-destination dot or
// capture ring on sq now; false before it is first rendered.
func (b *Board) HintShown(sq chess.Square) bool {
	return b.r != nil && (b.r.dots[sq].Visible() || b.r.rings[sq].Visible())
}

// PieceSetDrawn returns the set whose image of its piece the board draws on
// sq at size×size pixels now; ok is false when it draws no piece there or
// has not been rendered.
func (b *Board) PieceSetDrawn(sq chess.Square, size int) (set assets.PieceSet, ok bool) {
	if b.r == nil || !b.r.pieces[sq].Visible() {
		return 0, false
	}
	got := b.r.pieces[sq].Generator(size, size)
	for _, s := range assets.PieceSets() {
		if got == b.r.images.image(s, b.r.on[sq], size, size) {
			return s, true
		}
	}
	return 0, false
}

// MinSize is a board of 24-unit squares.
func (b *Board) MinSize() fyne.Size {
	return fyne.NewSquareSize(8 * minSquare)
}

// MouseDown starts a press: a touch on a piece, or the second click of a
// click-click move; with the secondary button the start of a mark or arrow.
func (b *Board) MouseDown(ev *desktop.MouseEvent) {
	switch ev.Button {
	case desktop.MouseButtonPrimary:
		b.press(ev.Position)
		b.g.down, b.g.tapPending = true, true
	case desktop.MouseButtonSecondary:
		if b.promo != nil || b.g.dragging {
			return
		}
		g := b.geom()
		b.g.right, b.g.rightFrom, b.g.rightColor = true, g.square(ev.Position, b.view.Flipped), MarkColorFor(ev.Modifier)
	}
}

// MouseUp ends a press: a drop when a drag is in flight, a mark or an arrow
// for the secondary button.
func (b *Board) MouseUp(ev *desktop.MouseEvent) {
	switch ev.Button {
	case desktop.MouseButtonPrimary:
		b.g.down = false
		b.release(ev.Position)
	case desktop.MouseButtonSecondary:
		if !b.g.right {
			return
		}
		b.g.right = false
		if b.r != nil {
			b.r.hidePreview()
		}
		from, to := b.g.rightFrom, b.geom().square(ev.Position, b.view.Flipped)
		switch {
		case from == chess.NoSquare || to == chess.NoSquare:
		case from == to:
			if b.OnMark != nil {
				b.OnMark(from, b.g.rightColor)
			}
		default:
			if b.OnArrow != nil {
				b.OnArrow(from, to, b.g.rightColor)
			}
		}
	}
}

// Tapped reports a click that was no part of a move gesture. A tap without
// a MouseDown before it (a touch screen, a test) acts as a whole click.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if !b.g.tapPending {
		b.press(ev.Position)
		b.release(ev.Position)
	}
	b.g.tapPending = false
	if !b.g.handled && b.promo == nil && b.OnSquareTapped != nil {
		if sq := b.geom().square(ev.Position, b.view.Flipped); sq != chess.NoSquare {
			b.OnSquareTapped(sq)
		}
	}
}

// Dragged moves the pressed piece with the pointer once it has travelled
// past the threshold. Only the dragged piece's image moves.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if !b.g.down { // a drag without MouseDown: start where it began
		b.press(ev.Position.Subtract(ev.Dragged))
		b.g.down = true
	}
	if !b.g.active || b.g.piece == chess.NoPiece {
		return
	}
	b.g.last = ev.Position
	if !b.g.dragging {
		dx, dy := ev.Position.X-b.g.start.X, ev.Position.Y-b.g.start.Y
		if dx*dx+dy*dy < dragThreshold*dragThreshold {
			return
		}
		b.g.dragging = true
		if b.r != nil {
			b.r.startDrag()
		}
	}
	if b.r != nil {
		b.r.moveDrag(ev.Position)
	}
}

// DragEnd drops the dragged piece where the pointer was last seen, unless
// MouseUp has already done so.
func (b *Board) DragEnd() {
	b.g.down, b.g.tapPending = false, false
	b.release(b.g.last)
}

// MouseIn is part of desktop.Hoverable.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }

// MouseMoved previews the arrow of a right drag.
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if !b.g.right || b.r == nil {
		return
	}
	to := b.geom().square(ev.Position, b.view.Flipped)
	if to == chess.NoSquare || to == b.g.rightFrom || b.g.rightFrom == chess.NoSquare {
		b.r.hidePreview()
		return
	}
	b.r.showPreview(b.g.rightFrom, to, b.g.rightColor)
}

// MouseOut is part of desktop.Hoverable.
func (b *Board) MouseOut() {}

// press handles the primary button going down at pos.
func (b *Board) press(pos fyne.Position) {
	b.cancelDrag()
	b.dropped = chess.NoSquare
	b.g = boardGesture{start: pos, last: pos, right: b.g.right, rightFrom: b.g.rightFrom, rightColor: b.g.rightColor}
	v := &b.view
	sq := b.geom().square(pos, v.Flipped)
	if sq == chess.NoSquare || !v.Interactive || b.promo != nil {
		return
	}
	b.g.from = sq
	if sel := v.Selected; sel.Valid() && sel != sq {
		own := v.Pieces[sq] != chess.NoPiece && v.Pieces[sel] != chess.NoPiece && v.Pieces[sq].Color() == v.Pieces[sel].Color()
		if v.Dests.Has(sq) || !own {
			b.g.handled = true
			if b.OnMove != nil {
				b.OnMove(sel, sq)
			}
			return
		}
	}
	if v.Pieces[sq] == chess.NoPiece {
		return
	}
	b.g.active, b.g.handled, b.g.piece, b.g.wasSelected = true, true, v.Pieces[sq], v.Selected == sq
	if !b.g.wasSelected && b.OnPress != nil {
		b.OnPress(sq)
	}
}

// release ends the press at pos: a drop after a drag, else a click, which
// puts an already selected piece back.
func (b *Board) release(pos fyne.Position) {
	if !b.g.active {
		return
	}
	b.g.active = false
	from := b.g.from
	if !b.g.dragging {
		if b.g.wasSelected && b.OnCancel != nil {
			b.OnCancel(from)
		}
		return
	}
	b.cancelDrag()
	to := b.geom().square(pos, b.view.Flipped)
	if to == chess.NoSquare && b.OnDropOff != nil {
		b.OnDropOff(from)
		return
	}
	if to == chess.NoSquare || to == from {
		if b.OnCancel != nil {
			b.OnCancel(from)
		}
		return
	}
	b.dropped = to
	if b.OnMove != nil {
		b.OnMove(from, to)
	}
}

// cancelDrag puts a dragged piece back on its square without reporting.
func (b *Board) cancelDrag() {
	if !b.g.dragging {
		return
	}
	b.g.dragging, b.g.active = false, false
	if b.r != nil {
		b.r.endDrag()
	}
}

func (b *Board) geom() boardGeom { return boardGeomFor(b.Size()) }

// boardGeom places the 8×8 squares, square and centred, inside a widget.
type boardGeom struct{ x, y, side, sq float32 }

// boardGeomFor returns the largest whole-unit squares that fit in size.
func boardGeomFor(size fyne.Size) boardGeom {
	side := min(size.Width, size.Height)
	sq := float32(math.Floor(float64(side / 8)))
	if sq < 1 {
		sq = max(side/8, 0)
	}
	side = 8 * sq
	return boardGeom{
		x:    float32(math.Floor(float64(size.Width-side) / 2)),
		y:    float32(math.Floor(float64(size.Height-side) / 2)),
		side: side, sq: sq,
	}
}

// squareCell returns the screen column and row (0..7 from the top left) of s.
func squareCell(s chess.Square, flipped bool) (col, row int) {
	if flipped {
		return 7 - s.File(), s.Rank()
	}
	return s.File(), 7 - s.Rank()
}

// square returns the square under pos, or NoSquare.
func (g boardGeom) square(pos fyne.Position, flipped bool) chess.Square {
	x, y := pos.X-g.x, pos.Y-g.y
	if g.sq <= 0 || x < 0 || y < 0 || x >= g.side || y >= g.side {
		return chess.NoSquare
	}
	col, row := int(x/g.sq), int(y/g.sq)
	if flipped {
		return chess.SquareAt(7-col, row)
	}
	return chess.SquareAt(col, 7-row)
}

// origin returns the top-left corner of s.
func (g boardGeom) origin(s chess.Square, flipped bool) fyne.Position {
	col, row := squareCell(s, flipped)
	return fyne.NewPos(g.x+float32(col)*g.sq, g.y+float32(row)*g.sq)
}

// CreateRenderer is part of fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &boardRenderer{b: b, images: newPieceImages()}
	for i := range 64 {
		r.squares[i] = canvas.NewRectangle(color.Transparent)
		r.objects = append(r.objects, r.squares[i])
	}
	for i := range 8 {
		r.files[i] = &canvas.Text{TextStyle: fyne.TextStyle{Bold: true}}
		r.ranks[i] = &canvas.Text{TextStyle: fyne.TextStyle{Bold: true}}
		r.objects = append(r.objects, r.files[i], r.ranks[i])
	}
	r.check = &canvas.Image{FillMode: canvas.ImageFillStretch}
	r.objects = append(r.objects, r.check)
	for i := range 64 {
		r.dots[i], r.rings[i] = canvas.NewCircle(color.Transparent), canvas.NewCircle(color.Transparent)
		r.objects = append(r.objects, r.dots[i], r.rings[i])
	}
	r.touched = canvas.NewRectangle(color.Transparent)
	r.objects = append(r.objects, r.touched)
	for s := range chess.Square(64) {
		r.pieces[s] = canvas.NewRaster(func(w, h int) image.Image { return r.images.image(r.set, r.on[s], w, h) })
		r.pieces[s].Hide()
		r.objects = append(r.objects, r.pieces[s])
	}
	r.hover = canvas.NewRectangle(color.Transparent)
	r.arrows = canvas.NewRaster(r.arrowImages.image)
	r.preview = canvas.NewLine(color.Transparent)
	r.drag = canvas.NewRaster(func(w, h int) image.Image { return r.images.image(r.set, r.dragged, w, h) })
	r.objects = append(r.objects, r.hover, r.arrows, r.preview, r.drag, nil) // the last slot is the chooser's
	for _, o := range []fyne.CanvasObject{r.check, r.touched, r.hover, r.arrows, r.drag} {
		o.Hide()
	}
	b.r = r
	r.Refresh()
	return r
}

// boardRenderer draws a Board. It makes all its objects once; Refresh applies
// the parts of the view that changed, Layout positions.
type boardRenderer struct {
	b       *Board
	squares [64]*canvas.Rectangle // indexed by chess.Square; tinted for last move, selection, marks
	dots    [64]*canvas.Circle    // destination on an empty square
	rings   [64]*canvas.Circle    // destination on an occupied square
	pieces  [64]*canvas.Raster    // the piece on each square, drawn from images when painted
	on      [64]chess.Piece       // the piece each of pieces draws
	files   [8]*canvas.Text       // by screen column
	ranks   [8]*canvas.Text       // by screen row
	check   *canvas.Image         // red glow, an SVG radial gradient
	touched *canvas.Rectangle
	hover   *canvas.Rectangle // the square under a dragged piece
	arrows  *canvas.Raster    // all arrows, one SVG drawn by arrowImages
	preview *canvas.Line      // the arrow of a right drag in flight; transparent when none
	drag    *canvas.Raster    // the dragged piece
	dragged chess.Piece       // the piece drag draws
	images  *pieceImages      // the pieces' images, rasterised once per size
	set     assets.PieceSet   // the set the images are of
	objects []fyne.CanvasObject

	arrowImages arrowRaster // draws the arrows into one image (see arrowRaster)

	anim    *fyne.Animation // the slide in progress, if any
	shown   boardview.View  // the view last applied
	theme   Theme
	applied bool // shown and theme hold what is on screen
}

func (r *boardRenderer) Destroy() {}

func (r *boardRenderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *boardRenderer) Objects() []fyne.CanvasObject {
	if r.b.promo != nil {
		r.objects[len(r.objects)-1] = r.b.promo
		return r.objects
	}
	return r.objects[:len(r.objects)-1]
}

func (r *boardRenderer) Layout(size fyne.Size) {
	g := boardGeomFor(size)
	v := &r.shown
	sqSize := fyne.NewSquareSize(g.sq)
	if c := fyne.CurrentApp().Driver().CanvasForObject(r.b); c != nil {
		// The pixels the painter will ask the pieces' rasters for.
		px := int(math.Round(float64(g.sq * c.Scale())))
		r.images.prefetch(r.set, px, px)
	}
	dot, ring := g.sq*0.32, g.sq*0.94
	for s := range chess.Square(64) {
		o := g.origin(s, v.Flipped)
		r.squares[s].Move(o)
		r.squares[s].Resize(sqSize)
		r.pieces[s].Move(o)
		r.pieces[s].Resize(sqSize)
		r.dots[s].Move(o.AddXY((g.sq-dot)/2, (g.sq-dot)/2))
		r.dots[s].Resize(fyne.NewSquareSize(dot))
		r.rings[s].Move(o.AddXY((g.sq-ring)/2, (g.sq-ring)/2))
		r.rings[s].Resize(fyne.NewSquareSize(ring))
		r.rings[s].StrokeWidth = g.sq * 0.08
	}
	pad := max(g.sq*0.04, 1)
	for i := range 8 {
		f, rk := r.files[i], r.ranks[i]
		f.TextSize, rk.TextSize = max(g.sq*0.19, 7), max(g.sq*0.19, 7)
		fs, rs := f.MinSize(), rk.MinSize()
		f.Resize(fs)
		rk.Resize(rs)
		f.Move(fyne.NewPos(g.x+float32(i+1)*g.sq-fs.Width-pad, g.y+g.side-fs.Height))
		rk.Move(fyne.NewPos(g.x+pad, g.y+float32(i)*g.sq))
	}
	r.check.Resize(sqSize)
	if v.Check.Valid() {
		r.check.Move(g.origin(v.Check, v.Flipped))
	}
	r.touched.Resize(sqSize)
	r.touched.StrokeWidth = max(g.sq*0.07, 2)
	if v.Touched.Valid() {
		r.touched.Move(g.origin(v.Touched, v.Flipped))
	}
	r.hover.Resize(sqSize)
	r.hover.StrokeWidth = max(g.sq*0.05, 2)
	r.drag.Resize(sqSize)
	r.arrows.Move(fyne.NewPos(g.x, g.y))
	r.arrows.Resize(fyne.NewSquareSize(g.side))
	r.preview.StrokeWidth = g.sq * 0.2
	if p := r.b.promo; p != nil {
		p.Move(fyne.NewPos(0, 0))
		p.Resize(size)
	}
}

// Refresh applies the board's view and theme, touching only the objects
// whose look changed.
func (r *boardRenderer) Refresh() {
	b, v, th := r.b, &r.b.view, r.b.theme
	all := !r.applied || th != r.theme || b.set != r.set
	if all {
		r.loadPieces(b.set)
	}
	relayout := all || v.Flipped != r.shown.Flipped || v.Check != r.shown.Check || v.Touched != r.shown.Touched
	if b.g.dragging && v.Pieces[b.g.from] != b.g.piece {
		b.cancelDrag() // the dragged piece has gone (the owner moved on)
	}
	var marks [64]boardview.MarkColor
	var marked chess.Bitboard
	for _, m := range v.Marks {
		if m.Square.Valid() {
			marks[m.Square], marked = m.Color, marked|m.Square.Bit()
		}
	}
	for s := range chess.Square(64) {
		p := v.Pieces[s]
		if all || p != r.shown.Pieces[s] {
			r.setPiece(s, p)
		}
		c := th.Dark
		if s.IsLight() {
			c = th.Light
		}
		if s == v.LastFrom || s == v.LastTo {
			c = blendOver(c, th.LastMove)
		}
		if s == v.Selected {
			c = blendOver(c, th.Selected)
		}
		if marked.Has(s) {
			c = blendOver(c, markRGBA(marks[s]))
		}
		if sq := r.squares[s]; sq.FillColor != c {
			sq.FillColor = c
			sq.Refresh()
		}
		dest := v.Dests.Has(s)
		showIf(r.dots[s], dest && p == chess.NoPiece)
		showIf(r.rings[s], dest && p != chess.NoPiece)
		if all {
			r.dots[s].FillColor, r.rings[s].StrokeColor = th.Dest, th.Dest
			r.dots[s].Refresh()
			r.rings[s].Refresh()
		}
	}
	if all || v.Flipped != r.shown.Flipped || v.Coordinates != r.shown.Coordinates {
		r.refreshCoordinates(v, th)
	}
	if all {
		r.touched.StrokeColor, r.hover.StrokeColor = th.Touched, th.Hover
		r.touched.Refresh()
		r.hover.Refresh()
	}
	// The glow is an SVG that a canvas.Image rasterises at every Resize,
	// hidden or not: it has a resource only while it shows.
	if v.Check.Valid() && (r.check.Resource == nil || all) {
		r.check.Resource = boardSVGResource("touchmove-check", checkSVG(th.Check))
		r.check.Refresh()
	} else if !v.Check.Valid() {
		r.check.Resource, r.check.Image = nil, nil
	}
	showIf(r.check, v.Check.Valid())
	showIf(r.touched, v.Touched.Valid())
	if all || v.Flipped != r.shown.Flipped || !slices.Equal(v.Arrows, r.shown.Arrows) {
		svg := arrowsSVG(v.Arrows, v.Flipped)
		r.arrowImages.set(svg)
		showIf(r.arrows, svg != "")
		r.arrows.Refresh()
	}
	slide := v.Slide.ID != r.shown.Slide.ID && v.Slide.From.Valid() && v.Slide.To.Valid() && v.Pieces[v.Slide.To] != chess.NoPiece
	r.shown, r.theme, r.applied = *v, th, true
	if relayout || b.promo != nil {
		r.Layout(b.Size())
	}
	if slide && b.dropped != v.Slide.To {
		r.slide(v.Slide)
	}
	b.dropped = chess.NoSquare
}

// loadPieces draws the pieces from set s: the squares' rasters, refreshed
// by the caller, and a piece being dragged.
func (r *boardRenderer) loadPieces(s assets.PieceSet) {
	r.set = s
	if r.b.g.dragging {
		r.drag.Refresh()
	}
}

// slideTime is how long a piece takes to slide to its square.
const slideTime = 180 * time.Millisecond

// slide moves the image of the piece on s.To from s.From to its square.
func (r *boardRenderer) slide(s boardview.Slide) {
	if r.anim != nil {
		r.anim.Stop()
	}
	g := r.b.geom()
	img := r.pieces[s.To]
	from, to := g.origin(s.From, r.shown.Flipped), g.origin(s.To, r.shown.Flipped)
	img.Move(from)
	r.anim = fyne.NewAnimation(slideTime, func(p float32) {
		img.Move(fyne.NewPos(from.X+(to.X-from.X)*p, from.Y+(to.Y-from.Y)*p))
	})
	r.anim.Curve = fyne.AnimationEaseOut
	r.anim.Start()
}

// setPiece shows p on s.
func (r *boardRenderer) setPiece(s chess.Square, p chess.Piece) {
	img := r.pieces[s]
	r.on[s] = p
	if p == chess.NoPiece {
		img.Hide()
		return
	}
	img.Show()
	img.Refresh()
}

// refreshCoordinates sets the coordinate labels for the orientation, each in
// the colour of the other kind of square, darkened until it can be read.
func (r *boardRenderer) refreshCoordinates(v *boardview.View, th Theme) {
	edge := 0 // the rank along the bottom, the file along the left
	if v.Flipped {
		edge = 7
	}
	for i := range 8 {
		file, rank := i, 7-i
		if v.Flipped {
			file, rank = 7-i, i
		}
		f, rk := r.files[i], r.ranks[i]
		f.Text = "abcdefgh"[file : file+1]
		rk.Text = "12345678"[rank : rank+1]
		f.Color, rk.Color = coordinateColor(th.Dark, th.Light), coordinateColor(th.Dark, th.Light)
		if chess.SquareAt(file, edge).IsLight() {
			f.Color = coordinateColor(th.Light, th.Dark)
		}
		if chess.SquareAt(edge, rank).IsLight() {
			rk.Color = coordinateColor(th.Light, th.Dark)
		}
		showIf(f, v.Coordinates)
		showIf(rk, v.Coordinates)
		f.Refresh()
		rk.Refresh()
	}
}

// startDrag lifts the pressed piece: a copy follows the pointer, the original
// stays as a ghost.
func (r *boardRenderer) startDrag() {
	g := &r.b.g
	r.dragged = g.piece
	r.drag.Refresh()
	r.drag.Show()
	r.pieces[g.from].Translucency = 0.65
	r.pieces[g.from].Refresh()
}

// moveDrag centres the dragged piece on pos and outlines the square below.
// It allocates nothing.
func (r *boardRenderer) moveDrag(pos fyne.Position) {
	g := boardGeomFor(r.b.Size())
	r.drag.Move(pos.SubtractXY(g.sq/2, g.sq/2))
	if s := g.square(pos, r.shown.Flipped); s.Valid() {
		r.hover.Move(g.origin(s, r.shown.Flipped))
		r.hover.Show()
	} else {
		r.hover.Hide()
	}
}

// endDrag puts the dragged piece back.
func (r *boardRenderer) endDrag() {
	r.drag.Hide()
	r.hover.Hide()
	if img := r.pieces[r.b.g.from]; img.Translucency != 0 {
		img.Translucency = 0
		img.Refresh()
	}
}

// showPreview draws the arrow of a right drag from one square's centre to
// another's.
func (r *boardRenderer) showPreview(from, to chess.Square, c boardview.MarkColor) {
	g := boardGeomFor(r.b.Size())
	half := fyne.NewPos(g.sq/2, g.sq/2)
	r.preview.Position1 = g.origin(from, r.shown.Flipped).Add(half)
	r.preview.Position2 = g.origin(to, r.shown.Flipped).Add(half)
	col := markRGBA(c)
	col.A = 140
	r.preview.StrokeColor = col
	r.preview.Refresh()
}

// hidePreview makes the preview arrow transparent. (A canvas.Line hidden
// before its first frame is never drawn by the GL painter once shown again,
// so it stays "visible".)
func (r *boardRenderer) hidePreview() {
	if r.preview.StrokeColor != color.Transparent {
		r.preview.StrokeColor = color.Transparent
		r.preview.Refresh()
	}
}

// showIf shows or hides o, doing nothing when it already is so.
func showIf(o fyne.CanvasObject, visible bool) {
	if o.Visible() != visible {
		if visible {
			o.Show()
		} else {
			o.Hide()
		}
	}
}
