package board

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"

	"touchmove/app/boardview"
)

// MarkColorFor returns the annotation colour selected by the modifiers held.
func MarkColorFor(m fyne.KeyModifier) boardview.MarkColor {
	c := boardview.Green
	if m&(fyne.KeyModifierShift|fyne.KeyModifierControl) != 0 {
		c |= boardview.Red
	}
	if m&(fyne.KeyModifierAlt|fyne.KeyModifierSuper) != 0 {
		c |= boardview.Blue
	}
	return c
}

// Theme is a board colour scheme: the two square colours and the
// translucent tints the board lays over them. Tints are blended over the
// square colour, so their alpha matters.
type Theme struct {
	Name     string      // in English, translated where shown (View › Board colours, Preferences), e.g. "Wood"
	Light    color.NRGBA // light squares (h1, a8)
	Dark     color.NRGBA // dark squares (a1, h8)
	LastMove color.NRGBA // tint of the last move's two squares
	Selected color.NRGBA // tint of the selected square
	Dest     color.NRGBA // legal-destination dots and capture rings
	Check    color.NRGBA // centre of the glow under a king in check
	Touched  color.NRGBA // border round a piece bound by touch-move
	Hover    color.NRGBA // outline of the square under a dragged piece
}

// Themes returns the built-in board themes, the default first. Each call
// returns a fresh slice that the caller may keep or change.
func Themes() []Theme {
	common := Theme{
		LastMove: color.NRGBA{R: 155, G: 199, B: 0, A: 105},
		Selected: color.NRGBA{R: 20, G: 85, B: 30, A: 128},
		Dest:     color.NRGBA{R: 20, G: 85, B: 30, A: 120},
		Check:    color.NRGBA{R: 230, G: 0, B: 0, A: 235},
		Touched:  color.NRGBA{R: 255, G: 140, B: 0, A: 255},
		Hover:    color.NRGBA{R: 255, G: 255, B: 255, A: 170},
	}
	// New themes go at the end: the View menu and preferences keep a
	// theme by its place in this list.
	schemes := []struct {
		name                     string
		light, dark              color.NRGBA
		lastMove, selected, dest color.NRGBA // all zero: common's
	}{
		{name: "Wood", light: color.NRGBA{R: 240, G: 217, B: 181, A: 255}, dark: color.NRGBA{R: 181, G: 136, B: 99, A: 255}},
		{"Ocean", color.NRGBA{R: 222, G: 227, B: 230, A: 255}, color.NRGBA{R: 140, G: 162, B: 173, A: 255},
			color.NRGBA{R: 0, G: 155, B: 199, A: 90}, color.NRGBA{R: 20, G: 30, B: 85, A: 100}, color.NRGBA{R: 20, G: 30, B: 85, A: 110}},
		{"Meadow", color.NRGBA{R: 238, G: 238, B: 210, A: 255}, color.NRGBA{R: 118, G: 150, B: 86, A: 255},
			color.NRGBA{R: 255, G: 230, B: 0, A: 110}, color.NRGBA{R: 70, G: 60, B: 0, A: 90}, color.NRGBA{R: 60, G: 50, B: 0, A: 100}},
		{"Slate", color.NRGBA{R: 224, G: 224, B: 220, A: 255}, color.NRGBA{R: 150, G: 153, B: 156, A: 255},
			color.NRGBA{R: 90, G: 160, B: 220, A: 100}, color.NRGBA{R: 20, G: 40, B: 70, A: 100}, color.NRGBA{R: 20, G: 40, B: 70, A: 110}},
		{"Lavender", color.NRGBA{R: 232, G: 226, B: 240, A: 255}, color.NRGBA{R: 156, G: 137, B: 184, A: 255},
			color.NRGBA{R: 255, G: 214, B: 70, A: 110}, color.NRGBA{R: 50, G: 20, B: 80, A: 100}, color.NRGBA{R: 50, G: 20, B: 80, A: 110}},
	}
	themes := make([]Theme, len(schemes))
	for i, sc := range schemes {
		th := common
		th.Name, th.Light, th.Dark = sc.name, sc.light, sc.dark
		if sc.lastMove != (color.NRGBA{}) {
			th.LastMove, th.Selected, th.Dest = sc.lastMove, sc.selected, sc.dest
		}
		themes[i] = th
	}
	return themes
}

