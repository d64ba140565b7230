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
//
// It pays: BenchmarkIndexQuickScan lists the reference corpora in a third
// of the Reader's time, features_6k in 15.9 ms against 48.4 ms and
// lichess_annotated_1k in 2.85 ms against 8.13 ms (medians of 5, on a
// shared two-core machine; indexer.md §7).
type quickScan struct {
	limits Limits
	moves  []int32 // moves at each open depth, in byteMoves
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
//
// It goes in three steps, each of which answers quickOK to go on, or what
// game answers: the white space before the game (gameStart), the tag
// section (tagSection), and the movetext, 64 bytes at a time (wordMoves)
// or else a byte at a time (byteMoves).
func (q *quickScan) game(b []byte, col int, eof bool) (g quickGame, st quickStatus) {
	n := len(b)
	if !eof {
		// Leave room for every look-ahead: a token that reaches the end
		// of b may go on.
		n -= 16
		if n <= 0 {
			return g, quickMore
		}
	}
	c, st := gameStart(b, n, col, eof)
	if st != quickOK {
		return g, st
	}
	g.start, g.line, g.col = c.i, c.nl, c.i-c.lineStart+1
	if c, st = q.tagSection(b, n, c, eof); st != quickOK {
		return g, st
	}
	if q.words == wordsGeneric || q.words == wordsAuto && scanWordsFast() {
		if g, st, done := q.wordMoves(b, n, c, g, eof); done {
			if st == quickOK {
				q.worded++
			}
			return g, st
		}
	}
	return q.byteMoves(b, n, c, g, eof)
}

// cursor is where game is in its bytes: the offset of the next byte, the
// line breaks before it, and the offset of its line's first byte (negative
// on the line the bytes start in the middle of).
type cursor struct {
	i, nl, lineStart int
}

// newLine returns c past the line terminator of t bytes at c.i.
func (c cursor) newLine(t int) cursor {
	c.i += t
	return cursor{i: c.i, nl: c.nl + 1, lineStart: c.i}
}

// gameStart passes the white space and line breaks at the start of b, whose
// first byte is at column col, up to n. It answers quickOK with the cursor
// at the game's first '[', quickEOF or quickMore (as eof says) when b holds
// nothing else, and quickSlow for a lone CR or a game that starts
// otherwise.
func gameStart(b []byte, n, col int, eof bool) (cursor, quickStatus) {
	c := cursor{lineStart: 1 - col}
	for {
		if c.i >= n {
			if eof {
				return c, quickEOF
			}
			return c, quickMore
		}
		if isBlank(b[c.i]) {
			c.i++
			continue
		}
		t := lineEnd(b, c.i)
		if t < 0 {
			return c, quickSlow
		}
		if t == 0 {
			break
		}
		c = c.newLine(t)
	}
	if b[c.i] != '[' {
		return c, quickSlow
	}
	return c, quickOK
}

// tagSection reads the tag section from its first '[' at c, one tag pair a
// line, and the empty lines after it, and gives each pair to q.v. It
// answers quickOK with c at the first byte of the movetext.
func (q *quickScan) tagSection(b []byte, n int, c cursor, eof bool) (cursor, quickStatus) {
	more := moreStatus(eof)
	max := q.limits.MaxLineLength
	if q.v != nil {
		q.v.startTags()
	}
	for tags := 1; ; tags++ {
		// Most tag pairs are read by quickTag; tagLine reads the others,
		// or finds why quickScan cannot.
		var s tagSpan
		j, ok := quickTag(b, c.i, n, c.lineStart, max, &s)
		if !ok {
			var st quickStatus
			if j, st = tagLine(b, c.i, n, c.lineStart, max, &s, more); st != quickOK {
				return c, st
			}
		}
		if tags > q.limits.MaxTags {
			return c, quickSlow
		}
		if q.v != nil {
			q.tag(b, &s)
		}
		c.i = j
		c = c.newLine(lineEnd(b, j))
		if c.i < n && b[c.i] == '[' {
			continue // the next tag pair, as usual
		}

		// The next line: another tag pair, empty lines, then the movetext.
		var blank bool
		var st quickStatus
		if c, blank, st = emptyLines(b, n, c, more); st != quickOK {
			return c, st
		}
		if b[c.i] == '[' && !blank {
			continue
		}
		if b[c.i] == '[' || b[c.i] == '%' || firstNonBlank(b, c.i) == '[' {
			return c, quickSlow
		}
		return c, quickOK
	}
}

// tagLine reads the tag pair of the line at b[i], a '[', in the forms
// quickTag leaves: blanks around its parts, escapes in its value, blanks
// before the line's end. It sets s as quickTag does and returns the offset
// of the line's end with quickOK; more when the line reaches n, and
// quickSlow for a line quickScan leaves to the Reader.
func tagLine(b []byte, i, n, lineStart, max int, s *tagSpan, more quickStatus) (int, quickStatus) {
	*s = tagSpan{}
	j := i + 1
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
		return j, more
	}
	if s.name[0] == s.name[1] || b[j] != '"' {
		return j, quickSlow
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
			return j, quickSlow
		}
		high |= c
		j++
	}
	if j >= n {
		return j, more
	}
	s.value[1] = j
	j++
	for j < n && isBlank(b[j]) {
		j++
	}
	if j >= n {
		return j, more
	}
	if b[j] != ']' {
		return j, quickSlow
	}
	j++
	for j < n && isBlank(b[j]) {
		j++
	}
	if j >= n {
		return j, more
	}
	if lineEnd(b, j) <= 0 || j-lineStart > max || high >= utf8.RuneSelf && !utf8.Valid(b[lineStart:j]) {
		return j, quickSlow
	}
	return j, quickOK
}

