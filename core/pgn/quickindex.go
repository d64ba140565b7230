package pgn

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"touchmove/core/charset"
)

// quickStatus is what quickScan.game found.
type quickStatus uint8

const (
	quickOK   quickStatus = iota // a game, indexed
	quickEOF                     // nothing but white space left
	quickMore                    // the bytes end before the game does
	quickSlow                    // something the general reader must read
)

// quickScan indexes the games that follow the common layout — tag pairs
// one per line, movetext of moves, move numbers, comments, NAGs and
// variations, ended by a result — straight from the bytes, without the
// Reader's line-by-line machinery. It accepts a game only where the Reader would
// index it the same way and find no problem in it; for anything else it
// answers quickSlow, and the Reader reads that game.
type quickScan struct {
	limits Limits
	moves  []int32 // moves at each open depth, in game's byte loop
	buf    []byte  // unescaped tag values
	// v, if not nil, is given each tag pair as game reads it; for a game
	// that game does not accept, those it was given are cleared by the
	// visitor's next game. stable says that the bytes game reads stay as
	// they are until the Index is built, so that v may keep values as
	// they are in them.
	v      *indexVisitor
	stable bool

	words wordsMode // how movetext is scanned
	// The state of wordMoves within a game: its words, and the result
	// that visitWord found.
	ws            wordScan
	endAt, endLen int
	endRes        string
	tail          [64]byte // the last bytes of the input, for scanWords
	worded        int      // games whose movetext wordMoves decided
}

// wordsMode says how quickScan scans movetext.
type wordsMode uint8

const (
	wordsAuto    wordsMode = iota // 64 bytes at a time where the processor classifies them quickly
	wordsOff                      // a byte at a time
	wordsGeneric                  // 64 bytes at a time, classified in Go (for tests)
)

// tagSpan is where a tag pair's name and value are in the scanned bytes.
type tagSpan struct {
	name, value [2]int
	escaped     bool
	code        tagCode // what the index reads of it, by its name
}

// quickGame is a game that quickScan accepted.
type quickGame struct {
	start  int    // offset of its '[' in the bytes scanned
	end    int    // where the Reader would stop reading it (InputOffset)
	line   int    // line breaks before its '['
	lines  int    // line breaks in [0, end)
	col    int    // column of its '['
	endCol int    // column of end
	plies  int    // main-line moves
	result string // the result token
}

// isBlank reports whether c is white space within a line that quickScan
// passes over: no line break, no carriage return.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// lineEnd reports whether a line ends at b[i]: the length of its line
// terminator (1 for LF, 2 for CRLF), 0 if the line goes on, and -1 for
// a lone CR, which the Reader reads as a line break of its own.
func lineEnd(b []byte, i int) int {
	switch b[i] {
	case '\n':
		return 1
	case '\r':
		if i+1 < len(b) && b[i+1] == '\n' {
			return 2
		}
		return -1
	}
	return 0
}

