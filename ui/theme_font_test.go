package ui

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
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

// The chess figurines (before the players' names, and in the figurine
// notation) are drawn from the theme's own font on any system: Fyne's Noto
// Sans lacks them, and on Windows they showed as "�".
func TestFigurinesHaveGlyphs(t *testing.T) {
	th := NewTheme()
	for _, style := range []fyne.TextStyle{{}, {Bold: true}, {Italic: true}} {
		f, err := font.ParseTTF(bytes.NewReader(th.Font(style).Content()))
		if err != nil {
			t.Fatal(err)
		}
		for r := '♔'; r <= '♟'; r++ {
			if _, ok := f.NominalGlyph(r); !ok {
				t.Errorf("style %+v: no glyph for %q in the theme's font", style, r)
			}
		}
	}
}

// Every character of the words the window writes — the string literals of
// ui and app (but app/cli, which writes to a console) and the translations
// — has a glyph in the theme's own font or in Fyne's Noto Sans. Where the
// system's fonts are not looked in, as on Windows, a character of neither
// showed as "�" (the list's ▲ ▼, the fallen flag ⚑, the figurines).
func TestWindowTextHasGlyphs(t *testing.T) {
	parse := func(r fyne.Resource) *font.Face {
		f, err := font.ParseTTF(bytes.NewReader(r.Content()))
		if err != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		return f
	}
	faces := []*font.Face{parse(NewTheme().Font(fyne.TextStyle{})), parse(theme.DefaultTextFont())}
	missing := map[rune]string{}
	check := func(s, where string) {
		for _, r := range s {
			if r < ' ' || missing[r] != "" {
				continue
			}
			found := false
			for _, f := range faces {
				if _, ok := f.NominalGlyph(r); ok {
					found = true
				}
			}
			if !found {
				missing[r] = where
			}
		}
	}
	for _, root := range []string{".", filepath.Join("..", "app")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "cli" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						check(s, path)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, code := range []string{"en", "ru", "sk"} {
		for _, v := range translationFile(t, code) {
			if s, ok := v.(string); ok {
				check(s, "translations/touchmove."+code+".json")
			}
		}
	}
	for r, where := range missing {
		t.Errorf("%U %q (%s) has no glyph in the theme's font nor in Noto Sans", r, r, where)
	}
}