// markRGBA returns the tint of a coloured square or the colour of an arrow,
// in lichess's four annotation colours.
func markRGBA(c boardview.MarkColor) color.NRGBA {
	switch c {
	case boardview.Red:
		return color.NRGBA{R: 200, G: 30, B: 30, A: 150}
	case boardview.Blue:
		return color.NRGBA{R: 0, G: 72, B: 186, A: 150}
	case boardview.Yellow:
		return color.NRGBA{R: 230, G: 160, B: 0, A: 160}
	case boardview.Engine:
		return color.NRGBA{R: 150, G: 70, B: 210, A: 170}
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

// arrowsSVG draws arrows as an SVG image of the board, 100 units a square,
// or returns "" when there are none.
func arrowsSVG(arrows []boardview.Arrow, flipped bool) string {
	var sb strings.Builder
	for _, a := range arrows {
		if !a.From.Valid() || !a.To.Valid() || a.From == a.To {
			continue
		}
		if sb.Len() == 0 {
			sb.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">`)
		}
		c0, r0 := squareCell(a.From, flipped)
		c1, r1 := squareCell(a.To, flipped)
		x0, y0 := float64(c0)*100+50, float64(r0)*100+50
		x1, y1 := float64(c1)*100+50, float64(r1)*100+50
		dx, dy := x1-x0, y1-y0
		l := math.Hypot(dx, dy)
		dx, dy = dx/l, dy/l
		nx, ny := -dy, dx
		const shaft, headW, headL, short = 11.0, 30.0, 42.0, 10.0
		tx, ty := x1-dx*short, y1-dy*short // tip
		bx, by := tx-dx*headL, ty-dy*headL // base of the head
		sx, sy := x0+dx*18, y0+dy*18       // tail, clear of the centre
		pts := [7][2]float64{
			{sx + nx*shaft, sy + ny*shaft}, {bx + nx*shaft, by + ny*shaft}, {bx + nx*headW, by + ny*headW},
			{tx, ty},
			{bx - nx*headW, by - ny*headW}, {bx - nx*shaft, by - ny*shaft}, {sx - nx*shaft, sy - ny*shaft},
		}
		col := markRGBA(a.Color)
		fmt.Fprintf(&sb, `<polygon fill="#%02x%02x%02x" fill-opacity="0.75" points="`, col.R, col.G, col.B)
		for i, p := range pts {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%.1f,%.1f", p[0], p[1])
		}
		sb.WriteString(`"/>`)
	}
	if sb.Len() > 0 {
		sb.WriteString("</svg>")
	}
	return sb.String()
}

// checkSVG draws the glow under a king in check: c in the middle, fading out
// towards the edges of the square.
func checkSVG(c color.NRGBA) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">`+
		`<defs><radialGradient id="g" cx="50%%" cy="50%%" r="50%%">`+
		`<stop offset="0" stop-color="#%02[1]x%02[2]x%02[3]x" stop-opacity="%.2[4]f"/>`+
		`<stop offset="0.4" stop-color="#%02[1]x%02[2]x%02[3]x" stop-opacity="%.2[4]f"/>`+
		`<stop offset="1" stop-color="#%02[1]x%02[2]x%02[3]x" stop-opacity="0"/></radialGradient></defs>`+
		`<rect x="0" y="0" width="100" height="100" fill="url(#g)"/></svg>`, c.R, c.G, c.B, float64(c.A)/255)
}

// boardSVGResource returns svg as a resource named after prefix and a hash of the
// content, since Fyne caches rendered SVGs by name.
func boardSVGResource(prefix, svg string) fyne.Resource {
	h := fnv.New64a()
	h.Write([]byte(svg))
	return fyne.NewStaticResource(fmt.Sprintf("%s-%016x.svg", prefix, h.Sum64()), []byte(svg))
}
