package ui

import "image/color"

// BoardTheme is a board colour scheme: the two square colours and the
// translucent tints the board lays over them. Tints are blended over the
// square colour, so their alpha matters.
type BoardTheme struct {
	Name     string      // shown in the View menu, e.g. "Wood"
	Light    color.NRGBA // light squares (h1, a8)
	Dark     color.NRGBA // dark squares (a1, h8)
	LastMove color.NRGBA // tint of the last move's two squares
	Selected color.NRGBA // tint of the selected square
	Dest     color.NRGBA // legal-destination dots and capture rings
	Check    color.NRGBA // centre of the glow under a king in check
	Touched  color.NRGBA // border round a piece bound by touch-move
	Hover    color.NRGBA // outline of the square under a dragged piece
}

// BoardThemes returns the built-in board themes, the default first. Each call
// returns a fresh slice that the caller may keep or change.
func BoardThemes() []BoardTheme {
	common := BoardTheme{
		LastMove: color.NRGBA{R: 155, G: 199, B: 0, A: 105},
		Selected: color.NRGBA{R: 20, G: 85, B: 30, A: 128},
		Dest:     color.NRGBA{R: 20, G: 85, B: 30, A: 120},
		Check:    color.NRGBA{R: 230, G: 0, B: 0, A: 235},
		Touched:  color.NRGBA{R: 255, G: 140, B: 0, A: 255},
		Hover:    color.NRGBA{R: 255, G: 255, B: 255, A: 170},
	}
	wood := common
	wood.Name, wood.Light, wood.Dark = "Wood", color.NRGBA{R: 240, G: 217, B: 181, A: 255}, color.NRGBA{R: 181, G: 136, B: 99, A: 255}

	ocean := common
	ocean.Name, ocean.Light, ocean.Dark = "Ocean", color.NRGBA{R: 222, G: 227, B: 230, A: 255}, color.NRGBA{R: 140, G: 162, B: 173, A: 255}
	ocean.LastMove = color.NRGBA{R: 0, G: 155, B: 199, A: 90}
	ocean.Selected = color.NRGBA{R: 20, G: 30, B: 85, A: 100}
	ocean.Dest = color.NRGBA{R: 20, G: 30, B: 85, A: 110}

	meadow := common
	meadow.Name, meadow.Light, meadow.Dark = "Meadow", color.NRGBA{R: 238, G: 238, B: 210, A: 255}, color.NRGBA{R: 118, G: 150, B: 86, A: 255}
	meadow.LastMove = color.NRGBA{R: 255, G: 230, B: 0, A: 110}
	meadow.Selected = color.NRGBA{R: 70, G: 60, B: 0, A: 90}
	meadow.Dest = color.NRGBA{R: 60, G: 50, B: 0, A: 100}

	return []BoardTheme{wood, ocean, meadow}
}

// markRGBA returns the tint of a coloured square or the colour of an arrow,
// in lichess's four annotation colours.
func markRGBA(c MarkColor) color.NRGBA {
	switch c {
	case MarkRed:
		return color.NRGBA{R: 200, G: 30, B: 30, A: 150}
	case MarkBlue:
		return color.NRGBA{R: 0, G: 72, B: 186, A: 150}
	case MarkYellow:
		return color.NRGBA{R: 230, G: 160, B: 0, A: 160}
	}
	return color.NRGBA{R: 21, G: 120, B: 27, A: 150}
}

// blendOver composites src over dst (both non-premultiplied) and returns an
// opaque colour when dst is opaque.
func blendOver(dst, src color.NRGBA) color.NRGBA {
	if src.A == 0 {
		return dst
	}
	sa := uint32(src.A)
	da := uint32(dst.A) * (255 - sa) / 255
	a := sa + da
	if a == 0 {
		return color.NRGBA{}
	}
	mix := func(s, d uint8) uint8 { return uint8((uint32(s)*sa + uint32(d)*da) / a) }
	return color.NRGBA{R: mix(src.R, dst.R), G: mix(src.G, dst.G), B: mix(src.B, dst.B), A: uint8(a)}
}
