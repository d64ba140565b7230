package board

import (
	"bytes"
	"image"

	"fyne.io/fyne/v2"
	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"

	"touchmove/assets"
	"touchmove/core/chess"
)

// pieceImages rasterises the pieces' SVG images, each once per piece set,
// piece and pixel size, and hands the same image to every square, the
// dragged piece and the board's repaints.
//
// It replaces a canvas.Image with an SVG resource on each square, which
// parses the SVG again on every Refresh and Resize and rasterises it at
// every size a layout passes through, before the window is shown too (at
// twice the size while the image has no canvas yet). At start-up that was
// 310 ms of CPU and 8 MB of images held (startupprof profiles); now the
// board's pieces cost 12 rasterisations, 1.8 ms together at 80 pixels
// (BenchmarkPieceImages), and only at the sizes painted: each square is a
// canvas.Raster, whose image is asked for when the painter draws it.
// Images are premultiplied RGBA, which the GL painter uploads as they are,
// where it converts NRGBA for every new texture.
//
// A pieceImages belongs to one board and is used on the Fyne goroutine only.
type pieceImages struct {
	// source returns the SVG image of p in piece set set.
	source func(set assets.PieceSet, p chess.Piece) fyne.Resource
	icons  map[setPiece]*oksvg.SvgIcon
	images map[pieceKey]*image.RGBA
	// pending are the images prefetch is drawing on goroutines of their own.
	pending map[pieceKey]chan *image.RGBA
	// sizes are the pixel sizes held, the newest last; older ones are
	// dropped, so that a resized window keeps the images of two sizes.
	sizes []image.Point
}

// setPiece names a piece's image in a piece set.
type setPiece struct {
	set   assets.PieceSet
	piece chess.Piece
}

// pieceKey names a raster of a piece's image.
type pieceKey struct {
	setPiece
	size image.Point
}

// keptSizes is how many pixel sizes a pieceImages keeps.
const keptSizes = 2

// newPieceImages returns an empty cache of the pieces of assets' sets.
func newPieceImages() *pieceImages {
	return &pieceImages{
		source:  assets.PieceSet.Piece,
		icons:   map[setPiece]*oksvg.SvgIcon{},
		images:  map[pieceKey]*image.RGBA{},
		pending: map[pieceKey]chan *image.RGBA{},
	}
}

// prefetch starts drawing the twelve pieces of set at w×h pixels, each on
// a goroutine of its own, so that the first frame finds them drawn: the
// board's layout knows the size ~30 ms before its first paint, where the
// twelve took 7–13 ms of the UI goroutine (startupprof profiles,
// docs/toolchain.md). image takes a prefetched image, or draws it itself.
//
// Only before the first paint: later, a resize lays the board out at many
// sizes that are never painted, and image draws what is painted (12 pieces
// in ~1 ms once warm, BenchmarkPieceImages). The prefetches of an earlier
// layout's size are dropped.
func (c *pieceImages) prefetch(set assets.PieceSet, w, h int) {
	if w <= 0 || h <= 0 || len(c.sizes) > 0 {
		return
	}
	size := image.Pt(w, h)
	c.dropPending(func(s image.Point) bool { return s != size })
	for _, col := range []chess.Color{chess.White, chess.Black} {
		for t := chess.Pawn; t <= chess.King; t++ {
			key := pieceKey{setPiece{set, chess.NewPiece(col, t)}, size}
			if _, ok := c.images[key]; ok {
				continue
			}
			if _, ok := c.pending[key]; ok {
				continue
			}
			res := c.source(set, key.piece)
			if res == nil {
				continue
			}
			done := make(chan *image.RGBA, 1)
			c.pending[key] = done
			go func() {
				// A parse of its own: rasterize sets the icon's target.
				icon, err := oksvg.ReadIconStream(bytes.NewReader(res.Content()))
				if err != nil {
					done <- nil // image draws it and says why
					return
				}
				img := image.NewRGBA(image.Rect(0, 0, w, h))
				rasterize(icon, img)
				done <- img
			}()
		}
	}
}

