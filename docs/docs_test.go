package docs

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the repository's root, seen from this package's folder.
const root = ".."

// A citation is a reference to a doc, and to a section of it when section
// is not empty: "3", "3.11.1", "3 N6", "3 N6 b", "2 note 5".
type citation struct {
	doc, section string
}

var (
	docName = regexp.MustCompile(`\b((?:[a-z]+/)*[a-z][a-z0-9_-]*)\.md\b`)
	// firstRef is the first section after a doc name; it needs its §.
	firstRef = regexp.MustCompile(`^[ \t]*§[ \t]*(\d+(?:\.\d+)*)((?:[ \t]+(?:N\d+(?:[ \t]+[a-z]\b)?|note[ \t]+\d+))?)`)
	// nextRef continues a list of sections: ", §4.2", ", 3.3", "–§6",
	// or " and N1" (a note of the section before).
	nextRef = regexp.MustCompile(`^(?:[ \t]*(?:,|–|and)[ \t]*(?:§[ \t]*(\d+(?:\.\d+)*)|(\d+\.\d+(?:\.\d+)*))((?:[ \t]+(?:N\d+(?:[ \t]+[a-z]\b)?|note[ \t]+\d+))?)|[ \t]+and[ \t]+(N\d+))`)
	spaces  = regexp.MustCompile(`[ \t]+`)
)

// citations returns the citations of docs in text, read as one line.
// README.md is the repository's front page, not a design note.
func citations(text string) []citation {
	text = strings.ReplaceAll(text, "\n", " ")
	var cs []citation
	for _, m := range docName.FindAllStringSubmatchIndex(text, -1) {
		doc := strings.TrimPrefix(text[m[2]:m[3]], "docs/") + ".md" // "docs/guide/ru.md" is guide/ru.md
		if doc == "README.md" || doc == "readme.md" {
			continue
		}
		rest := text[m[1]:]
		first := firstRef.FindStringSubmatch(rest)
		if first == nil {
			cs = append(cs, citation{doc, ""})
			continue
		}
		section := first[1]
		cs = append(cs, citation{doc, section + normalize(first[2])})
		rest = rest[len(first[0]):]
		for {
			n := nextRef.FindStringSubmatch(rest)
			if n == nil {
				break
			}
			switch {
			case n[4] != "":
				cs = append(cs, citation{doc, section + " " + n[4]})
			default:
				section = n[1] + n[2]
				cs = append(cs, citation{doc, section + normalize(n[3])})
			}
			rest = rest[len(n[0]):]
		}
	}
	return cs
}

// normalize turns a section's suffix (" N6  b", " note 5") into single spaces.
func normalize(suffix string) string {
	if suffix == "" {
		return ""
	}
	return " " + spaces.ReplaceAllString(strings.TrimSpace(suffix), " ")
}

var (
	heading = regexp.MustCompile(`^#{2,4}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]`)
	item    = regexp.MustCompile(`^(\d+)\.[ \t]`)
	note    = regexp.MustCompile(`^(?:[-*][ \t]+)?\**N(\d+)\b`)
	row     = regexp.MustCompile(`^\|[ \t]*(\d+(?:\.\d+)+)[ \t]*\|`)
)

// sections returns the citable parts of a Markdown doc and their text.
// A numbered heading ("## 3. End of the game", "### 3.11 Flag fall") is
// section 3 or 3.11; under it, an unindented numbered item "4. …" is 3.4
// (also cited as "3 note 4"), an item "N6 …" is "3 N6", and a table row
// whose first cell is a number such as "3.2" is that section. The text of
// an item runs to the next item or heading, that of a heading to the next
// heading; "3 N6 b" resolves when the text of 3 N6 holds "(b)". Fenced code
// blocks hold no sections.
func sections(md string) map[string]string {
	s := map[string]string{}
	cur, part, code := "", "", false
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "```") {
			code = !code
		}
		switch m := heading.FindStringSubmatch(line); {
		case code:
		case m != nil:
			cur, part = m[1], m[1]
		case cur == "":
		case item.MatchString(line):
			n := item.FindStringSubmatch(line)[1]
			part = cur + "." + n
			s[cur+" note "+n] = line
		case note.MatchString(line):
			part = cur + " N" + note.FindStringSubmatch(line)[1]
		case row.MatchString(line):
			part = row.FindStringSubmatch(line)[1]
		}
		if cur != "" {
			s[cur] += line
		}
		if part != cur {
			s[part] += line
		}
	}
	return s
}

// resolves reports whether section (in the form of a citation) is in s.
func resolves(s map[string]string, section string) bool {
	if _, ok := s[section]; ok {
		return true
	}
	// "3 N6 b": the item (b) of 3 N6.
	i := strings.LastIndexByte(section, ' ')
	if i < 0 || len(section)-i != 2 {
		return false
	}
	text, ok := s[section[:i]]
	return ok && strings.Contains(text, "("+section[i+1:]+")")
}