// game scans the game that starts after white space at the start of b,
// whose first byte is at column col. eof says that b runs to the end of
// the input; if it does not, quickMore asks for more bytes when the game
// may go on past b. On quickOK, g describes the game and visit reports its
// tags in order.
func (q *quickScan) game(b []byte, col int, eof bool) (g quickGame, st quickStatus) {
	n := len(b)
	more := moreStatus(eof)
	if !eof {
		// Leave room for every look-ahead: a token that reaches the end
		// of b may go on.
		n -= 16
		if n <= 0 {
			return g, quickMore
		}
	}
	// lineStart is the offset of the current line's first byte; negative
	// while on the line b started in the middle of.
	lineStart := 1 - col
	nl := 0
	i := 0
	for {
		if i >= n {
			if eof {
				return g, quickEOF
			}
			return g, quickMore
		}
		c := b[i]
		if isBlank(c) {
			i++
			continue
		}
		t := lineEnd(b, i)
		if t < 0 {
			return g, quickSlow
		}
		if t == 0 {
			break
		}
		i += t
		nl++
		lineStart = i
	}
	if b[i] != '[' {
		return g, quickSlow
	}
	g.start, g.line, g.col = i, nl, i-lineStart+1
	max := q.limits.MaxLineLength

	// The tag section: one tag pair a line.
	if q.v != nil {
		q.v.startTags()
	}
	for tags := 1; ; tags++ {
		// Most tag pairs are read by quickTag; the loop below reads the
		// others, or finds why quickScan cannot.
		var ts tagSpan
		s := &ts
		j, ok := quickTag(b, i, n, lineStart, max, s)
		if !ok {
			*s = tagSpan{}
			j = i + 1
			for j < n && isBlank(b[j]) {
				j++
			}
			s.name[0] = j
			for j < n && isTagNameByte(b[j]) {
				j++
			}
			s.name[1] = j
			s.code = tagCodeOf(b[s.name[0]:j])
			for j < n && isBlank(b[j]) {
				j++
			}
			if j >= n {
				return g, more
			}
			if s.name[0] == s.name[1] || b[j] != '"' {
				return g, quickSlow
			}
			j++
			s.value[0] = j
			var high byte
			for j < n && b[j] != '"' {
				c := b[j]
				if c == '\\' {
					s.escaped = true
					j++
					if j >= n {
						break
					}
					c = b[j]
				}
				if c == '\n' || c == '\r' {
					return g, quickSlow
				}
				high |= c
				j++
			}
			if j >= n {
				return g, more
			}
			s.value[1] = j
			j++
			for j < n && isBlank(b[j]) {
				j++
			}
			if j >= n {
				return g, more
			}
			if b[j] != ']' {
				return g, quickSlow
			}
			j++
			for j < n && isBlank(b[j]) {
				j++
			}
			if j >= n {
				return g, more
			}
			if lineEnd(b, j) <= 0 || j-lineStart > max || high >= utf8.RuneSelf && !utf8.Valid(b[lineStart:j]) {
				return g, quickSlow
			}
		}
		t := lineEnd(b, j)
		if tags > q.limits.MaxTags {
			return g, quickSlow
		}
		if q.v != nil {
			q.tag(b, s)
		}
		i = j + t
		nl++
		lineStart = i
		if i < n && b[i] == '[' {
			continue // the next tag pair, as usual
		}

		// The next line: another tag pair, empty lines, then the movetext.
		blank := false
		for {
			if i >= n {
				return g, more // no movetext: a missing result
			}
			j := i
			for j < n && isBlank(b[j]) {
				j++
			}
			if j >= n {
				return g, more
			}
			t := lineEnd(b, j)
			if t < 0 {
				return g, quickSlow
			}
			if t > 0 {
				blank = true
				i = j + t
				nl++
				lineStart = i
				continue
			}
			break
		}
		if b[i] == '[' && !blank {
			continue
		}
		if b[i] == '[' || b[i] == '%' || firstNonBlank(b, i) == '[' {
			return g, quickSlow
		}
		break
	}

	// The movetext.
	if q.words == wordsGeneric || q.words == wordsAuto && scanWordsFast() {
		if g, st, done := q.wordMoves(b, i, n, g, nl, lineStart, eof); done {
			if st == quickOK {
				q.worded++
			}
			return g, st
		}
	}
	depth := 0
	q.moves = append(q.moves[:0], 0)
	for {
		if i >= n {
			return g, more
		}
		c := b[i]
		switch byteClass[c] {
		case clsSpace:
			if c != '\r' {
				i++
				continue
			}
		case clsLetter:
			j := i + 1
			for j < n && isSymbolByte(b[j]) {
				j++
			}
			if j >= n {
				return g, more
			}
			if b[j] == '.' || b[j] == '/' || b[j] == '(' {
				return g, quickSlow
			}
			if !(j == i+1 && c == 'N' || j == i+2 && c == 'e' && b[i+1] == 'p') {
				q.moves[depth]++
				if depth == 0 {
					g.plies++
				}
			}
			i = j
			if b[i] == ' ' { // the usual one space after a move
				i++
			}
			continue
		case clsDigit:
			if c <= '1' && i+1 < len(b) && (b[i+1] == '-' || b[i+1] == '/' || c == '0' && b[i+1] == '.') {
				if res, k := matchResult(b[i:]); k > 0 {
					if depth > 0 {
						return g, quickSlow
					}
					return q.end(b, g, i, k, res, nl, lineStart, eof)
				}
			}
			j := i + 1
			for j < n && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			if j < n && b[j] == '.' {
				for j < n && b[j] == '.' {
					j++
				}
			} else if j < n && isSymbolByte(b[j]) || string(b[i:j]) == "0000" {
				return g, quickSlow // castling with zeros, a null move, a bad token
			}
			if j >= n {
				return g, more
			}
			i = j
			if b[i] == ' ' {
				i++
			}
			continue
		}
		switch c {
		case '\n', '\r':
			t := lineEnd(b, i)
			if t < 0 || i-lineStart > max {
				return g, quickSlow
			}
			i += t
			nl++
			lineStart = i
			if i >= n {
				return g, more
			}
			// A new line of movetext: a '%' escape or the next game's tags
			// end the fast path.
			if b[i] == '%' || firstNonBlank(b, i) == '[' {
				return g, quickSlow
			}
		case '.', '!', '?':
			i++
		case '{':
			// Pass over the comment, minding its line breaks.
			j := i + 1
			for {
				j += commentStop(b[j:])
				if j >= len(b) {
					return g, more
				}
				if b[j] == '}' {
					break
				}
				t := lineEnd(b, j)
				if t < 0 || j-lineStart > max {
					return g, quickSlow
				}
				j += t
				nl++
				lineStart = j
				// A line in a comment that looks like a tag pair may be
				// the next game after an unterminated comment.
				if firstNonBlank(b, j) == '[' {
					e := bytes.IndexByte(b[j:], '\n')
					if e < 0 {
						return g, more
					}
					if looksLikeTagPair(bytes.TrimSuffix(b[j:j+e], []byte("\r"))) {
						return g, quickSlow
					}
				}
			}
			i = j + 1
			if i < n && b[i] == ' ' {
				i++
			}
		case '(':
			if q.moves[depth] == 0 || depth+1 > q.limits.MaxDepth {
				return g, quickSlow
			}
			depth++
			if depth == len(q.moves) {
				q.moves = append(q.moves, 0)
			}
			q.moves[depth] = 0
			i++
		case ')':
			if depth == 0 {
				return g, quickSlow
			}
			depth--
			i++
		case '$':
			j := i + 1
			for j < n && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			if j == i+1 || j-i > 4 {
				return g, quickSlow
			}
			i = j
		case '*':
			if depth > 0 {
				return g, quickSlow
			}
			return q.end(b, g, i, 1, "*", nl, lineStart, eof)
		default:
			return g, quickSlow
		}
	}
}

