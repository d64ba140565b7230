package pgn

import (
	"bytes"
	"math/bits"
)

// The movetext of most games is scanned 64 bytes at a time: each byte class
// the scan needs becomes a 64-bit mask, a bit a byte (classify, in assembly
// where the processor has AVX2), and comments, symbols and move counts come
// out of shifts, additions and population counts over the masks, as
// simdjson finds the structure of JSON. Bytes that need a decision one at a
// time — move numbers, line breaks, variations, NAGs, the result — are
// visited bit by bit. Whatever the masks cannot decide for certain sends the
// game back to the byte-by-byte loop of quickScan.game.

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
	dots    uint64 // '.'
	digits  uint64 // 0–9
	zeros   uint64 // '0'
	pees    uint64 // 'p'
}

// maskWords is how many 64-byte words are classified at a time.
const maskWords = 16

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
	mcDot
	mcDigit
	mcZero
	mcPee
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
		m |= mcDot | mcAllowed
	case '0':
		m |= mcZero
	case ' ', '!', '?':
		m |= mcAllowed
	case 'p':
		m |= mcPee
	}
	return m
}

// classifyGeneric is classify in Go: it fills out from the 64-byte words
// of src.
func classifyGeneric(src []byte, out []wordMasks) {
	for w := range out {
		var m wordMasks
		for k, c := range src[64*w : 64*w+64] {
			cl, bit := moveClass(c), uint64(1)<<k
			for _, f := range [...]struct {
				class uint16
				mask  *uint64
			}{
				{mcOpen, &m.open}, {mcClose, &m.close}, {mcLine, &m.lines}, {mcCR, &m.crs},
				{mcSym, &m.sym}, {mcLetter, &m.letters}, {mcAllowed, &m.allowed},
				{mcEvent, &m.events}, {mcDot, &m.dots}, {mcDigit, &m.digits}, {mcZero, &m.zeros},
				{mcPee, &m.pees},
			} {
				if cl&f.class != 0 {
					*f.mask |= bit
				}
			}
		}
		out[w] = m
	}
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

// wordMoves scans the movetext that starts at b[i] as game does, with the
// masks of classify; nl and lineStart are game's line count and line start
// there. It returns done false when the masks cannot decide the game, which
// game then scans byte by byte from b[i]; done true with game's result
// otherwise. n is where game stops scanning.
func (q *quickScan) wordMoves(b []byte, i, n int, g quickGame, nl, lineStart int, eof bool) (_ quickGame, _ quickStatus, done bool) {
	max := q.limits.MaxLineLength
	depth := 0
	q.moves = q.moves[:0] // the moves of the depths outside this one
	cur := int32(0)       // the moves at this depth
	// Carried from one word to the next: inside a comment (all ones or
	// zero), the last byte a symbol, the carry of the letter-run sum, and
	// the symbols begun in the last two bytes.
	var inComment, symCarry, sumCarry, pending uint64
	lastBreak := -1 // the last '\n' in b, once needed
	for base := i; ; {
		words := min((n-base)/64, maskWords)
		src, tail := b[base:], false
		if words <= 0 {
			if !eof || base >= n {
				return g, moreStatus(eof), !eof
			}
			// The last bytes of the input, followed by zeros: a zero
			// byte is in no mask.
			q.tail = [64]byte{}
			copy(q.tail[:], b[base:n])
			src, words, tail = q.tail[:], 1, true
		}
		if q.words == wordsGeneric {
			classifyGeneric(src[:64*words], q.masks[:words])
		} else {
			classify(src[:64*words], q.masks[:words])
		}
		for w := range words {
			m := &q.masks[w]
			at := base + 64*w // the offset of bit 0

			// Comments: from '{' to the next '}'. A '{' inside a comment
			// or a '}' outside one breaks the alternation; game decides.
			p := prefixXor(m.open|m.close) ^ inComment
			out := ^(p | m.close)
			broken := m.open&^p | m.close&p

			// Symbols outside comments, the bytes that start them, and
			// the byte after each symbol that starts with a letter.
			sym := m.sym & out
			start := sym &^ (sym<<1 | symCarry)
			letStart := start & m.letters
			sum, carry := bits.Add64(sym, letStart, sumCarry)
			runEnd := sum &^ sym

			// A symbol of one or two letters may be "N" or "ep", which are
			// no moves; those begun at the end of the last word end here.
			if pending != 0 {
				if pending&2 != 0 && runEnd&3 != 0 && notMove(b, at-1) ||
					pending&1 != 0 && runEnd&1 != 0 && notMove(b, at-2) {
					cur--
				}
			}
			moves := letStart
			for c := letStart & (runEnd>>1 | (runEnd>>2)&(m.pees>>1)); c != 0; c &= c - 1 {
				if k := bits.TrailingZeros64(c); notMove(b, at+k) {
					moves &^= 1 << k
				}
			}

			// Symbols that start with a digit are move numbers unless the
			// digits are followed by a symbol byte or one game does not
			// read, start with '0' (a result, or "0000", a null move), or
			// run into the next word: those may be a result (or something
			// game does not take) and are visited.
			digits := m.digits & out
			digStart := start & m.digits
			dsum, dcarry := bits.Add64(digits, digStart, 0)
			events := m.events & out
			if dsum&^digits&(sym|^m.allowed) != 0 || digStart&m.zeros != 0 || dcarry != 0 {
				events |= digStart
			}
			// Line breaks in comments are visited; all are where a line may
			// be too long, else they are counted afterwards.
			long := at+64-lineStart > max
			if long {
				events |= m.lines
			} else {
				events |= m.lines & p
			}

			// Visit the bytes decided one at a time, in order.
			limit := ^uint64(0) // the bits of this game
			end, endLen, res := -1, 0, ""
		visit:
			for ; events != 0; events &= events - 1 {
				k := bits.TrailingZeros64(events)
				before := moves & (1<<k - 1)
				moves &^= before
				cur += int32(bits.OnesCount64(before))
				j := at + k
				switch c := b[j]; c {
				case '\n':
					if long {
						e := j // the line's end: its LF, or a CR before
						if b[j-1] == '\r' {
							e--
						}
						if e-lineStart > max {
							return g, quickSlow, false
						}
						nl++
						lineStart = j + 1
					}
					// A line in a comment that may be a tag pair (a tag
					// name after its '['), or that no line break ends in
					// b: game decides whether the comment ends the game.
					if p&(1<<k) != 0 {
						t := j + 1
						for t < len(b) && isBlank(b[t]) {
							t++
						}
						if byteAt(b, t) == '[' {
							if lastBreak < 0 {
								lastBreak = bytes.LastIndexByte(b, '\n')
							}
							if lastBreak == j || isTagNameByte(byteAt(b, t+1)) &&
								looksLikeTagPair(bytes.TrimSuffix(b[j+1:j+1+bytes.IndexByte(b[j+1:], '\n')], []byte("\r"))) {
								return g, quickSlow, false
							}
						}
					}
				case '(':
					if isSymbolByte(b[j-1]) || cur == 0 || depth+1 > q.limits.MaxDepth {
						return g, quickSlow, false
					}
					depth++
					q.moves = append(q.moves, cur)
					cur = 0
				case ')':
					if depth == 0 {
						return g, quickSlow, false
					}
					depth--
					cur = q.moves[depth]
					q.moves = q.moves[:depth]
				case '$':
					d := j + 1
					for d < len(b) && b[d] >= '0' && b[d] <= '9' {
						d++
					}
					if d == j+1 || d-j > 4 || isSymbolByte(byteAt(b, d)) {
						return g, quickSlow, false
					}
				case '*':
					if depth > 0 {
						return g, quickSlow, false
					}
					end, endLen, res = j, 1, "*"
					limit = 1<<k - 1
					break visit
				default:
					if c < '0' || c > '9' {
						return g, quickSlow, false // none: only digits are left
					}
					if b[j-1] == '$' {
						continue // a NAG's number
					}
					if c <= '1' && j+1 < len(b) && (b[j+1] == '-' || b[j+1] == '/' || c == '0' && b[j+1] == '.') {
						if r, k2 := matchResult(b[j:]); k2 > 0 {
							if depth > 0 {
								return g, quickSlow, false
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
						return g, quickSlow, false
					}
				}
			}
			if end < 0 {
				cur += int32(bits.OnesCount64(moves))
			}
			if lines := m.lines & limit; !long && lines != 0 {
				nl += bits.OnesCount64(lines)
				lineStart = at + 64 - bits.LeadingZeros64(lines)
			}

			// What game would not take: broken comments, bytes it does not
			// read outside comments, a CR not before a LF, symbols that
			// start with _ + # = : -, a letter symbol followed by '.'.
			bad := broken | ^m.allowed&out | start&^(m.letters|m.digits) | runEnd&m.dots
			if m.crs != 0 {
				bad = crBad(b, m, at, bad)
			}
			if bad&limit != 0 {
				return g, quickSlow, false
			}
			if end >= 0 {
				g.plies = int(cur) // at depth 0
				g, st := q.end(b, g, end, endLen, res, nl, lineStart, eof)
				return g, st, true
			}
			inComment = -(p >> 63)
			symCarry = sym >> 63
			sumCarry = carry
			pending = letStart >> 62
		}
		if tail {
			return g, quickSlow, false // no result: game decides
		}
		base += 64 * words
	}
}

// moreStatus is what game answers when the bytes end before the game does:
// the Reader reads on at the end of the input, else more bytes are wanted.
func moreStatus(eof bool) quickStatus {
	if eof {
		return quickSlow
	}
	return quickMore
}
