package ui

import (
	_ "embed"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// appTheme is Fyne's default theme with the text colours that fall short of
// WCAG AA contrast (4.5:1) replaced, in both variants; everything else is
// the default's. Fyne draws LowImportance labels (the notation's comments
// and results) and disabled text in ColorNameDisabled, which the default
// theme makes nearly invisible: 1.5:1 on dark, 1.3:1 on light.
type appTheme struct {
	fyne.Theme
	overrides map[fyne.ThemeVariant]map[fyne.ThemeColorName]color.Color
	nag       fyne.Resource // nagFont
}

// NewTheme returns Touchmove's theme. It follows the desktop's dark or
// light preference, or FYNE_THEME, as the default theme does.
func NewTheme() fyne.Theme {
	return appTheme{theme.DefaultTheme(), themeOverrides(), fyne.NewStaticResource("NAGSymbols.ttf", nagFont)}
}

// themeOverrides returns the colours appTheme changes, by variant.
func themeOverrides() map[fyne.ThemeVariant]map[fyne.ThemeColorName]color.Color {
	return map[fyne.ThemeVariant]map[fyne.ThemeColorName]color.Color{
		theme.VariantDark: {
			theme.ColorNameDisabled:            color.NRGBA{0xa8, 0xa8, 0xad, 0xff},
			theme.ColorNamePrimary:             color.NRGBA{0x6a, 0xa5, 0xff, 0xff},
			theme.ColorNameHyperlink:           color.NRGBA{0x6a, 0xa5, 0xff, 0xff},
			theme.ColorNameForegroundOnPrimary: color.NRGBA{0x17, 0x17, 0x18, 0xff},
			theme.ColorNameError:               color.NRGBA{0xff, 0x6e, 0x61, 0xff},
		},
		theme.VariantLight: {
			theme.ColorNameForeground:  color.NRGBA{0x2b, 0x2b, 0x2b, 0xff},
			theme.ColorNameDisabled:    color.NRGBA{0x58, 0x58, 0x58, 0xff},
			theme.ColorNamePlaceHolder: color.NRGBA{0x6b, 0x6b, 0x6b, 0xff},
			theme.ColorNamePrimary:     color.NRGBA{0x1f, 0x5f, 0xd6, 0xff},
			theme.ColorNameHyperlink:   color.NRGBA{0x1f, 0x5f, 0xd6, 0xff},
			theme.ColorNameError:       color.NRGBA{0xc6, 0x28, 0x28, 0xff},
			theme.ColorNameWarning:     color.NRGBA{0xa8, 0x52, 0x00, 0xff},
			theme.ColorNameSuccess:     color.NRGBA{0x1e, 0x7b, 0x1e, 0xff},
		},
	}
}

// Color returns the colour n of variant v.
func (t appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if c, ok := t.overrides[v][n]; ok {
		return c
	}
	return t.Theme.Color(n, v)
}

// nagFont holds the glyphs of the NAG symbols that Noto Sans, Fyne's text
// font, lacks (⩲ ⩱ ∓ ∞ □ …, ui/nag.go): a subset of Noto Sans Math and
// Noto Sans Symbols 2 with Noto Sans's line metrics (fonts/make-nag-font.sh).
//
//go:embed fonts/NAGSymbols.ttf
var nagFont []byte

// Font returns the theme's font for style s. For text that is neither
// monospaced nor a symbol it is nagFont: Fyne's painter draws each
// character from the first of the theme's font and its own Noto Sans of
// that style that has it, so the letters stay Noto Sans and the NAG
// symbols come from nagFont, on any system.
func (t appTheme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Monospace || s.Symbol {
		return t.Theme.Font(s)
	}
	return t.nag
}
