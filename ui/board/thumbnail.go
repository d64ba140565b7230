package board

import (
	"image"
	"image/draw"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"touchmove/assets"
	"touchmove/core/chess"
)

// Thumbnail is a small board drawn as one image: the squares and pieces of
// a position, White at the bottom, and a tap. A hall's view shows twenty
// of them: one raster each, where a Board is a few hundred objects the
// painter draws at every frame, keeps the window's repaint cheap.
type Thumbnail struct {
	widget.BaseWidget
	// OnTapped is called on a tap.
	OnTapped func()

	pieces [64]chess.Piece
	theme  Theme
	set    assets.PieceSet
	raster *canvas.Raster
	cache  *pieceImages
}

// NewThumbnail returns an empty thumbnail in the first of Themes.
func NewThumbnail() *Thumbnail {
	// The flat set: at a dozen pixels a square its black silhouettes and
	// white ones stay apart, where the classic set's outlines make the two
	// sides look alike.
	t := &Thumbnail{theme: Themes()[0], set: assets.Flat, cache: newPieceImages()}
	t.raster = canvas.NewRaster(t.draw)
	t.ExtendBaseWidget(t)
	return t
}

// SetPieces shows pieces (by square); it redraws only when they changed.
func (t *Thumbnail) SetPieces(pieces [64]chess.Piece) {
	if pieces == t.pieces {
		return
	}
	t.pieces = pieces
	t.raster.Refresh()
}

// Pieces returns the pieces shown.
func (t *Thumbnail) Pieces() [64]chess.Piece { return t.pieces }

// MinSize is a small board.
func (t *Thumbnail) MinSize() fyne.Size { return fyne.NewSize(120, 120) }

// Tapped calls OnTapped.
func (t *Thumbnail) Tapped(*fyne.PointEvent) {
	if t.OnTapped != nil {
		t.OnTapped()
	}
}

// CreateRenderer draws the one raster, square in the widget's size.
func (t *Thumbnail) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(t.raster)
}

// draw paints the board into w×h pixels: the largest square that fits,
// centred.
func (t *Thumbnail) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	side := min(w, h) / 8 * 8
	if side <= 0 {
		return img
	}
	sq := side / 8
	x0, y0 := (w-side)/2, (h-side)/2
	for s := chess.Square(0); s < 64; s++ {
		c := t.theme.Dark
		if s.IsLight() {
			c = t.theme.Light
		}
		r := image.Rect(x0+s.File()*sq, y0+(7-s.Rank())*sq, x0+(s.File()+1)*sq, y0+(8-s.Rank())*sq)
		draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
		if p := t.pieces[s]; p != chess.NoPiece {
			draw.Draw(img, r, t.cache.image(t.set, p, sq, sq), image.Point{}, draw.Over)
		}
	}
	return img
}
