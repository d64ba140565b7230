package charset

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Detect decides the charset of text, the bytes of a PGN file or a sample
// of them (docs/pgn.md §1):
//
//   - with a UTF-8 byte order mark, or when no line is invalid UTF-8
//     (pure ASCII included), it is UTF8;
//   - when more lines hold valid UTF-8 beyond ASCII than lines that are not
//     valid UTF-8, it is UTF8 too: a file joined from several sources, whose
//     stray lines the reader reads as Windows-1252;
//   - else it is the single-byte set whose reading of the invalid lines
//     looks most like the text of its languages: the letters' frequencies
//     (Russian for the three Cyrillic sets, the Central European languages
//     for Windows-1250 and ISO-8859-2, the Western ones for Windows-1252),
//     the frequent Russian letter pairs, capitals inside a word and words
//     that mix scripts. Two sets that read the text alike are equally right;
//     the first of Windows-1252, Windows-1251, Windows-1250, KOI8-R, CP866,
//     ISO-8859-2 is taken.
//
// Valid UTF-8 lines are read as UTF-8 whatever the decision, so a UTF-8
// game in a file of another set still reads right.
func Detect(text []byte) Charset {
	if bytes.HasPrefix(text, []byte("\xef\xbb\xbf")) {
		return UTF8
	}
	var wide, bad int
	var legacy []byte
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		if ascii(line) {
			continue
		}
		if utf8.Valid(line) {
			wide++
			continue
		}
		bad++
		if len(legacy) < guessMax {
			legacy = append(legacy, line...)
		}
	}
	if bad == 0 || wide > bad {
		return UTF8
	}
	return Guess(legacy)
}

// guessMax bounds the bytes of lines Detect hands to Guess: 16 KiB of a
// file's names and comments decide as well as all of them, and scoring
// costs some 100 ns a byte for the six sets.
const guessMax = 16 << 10

// Guess returns the single-byte set whose reading of text scores best, as
// Detect decides for the lines that are not UTF-8.
func Guess(text []byte) Charset {
	m := newModel()
	best, bestScore := Windows1252, math.Inf(-1)
	for _, c := range []Charset{Windows1252, Windows1251, Windows1250, KOI8R, CP866, ISO8859_2} {
		if s := m.score(c, text); s > bestScore {
			best, bestScore = c, s
		}
	}
	return best
}

// Scores returns the score of text read in each single-byte set, in the
// order of All without UTF-8: for tests and for tuning.
func Scores(text []byte) map[Charset]float64 {
	m := newModel()
	out := make(map[Charset]float64)
	for _, c := range All()[1:] {
		out[c] = m.score(c, text)
	}
	return out
}

