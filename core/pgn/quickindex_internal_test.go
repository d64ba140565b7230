package pgn

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"touchmove/internal/corpus"
)

// indexBoth indexes data with quickScan and with the Reader alone, and
// fails unless both give the same games, errors and offsets. It returns
// the number of games quickScan took.
func indexBoth(t *testing.T, data []byte) int {
	t.Helper()
	quickly := 0
	// Read through a Reader's buffer, and in place (IndexBytes), where
	// the values are kept as they are in data.
	for _, r := range []sizedReaderAt{bytes.NewReader(data), &byteInput{Reader: bytes.NewReader(data), data: data}} {
		quickly = indexBothFrom(t, data, r)
	}
	return quickly
}

// indexBothFrom is indexBoth with quickScan reading data from r.
func indexBothFrom(t *testing.T, data []byte, r sizedReaderAt) int {
	t.Helper()
	q := newIndexBuilder(context.Background(), NewValueTable(), nil)
	if err := q.quick(r); err != nil {
		t.Fatalf("quick: %v", err)
	}
	q.ix.strs = q.v.t.Values()
	s := newIndexBuilder(context.Background(), NewValueTable(), nil)
	if err := s.slow(NewReader(bytes.NewReader(data)), func(*Reader) bool { return false }); err != nil {
		t.Fatalf("slow: %v", err)
	}
	s.ix.strs = s.v.t.Values()
	if q.offset != s.offset {
		t.Errorf("read to %d quickly, %d slowly", q.offset, s.offset)
	}
	if q.ix.Len() != s.ix.Len() {
		t.Fatalf("%d games quickly, %d slowly", q.ix.Len(), s.ix.Len())
	}
	for i := range q.ix.Len() {
		if a, b := q.ix.Entry(i), s.ix.Entry(i); a != b {
			t.Fatalf("game %d:\nquick %+v\nslow  %+v", i+1, a, b)
		}
	}
	qe, se := q.ix.Errors(), s.ix.Errors()
	if len(qe) != len(se) || q.ix.lost != s.ix.lost {
		t.Fatalf("%d errors quickly (%d lost), %d slowly (%d lost)", len(qe), q.ix.lost, len(se), s.ix.lost)
	}
	for i := range qe {
		if qe[i].Pos() != se[i].Pos() || qe[i].Game != se[i].Game || qe[i].GameLine != se[i].GameLine || qe[i].Error() != se[i].Error() {
			t.Fatalf("error %d: %v quickly, %v slowly", i, qe[i], se[i])
		}
	}
	return q.quickly
}

