package board

import (
	"image/color"

	"touchmove/ui/contrast"
)

// coordinateColor returns the colour of a board coordinate drawn on a square
// of colour bg: like, the other kind of square's colour as on lichess,
// darkened just enough to be read on bg (WCAG AA, 4.5:1).
func coordinateColor(bg, like color.NRGBA) color.NRGBA {
	c := like
	for k := 1.0; contrast.Ratio(c, bg) < contrast.MinText && k > 0; k -= 0.02 {
		scale := func(v uint8) uint8 { return uint8(float64(v) * k) }
		c = color.NRGBA{R: scale(like.R), G: scale(like.G), B: scale(like.B), A: like.A}
	}
	return c
}
