package charset_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"touchmove/core/charset"
)

// decodeAs reads text as a file of charset c is read: valid UTF-8 lines
// as they are, the others in c's single-byte set.
func decodeAs(text []byte, c charset.Charset) string {
	var out []byte
	for _, line := range bytes.SplitAfter(text, []byte("\n")) {
		if utf8.Valid(line) {
			out = append(out, line...)
		} else {
			out = c.AppendDecode(out, line)
		}
	}
	return string(out)
}

// TestDetectCorpus decides the charset of the files of testdata/corpus,
// made in the encodings testdata/corpus.txt names (Russian, Slovak, Czech,
// German and English names, events and comments; some with a single name
// beyond ASCII): at least 95% must read as their charset does (two sets
// that read a file alike are both right), and every pure ASCII or UTF-8
// file as UTF-8.
func TestDetectCorpus(t *testing.T) {
	list, err := os.ReadFile(filepath.Join("testdata", "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	right, exact, total := 0, 0, 0
	for _, line := range strings.Split(string(list), "\n") {
		name, want, ok := strings.Cut(line, " ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		wantCS, err := charset.Parse(want)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		total++
		got := charset.Detect(data)
		if got == wantCS {
			exact++
		}
		if wantCS == charset.UTF8 {
			if got != charset.UTF8 {
				t.Errorf("%s: UTF-8 or ASCII file detected as %v", name, got)
			} else {
				right++
			}
			continue
		}
		if got == wantCS || got != charset.UTF8 && decodeAs(data, got) == decodeAs(data, wantCS) {
			right++
		} else {
			t.Logf("%s: detected %v, want %v (scores %v)", name, got, wantCS, charset.Scores(data))
		}
	}
	if total < 40 {
		t.Fatalf("the corpus has %d files, want at least 40", total)
	}
	t.Logf("%d of %d files read right (%.1f%%), %d with the very charset named", right, total, 100*float64(right)/float64(total), exact)
	if right*100 < 95*total {
		t.Errorf("%d of %d files read right, below 95%%", right, total)
	}
}

// BenchmarkDetectFile measures the decision of a file's charset, from the
// samples DetectFile reads: what opening a file costs for it.
func BenchmarkDetectFile(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "01-ru-windows-1251.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	big := bytes.Repeat(data, (4<<20)/len(data)+1)
	r := bytes.NewReader(big)
	b.SetBytes(2 << 20)
	for b.Loop() {
		if c, err := charset.DetectFile(r, int64(len(big))); err != nil || c != charset.Windows1251 {
			b.Fatal(c, err)
		}
	}
}
