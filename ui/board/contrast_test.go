package board

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"touchmove/core/chess"
	"touchmove/ui/contrast"
)

func TestCoordinateContrast(t *testing.T) {
	// Board coordinates are text too: on each kind of square of every board
	// theme they meet WCAG AA, and stay as close as they can to the other
	// square's colour (only darkened).
	for _, th := range Themes() {
		for _, sq := range []struct {
			name     string
			bg, like color.NRGBA
		}{{"light", th.Light, th.Dark}, {"dark", th.Dark, th.Light}} {
			c := coordinateColor(sq.bg, sq.like)
			if r := contrast.Ratio(c, sq.bg); r < 4.5 {
				t.Errorf("%s, on %s squares: %v on %v, contrast %.2f:1", th.Name, sq.name, c, sq.bg, r)
			}
			if c.R > sq.like.R || c.G > sq.like.G || c.B > sq.like.B || c.A != sq.like.A {
				t.Errorf("%s, on %s squares: %v is not %v darkened", th.Name, sq.name, c, sq.like)
			}
		}
	}
}

// TestBoardCoordinatesReadable: in every board theme, each orientation,
// the board draws every coordinate in a colour that meets WCAG AA on the
// square it sits on (the bottom rank for files, the left file for ranks).
func TestBoardCoordinatesReadable(t *testing.T) {
	for _, th := range Themes() {
		for _, flipped := range []bool{false, true} {
			v := boardStartView()
			v.Flipped = flipped
			b, _, _ := newTestBoard(t, v, fyne.NewSquareSize(8*boardTestSquare))
			b.SetTheme(th)
			for i := range 8 {
				file, rank, edge := i, 7-i, 0
				if flipped {
					file, rank, edge = 7-i, i, 7
				}
				for _, c := range []struct {
					text *canvas.Text
					sq   chess.Square
				}{{b.r.files[i], chess.SquareAt(file, edge)}, {b.r.ranks[i], chess.SquareAt(edge, rank)}} {
					bg := th.Dark
					if c.sq.IsLight() {
						bg = th.Light
					}
					if r := contrast.Ratio(c.text.Color, bg); r < contrast.MinText {
						t.Errorf("%s, flipped %v: %q on %v: %v on %v, contrast %.2f:1", th.Name, flipped, c.text.Text, c.sq, c.text.Color, bg, r)
					}
				}
			}
		}
	}
}