// eachCorpus calls f with each reference corpus, as it is and with CRLF
// line ends; it fails tb when they are not available.
func eachCorpus(tb testing.TB, f func(name string, crlf bool, data []byte)) {
	tb.Helper()
	for _, name := range []string{"features_6k.pgn", "lichess_annotated_1k.pgn"} {
		data := corpus.Read(tb, "pgn/"+name+".gz")
		f(name, false, data)
		f(name, true, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")))
	}
}

// TestQuickIndexCorpus checks the fast path against the Reader on the
// reference corpora, as they are and with CRLF line ends, and that it
// takes nearly every game.
func TestQuickIndexCorpus(t *testing.T) {
	eachCorpus(t, func(name string, crlf bool, data []byte) {
		quickly := indexBoth(t, data)
		ix, _ := BuildIndex(context.Background(), bytes.NewReader(data), nil)
		t.Logf("%s (CRLF %v): %d of %d games quickly", name, crlf, quickly, ix.Len())
		if quickly < ix.Len()*99/100 {
			t.Errorf("%s: only %d of %d games quickly", name, quickly, ix.Len())
		}
	})
}

// quickCases are inputs on the edge of what quickScan takes.
var quickCases = []string{
	"",
	"\n\n  \n",
	"[Event \"a\"]\n\n1. e4 e5 1-0\n",
	"[Event \"a\"]\n\n1. e4 e5 1-0",
	// Tag pairs in the usual form (quickTag) and lines of each kind it
	// leaves to the loop after it.
	"[Event \"a\"]\n[Site \"b\"]\r\n[Ev-nt \"c\"]\n[Date \"d\"]\n[Round \"e\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n[Site \"b\xff\"]\n[Date \"d\"]\n\n1. e4 *\n",
	"[Event \"é\"]\n[Site \"Åse\"]\n[Date \"d\"]\n\n1. e4 *\n",
	"[Foo \"a\"]\n[LongTagNameOfTwentyFive_ \"b\"]\n[White_2 \"c\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n[Si\"te \"b\"]\n[Date \"d\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n[Site \"b\\\"c\"]\n[Date \"d\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n[Site \"b\tc\"]\n[Date \"d\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n[Site \"b\"]\r\r\n[Date \"d\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n[Site \"b\"]\n[Date \"d\"]\n1. e4 *\n",
	"[Event \"a\"]\n[Site \"b\"]\n[Date \"d\"]\n[Event \"a\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n\n1. e4 e5 1-0   \n\n[Event \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n\n1. e4 e5 1-0 {after}\n[Event \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n\n1. e4 e5 1-0 [Event \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n  [Site \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"] [Site \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n1. d4 *\n",
	"[ Event   \"a\\\"b\\\\c\\d\"  ] \n\n1. d4 *\n",
	"[Event \"a\n\n1. d4 *\n",
	"[Event a]\n\n1. d4 *\n",
	"[Event \"a\"\n\n1. d4 *\n",
	"[White \"M\xfcller\"]\n\n1. d4 *\n",
	"[White \"Müller\"]\n\n1. d4 {caf\xe9} *\n",
	"\xef\xbb\xbf[Event \"a\"]\n\n1. d4 *\n",
	"% escape\n[Event \"a\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n\n% escape\n1. d4 *\n",
	"[Event \"a\"]\n\n1. d4 ; rest\n*\n",
	"[Event \"a\"]\n\n1. d4 {open\n[Event \"b\"]\n\n1. e4 *\n",
	"[Event \"a\"]\n\n1. d4 {a\ncomment\r\nover lines} d5 *\n",
	"[Event \"a\"]\n\n1. d4 {a\rb} d5 *\n",
	"[Event \"a\"]\r\n\r\n1. d4 d5\r2. c4 *\r\n",
	"[Event \"a\"]\r\n\r\n1. d4 d5\r\n2. c4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. e4 1/2-1/2\r\n",
	"[Event \"a\"]\n\n1. e4 (1. d4 d5 (1... Nf6) 2. c4) (1. c4) e5 2. Nf3 $1 $22 N Nc6 ep 0-1\n",
	"[Event \"a\"]\n\n(1. d4) 1. e4 *\n",
	"[Event \"a\"]\n\n1. e4 ) e5 *\n",
	"[Event \"a\"]\n\n1. e4 (e5 *\n",
	"[Event \"a\"]\n\n1. e4 (e5 1-0) *\n",
	"[Event \"a\"]\n\n1. e4 e5 2. O-O 0-0 0000 *\n",
	"[Event \"a\"]\n\n1. e4 0000 e5 *\n",
	"[0\"\"]\n0000*",
	"[Event \"a\"]\n\n1. e4 00 000 0000. e5 *\n",
	"[Event \"a\"]\n\n1. e4 e5 2. exd6e.p. e8=Q e8/Q e8(Q) *\n",
	"[Event \"a\"]\n\n1. e4 e5 +- = ∞ ½-½\n",
	"[Event \"a\"]\n\n1. e4 e5 1/2\n",
	"[Event \"a\"]\n\n1. e4 e5 0.5-0.5\n",
	"[Event \"a\"]\n\n1. e4 e5 1-0a *\n",
	"[Event \"a\"]\n\n1. e4 e5 $ $1234 *\n",
	"[Event \"a\"]\n\n12 e4 e5 *\n",
	"[Event \"a\"]\n\n1. e4 {unterminated\n",
	"[Event \"a\"]\n\n1. e4 e5 *\n\n\n[Event \"b\"]\n\n1. d4",
	"{before} [Event \"a\"]\n\n1. e4 *\n",
	"1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n\n1. e4 \x00 *\n",
	"[Event \"a\"]\n\n1. e4 e5 \"x\" *\n",
	"[Event \"a\"]\n\n1. e4 e5 } *\n",
	"[Event \"a\"]\n\n1. e4 e5 <> *\n",
	"[_ \"a\"]\n\n1. e4 *\n\n[_x \"b\"]\n\n1. d4 *\n",
	"[Event \"a\"]\n\n1.e4 e5 2.Nf3 Nc6 *\n",
	"[Event \"a\"]\n\n1. e4 e5 2. Nf3\n[Event \"b\"]\n1. d4 *\n",
	"[Event \"a\"]\f\v\n\t\n1. e4\te5 *\t\n",
}

// TestQuickIndexEdges checks the fast path against the Reader on the edge
// cases, each alone, repeated, and after a game it takes.
func TestQuickIndexEdges(t *testing.T) {
	const plain = "[Event \"p\"]\n[Site \"s\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 $1 1-0\n\n"
	for _, c := range quickCases {
		for _, data := range []string{c, c + c, plain + c + plain, c + "\n" + plain} {
			t.Run("", func(t *testing.T) { indexBoth(t, []byte(data)) })
		}
	}
}

// TestQuickIndexLarge checks games larger than the fast path's buffer, and
// a line over the Reader's limit.
func TestQuickIndexLarge(t *testing.T) {
	comment := "{" + strings.Repeat("a long comment ", 100) + "}\n"
	big := "[Event \"big\"]\n\n1. e4 " + strings.Repeat(comment, 3000) + "e5 *\n\n"
	small := "[Event \"s\"]\n\n1. d4 d5 1-0\n\n"
	if n := indexBoth(t, []byte(small+big+small+big+small)); n != 5 {
		t.Errorf("%d games quickly, want 5", n)
	}
	long := "[Event \"long\"]\n\n1. e4 {" + strings.Repeat("x", DefaultLimits().MaxLineLength+10) + "} *\n\n"
	if n := indexBoth(t, []byte(small+long+small)); n != 2 {
		t.Errorf("%d games quickly, want 2", n)
	}
}

// FuzzQuickIndex checks the fast path against the Reader on any input.
func FuzzQuickIndex(f *testing.F) {
	for _, c := range quickCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		indexBoth(t, data)
		// A section of a larger input: offsets count from where it starts.
		r := io.NewSectionReader(bytes.NewReader(append([]byte("xyz"), data...)), 3, int64(len(data)))
		a, err := BuildIndex(context.Background(), r, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := BuildIndex(context.Background(), bytes.NewReader(data), nil)
		if a.Len() != b.Len() || a.Len() > 0 && a.Entry(a.Len()-1) != b.Entry(b.Len()-1) {
			t.Fatalf("a section gives %d games, the whole %d", a.Len(), b.Len())
		}
	})
}

