package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// TestDividerTheme: the split's divider is drawn in dividerTheme, its grip
// visible on its bar (WCAG 1.4.11's 3:1 for parts of a control) and unlike
// the text colour, while the two sides keep the app's theme.
func TestDividerTheme(t *testing.T) {
	w := newTestWindow(t)
	th, app := w.split.Theme(), w.app.Settings().Theme()
	bar := func(th fyne.Theme) any { return th.Color(theme.ColorNameShadow, theme.VariantDark) }
	if bar(th) != bar(dividerTheme{app}) {
		t.Fatalf("the split is not drawn in the divider's theme")
	}
	for name, o := range map[string]interface{ Theme() fyne.Theme }{"board": w.board, "notation": w.notation, "status": w.status} {
		if bar(o.Theme()) != bar(app) || o.Theme().Size(theme.SizeNamePadding) != app.Size(theme.SizeNamePadding) {
			t.Errorf("the %s is drawn in the divider's theme", name)
		}
	}
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		bar, grip := th.Color(theme.ColorNameShadow, v), th.Color(theme.ColorNameForeground, v)
		if r := contrast(grip, bar); r < 3 {
			t.Errorf("variant %d: grip %v on bar %v, contrast %.2f:1, want ≥ 3:1", v, grip, bar, r)
		}
		if r := contrast(th.Color(theme.ColorNameHover, v), bar); r < 1.1 {
			t.Errorf("variant %d: the bar barely changes under the pointer (%.2f:1)", v, r)
		}
		if grip == app.Color(theme.ColorNameForeground, v) {
			t.Errorf("variant %d: the grip is the text colour, a stray text cursor", v)
		}
	}
	if th.Size(theme.SizeNamePadding) != dividerPadding || th.Size(theme.SizeNameText) != app.Size(theme.SizeNameText) {
		t.Error("the divider's theme changes more than its padding")
	}
}