// image returns piece p of set set rasterised into w×h pixels
// (centred, keeping its aspect), or a transparent image when p has no image
// or cannot be drawn. The result is shared: callers must not change it.
func (c *pieceImages) image(set assets.PieceSet, p chess.Piece, w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 0, 0))
	}
	size := image.Pt(w, h)
	if len(c.sizes) == 0 {
		// The first paint: prefetches at another size (a window whose
		// scale came after the layout) will never be asked for.
		c.dropPending(func(s image.Point) bool { return s != size })
	}
	if n := len(c.sizes); n == 0 || c.sizes[n-1] != size {
		c.keep(size)
	}
	key := pieceKey{setPiece{set, p}, size}
	if img, ok := c.images[key]; ok {
		return img
	}
	if done, ok := c.pending[key]; ok {
		delete(c.pending, key)
		if img := <-done; img != nil {
			c.images[key] = img
			return img
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if icon := c.icon(key.setPiece); icon != nil {
		rasterize(icon, img)
	}
	c.images[key] = img
	return img
}

// keep records size as the newest in use, dropping the images of sizes
// older than the last keptSizes.
func (c *pieceImages) keep(size image.Point) {
	for i, s := range c.sizes {
		if s == size {
			c.sizes = append(c.sizes[:i], c.sizes[i+1:]...)
			break
		}
	}
	c.sizes = append(c.sizes, size)
	if len(c.sizes) <= keptSizes {
		return
	}
	old := c.sizes[0]
	c.sizes = c.sizes[1:]
	for k := range c.images {
		if k.size == old {
			delete(c.images, k)
		}
	}
	c.dropPending(func(s image.Point) bool { return s == old })
}

// dropPending forgets the prefetches whose size drop picks; their
// goroutines end into their channels' buffers.
func (c *pieceImages) dropPending(drop func(image.Point) bool) {
	for k := range c.pending {
		if drop(k.size) {
			delete(c.pending, k)
		}
	}
}

// icon returns the parsed SVG of sp, or nil when there is none or it cannot
// be read (logged once).
func (c *pieceImages) icon(sp setPiece) *oksvg.SvgIcon {
	if icon, ok := c.icons[sp]; ok {
		return icon
	}
	var icon *oksvg.SvgIcon
	if res := c.source(sp.set, sp.piece); res != nil {
		var err error
		if icon, err = oksvg.ReadIconStream(bytes.NewReader(res.Content())); err != nil {
			fyne.LogError("piece image "+res.Name(), err)
			icon = nil
		}
	}
	c.icons[sp] = icon
	return icon
}

// rasterize draws icon into dst, scaled to fit and centred, as Fyne's own
// SVG images are drawn (internal/svg.Decoder.Draw), so that the board looks
// the same as with them.
func rasterize(icon *oksvg.SvgIcon, dst *image.RGBA) {
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	vb := icon.ViewBox
	if vb.W <= 0 || vb.H <= 0 {
		return
	}
	aspect := vb.W / vb.H
	iw, ih := float64(w), float64(h)
	if iw/ih > aspect {
		iw = float64(int(ih * aspect))
	} else if iw/ih < aspect {
		ih = float64(int(iw / aspect))
	}
	x, y := (float64(w)-iw)/2, (float64(h)-ih)/2
	x, y = float64(int(x)), float64(int(y))
	icon.SetTarget(x, y, iw, ih)
	scanner := rasterx.NewScannerGV(int(vb.W), int(vb.H), dst, dst.Bounds())
	defer func() {
		if r := recover(); r != nil { // oksvg panics on some malformed paths
			fyne.LogError("piece image: crash when rendering SVG", nil)
			clear(dst.Pix)
		}
	}()
	icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
}