// TestCitationsResolve checks that every doc a Go comment, a doc of docs/
// or README.md cites is in docs/, with the section it names.
func TestCitationsResolve(t *testing.T) {
	docs := map[string]map[string]string{}
	mds, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	guides, err := filepath.Glob("guide/*.md") // the user's guide
	if err != nil {
		t.Fatal(err)
	}
	mds = append(mds, guides...)
	for _, name := range mds {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = sections(string(data))
	}
	for _, want := range []string{"design.md", "style.md", "rules.md", "pgn.md", "clocks.md"} {
		if docs[want] == nil {
			t.Errorf("docs/%s is missing", want)
		}
	}
	check := func(where, text string) int {
		n := 0
		for _, c := range citations(text) {
			n++
			s, ok := docs[c.doc]
			switch {
			case !ok:
				t.Errorf("%s cites %s, which is not in docs/", where, c.doc)
			case c.section != "" && !resolves(s, c.section):
				t.Errorf("%s cites %s §%s, which is not in it", where, c.doc, c.section)
			}
		}
		return n
	}
	files, cited := 0, 0
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(name, ".go"):
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			files++
			for _, g := range f.Comments {
				cited += check(fset.Position(g.Pos()).String(), g.Text())
			}
		case strings.HasSuffix(name, ".md"):
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(data), "\n") {
				cited += check(fmt.Sprintf("%s:%d", path, i+1), line)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d Go files, %d citations", files, cited)
	if files < 100 || cited < 80 {
		t.Errorf("read %d Go files and %d citations: the walk missed the code", files, cited)
	}
}

// TestCitations reads citations in the forms the code uses, and resolves
// them against a small doc.
func TestCitations(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []citation
	}{
		{"no doc here, §3", nil},
		{"see rules.md", []citation{{"rules.md", ""}}},
		{"(pgn.md, PGN standard 9.8.1)", []citation{{"pgn.md", ""}}},
		{"(rules.md §3 N6 b), not a move", []citation{{"rules.md", "3 N6 b"}}},
		{"(rules.md §3.11.1: a flag", []citation{{"rules.md", "3.11.1"}}},
		{"docs/pgn.md §10 maps", []citation{{"pgn.md", "10"}}},
		{"(clocks.md §2 note 2, §4.2): that", []citation{{"clocks.md", "2 note 2"}, {"clocks.md", "4.2"}}},
		{"(rules.md §3.1, 3.3, 3.4).", []citation{{"rules.md", "3.1"}, {"rules.md", "3.3"}, {"rules.md", "3.4"}}},
		{"(docs/rules.md §3–§6): touch", []citation{{"rules.md", "3"}, {"rules.md", "6"}}},
		{"(rules.md §3 and N1):", []citation{{"rules.md", "3"}, {"rules.md", "3 N1"}}},
		{"(rules.md §3\n N3); the", []citation{{"rules.md", "3 N3"}}},
		{"rules.md §1.5 and returns the position", []citation{{"rules.md", "1.5"}}},
		{"(rules.md §3.5, Settings.AgreementAfterMoves)", []citation{{"rules.md", "3.5"}}},
		{"(rules.md §3 N4: c has", []citation{{"rules.md", "3 N4"}}},
		{"pgn.md §3, §9.5; clocks.md §7", []citation{{"pgn.md", "3"}, {"pgn.md", "9.5"}, {"clocks.md", "7"}}},
		{"as README.md says", nil},
	} {
		got := citations(tc.text)
		if !slices.Equal(got, tc.want) {
			t.Errorf("citations(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}

	doc := sections(`# x.md
Intro 1. not a section.

## 0. Conventions
1. first
## 3. End
| # | Event |
|---|---|
| 3.2 | Resignation |

N1. **Game-ending moves** end it.
N6. **Claims**: either (a) now, or
   (b) after a declared move.

### 3.11 Flag fall
1. The app is the arbiter.
`)
	for section, want := range map[string]bool{
		"0": true, "0.1": true, "0 note 1": true, "3": true, "3.2": true, "3 N1": true,
		"3 N6": true, "3 N6 b": true, "3.11": true, "3.11.1": true,
		"1": false, "3.1": false, "3.3": false, "3 N2": false, "3 N6 c": false, "3 N1 a": false, "3.11.2": false, "11": false,
	} {
		if got := resolves(doc, section); got != want {
			t.Errorf("§%s resolves %v, want %v", section, got, want)
		}
	}
}

// TestPGNSample checks that the sample of pgn.md §12, and the strict export
// of its second game given there, are the texts core/pgn's golden tests
// read and compare with.
func TestPGNSample(t *testing.T) {
	data, err := os.ReadFile("pgn.md")
	if err != nil {
		t.Fatal(err)
	}
	s := sections(string(data))["12"]
	var blocks []string
	for {
		_, after, ok := strings.Cut(s, "```pgn\n")
		if !ok {
			break
		}
		block, rest, _ := strings.Cut(after, "```")
		blocks, s = append(blocks, block), rest
	}
	if len(blocks) != 2 {
		t.Fatalf("pgn.md §12 has %d PGN blocks, want 2", len(blocks))
	}
	for i, golden := range []string{"sample12.in.pgn", "../sample12_game2.want.pgn"} {
		want, err := os.ReadFile(filepath.Join(root, "core/pgn/testdata/golden", golden))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(bytes.TrimRight(want, "\n"), bytes.TrimRight([]byte(blocks[i]), "\n")) {
			t.Errorf("pgn.md §12 block %d differs from core/pgn/testdata/golden/%s", i+1, golden)
		}
	}
}
