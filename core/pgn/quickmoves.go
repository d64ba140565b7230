package pgn

import (
	"bytes"
	"math/bits"
)

// The movetext of most games is scanned 64 bytes at a time (scanWords, in
// assembly where the processor has AVX2): each byte class the scan needs
// becomes a 64-bit mask, a bit a byte (classifyWord), and comments,
// symbols and move counts come out of shifts, additions and population
// counts over the masks (deriveWord), as simdjson finds the structure of
// JSON. Words with nothing else in them are only counted; in the others,
// bytes that need a decision one at a time — move numbers, line breaks,
// variations, NAGs, the result — are visited bit by bit (visitWord).
// Whatever the masks cannot decide for certain sends the game back to the
// byte-by-byte loop of quickScan.byteMoves.
//
// It pays in assembly only: listing the million-game benchmark file takes
// 41% less CPU time than with the byte loop (4.16 s against 7.04 s), and
// indexing its first 30 MB half the instructions (242 M against 498 M);
// scanWordsGeneric, the same scan in Go, takes nine times the CPU time of
// the assembly and is only the reference the tests hold it to
// (indexer.md §7). Building with the tag purego leaves the assembly out,
// to measure it again.

// wordMasks classifies 64 bytes of movetext: bit k of each mask is byte k.
type wordMasks struct {
	open    uint64 // '{'
	close   uint64 // '}'
	lines   uint64 // '\n'
	crs     uint64 // '\r'
	sym     uint64 // bytes of symbols: A–Z a–z 0–9 _ + # = : -
	letters uint64 // A–Z a–z
	allowed uint64 // sym, and ' ' '\n' '.' '!' '?' '{' '}' '(' ')' '$' '*'
	events  uint64 // '(' ')' '$' '*'
	digits  uint64 // 0–9
	// Two masks serve several needs each (see deriveWord), to spare
	// the work of a mask.
	marks  uint64 // '.' '0' '['
	blanks uint64 // ' ' '\t' '\v' '\f', and 'p'
}

// The bits of moveClass, one for each mask of wordMasks.
const (
	mcOpen = 1 << iota
	mcClose
	mcLine
	mcCR
	mcSym
	mcLetter
	mcAllowed
	mcEvent
	mcDigit
	mcMark
	mcBlank
)

// moveClass returns the masks of wordMasks that byte c is in.
func moveClass(c byte) uint16 {
	var m uint16
	switch {
	case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
		m = mcSym | mcLetter | mcAllowed
	case c >= '0' && c <= '9':
		m = mcSym | mcDigit | mcAllowed
	case c == '_', c == '+', c == '#', c == '=', c == ':', c == '-':
		m = mcSym | mcAllowed
	}
	switch c {
	case '{':
		m |= mcOpen | mcAllowed
	case '}':
		m |= mcClose | mcAllowed
	case '\n':
		m |= mcLine | mcAllowed
	case '\r':
		m |= mcCR
	case '(', ')', '$', '*':
		m |= mcEvent | mcAllowed
	case '.':
		m |= mcMark | mcAllowed
	case '0', '[':
		m |= mcMark
	case ' ':
		m |= mcAllowed | mcBlank
	case '!', '?':
		m |= mcAllowed
	case 'p', '\t', '\v', '\f':
		m |= mcBlank
	}
	return m
}

// classifyWord returns the masks of the 64 bytes of word, as scanWordsAVX2
// classifies each word it scans.
func classifyWord(word []byte) wordMasks {
	var m wordMasks
	for k, c := range word[:64] {
		cl, bit := moveClass(c), uint64(1)<<k
		for _, f := range [...]struct {
			class uint16
			mask  *uint64
		}{
			{mcOpen, &m.open}, {mcClose, &m.close}, {mcLine, &m.lines}, {mcCR, &m.crs},
			{mcSym, &m.sym}, {mcLetter, &m.letters}, {mcAllowed, &m.allowed},
			{mcEvent, &m.events}, {mcDigit, &m.digits}, {mcMark, &m.marks}, {mcBlank, &m.blanks},
		} {
			if cl&f.class != 0 {
				*f.mask |= bit
			}
		}
	}
	return m
}