// TestQuickTag checks quickTag's reading of tag pair lines: the usual form
// is read, with values of every length, anything else is left to game's
// loop, and no byte from n on is read.
func TestQuickTag(t *testing.T) {
	tests := []struct {
		line        string
		name, value string // when read
	}{
		{"[Event \"x\"]\n", "Event", "x"},
		{"[Event \"x\"]\r\n", "Event", "x"},
		{"[Event \"\"]\n", "Event", ""},
		{"[White \"Øster, Åse\"]\n", "White", "Øster, Åse"},
		{"[White \"Ø\"]\n", "White", "Ø"},
		{"[_9 \"x\"]\n", "_9", "x"},
		{"[WhiteElo \"2500\"]\n", "WhiteElo", "2500"},
		{"[TimeControl \"40/7200:3600\"]\n", "TimeControl", "40/7200:3600"},
		{"[WhiteRatingDiff \"+5\"]\n", "WhiteRatingDiff", "+5"},
		{"[WhiteRatingDiffs \"+5\"]\n", "WhiteRatingDiffs", "+5"},
		{"[LongTagNameOfTwentyFive_ \"x\"]\n", "LongTagNameOfTwentyFive_", "x"},
		{"[Evento \"x\"]\n", "Evento", "x"},
		{"[event \"x\"]\n", "event", "x"},
		{"[Ev-nt \"x\"]\n", "", ""},
		{"[Event- \"x\"]\n", "", ""},
		{"[White.Elo \"1\"]\n", "", ""},
		{"[Event \"x\"]\r", "", ""},
		{"[Event \"x\"]x\n", "", ""},
		{"[Event \"x\" ]\n", "", ""},
		{"[Event \"x\"] \n", "", ""},
		{"[Event  \"x\"]\n", "", ""},
		{"[Event\t\"x\"]\n", "", ""},
		{"[ Event \"x\"]\n", "", ""},
		{"[\"x\"]\n", "", ""},
		{"[Event x]\n", "", ""},
		{"[Event \"a\\\"b\"]\n", "", ""},
		{"[Event \"a\\\\\"]\n", "", ""},
		{"[Event \"x\ny\"]\n", "", ""},
		{"[Event \"x\ry\"]\n", "", ""},
		{"[Event \"\xff\"]\n", "", ""},
		{"[Event \"x\"", "", ""},
	}
	for k := range 40 {
		v := strings.Repeat("abcdefg", 6)[:k]
		tests = append(tests, struct{ line, name, value string }{"[Site \"" + v + "\"]\n", "Site", v})
		tests = append(tests, struct{ line, name, value string }{"[Site \"" + v + "é\"]\n", "Site", v + "é"})
	}
	for _, tt := range tests {
		b := []byte(tt.line + " \n1. e4 e5 2. Nf3 *\n")
		var s tagSpan
		j, ok := quickTag(b, 0, len(b), 0, 1000, &s)
		if ok != (tt.name != "") {
			t.Errorf("%q: ok %v", tt.line, ok)
			continue
		}
		if ok {
			if got := string(b[s.name[0]:s.name[1]]); got != tt.name {
				t.Errorf("%q: name %q", tt.line, got)
			}
			if want := tagCodeOf([]byte(tt.name)); s.code != want {
				t.Errorf("%q: code %d, want %d", tt.line, s.code, want)
			}
			if got := string(b[s.value[0]:s.value[1]]); got != tt.value || s.escaped {
				t.Errorf("%q: value %q, escaped %v", tt.line, got, s.escaped)
			}
			if end := strings.TrimRight(tt.line, "\r\n"); j != len(end) {
				t.Errorf("%q: line end %d, want %d", tt.line, j, len(end))
			}
			if _, ok := quickTag(b, 0, len(b), 0, j-1, new(tagSpan)); ok {
				t.Errorf("%q: read with a line longer than the limit", tt.line)
			}
		}
		// Cut short, the line is left to the loop, and nothing past the
		// cut is read: the bytes past it are junk that would end it.
		for cut := range len(tt.line) - 1 {
			c := append([]byte(tt.line[:cut]), "\"]\n\"]\n\"]\n\"]\n\"]\n\"]\n"...)
			if _, ok := quickTag(c, 0, cut, 0, 1000, new(tagSpan)); ok {
				t.Errorf("%q cut at %d: read", tt.line, cut)
			}
		}
	}
}

