package board

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"

	"touchmove/assets"
	"touchmove/core/chess"
)

// opaque counts the pixels of img that are not fully transparent.
func opaque(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0 {
				n++
			}
		}
	}
	return n
}

func TestPieceImagesShared(t *testing.T) {
	c := newPieceImages()
	parsed := 0
	source := c.source
	c.source = func(set assets.PieceSet, p chess.Piece) fyne.Resource { parsed++; return source(set, p) }

	wn := c.image(assets.Classic, chess.WhiteKnight, 40, 40)
	if got := wn.Bounds().Size(); got != image.Pt(40, 40) {
		t.Fatalf("white knight at 40 px is %v", got)
	}
	if n := opaque(wn); n < 40*40/5 || n > 40*40*4/5 {
		t.Errorf("white knight covers %d of %d pixels", n, 40*40)
	}
	if again := c.image(assets.Classic, chess.WhiteKnight, 40, 40); again != wn {
		t.Error("the same piece and size rasterised twice")
	}
	if bn := c.image(assets.Classic, chess.BlackKnight, 40, 40); bn == wn {
		t.Error("the black knight has the white knight's image")
	}
	if other := c.image(assets.Flat, chess.WhiteKnight, 40, 40); other == wn {
		t.Error("two sets share one image")
	}
	big := c.image(assets.Classic, chess.WhiteKnight, 80, 80)
	if big.Bounds().Size() != image.Pt(80, 80) || big == wn {
		t.Error("a new size did not get its own image")
	}
	if parsed != 3 { // wN, bN, and wN of the set "other"
		t.Errorf("SVGs read %d times, want 3", parsed)
	}
	// A third size drops the oldest: the 40-pixel images go.
	c.image(assets.Classic, chess.WhiteKnight, 60, 60)
	if c.image(assets.Classic, chess.WhiteKnight, 80, 80) != big {
		t.Error("the images of the size before the last were dropped")
	}
	if c.image(assets.Classic, chess.WhiteKnight, 40, 40) == wn {
		t.Error("the images of the oldest size are still held")
	}
	for k := range c.images {
		if k.size == image.Pt(60, 60) {
			t.Errorf("%v kept after two newer sizes", k)
		}
	}
	if parsed != 3 {
		t.Errorf("SVGs read again for a new size: %d reads", parsed)
	}
}

func TestPieceImagesEmpty(t *testing.T) {
	c := newPieceImages()
	for _, tt := range []struct {
		name string
		p    chess.Piece
		w, h int
	}{
		{"no piece", chess.NoPiece, 30, 30},
		{"zero size", chess.WhiteKing, 0, 30},
		{"negative size", chess.WhiteKing, 30, -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if img := c.image(assets.Classic, tt.p, tt.w, tt.h); opaque(img) != 0 {
				t.Errorf("image(%v, %d, %d) draws %d pixels", tt.p, tt.w, tt.h, opaque(img))
			}
		})
	}
}

// BenchmarkPieceImages rasterises the twelve pieces at 80 pixels, what a
// board of that size costs once (the SVGs already parsed).
func BenchmarkPieceImages(b *testing.B) {
	c := newPieceImages()
	size := 80
	for b.Loop() {
		for p := chess.WhitePawn; p <= chess.BlackKing; p++ {
			c.image(assets.Classic, p, size, size)
		}
		size ^= 1 // a new size every time: no cache hits
	}
}

// Prefetched images are the ones image would draw, handed over once; only
// the last size laid out before the first paint is prefetched, and a size
// dropped from the cache drops its prefetches too.
func TestPieceImagesPrefetch(t *testing.T) {
	c, plain := newPieceImages(), newPieceImages()
	c.prefetch(assets.Classic, 24, 24) // an early layout, never painted
	c.prefetch(assets.Classic, 40, 40)
	if len(c.pending) != 12 {
		t.Fatalf("%d pieces prefetched, want 12", len(c.pending))
	}
	for _, p := range []chess.Piece{chess.WhiteKnight, chess.BlackKing, chess.WhitePawn} {
		got := c.image(assets.Classic, p, 40, 40).(*image.RGBA)
		want := plain.image(assets.Classic, p, 40, 40).(*image.RGBA)
		if opaque(got) == 0 || string(got.Pix) != string(want.Pix) {
			t.Errorf("%v: the prefetched image differs from the one drawn in place", p)
		}
		if again := c.image(assets.Classic, p, 40, 40); again != image.Image(got) {
			t.Errorf("%v: drawn again after its prefetch", p)
		}
	}
	if len(c.pending) != 9 {
		t.Errorf("%d prefetches left, want 9", len(c.pending))
	}
	c.prefetch(assets.Classic, 40, 40) // the size again: nothing new
	if len(c.pending) != 9 {
		t.Errorf("a second prefetch of the size: %d pending, want 9", len(c.pending))
	}
	c.prefetch(assets.Classic, 50, 50) // a resize after the first paint
	if len(c.pending) != 9 {
		t.Errorf("a layout after the first paint prefetched: %d pending, want 9", len(c.pending))
	}
	c.image(assets.Classic, chess.WhiteRook, 41, 41)
	c.image(assets.Classic, chess.WhiteRook, 42, 42)
	if len(c.pending) != 0 {
		t.Errorf("40 px dropped from the cache, %d of its prefetches kept", len(c.pending))
	}
}

// A first paint at another size than the prefetch's (a scaled display,
// whose scale comes after the layout) drops the prefetches at once.
func TestPieceImagesPrefetchMissed(t *testing.T) {
	c := newPieceImages()
	c.prefetch(assets.Classic, 40, 40)
	c.image(assets.Classic, chess.WhiteRook, 50, 50)
	if len(c.pending) != 0 {
		t.Errorf("painted at 50 px, %d prefetches at 40 px kept", len(c.pending))
	}
}