// prefixXor returns x with each bit the XOR of itself and the bits below it.
func prefixXor(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}

// crBad returns the bits of bad, the bytes game would not take in the
// word of m at b[at], with CRs in CRLFs taken and the other CRs not.
//
//go:noinline
func crBad(b []byte, m *wordMasks, at int, bad uint64) uint64 {
	next := m.lines >> 1
	if byteAt(b, at+64) == '\n' {
		next |= 1 << 63
	}
	crlf := m.crs & next
	return bad&^crlf | m.crs&^crlf
}

// byteAt returns b[i], or 0 past the end of b.
func byteAt(b []byte, i int) byte {
	if i < len(b) {
		return b[i]
	}
	return 0
}

// notMove reports whether the symbol at b[j] is one that game does not
// count as a move: "N" or "ep" alone.
func notMove(b []byte, j int) bool {
	switch b[j] {
	case 'N':
		return !isSymbolByte(byteAt(b, j+1))
	case 'e':
		return byteAt(b, j+1) == 'p' && !isSymbolByte(byteAt(b, j+2))
	}
	return false
}

// wordFacts is what deriveWord finds in one word of movetext, from its
// masks and the state carried from the words before.
type wordFacts struct {
	p      uint64 // the bytes inside comments, from '{' to before '}'
	moves  uint64 // the first bytes of symbols that start with a letter
	check  uint64 // those of them that may be "N" or "ep"
	events uint64 // the bytes to visit but line breaks
	bad    uint64 // bytes game would not take (but the CRs of CRLFs)
	lines  uint64 // line feeds
	// comLines are the line feeds in comments. Those that a '[' and a
	// tag name byte, or a blank, follow are visited (attn); the others
	// only where they may be the last line break of the bytes.
	comLines uint64
	// attn is nonzero when the word needs more than counting moves and
	// lines: events, a check, bad bytes, CRs not before a LF in the word,
	// a line in a comment that may be a tag pair, or a symbol from the
	// word before that may be "N" or "ep".
	attn uint64
	// cross says which symbols of the word before, begun in its last two
	// bytes, end in this word with one or two bytes: bit 1 the one begun
	// in the last byte, bit 0 the one before.
	cross uint64
	// digCross is the start of a symbol of digits that runs into the
	// next word, unless it starts with '0': one of events, which the scan
	// passes when the bytes after the word show a move number
	// (digitsEnd).
	digCross uint64
}

// wordCarry is the state deriveWord carries from one word to the next.
type wordCarry struct {
	inComment uint64 // inside a comment at the end of the word: all ones, or zero
	sym       uint64 // the last byte a symbol: 1 or 0
	sum       uint64 // the carry of the letter-run sum
	pending   uint64 // the symbols begun with a letter in the last two bytes
}

