package ui

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"touchmove/ui/contrast"
	"touchmove/ui/widgets"
)

// surface is a background text is drawn on: a theme colour, possibly
// translucent, laid over another surface (or over the window background).
type surface []fyne.ThemeColorName

// colorOf returns the opaque colour of s in variant v of th.
func (s surface) colorOf(th fyne.Theme, v fyne.ThemeVariant) color.Color {
	c := th.Color(theme.ColorNameBackground, v)
	for _, n := range s {
		c = contrast.Over(th.Color(n, v), c)
	}
	return c
}

func (s surface) String() string { return fmt.Sprint([]fyne.ThemeColorName(s)) }

// TestThemeContrast checks every text colour of the app's theme against each
// background Fyne draws it on, in both variants, for WCAG 2 AA: 4.5:1 for
// normal text (all our text sizes are below WCAG's "large" 18 pt, so no pair
// is allowed the 3:1 of large text).
//
// Nothing is exempt. WCAG 1.4.3 exempts the text of inactive controls, but
// Fyne draws LowImportance labels (the notation's comments and results) in
// the same ColorNameDisabled as disabled buttons and menu items, so the
// disabled colour must pass as text; it does on every surface, disabled
// buttons (ColorNameDisabledButton) included. The colours that are not text
// (Focus, InputBorder, Separator, Shadow, ScrollBar, Pressed, and the fills
// DisabledButton and Selection when nothing is written on them) are outside
// this test: their contrast is a matter of WCAG 1.4.11 (3:1 for UI parts),
// which the default theme's borders do not promise either.
func TestThemeContrast(t *testing.T) {
	test.NewTempApp(t) // Primary and its kin read the app's settings
	th := NewTheme()
	var (
		bg       = surface{theme.ColorNameBackground}
		button   = surface{theme.ColorNameButton}
		disabled = surface{theme.ColorNameDisabledButton}
		input    = surface{theme.ColorNameInputBackground}
		menu     = surface{theme.ColorNameMenuBackground}
		overlay  = surface{theme.ColorNameOverlayBackground}
		header   = surface{theme.ColorNameHeaderBackground}
		hovered  = surface{theme.ColorNameButton, theme.ColorNameHover}
		menuHov  = surface{theme.ColorNameMenuBackground, theme.ColorNameHover}
		listHov  = surface{theme.ColorNameBackground, theme.ColorNameHover}
		selected = surface{theme.ColorNameInputBackground, theme.ColorNameSelection}
		listSel  = surface{theme.ColorNameBackground, theme.ColorNameSelection}
		textBgs  = []surface{bg, button, input, menu, overlay, header, hovered, menuHov, listHov, selected, listSel}
	)
	tests := []struct {
		text fyne.ThemeColorName
		on   []surface
		why  string
	}{
		{theme.ColorNameForeground, textBgs, "all ordinary text"},
		// Disabled controls do not hover, so hovered buttons and menu items
		// are not among the disabled colour's surfaces; list rows are.
		{theme.ColorNameDisabled, []surface{bg, button, disabled, input, menu, overlay, header, listHov, selected, listSel}, "LowImportance labels (notation comments, results) and disabled controls"},
		{theme.ColorNamePlaceHolder, []surface{input, bg}, "empty entries; the notation's move numbers"},
		{theme.ColorNamePrimary, []surface{bg, input, overlay, menu, header, listHov}, "HighImportance labels"},
		{theme.ColorNameHyperlink, []surface{bg, overlay, menu, input}, "links"},
		{theme.ColorNameError, []surface{bg, overlay, input, header}, "DangerImportance labels"},
		{theme.ColorNameWarning, []surface{bg, overlay, input, header}, "WarningImportance labels (the window's messages)"},
		{theme.ColorNameSuccess, []surface{bg, overlay, input, header}, "SuccessImportance labels"},
		{theme.ColorNameForegroundOnPrimary, []surface{{theme.ColorNamePrimary}}, "HighImportance buttons, the notation's current move"},
		{theme.ColorNameForegroundOnError, []surface{{theme.ColorNameError}}, "DangerImportance buttons"},
		{theme.ColorNameForegroundOnWarning, []surface{{theme.ColorNameWarning}}, "WarningImportance buttons"},
		{theme.ColorNameForegroundOnSuccess, []surface{{theme.ColorNameSuccess}}, "SuccessImportance buttons"},
	}
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		for _, tc := range tests {
			for _, s := range tc.on {
				t.Run(fmt.Sprintf("variant%d/%s/on%v", v, tc.text, s), func(t *testing.T) {
					back := s.colorOf(th, v)
					fg := contrast.Over(th.Color(tc.text, v), back)
					if r := contrast.Ratio(fg, back); r < 4.5 {
						t.Errorf("%v on %v: contrast %.2f:1, want ≥ 4.5:1 (%s)", fg, back, r, tc.why)
					}
				})
			}
		}
	}
}

func TestThemeKeepsDefaults(t *testing.T) {
	// The theme changes only the colours listed in themeOverrides, and
	// puts the NAG symbols' font before Fyne's text font (theme.go Font).
	test.NewTempApp(t)
	th, def := NewTheme(), theme.DefaultTheme()
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		for _, n := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameButton, theme.ColorNameInputBackground, theme.ColorNameFocus, theme.ColorNameSelection} {
			if got, want := th.Color(n, v), def.Color(n, v); got != want {
				t.Errorf("variant %d: %s is %v, want the default %v", v, n, got, want)
			}
		}
		if th.Size(theme.SizeNameText) != def.Size(theme.SizeNameText) || th.Font(fyne.TextStyle{Monospace: true}) != def.Font(fyne.TextStyle{Monospace: true}) {
			t.Errorf("variant %d: sizes or fonts changed", v)
		}
	}
	if got := contrast.Ratio(color.White, color.Black); math.Abs(got-21) > 1e-9 {
		t.Errorf("contrast.Ratio(white, black) = %v, want 21", got)
	}
	if got := contrast.Ratio(color.NRGBA{0x77, 0x77, 0x77, 0xff}, color.White); math.Abs(got-4.48) > 0.01 {
		t.Errorf("contrast.Ratio(#777, white) = %.3f, want 4.48 (the WCAG example)", got)
	}
}

// The running clock stands out from the stopped one in both variants: its
// face against the stopped face at least 3:1 (WCAG 1.4.11, a part of the
// interface that shows state), its digits on it at least 4.5:1; and so when
// its time is low. (The light theme's running face was once rgb(245,245,240)
// beside a stopped rgb(243,243,243): 1.02:1.)
func TestRunningClockStandsOut(t *testing.T) {
	test.NewTempApp(t)
	th := NewTheme()
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		stopped := surface{theme.ColorNameInputBackground}.colorOf(th, v)
		digits := contrast.Over(th.Color(theme.ColorNameForeground, v), stopped)
		if r := contrast.Ratio(digits, stopped); r < 4.5 {
			t.Errorf("variant %d: the stopped clock's digits %.2f:1", v, r)
		}
		for _, low := range []bool{false, true} {
			bg, fg := widgets.RunningFace(stopped, low)
			if r := contrast.Ratio(bg, stopped); r < 3 {
				t.Errorf("variant %d, low time %v: running face %v beside the stopped %v: %.2f:1, want ≥ 3:1", v, low, bg, stopped, r)
			}
			if r := contrast.Ratio(fg, bg); r < 4.5 {
				t.Errorf("variant %d, low time %v: digits %v on the running face %v: %.2f:1, want ≥ 4.5:1", v, low, fg, bg, r)
			}
		}
	}
}
