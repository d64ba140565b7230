package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// glossaryAlternatives returns, by language code, the words the glossary
// (docs/glossary.md) says not to write: the backquoted words of the last
// column of each language's table, with the term they stand for.
func glossaryAlternatives(t *testing.T) map[string]map[string]string {
	t.Helper()
	data, err := os.ReadFile("../docs/glossary.md")
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile(`^## \d+\. .* \((\w+)\)$`)
	quoted := regexp.MustCompile("`([^`]+)`")
	out := map[string]map[string]string{}
	code := ""
	for _, line := range strings.Split(string(data), "\n") {
		if m := section.FindStringSubmatch(line); m != nil {
			code = m[1]
			out[code] = map[string]string{}
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if code == "" || len(cells) != 4 || cells[0] == "term" {
			continue
		}
		for _, m := range quoted.FindAllStringSubmatch(cells[3], -1) {
			out[code][strings.ToLower(m[1])] = cells[0]
		}
	}
	return out
}

// Every Russian and Slovak translation uses the glossary's term, never an
// alternative the glossary lists (issue 50, point 10).
func TestTranslationsFollowTheGlossary(t *testing.T) {
	alts := glossaryAlternatives(t)
	for _, code := range []string{"ru", "sk"} {
		if len(alts[code]) < 10 {
			t.Fatalf("the glossary lists %d alternatives for %s", len(alts[code]), code)
		}
		for k, vs := range translatedValues(t, code) {
			for _, v := range vs {
				lv := strings.ToLower(v)
				for alt, term := range alts[code] {
					if strings.Contains(lv, alt) {
						t.Errorf("%s: %q is %q: it says %q where the glossary says %q", code, k, v, alt, term)
					}
				}
			}
		}
	}
}