// quickTag reads the tag pair of the line at b[i], a '[', in its usual
// form: a name, one space, a quoted value without escapes, '"', ']' and
// the line's end, LF or CRLF. It sets the pair's spans and code in s, and
// returns the offset of the line's end, where the line's bytes up to that
// end are valid UTF-8 and no more than max after lineStart. ok is false
// for anything else, which game's loop reads byte by byte; it reads no
// byte from n on.
func quickTag(b []byte, i, n, lineStart, max int, s *tagSpan) (j int, ok bool) {
	b = b[:n] // nothing from n on is read
	j = i + 1
	s.name[0] = j
	s.code, ok = tagIgnored, false
	if j+16 <= len(b) {
		// The name and the space after it in two words: a common name
		// is found in tagNames, known well formed, with its code.
		w := b[j : j+16]
		lo, hi := binary.LittleEndian.Uint64(w), binary.LittleEndian.Uint64(w[8:])
		k := 16
		if m := bytesOf(lo, ' ') & highBits; m != 0 {
			k = bits.TrailingZeros64(m) / 8
		} else if m := bytesOf(hi, ' ') & highBits; m != 0 {
			k = 8 + bits.TrailingZeros64(m)/8
		}
		if s.code, ok = tagNames.findName(lo, hi, k); ok {
			j += k
		}
	}
	if !ok {
		for j < len(b) && isTagNameByte(b[j]) {
			j++
		}
		s.code = tagCodeOf(b[s.name[0]:j])
	}
	s.name[1] = j
	if j+2 > len(b) || j == s.name[0] || b[j] != ' ' || b[j+1] != '"' {
		return j, false
	}
	j += 2
	s.value[0] = j
	s.escaped = false
	// Eight bytes at a time to the first '"', '\\', control byte (LF and
	// CR among them) or byte of 0x80 and up.
	high := false
	for {
		if j+8 > len(b) {
			return j, false
		}
		w := binary.LittleEndian.Uint64(b[j : j+8])
		m := (bytesOf(w, '"') | bytesOf(w, '\\') | (w-0x20*lowBits)&^w | w) & highBits
		if m == 0 {
			j += 8
			continue
		}
		j += bits.TrailingZeros64(m) / 8
		if c := b[j]; c != '"' {
			if c < utf8.RuneSelf {
				return j, false // an escape, a control byte
			}
			high = true
			j++
			continue
		}
		break
	}
	s.value[1] = j
	if j+3 > len(b) || b[j+1] != ']' {
		return j, false
	}
	j += 2
	if b[j] != '\n' && (b[j] != '\r' || byteAt(b, j+1) != '\n') || j-lineStart > max || high && !utf8.Valid(b[lineStart:j]) {
		return j, false
	}
	return j, true
}

