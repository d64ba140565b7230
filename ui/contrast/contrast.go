// Package contrast is the colour arithmetic of WCAG 2 that the window's
// theme, the board's coordinates and the clock faces are checked and drawn
// by: relative luminance, the contrast ratio of two colours, and a
// translucent colour laid over an opaque one.
package contrast

import (
	"image/color"
	"math"
)

// MinText is WCAG 2 AA's contrast ratio for text below 18 pt.
const MinText = 4.5

// Luminance returns the WCAG 2 relative luminance of an opaque colour, from
// 0 (black) to 1 (white).
func Luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// Ratio returns the WCAG 2 contrast ratio of two opaque colours, 1 to 21.
func Ratio(a, b color.Color) float64 {
	la, lb := Luminance(a), Luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// Over returns c composited over the opaque colour bg.
func Over(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgg, bb, _ := bg.RGBA()
	mix := func(f, k uint32) uint8 { return uint8((f + k*(0xffff-a)/0xffff) >> 8) }
	return color.NRGBA{mix(r, br), mix(g, bgg), mix(b, bb), 0xff}
}
