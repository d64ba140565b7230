package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"touchmove/docs/guide"
)

// The guide is shown a section at a time: its introduction under its
// title, then one section for each "## " heading, in every language.
func TestGuideSections(t *testing.T) {
	for _, code := range guide.Languages() {
		text := guide.Text(code)
		titles, sections := guideSections(text)
		if want := strings.Count(text, "\n## ") + 1; len(sections) != want || len(titles) != want {
			t.Errorf("%s: %d sections, %d titles, want %d", code, len(sections), len(titles), want)
			continue
		}
		if !strings.HasPrefix(sections[0], "# ") || !strings.HasPrefix(sections[1], "## ") {
			t.Errorf("%s: the sections begin %q and %q", code, sections[0][:10], sections[1][:10])
		}
		if strings.Contains(titles[1], "#") || titles[1] == "" {
			t.Errorf("%s: the second title is %q", code, titles[1])
		}
		if got := strings.Join(sections, "\n"); strings.Count(got, "![") != strings.Count(text, "![") {
			t.Errorf("%s: the sections lost screenshots", code)
		}
	}
}

// At the window's first size the list of the guide's sections shows each
// title whole, in every language: the list is as wide as its longest
// title (issue 50, point 11).
func TestGuideTitlesFit(t *testing.T) {
	for _, locale := range []string{"en_GB.UTF-8", "ru_RU.UTF-8", "sk_SK.UTF-8"} {
		inLanguage(t, locale)
		w := newTestWindow(t)
		fyne.CurrentApp().Settings().SetTheme(NewTheme())
		w.win.Resize(fyne.NewSize(1100, 690))
		code := locale[:2]
		w.dlg.showGuide(code)
		top := w.win.Canvas().Overlays().Top()
		if top == nil {
			t.Fatalf("%s: no guide", locale)
		}
		titles, _ := guideSections(guide.Text(code))
		ours := map[string]bool{}
		for _, title := range titles {
			ours[title] = true
		}
		for _, cut := range cutTexts(t, top, ours) {
			t.Errorf("%s: the guide's list: %s", locale, cut)
		}
		w.win.Canvas().Overlays().Remove(top)
	}
}
