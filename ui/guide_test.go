package ui

import (
	"strings"
	"testing"

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