// deriveWord returns the facts of the word whose masks are m, with the
// state c carried from the words before, which it moves past the word: the
// bit operations of wordMoves, kept apart from its visits, which
// scanWordsAVX2 does in assembly.
func deriveWord(m *wordMasks, c *wordCarry) wordFacts {
	// Comments: from '{' to the next '}'. A '{' inside a comment
	// or a '}' outside one breaks the alternation; game decides.
	p := prefixXor(m.open|m.close) ^ c.inComment
	out := ^(p | m.close)

	// Symbols outside comments, the bytes that start them, and the
	// byte after each symbol that starts with a letter.
	sym := m.sym & out
	start := sym &^ (sym<<1 | c.sym)
	letStart := start & m.letters
	sum, carry := bits.Add64(sym, letStart, c.sum)
	runEnd := sum &^ sym

	// A symbol of one or two letters may be "N" or "ep", which are no
	// moves; those begun at the end of the last word end here. (Of
	// blanks, only a 'p' can be followed by the end of a symbol.)
	cross := c.pending&2&-(runEnd&3>>1|runEnd&1) | c.pending&1&-(runEnd&1)
	check := letStart & (runEnd>>1 | (runEnd>>2)&(m.blanks>>1))

	// Symbols that start with a digit are move numbers unless the
	// digits are followed by a symbol byte or one game does not read,
	// start with '0' (a result, or "0000", a null move), or run into
	// the next word: those may be a result (or something game does not
	// take) and are visited — all digit symbols of the word in the
	// first case, which comes once a game, just those in the others.
	// The digit runs begun in the word are those the addition clears.
	// (The only digit of marks is '0'.)
	digits := m.digits & out
	digStart := start & m.digits
	dsum := digits + digStart
	events := m.events&out | digStart&m.marks
	if dsum&^digits&(sym|^m.allowed) != 0 {
		events |= digStart
	}
	var digCross uint64
	if (digits&^dsum)>>63 != 0 {
		digCross = 1 << (63 - bits.LeadingZeros64(digStart))
		events |= digCross
		digCross &^= m.marks
	}

	// Line breaks in comments before what may be a tag pair: a '['
	// and a tag name byte (marks and sym are supersets), or a blank;
	// those in the last two bytes are visited whatever follows.
	comLines := m.lines & p
	tagLines := comLines & ((m.marks>>1)&(m.sym>>2) | m.blanks>>1 | 3<<62)

	// What game would not take: broken comments, bytes it does not
	// read outside comments but the CRs of CRLFs, symbols that start
	// with _ + # = : -, a letter symbol followed by '.' (of marks,
	// the one that can follow a symbol and not be bad already). The
	// other CRs are visited: lone ones, and one at the end of the
	// word, which crBad decides.
	crlf := m.crs & (m.lines >> 1)
	bad := (m.open&^p | m.close&p | ^m.allowed&out | start&^(m.letters|m.digits) | runEnd&m.marks) &^ crlf

	*c = wordCarry{inComment: -(p >> 63), sym: sym >> 63, sum: carry, pending: letStart >> 62}
	return wordFacts{
		p: p, moves: letStart, check: check, events: events, bad: bad, lines: m.lines,
		comLines: comLines,
		attn:     events | check | bad | m.crs&^crlf | tagLines | cross,
		cross:    cross, digCross: digCross,
	}
}

// wordScan is the state of scanWords: the masks and facts of the word it
// stopped at, the state carried from word to word, and wordMoves' counts.
// scanWordsAVX2 reads and writes its fields at the offsets go_asm.h gives,
// in the sizes TestWordScanLayout holds.
type wordScan struct {
	m         wordMasks
	f         wordFacts
	carry     wordCarry
	at        int // the offset of the next word to scan, in the game's bytes
	lineStart int // game's line start
	nl        int // game's line count
	cur       int // the moves at the current depth
	max       int // the longest line the Reader takes
	nextBreak int // a line break in the game's bytes found by breakAfter, or -1
	// The variations open: how many, how many game takes, and the moves
	// of the depths outside the current one.
	depth    int
	maxDepth int
	stack    [1024]int32 // as deep as DefaultLimits nests
	// (After the fields scanWordsAVX2 reads.) The game's bytes [noBreakFrom, noBreakTo) hold no line break, as
	// breakAfter found: it searches them once, not at every word of a
	// line of megabytes.
	noBreakFrom, noBreakTo int
}

// calm reports whether the word of s.f, at s.at, ends no line too long,
// and whether any line break in a comment in it is followed by another
// line break (see breakAfter): then it needs only counting if its facts
// have nothing to visit, or once walk has passed their events.
func (s *wordScan) calm() bool {
	return s.at+64-s.lineStart <= s.max && (s.f.comLines == 0 || s.nextBreak > s.at+63)
}

// open opens a variation, if game would: after a move at this depth, and
// within maxDepth.
func (s *wordScan) open() bool {
	if s.cur == 0 || s.depth >= s.maxDepth {
		return false
	}
	s.stack[s.depth] = int32(s.cur)
	s.depth++
	s.cur = 0
	return true
}