// leWord returns the 8 bytes of b as a little-endian word.
func leWord(b []byte) uint64 {
	var w uint64
	for k := 7; k >= 0; k-- {
		w = w<<8 | uint64(b[k])
	}
	return w
}

// TestTagNameTable checks that tagNames finds each of its names, with the
// code tagCodeOf gives it, and no other name: those that differ by a
// byte, a letter's case or a length.
func TestTagNameTable(t *testing.T) {
	if tagNames == nil {
		t.Fatal("two names of commonTagNames fall in one slot: choose another tagNameMul")
	}
	find := func(name string) (tagCode, bool) {
		var w [16]byte
		copy(w[:], name+" \"x\"]\n0123456789abcdef") // as in a line
		return tagNames.findName(leWord(w[:8]), leWord(w[8:]), len(name))
	}
	for _, name := range commonTagNames {
		for k := range len(name) {
			if !isTagNameByte(name[k]) {
				t.Errorf("%q is no tag name", name)
			}
		}
		if code, ok := find(name); !ok || code != tagCodeOf([]byte(name)) {
			t.Errorf("%q: code %d, found %v; want %d", name, code, ok, tagCodeOf([]byte(name)))
		}
		for _, other := range []string{name[:len(name)-1], name + "x", strings.ToLower(name), strings.ToUpper(name), "x" + name[1:]} {
			if other == name || slices.Contains(commonTagNames, other) {
				continue
			}
			if code, ok := find(other); ok {
				t.Errorf("%q found, code %d", other, code)
			}
		}
	}
	if _, ok := find(""); ok {
		t.Error("the empty name found")
	}
}