func ascii(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// The languages' letters, each with its frequency in a thousand letters
// of the names, events and comments of chess files beyond ASCII (for
// Cyrillic, of all letters: every letter of a Russian word is beyond
// ASCII). Capitals count a fifth of their small letters. The frequencies
// are rounded from the usual letter counts of the languages.
const (
	westernLetters = "é20 ü12 ö10 ä10 ß4 è5 à5 á5 í4 ó4 ú2 ñ3 ç3 ê2 â1 ô1 î1 ï1 ë1 û1 å3 ø3 æ2 ã1 õ1 " +
		"ì0.5 ò0.5 ù0.5 ý0.3 ð0.2 þ0.1 š0.3 ž0.3 œ0.3 ÿ0.05"
	centralLetters = "á15 é8 í10 ó4 ú4 ý6 č10 ď2 ě8 ň2 ř6 š8 ť2 ž7 ů3 ľ2 ĺ0.3 ŕ0.3 ô1 ä1 ą3 ę3 ł5 ń2 " +
		"ś2 ź1 ż2 ő1 ű0.5 ö2 ü2 ă1 â0.5 î0.5 ş0.5 ţ0.5 ç0.3"
	cyrillicLetters = "о110 е85 а80 и74 н67 т63 с55 р47 в45 л44 к35 м32 д30 п28 у26 я20 ы19 ь17 г17 з17 " +
		"б16 ч14 й12 х10 ж9 ш7 ю6 ц5 щ4 э3 ф3 ъ0.4 ё0.4 і2 ї0.3 є0.3 ґ0.1 ў0.1"
	// Frequent Russian letter pairs.
	cyrillicPairs = "ст но то на ен ов ни ра во ко ер ан ро ос пр ал ли ор ет ва ск ел ит ин ев ол ие ка ла ре"
	// Marks that text in these sets holds beside letters.
	punctuation = "«»–—…’‘“”„·°€£§²³½¼¾±×№"
)

// model is the letters' weights of each family of sets.
type model struct {
	western, central, cyrillic map[rune]float64
	pairs                      map[[2]rune]bool
}

func newModel() *model {
	m := &model{western: weights(westernLetters, 1000), central: weights(centralLetters, 1000),
		cyrillic: weights(cyrillicLetters, 1000), pairs: make(map[[2]rune]bool)}
	for _, p := range strings.Fields(cyrillicPairs) {
		rs := []rune(p)
		m.pairs[[2]rune{rs[0], rs[1]}] = true
	}
	return m
}

// weights reads "x20 y3" into log-probabilities of the letters and of
// their capitals (a fifth as frequent).
func weights(spec string, total float64) map[rune]float64 {
	w := make(map[rune]float64)
	for _, f := range strings.Fields(spec) {
		r, n := utf8.DecodeRuneInString(f)
		v, err := strconv.ParseFloat(f[n:], 64)
		if err != nil {
			continue
		}
		w[r] = math.Log(v / total)
		if u := unicode.ToUpper(r); u != r {
			w[u] = math.Log(v / total / 5)
		}
	}
	return w
}

// Penalties, as log-probabilities.
const (
	otherLetter  = -9.0  // a letter the languages hardly use
	markWeight   = -6.0  // punctuation of the list
	junkWeight   = -13.0 // a control, a box-drawing or other symbol
	mixedScripts = -10.0 // a word of Latin and Cyrillic letters
	capitalAfter = -4.0  // a capital after a small letter inside a word
	pairBonus    = 1.5   // a frequent Russian pair
)

// score returns how well text, read in c, looks like the languages of c.
// Only the words holding bytes beyond ASCII count, and only those bytes'
// letters, with their words' shapes.
func (m *model) score(c Charset, text []byte) float64 {
	freq := m.western
	switch c {
	case Windows1251, KOI8R, CP866:
		freq = m.cyrillic
	case Windows1250, ISO8859_2:
		freq = m.central
	}
	total := 0.0
	word := make([]rune, 0, 32)
	flush := func(high bool) {
		if high {
			total += m.word(freq, word)
		}
		word = word[:0]
	}
	high := false
	for _, b := range text {
		if b >= utf8.RuneSelf || b|0x20 >= 'a' && b|0x20 <= 'z' {
			r := c.Rune(b)
			if b >= utf8.RuneSelf {
				high = true
				if !unicode.IsLetter(r) {
					// A mark ends the word, and counts on its own.
					flush(high)
					high = false
					total += markScore(r)
					continue
				}
				word = append(word, r|highFlag)
			} else {
				word = append(word, r)
			}
			continue
		}
		flush(high)
		high = false
	}
	flush(high)
	return total
}

// highFlag marks in a word the letters read from bytes beyond ASCII (no
// letter of these sets is that high).
const highFlag = 1 << 30

func markScore(r rune) float64 {
	if strings.ContainsRune(punctuation, r) || r == 0xA0 {
		return markWeight
	}
	return junkWeight
}

// word scores a word's letters beyond ASCII and its shape.
func (m *model) word(freq map[rune]float64, word []rune) float64 {
	s := 0.0
	latin, cyrillic := false, false
	var prev rune
	for i, x := range word {
		r := x &^ highFlag
		if x&highFlag != 0 {
			if w, ok := freq[r]; ok {
				s += w
			} else {
				s += otherLetter
			}
		}
		if unicode.Is(unicode.Cyrillic, r) {
			cyrillic = true
		} else {
			latin = true
		}
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(prev) {
			s += capitalAfter
		}
		if i > 0 && m.pairs[[2]rune{unicode.ToLower(prev), unicode.ToLower(r)}] {
			s += pairBonus
		}
		prev = r
	}
	if latin && cyrillic {
		s += mixedScripts
	}
	return s
}

// Sampling a large file: its start, and pieces spread through the rest.
const (
	sampleHead   = 1 << 20
	samplePieces = 15
	samplePiece  = 64 << 10
)

// DetectFile decides the charset of the file r of size bytes, as Detect
// does, from a sample: its first mebibyte and fifteen pieces of 64 KiB
// spread through the rest, each cut to whole lines. It reads at most 2 MiB
// whatever the size.
func DetectFile(r io.ReaderAt, size int64) (Charset, error) {
	if size <= sampleHead+samplePieces*samplePiece {
		buf := make([]byte, size)
		n, err := r.ReadAt(buf, 0)
		if err != nil && err != io.EOF {
			return Unknown, err
		}
		return Detect(buf[:n]), nil
	}
	sample := make([]byte, sampleHead, sampleHead+samplePieces*samplePiece)
	if _, err := r.ReadAt(sample, 0); err != nil {
		return Unknown, err
	}
	if bytes.HasPrefix(sample, []byte("\xef\xbb\xbf")) {
		return UTF8, nil
	}
	sample = sample[:bytes.LastIndexByte(sample, '\n')+1]
	piece := make([]byte, samplePiece)
	step := (size - sampleHead) / samplePieces
	for k := int64(0); k < samplePieces; k++ {
		off := sampleHead + k*step + step/2 - samplePiece/2
		n, err := r.ReadAt(piece, off)
		if err != nil && err != io.EOF {
			return Unknown, err
		}
		p := piece[:n]
		i, j := bytes.IndexByte(p, '\n'), bytes.LastIndexByte(p, '\n')
		if i >= 0 && j > i {
			sample = append(sample, p[i+1:j+1]...)
		}
	}
	return Detect(sample), nil
}
