package board

import (
	"image/color"
	"testing"

	"touchmove/core/chess"
)

// A thumbnail draws the squares in the theme's colours and the pieces on
// them, a1 at the bottom left, in one image.
func TestThumbnailDraws(t *testing.T) {
	th := NewThumbnail()
	start := chess.StartPosition()
	th.SetPieces(start.Board())
	img := th.draw(160, 160)
	at := func(sq chess.Square, dx, dy int) color.RGBA {
		return img.At(sq.File()*20+dx, (7-sq.Rank())*20+dy).(color.RGBA)
	}
	same := func(c color.RGBA, n color.NRGBA) bool { return c.R == n.R && c.G == n.G && c.B == n.B }
	if c := at(chess.E4, 10, 10); !same(c, th.theme.Light) {
		t.Errorf("e4 %v, want the light squares' %v", c, th.theme.Light)
	}
	if c := at(chess.D4, 10, 10); !same(c, th.theme.Dark) {
		t.Errorf("d4 %v, want the dark squares' %v", c, th.theme.Dark)
	}
	ink := 0
	for dx := range 20 {
		for dy := range 20 {
			if c := at(chess.E1, dx, dy); !same(c, th.theme.Light) && !same(c, th.theme.Dark) {
				ink++
			}
		}
	}
	if ink < 40 {
		t.Errorf("no king drawn on e1: %d pixels of ink", ink)
	}
	if th.Pieces() != start.Board() {
		t.Error("pieces not kept")
	}
}
