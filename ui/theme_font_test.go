package ui

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"

	"touchmove/ui/notation"
)

// Every NAG symbol the annotation menu and the notation show has a glyph in
// the fonts the window draws text with, before any font of the system's
// (⩲ and ⩱ showed as empty boxes); the letters still come from Fyne's
// Noto Sans.
func TestNAGSymbolsHaveGlyphs(t *testing.T) {
	parse := func(r fyne.Resource) *font.Face {
		f, err := font.ParseTTF(bytes.NewReader(r.Content()))
		if err != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		return f
	}
	th := NewTheme()
	for style, fyneFont := range map[fyne.TextStyle]fyne.Resource{
		{}: theme.DefaultTextFont(), {Bold: true}: theme.DefaultTextBoldFont(), {Italic: true}: theme.DefaultTextItalicFont(),
	} {
		faces := []*font.Face{parse(th.Font(style)), parse(fyneFont)} // as Fyne's painter looks them up
		has := func(r rune) int {
			for i, f := range faces {
				if _, ok := f.NominalGlyph(r); ok {
					return i
				}
			}
			return -1
		}
		for n := range 256 {
			for _, r := range notation.NAGSymbol(uint8(n)) {
				switch has(r) {
				case -1:
					t.Errorf("style %+v: NAG %d: no glyph for %q", style, n, r)
				case 0:
					// Fyne's segmenter draws a space with the font of the
					// character before it: "□ ±" showed "□�±".
					if _, ok := faces[0].NominalGlyph(' '); !ok {
						t.Errorf("style %+v: the font of %q has no space", style, r)
					}
				}
			}
		}
		for _, r := range "aЖť0!+=±" {
			if i := has(r); i != 1 {
				t.Errorf("style %+v: %q is drawn from the symbols' font, not Noto Sans", style, r)
			}
		}
	}
}