// emptyLines passes the empty lines from c, at the start of a line, and
// the blanks that start the next line; blank says whether there were
// any empty lines. It answers quickOK with c at the start of the first
// line with text (its blanks not passed), more when n comes first.
func emptyLines(b []byte, n int, c cursor, more quickStatus) (_ cursor, blank bool, _ quickStatus) {
	for {
		if c.i >= n {
			return c, blank, more // no movetext: a missing result
		}
		j := c.i
		for j < n && isBlank(b[j]) {
			j++
		}
		if j >= n {
			return c, blank, more
		}
		t := lineEnd(b, j)
		if t < 0 {
			return c, blank, quickSlow
		}
		if t == 0 {
			return c, blank, quickOK
		}
		blank = true
		c.i = j
		c = c.newLine(t)
	}
}

// byteMoves scans the movetext of game g from c a byte at a time, to the
// end of the game: it counts the moves, passes move numbers, comments
// (passComment), NAGs and variations, and ends at the result (end).
func (q *quickScan) byteMoves(b []byte, n int, c cursor, g quickGame, eof bool) (quickGame, quickStatus) {
	more := moreStatus(eof)
	max := q.limits.MaxLineLength
	depth := 0
	q.moves = append(q.moves[:0], 0)
	for {
		if c.i >= n {
			return g, more
		}
		ch := b[c.i]
		switch byteClass[ch] {
		case clsSpace:
			if ch != '\r' {
				c.i++
				continue
			}
		case clsLetter:
			// A move, or "N" or "ep" alone, which are none; not one the
			// Reader reads with the bytes that follow ("e.p.", "e8/Q",
			// "e8(Q)").
			j := c.i + 1
			for j < n && isSymbolByte(b[j]) {
				j++
			}
			if j >= n {
				return g, more
			}
			if b[j] == '.' || b[j] == '/' || b[j] == '(' {
				return g, quickSlow
			}
			if !(j == c.i+1 && ch == 'N' || j == c.i+2 && ch == 'e' && b[c.i+1] == 'p') {
				q.moves[depth]++
				if depth == 0 {
					g.plies++
				}
			}
			c.i = j
			if b[c.i] == ' ' { // the usual one space after a move
				c.i++
			}
			continue
		case clsDigit:
			// A result, or a move number.
			if ch <= '1' && c.i+1 < len(b) && (b[c.i+1] == '-' || b[c.i+1] == '/' || ch == '0' && b[c.i+1] == '.') {
				if res, k := matchResult(b[c.i:]); k > 0 {
					if depth > 0 {
						return g, quickSlow
					}
					return q.end(b, g, c, k, res, eof)
				}
			}
			j := c.i + 1
			for j < n && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			if j < n && b[j] == '.' {
				for j < n && b[j] == '.' {
					j++
				}
			} else if j < n && isSymbolByte(b[j]) || string(b[c.i:j]) == "0000" {
				return g, quickSlow // castling with zeros, a null move, a bad token
			}
			if j >= n {
				return g, more
			}
			c.i = j
			if b[c.i] == ' ' {
				c.i++
			}
			continue
		}
		switch ch {
		case '\n', '\r':
			t := lineEnd(b, c.i)
			if t < 0 || c.i-c.lineStart > max {
				return g, quickSlow
			}
			c = c.newLine(t)
			if c.i >= n {
				return g, more
			}
			// A new line of movetext: a '%' escape or the next game's tags
			// end the fast path.
			if b[c.i] == '%' || firstNonBlank(b, c.i) == '[' {
				return g, quickSlow
			}
		case '.', '!', '?':
			c.i++
		case '{':
			// A comment that ends on its line, as most do, or else
			// passComment.
			if j := c.i + 1 + commentStop(b[c.i+1:]); j < len(b) && b[j] == '}' {
				c.i = j + 1
			} else {
				var st quickStatus
				if c, st = passComment(b, c, j, max, more); st != quickOK {
					return g, st
				}
			}
			if c.i < n && b[c.i] == ' ' {
				c.i++
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
			c.i++
		case ')':
			if depth == 0 {
				return g, quickSlow
			}
			depth--
			c.i++
		case '$':
			j := c.i + 1
			for j < n && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			if j == c.i+1 || j-c.i > 4 {
				return g, quickSlow
			}
			c.i = j
		case '*':
			if depth > 0 {
				return g, quickSlow
			}
			return q.end(b, g, c, 1, "*", eof)
		default:
			return g, quickSlow
		}
	}
}

// passComment passes the comment that opens at c, a '{', to just after its
// '}', counting its line breaks; j is its first '}', LF or CR, or len(b)
// (commentStop). It answers more when b ends first, and
// quickSlow for a lone CR, a line longer than max, or a line in it
// that looks like a tag pair, which may be the next game after an
// unterminated comment.
func passComment(b []byte, c cursor, j, max int, more quickStatus) (cursor, quickStatus) {
	for {
		if j >= len(b) {
			return c, more
		}
		if b[j] == '}' {
			break
		}
		t := lineEnd(b, j)
		if t < 0 || j-c.lineStart > max {
			return c, quickSlow
		}
		c.i = j
		c = c.newLine(t)
		j = c.i
		if firstNonBlank(b, j) == '[' {
			e := bytes.IndexByte(b[j:], '\n')
			if e < 0 {
				return c, more
			}
			if looksLikeTagPair(bytes.TrimSuffix(b[j:j+e], []byte("\r"))) {
				return c, quickSlow
			}
		}
		j += commentStop(b[j:])
	}
	c.i = j + 1
	return c, quickOK
}

// quickTag reads the tag pair of the line at b[i], a '[', in its usual
// form: a name, one space, a quoted value without escapes, '"', ']' and
// the line's end, LF or CRLF. It sets the pair's spans and code in s, and
// returns the offset of the line's end, where the line's bytes up to that
// end are valid UTF-8 and no more than max after lineStart. ok is false
// for anything else, which tagLine reads byte by byte; it reads no
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

// end finishes game g at the result token res of k bytes at c: the rest
// of its line must be white space.
func (q *quickScan) end(b []byte, g quickGame, c cursor, k int, res string, eof bool) (quickGame, quickStatus) {
	nl, lineStart := c.nl, c.lineStart
	p := c.i + k
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