// close closes the innermost variation, if one is open.
func (s *wordScan) close() bool {
	if s.depth == 0 {
		return false
	}
	s.depth--
	s.cur = int(s.stack[s.depth])
	return true
}

// walk visits the events of the word of s.f, whose bytes are word, as
// visitWord would, while they are variations and NAGs that the masks show
// to be well formed: it counts the moves before each, and takes those
// moves and the events it passes out of s.f. It reports whether it passed
// them all; if not, visitWord goes on from the first left.
func (s *wordScan) walk(word []byte) bool {
	f, m := &s.f, &s.m
	for f.events != 0 {
		k := bits.TrailingZeros64(f.events)
		before := f.moves & (1<<k - 1)
		s.cur += bits.OnesCount64(before)
		f.moves &^= before
		switch word[k] {
		case '(':
			// Not right after a symbol byte (a byte of the word before
			// is left to visitWord).
			if k == 0 || m.sym>>(k-1)&1 != 0 || !s.open() {
				return false
			}
		case ')':
			if !s.close() {
				return false
			}
		case '$':
			// One to three digits, and no symbol byte after them, in
			// the word.
			if k >= 60 {
				return false
			}
			run := bits.TrailingZeros64(^(m.digits >> (k + 1)))
			if run == 0 || run > 3 || m.sym>>(k+1+run)&1 != 0 {
				return false
			}
		default:
			return false
		}
		f.events &= f.events - 1
	}
	return true
}

// count counts the moves and lines of the word of s.f and goes on to the
// next.
func (s *wordScan) count() {
	s.cur += bits.OnesCount64(s.f.moves)
	if s.f.lines != 0 {
		s.nl += bits.OnesCount64(s.f.lines)
		s.lineStart = s.at + 64 - bits.LeadingZeros64(s.f.lines)
	}
	s.at += 64
}

// scanWordsGeneric is scanWords in Go: each of the first words 64-byte
// words of src is classified and derived into s, and counted while it is
// calm and its facts have nothing to visit but the events that walk
// passes. It returns how many were counted; if fewer than words, the next
// one, at s.at, needs visitWord, and s holds its masks and facts, less
// what walk passed, with the carry past it.
func scanWordsGeneric(src []byte, words int, s *wordScan) int {
	for k := range words {
		word := src[64*k : 64*k+64]
		s.m = classifyWord(word)
		s.f = deriveWord(&s.m, &s.carry)
		f := &s.f
		if f.attn&^f.events == 0 && f.comLines != 0 && s.at+64-s.lineStart <= s.max && s.nextBreak <= s.at+63 && k+1 < words {
			// A line break in a comment needs another after it: the
			// next word's first, if there is one.
			if j := bytes.IndexByte(src[64*k+64:64*k+128], '\n'); j >= 0 {
				s.nextBreak = s.at + 64 + j
			}
		}
		if !s.calm() || f.attn&^f.events != 0 {
			return k
		}
		if f.digCross != 0 && k+1 < words && digitsEnd(src[64*k+64:]) {
			f.events &^= f.digCross
			f.attn &^= f.digCross
		}
		if f.attn != 0 && !s.walk(word) {
			return k
		}
		s.count()
	}
	return words
}

// digitsEnd reports whether the symbol of digits that runs into next, the
// bytes of the next word, is a move number, which visitWord would pass:
// digits, then '.' or a byte that ends a symbol, within 8 bytes; but not
// '/', which may follow the '1' of "1/2-1/2". (A symbol that starts with
// '0' is not asked about, and '-' is a symbol byte.)
func digitsEnd(next []byte) bool {
	for _, c := range next[:8] {
		if c < '0' || c > '9' {
			return c == '.' || !isSymbolByte(c) && c != '/'
		}
	}
	return false
}

