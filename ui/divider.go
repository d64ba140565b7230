package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// dividerTheme is the theme a Split's divider is drawn in. Fyne draws the
// divider as a band of ColorNameShadow, twice the padding wide, with a
// handle of ColorNameForeground in its middle, half the padding wide and
// four paddings long; in the default themes the band is all but invisible
// and the handle, a thin stroke of the text colour, looks like a stray
// text cursor. Here the band is a visible bar from top to bottom, a shade
// off the window's background, and the handle a grip of mid grey; the bar
// darkens (or, dark, lightens) under the pointer.
type dividerTheme struct{ fyne.Theme }

// dividerPadding is the padding the divider is sized from: a 10-unit bar
// with a 2.5 × 20 grip.
const dividerPadding = 5

// Color returns the divider's colours for the names Fyne draws it with,
// and the wrapped theme's otherwise.
func (t dividerTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	dark := v == theme.VariantDark
	switch n {
	case theme.ColorNameShadow: // the bar
		if dark {
			return color.NRGBA{R: 0x2c, G: 0x2c, B: 0x31, A: 0xff}
		}
		return color.NRGBA{R: 0xdf, G: 0xdf, B: 0xe3, A: 0xff}
	case theme.ColorNameHover: // the bar under the pointer
		if dark {
			return color.NRGBA{R: 0x40, G: 0x40, B: 0x47, A: 0xff}
		}
		return color.NRGBA{R: 0xcb, G: 0xcb, B: 0xd1, A: 0xff}
	case theme.ColorNameForeground: // the grip
		if dark {
			return color.NRGBA{R: 0x7c, G: 0x7c, B: 0x85, A: 0xff}
		}
		return color.NRGBA{R: 0x70, G: 0x70, B: 0x78, A: 0xff}
	}
	return t.Theme.Color(n, v)
}

// Size returns dividerPadding for the padding, from which Fyne sizes the
// divider, and the wrapped theme's sizes otherwise.
func (t dividerTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNamePadding {
		return dividerPadding
	}
	return t.Theme.Size(n)
}

// newHSplit returns a horizontal Split of leading and trailing whose
// divider is drawn in dividerTheme, and the object to show in its place.
// The two sides keep the app's theme th: each is wrapped in a theme
// override of its own, where Fyne stops handing down the divider's.
func newHSplit(th fyne.Theme, leading, trailing fyne.CanvasObject) (*container.Split, fyne.CanvasObject) {
	split := container.NewHSplit(container.NewThemeOverride(leading, th), container.NewThemeOverride(trailing, th))
	return split, container.NewThemeOverride(split, dividerTheme{th})
}