// highBits has the high bit of each byte of a word set.
const highBits = 0x8080808080808080

// lowBits has the low bit of each byte of a word set.
const lowBits = 0x0101010101010101

// bytesOf returns a word whose byte k has its high bit set where byte k of
// w is c, and where a lower byte is (the borrow of a subtraction runs up):
// the lowest byte so marked, under highBits, is exactly the first c.
func bytesOf(w uint64, c byte) uint64 {
	x := w ^ uint64(c)*lowBits
	return (x - lowBits) &^ x
}

// commentStop returns the index of the first '}', LF or CR in b, or len(b),
// looking at eight bytes at a time.
func commentStop(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if m := (bytesOf(w, '}') | bytesOf(w, '\n') | bytesOf(w, '\r')) & highBits; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '}' || c == '\n' || c == '\r' {
			return i
		}
	}
	return len(b)
}

// firstNonBlank returns the first byte from b[i] on that is not blank, or
// 0 if there is none.
func firstNonBlank(b []byte, i int) byte {
	for ; i < len(b); i++ {
		if !isBlank(b[i]) {
			return b[i]
		}
	}
	return 0
}

// end finishes game g at the result token of k bytes at b[i]: the rest of
// its line must be white space.
func (q *quickScan) end(b []byte, g quickGame, i, k int, res string, nl, lineStart int, eof bool) (quickGame, quickStatus) {
	p := i + k
	j := p
	for j < len(b) && isBlank(b[j]) {
		j++
	}
	t := 0
	if j < len(b) {
		if t = lineEnd(b, j); t <= 0 {
			return g, quickSlow
		}
	} else if !eof {
		return g, quickMore
	}
	if j-lineStart > q.limits.MaxLineLength {
		return g, quickSlow
	}
	g.result = res
	if j == p {
		// The Reader stops after the line the result ends.
		g.end, g.lines, g.endCol = p+t, nl, 1
		if t > 0 {
			g.lines++
		} else {
			g.endCol = p - lineStart + 1
		}
	} else {
		g.end, g.lines, g.endCol = p, nl, p-lineStart+1
	}
	return g, quickOK
}

// tag gives the tag pair s, read from b, to q.v.
func (q *quickScan) tag(b []byte, s *tagSpan) {
	value := b[s.value[0]:s.value[1]]
	if s.escaped {
		out := q.buf[:0]
		for k := 0; k < len(value); k++ {
			if value[k] == '\\' && k+1 < len(value) && (value[k+1] == '"' || value[k+1] == '\\') {
				k++
			}
			out = append(out, value[k])
		}
		q.buf, value = out, out
	}
	q.v.tag(s.code, value, q.stable && !s.escaped)
}

// IndexBytes is BuildIndexWith of a reader of data, reading data in place
// rather than copying it piece by piece (data may be a section of a file in
// memory); the Index keeps no reference to data.
func IndexBytes(ctx context.Context, data []byte, t *ValueTable, progress func(Progress)) (*Index, error) {
	return indexBytes(ctx, data, t, charset.Unknown, progress)
}

// indexBytes is IndexBytes of a file of charset cs.
func indexBytes(ctx context.Context, data []byte, t *ValueTable, cs charset.Charset, progress func(Progress)) (*Index, error) {
	return buildIndex(ctx, &byteInput{Reader: bytes.NewReader(data), data: data}, t, cs, progress)
}

// byteInput is the input of IndexBytes.
type byteInput struct {
	*bytes.Reader
	data []byte
}