// wordMoves scans the movetext that starts at c as byteMoves does, 64
// bytes at a time. It returns done false when the words cannot decide the
// game, which byteMoves then scans from c; done true with game's result
// otherwise. n is where game stops scanning.
func (q *quickScan) wordMoves(b []byte, n int, c cursor, g quickGame, eof bool) (_ quickGame, _ quickStatus, done bool) {
	s := &q.ws
	s.carry, s.at, s.nl, s.lineStart, s.cur = wordCarry{}, c.i, c.nl, c.lineStart, 0
	s.max, s.nextBreak = q.limits.MaxLineLength, -1
	s.noBreakFrom, s.noBreakTo = 0, 0
	s.depth, s.maxDepth = 0, min(q.limits.MaxDepth, len(s.stack))
	for {
		words := (n - s.at) / 64
		src, tail := b[min(s.at, len(b)):], false
		if words <= 0 {
			if !eof || s.at >= n {
				return g, moreStatus(eof), !eof
			}
			// The last bytes of the input, followed by zeros: a zero
			// byte is in no mask.
			q.tail = [64]byte{}
			copy(q.tail[:], b[s.at:n])
			src, words, tail = q.tail[:], 1, true
		}
		var k int
		if q.words == wordsGeneric {
			k = scanWordsGeneric(src, words, s)
		} else {
			k = scanWords(src, words, s)
		}
		if k == words {
			if tail {
				return g, quickSlow, false // no result: game decides
			}
			continue
		}
		// A line break in a comment needs another after it, further than
		// scanWords knew.
		if s.f.attn == 0 && q.breakAfter(b, s.at+63) && s.calm() {
			s.count()
			continue
		}
		switch q.visitWord(b, &s.f, &s.m, s.at) {
		case wordOn:
			s.at += 64
			continue
		case wordSlow:
			return g, quickSlow, false
		}
		g.plies = s.cur // at depth 0
		g, st := q.end(b, g, cursor{i: q.endAt, nl: s.nl, lineStart: s.lineStart}, q.endLen, q.endRes, eof)
		return g, st, true
	}
}

// breakAfter reports whether b, the bytes of the game being scanned, holds
// a '\n' after b[j]. It remembers the one it found in q.ws.nextBreak: one
// about breakAhead bytes on, if there is one, so that scanWords need not
// stop for the lines before it; else the first after b[j].
func (q *quickScan) breakAfter(b []byte, j int) bool {
	if q.ws.nextBreak > j {
		return true
	}
	if far := j + breakAhead; far < len(b) {
		if k := bytes.IndexByte(b[far:min(far+breakLook, len(b))], '\n'); k >= 0 {
			q.ws.nextBreak = far + k
			return true
		}
	}
	from := j + 1
	if s := &q.ws; s.noBreakFrom <= from && from < s.noBreakTo {
		from = s.noBreakTo
	}
	if from >= len(b) {
		return false
	}
	k := bytes.IndexByte(b[from:], '\n')
	if k < 0 {
		if s := &q.ws; !(s.noBreakFrom <= j+1 && j+1 <= s.noBreakTo) {
			s.noBreakFrom = j + 1
		}
		q.ws.noBreakTo = len(b)
		return false
	}
	q.ws.nextBreak = from + k
	return true
}

// breakAfter first looks for a line break in the breakLook bytes that
// begin breakAhead bytes on.
const (
	breakAhead = 2048
	breakLook  = 256
)

// The answers of visitWord: go on with the next word, leave the game to
// byteMoves, or end the game at its result.
const (
	wordOn quickStatus = iota + 100
	wordSlow
	wordEnd
)

