package ui

import (
	"image/color"
	"math"
)

// luminance returns the WCAG 2 relative luminance of an opaque colour, from
// 0 (black) to 1 (white).
func luminance(c color.Color) float64 {
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

// contrast returns the WCAG 2 contrast ratio of two opaque colours, 1 to 21.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// minTextContrast is WCAG 2 AA's contrast for text below 18 pt.
const minTextContrast = 4.5

// coordinateColor returns the colour of a board coordinate drawn on a square
// of colour bg: like, the other kind of square's colour as on lichess,
// darkened just enough to be read on bg (WCAG AA, 4.5:1).
func coordinateColor(bg, like color.NRGBA) color.NRGBA {
	c := like
	for k := 1.0; contrast(c, bg) < minTextContrast && k > 0; k -= 0.02 {
		scale := func(v uint8) uint8 { return uint8(float64(v) * k) }
		c = color.NRGBA{R: scale(like.R), G: scale(like.G), B: scale(like.B), A: like.A}
	}
	return c
}

// over returns c composited over the opaque colour bg.
func over(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgg, bb, _ := bg.RGBA()
	mix := func(f, k uint32) uint8 { return uint8((f + k*(0xffff-a)/0xffff) >> 8) }
	return color.NRGBA{mix(r, br), mix(g, bgg), mix(b, bb), 0xff}
}