// visitWord is wordMoves on a word that needs more than counting, whose
// facts are f, masks m, and first byte b[at], with game's line count and
// line start in q.ws. It answers wordOn to go on to the
// next word, wordSlow when game must decide, or wordEnd when the game ends
// at the result that q.endAt, q.endLen and q.endRes give.
//
//go:noinline
func (q *quickScan) visitWord(b []byte, f *wordFacts, m *wordMasks, at int) quickStatus {
	s := &q.ws
	max := s.max
	nl, lineStart := s.nl, s.lineStart
	if f.cross&2 != 0 && notMove(b, at-1) || f.cross&1 != 0 && notMove(b, at-2) {
		s.cur--
	}
	moves := f.moves
	for c := f.check; c != 0; c &= c - 1 {
		if k := bits.TrailingZeros64(c); notMove(b, at+k) {
			moves &^= 1 << k
		}
	}
	// Line breaks in comments are visited; all are where a line may be
	// too long, else they are counted afterwards.
	events, p := f.events, f.p
	long := at+64-lineStart > max
	if long {
		events |= f.lines
	} else {
		events |= f.lines & p
	}

	// Visit the bytes decided one at a time, in order.
	limit := ^uint64(0) // the bits of this game
	end, endLen, res := -1, 0, ""
visit:
	for ; events != 0; events &= events - 1 {
		k := bits.TrailingZeros64(events)
		before := moves & (1<<k - 1)
		moves &^= before
		s.cur += bits.OnesCount64(before)
		j := at + k
		switch c := b[j]; c {
		case '\n':
			if long {
				e := j // the line's end: its LF, or a CR before
				if b[j-1] == '\r' {
					e--
				}
				if e-lineStart > max {
					return wordSlow
				}
				nl++
				lineStart = j + 1
			}
			// A line in a comment that may be a tag pair (a tag name
			// after its '['), or that no line break ends in b: game
			// decides whether the comment ends the game.
			if p&(1<<k) != 0 {
				t := j + 1
				for t < len(b) && isBlank(b[t]) {
					t++
				}
				if byteAt(b, t) == '[' {
					if !q.breakAfter(b, j) || isTagNameByte(byteAt(b, t+1)) &&
						looksLikeTagPair(bytes.TrimSuffix(b[j+1:j+1+bytes.IndexByte(b[j+1:], '\n')], []byte("\r"))) {
						return wordSlow
					}
				}
			}
		case '(':
			if isSymbolByte(b[j-1]) || !s.open() {
				return wordSlow
			}
		case ')':
			if !s.close() {
				return wordSlow
			}
		case '$':
			d := j + 1
			for d < len(b) && b[d] >= '0' && b[d] <= '9' {
				d++
			}
			if d == j+1 || d-j > 4 || isSymbolByte(byteAt(b, d)) {
				return wordSlow
			}
		case '*':
			if s.depth > 0 {
				return wordSlow
			}
			end, endLen, res = j, 1, "*"
			limit = 1<<k - 1
			break visit
		default:
			if c < '0' || c > '9' {
				return wordSlow // none: only digits are left
			}
			if b[j-1] == '$' {
				continue // a NAG's number
			}
			if c <= '1' && j+1 < len(b) && (b[j+1] == '-' || b[j+1] == '/' || c == '0' && b[j+1] == '.') {
				if r, k2 := matchResult(b[j:]); k2 > 0 {
					if s.depth > 0 {
						return wordSlow
					}
					end, endLen, res = j, k2, r
					limit = 1<<k - 1
					break visit
				}
			}
			d := j + 1
			for d < len(b) && b[d] >= '0' && b[d] <= '9' {
				d++
			}
			if c := byteAt(b, d); c != '.' && (isSymbolByte(c) || string(b[j:d]) == "0000") {
				return wordSlow
			}
		}
	}
	if end < 0 {
		s.cur += bits.OnesCount64(moves)
	}
	if lines := f.lines & limit; !long && lines != 0 {
		nl += bits.OnesCount64(lines)
		lineStart = at + 64 - bits.LeadingZeros64(lines)
	}

	// What game would not take: the bad bytes, and CRs not before a LF.
	bad := f.bad
	if m.crs != 0 {
		bad = crBad(b, m, at, bad)
	}
	if bad&limit != 0 {
		return wordSlow
	}
	s.nl, s.lineStart = nl, lineStart
	if end >= 0 {
		q.endAt, q.endLen, q.endRes = end, endLen, res
		return wordEnd
	}
	return wordOn
}

// moreStatus is what game answers when the bytes end before the game does:
// the Reader reads on at the end of the input, else more bytes are wanted.
func moreStatus(eof bool) quickStatus {
	if eof {
		return quickSlow
	}
	return quickMore
}
