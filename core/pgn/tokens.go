package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"
)

// startGame notes the first token of a game.
func (r *Reader) startGame(pos Pos) {
	if !r.started {
		r.started = true
		r.game++
		r.gameLine = pos.Line
		r.firstPos = pos
	}
}

// begin calls BeginGame once the game has more than comments, then hands
// over the comments read before it.
func (r *Reader) begin(v Visitor, pos Pos) {
	r.startGame(pos)
	if r.begun {
		return
	}
	r.begun = true
	r.skipGame(v.BeginGame(r.game, r.firstPos))
	if len(r.pre) > 0 && !r.skipAll {
		r.act(v.Comment(r.pre, r.prePos))
	}
}

// movetext enters the movetext, calling EndTags, before a movetext token at pos.
func (r *Reader) movetext(v Visitor, pos Pos) {
	if r.stage == stageMoves {
		return
	}
	r.begin(v, pos)
	r.stage = stageMoves
	if r.skipAll {
		return
	}
	switch a := v.EndTags(pos); a {
	case Skip:
		r.skipDepth = 0
	case Stop:
		r.act(a)
	}
}

// skipGame applies the answer of BeginGame or Tag, whose Skip skips the
// whole game.
func (r *Reader) skipGame(a Action) {
	if a == Skip {
		r.skipAll = true
	}
	r.act(a)
}

// act applies a visitor's answer to a call that has no Skip of its own.
// Stop gives the game up: the rest of it is read quietly.
func (r *Reader) act(a Action) {
	if a == Stop {
		r.skipAll, r.gaveUp = true, true
	}
}

// token reads one token of the current line.
func (r *Reader) token(v Visitor) {
	line, i := r.line, r.i
	c := line[i]
	switch byteClass[c] {
	case clsSpace:
		i++
		for i < len(line) && byteClass[line[i]] == clsSpace {
			i++
		}
		r.i = i
		return
	case clsLetter:
		r.symbol(v)
		return
	case clsDigit:
		r.digits(v)
		return
	}
	switch c {
	case '{':
		r.openComment(v)
	case ';':
		pos := r.pos(i)
		r.startGame(pos)
		r.i = len(line)
		r.emitComment(v, line[i+1:], pos)
	case '[':
		r.tagPair(v)
	case '(':
		r.openVariation(v)
	case ')':
		r.closeVariation(v)
	case '$':
		r.nag(v)
	case '!', '?':
		r.glyph(v)
	case '*':
		r.resultToken(v, "*", 1)
	case '+', '-', '=':
		r.plusMinus(v)
	case '.':
		for i < len(line) && line[i] == '.' {
			i++
		}
		r.i = i
	case '<', '>':
		r.i++ // reserved
	case '}':
		pos := r.pos(i)
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w '}'", ErrStrayClose))
		r.i++
	case '"':
		pos := r.pos(i)
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w: string outside a tag pair", ErrUnexpected))
		if k := bytes.IndexByte(line[i+1:], '"'); k >= 0 {
			r.i = i + k + 2
		} else {
			r.i = len(line)
		}
	default:
		if c >= utf8.RuneSelf {
			r.unicode(v)
			return
		}
		pos := r.pos(i)
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w %q", ErrUnexpected, c))
		r.i++
	}
}

// symbol reads a token that starts with a letter: a move, mostly.
func (r *Reader) symbol(v Visitor) {
	line, i := r.line, r.i
	n := len(line)
	j := i + 1
	for j < n && isSymbolByte(line[j]) {
		j++
	}
	// Extensions that do not fit the symbol syntax: "exd6e.p.", "e8/Q", "e8(Q)".
	for j < n {
		c := line[j]
		switch {
		case c == '.' && line[j-1] == 'e' && bytes.HasPrefix(line[j:], []byte(".p.")):
			j += 3
		case c == '/' && j+1 < n && isPromoLetter(line[j+1]):
			j += 2
		case c == '(' && j+2 < n && isPromoLetter(line[j+1]) && line[j+2] == ')' && (line[j-1] == '8' || line[j-1] == '1'):
			j += 3
		default:
			goto done
		}
		for j < n && isSymbolByte(line[j]) {
			j++
		}
	}
done:
	tok := line[i:j]
	r.i = j
	switch string(tok) {
	case "e.p.", "ep":
		r.startGame(r.pos(i)) // an en passant mark after the move: nothing to say
		return
	case "N":
		r.emitNAG(v, 146, i) // novelty
		return
	}
	r.emitMove(v, tok, i)
}

func isPromoLetter(c byte) bool {
	switch c {
	case 'Q', 'R', 'B', 'N', 'q', 'r', 'b', 'n':
		return true
	}
	return false
}

// emitMove reports a move token that starts at byte i.
func (r *Reader) emitMove(v Visitor, tok []byte, i int) {
	pos := r.pos(i)
	r.movetext(v, pos)
	if r.depth < len(r.moves) {
		r.moves[r.depth]++
	}
	if r.depth == 0 {
		r.plies++
	}
	if r.quiet() {
		return
	}
	switch a := v.Move(tok, pos); a {
	case Skip:
		r.skipDepth, r.skipEnd = r.depth, r.depth > 0
	case Stop:
		r.act(a)
	}
}

// digits reads a token that starts with a digit: a move number, a result,
// castling written with zeros, or "0000".
func (r *Reader) digits(v Visitor) {
	line, i := r.line, r.i
	n := len(line)
	if res, k := matchResult(line[i:]); k > 0 {
		r.resultToken(v, res, k)
		return
	}
	j := i
	for j < n && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	if j < n && line[j] == '.' {
		num := atoi(line[i:j])
		k := j
		for k < n && line[k] == '.' {
			k++
		}
		r.i = k
		r.emitNumber(v, num, i)
		return
	}
	k := j
	for k < n && isSymbolByte(line[k]) {
		k++
	}
	tok := line[i:k]
	r.i = k
	switch {
	case string(tok) == "0000" || bytes.HasPrefix(tok, []byte("0-0")):
		r.emitMove(v, tok, i)
	case j == k:
		r.emitNumber(v, atoi(tok), i)
	default:
		pos := r.pos(i)
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w %q", ErrBadToken, tok))
	}
}

func atoi(b []byte) int {
	n := 0
	for _, c := range b {
		n = n*10 + int(c-'0')
		if n > 1<<30 {
			return 1 << 30
		}
	}
	return n
}

func (r *Reader) emitNumber(v Visitor, num, i int) {
	pos := r.pos(i)
	r.movetext(v, pos)
	if !r.quiet() {
		r.act(v.MoveNumber(num, pos))
	}
}

func (r *Reader) emitNAG(v Visitor, nag uint8, i int) {
	pos := r.pos(i)
	r.movetext(v, pos)
	if !r.quiet() {
		r.act(v.NAG(nag, pos))
	}
}

// matchResult matches a result token at the start of b and returns it
// normalized, with its length.
func matchResult(b []byte) (string, int) {
	if len(b) < 3 && !(len(b) == 2 && b[0] == 0xC2) {
		return "", 0
	}
	switch b[0] { // quick rejection of move numbers
	case '0':
		if b[1] != '-' && b[1] != '.' {
			return "", 0
		}
	case '1':
		if b[1] != '-' && b[1] != '/' {
			return "", 0
		}
	}
	var res string
	var n int
	switch {
	case bytes.HasPrefix(b, []byte("1-0")):
		res, n = "1-0", 3
	case bytes.HasPrefix(b, []byte("0-1")):
		res, n = "0-1", 3
	case bytes.HasPrefix(b, []byte("1/2-1/2")):
		res, n = "1/2-1/2", 7
	case bytes.HasPrefix(b, []byte("0.5-0.5")):
		res, n = "1/2-1/2", 7
	case bytes.HasPrefix(b, []byte("½-½")):
		res, n = "1/2-1/2", len("½-½")
	case bytes.HasPrefix(b, []byte("1/2")):
		res, n = "1/2-1/2", 3
	case bytes.HasPrefix(b, []byte("½")):
		res, n = "1/2-1/2", len("½")
	default:
		return "", 0
	}
	if n < len(b) && (isSymbolByte(b[n]) || b[n] == '/') {
		return "", 0
	}
	return res, n
}

// resultToken handles a result token of n bytes at r.i.
func (r *Reader) resultToken(v Visitor, res string, n int) {
	pos := r.pos(r.i)
	r.i += n
	r.movetext(v, pos)
	if r.depth > 0 {
		r.errorAt(pos, ErrResultInVariation)
		return
	}
	r.result = res
	r.done = true
	if !r.skipAll {
		r.act(v.Result(res, pos))
	}
}

// nag reads "$n".
func (r *Reader) nag(v Visitor) {
	line, i := r.line, r.i
	j := i + 1
	for j < len(line) && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	r.i = j
	if j == i+1 || j-i > 4 || atoi(line[i+1:j]) > 255 {
		pos := r.pos(i)
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w %q", ErrNAG, line[i:j]))
		return
	}
	r.emitNAG(v, uint8(atoi(line[i+1:j])), i)
}

// glyph reads a run of '!' and '?', a move suffix.
func (r *Reader) glyph(v Visitor) {
	line, i := r.line, r.i
	j := i
	for j < len(line) && (line[j] == '!' || line[j] == '?') {
		j++
	}
	r.i = j
	var nag uint8
	switch string(line[i:j]) {
	case "!":
		nag = 1
	case "?":
		nag = 2
	case "!!":
		nag = 3
	case "??":
		nag = 4
	case "!?":
		nag = 5
	case "?!":
		nag = 6
	default:
		pos := r.pos(i)
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w %q", ErrBadToken, line[i:j]))
		return
	}
	r.emitNAG(v, nag, i)
}

// plusMinus reads a token that starts with '+', '-' or '=': an evaluation
// symbol, a null move "--", or a forfeit result "+/-" / "-/+" before any move.
func (r *Reader) plusMinus(v Visitor) {
	line, i := r.line, r.i
	b := line[i:]
	boundary := func(n int) bool { return n >= len(b) || !isSymbolByte(b[n]) && b[n] != '/' }
	if bytes.HasPrefix(b, []byte("--")) && boundary(2) {
		r.i += 2
		r.emitMove(v, b[:2], i)
		return
	}
	if r.plies == 0 && r.depth == 0 {
		switch {
		case bytes.HasPrefix(b, []byte("+/-")) && boundary(3):
			r.resultToken(v, "1-0", 3)
			return
		case bytes.HasPrefix(b, []byte("-/+")) && boundary(3):
			r.resultToken(v, "0-1", 3)
			return
		}
	}
	if nag, n := evalGlyph(b); n > 0 {
		r.i += n
		r.emitNAG(v, nag, i)
		return
	}
	pos := r.pos(i)
	r.startGame(pos)
	k := 1
	for k < len(b) && (isSymbolByte(b[k]) || b[k] == '/') {
		k++
	}
	r.i += k
	r.errorAt(pos, fmt.Errorf("%w %q", ErrBadToken, b[:k]))
}

// evalGlyph matches an evaluation symbol at the start of b, in ASCII or
// Unicode, and returns its NAG and length.
func evalGlyph(b []byte) (uint8, int) {
	type glyph struct {
		s   string
		nag uint8
	}
	glyphs := [...]glyph{
		{"+/=", 14}, {"=/+", 15}, {"+/-", 16}, {"-/+", 17}, {"=/∞", 44},
		{"+=", 14}, {"=+", 15}, {"+-", 18}, {"-+", 19}, {"+−", 18}, {"−+", 19}, {"=", 10},
		{"±", 16}, {"∓", 17}, {"⩲", 14}, {"⩱", 15}, {"∞", 13}, {"□", 7},
		{"⨀", 22}, {"⇆", 132}, {"⨁", 138}, {"⟳", 32}, {"↑", 36}, {"→", 40},
		{"∆", 140}, {"Δ", 140}, {"⌓", 142}, {"‼", 3}, {"⁇", 4}, {"⁉", 5}, {"⁈", 6},
	}
	for _, g := range glyphs {
		if bytes.HasPrefix(b, []byte(g.s)) {
			return g.nag, len(g.s)
		}
	}
	return 0, 0
}

// unicode reads a token that starts with a non-ASCII character: a figurine
// move, an evaluation symbol, a result "½-½", or white space.
func (r *Reader) unicode(v Visitor) {
	line, i := r.line, r.i
	b := line[i:]
	// Figurines ♔–♟ are U+2654–U+265F: E2 99 94–9F.
	if len(b) >= 3 && b[0] == 0xE2 && b[1] == 0x99 && b[2] >= 0x94 && b[2] <= 0x9F {
		j := i + 3
		for j < len(line) && isSymbolByte(line[j]) {
			j++
		}
		r.i = j
		r.emitMove(v, line[i:j], i)
		return
	}
	if isCyrillic(b) {
		// Russian piece letters (Кр Ф Л С К): a move for GameBuilder to map.
		j := i
		for j < len(line) && (isSymbolByte(line[j]) || isCyrillic(line[j:])) {
			if line[j] >= utf8.RuneSelf {
				j++
			}
			j++
		}
		r.i = j
		r.emitMove(v, line[i:j], i)
		return
	}
	if res, n := matchResult(b); n > 0 {
		r.resultToken(v, res, n)
		return
	}
	if nag, n := evalGlyph(b); n > 0 {
		r.i += n
		r.emitNAG(v, nag, i)
		return
	}
	ru, n := utf8.DecodeRune(b)
	r.i += n
	switch ru {
	case '\u00a0', '\ufeff', '\u2009', '\u202f', '\u3000':
		return // white space
	case '…':
		return // dots after a move number
	}
	pos := r.pos(i)
	r.startGame(pos)
	r.errorAt(pos, fmt.Errorf("%w %q", ErrUnexpected, ru))
}

// isCyrillic reports whether b starts with a Cyrillic letter (U+0400–U+047F).
func isCyrillic(b []byte) bool {
	return len(b) >= 2 && (b[0] == 0xD0 || b[0] == 0xD1) && b[1] >= 0x80 && b[1] <= 0xBF
}

// openComment reads "{…" and the rest of the comment on this line.
func (r *Reader) openComment(v Visitor) {
	pos := r.pos(r.i)
	r.startGame(pos)
	rest := r.line[r.i+1:]
	if k := bytes.IndexByte(rest, '}'); k >= 0 {
		r.i += k + 2
		if r.stage == stageMoves && r.quiet() {
			return
		}
		if k > r.Limits.MaxCommentLength {
			r.errorAt(pos, fmt.Errorf("%w: comment longer than %d bytes cut", ErrLimit, r.Limits.MaxCommentLength))
			rest = rest[:r.Limits.MaxCommentLength]
			k = len(rest)
		}
		r.emitComment(v, rest[:k], pos)
		return
	}
	r.inComment = true
	r.commentPos = pos
	r.commentCut = false
	r.comment = r.comment[:0]
	// Text the visitor will not see need not be kept.
	r.commentDrop = r.stage == stageMoves && r.quiet()
	r.appendComment(rest)
	r.i = len(r.line)
}

// continueComment reads a line inside a comment that began earlier.
func (r *Reader) continueComment(v Visitor) {
	rest := r.line[r.i:]
	if k := bytes.IndexByte(rest, '}'); k >= 0 {
		r.appendComment(rest[:k])
		r.i += k + 1
		r.inComment = false
		r.emitComment(v, r.comment, r.commentPos)
		return
	}
	r.appendComment(rest)
	r.i = len(r.line)
}

func (r *Reader) appendComment(b []byte) {
	if r.commentCut || r.commentDrop {
		return
	}
	if room := r.Limits.MaxCommentLength - len(r.comment); len(b) > room {
		r.comment = append(r.comment, b[:max(room, 0)]...)
		r.commentCut = true
		r.errorAt(r.commentPos, fmt.Errorf("%w: comment longer than %d bytes cut", ErrLimit, r.Limits.MaxCommentLength))
		return
	}
	r.comment = append(r.comment, b...)
}

// emitComment reports a comment, or keeps it for BeginGame when the game has
// not begun.
func (r *Reader) emitComment(v Visitor, text []byte, pos Pos) {
	text = bytes.TrimSpace(text)
	if !r.begun {
		if len(text) == 0 {
			return
		}
		if len(r.pre) == 0 {
			r.prePos = pos
		} else {
			r.pre = append(r.pre, ' ')
		}
		if len(r.pre)+len(text) <= r.Limits.MaxCommentLength {
			r.pre = append(r.pre, text...)
		}
		return
	}
	if !r.quiet() {
		r.act(v.Comment(text, pos))
	}
}

// skipTagPair passes over a tag pair that cannot be read, from i to its
// ']' or else to the end of the line.
func (r *Reader) skipTagPair(i int) {
	if k := bytes.IndexByte(r.line[i:], ']'); k >= 0 {
		r.i = i + k + 1
	} else {
		r.i = len(r.line)
	}
}

// tagPair reads "[Name "value"]".
func (r *Reader) tagPair(v Visitor) {
	line, i := r.line, r.i
	n := len(line)
	pos := r.pos(i)
	r.startGame(pos)
	if r.stage == stageMoves {
		r.errorAt(pos, fmt.Errorf("%w '[' in movetext", ErrUnexpected))
		r.skipTagPair(i)
		return
	}
	r.begin(v, pos)
	r.stage = stageTags
	i++
	for i < n && isSpaceByte(line[i]) {
		i++
	}
	ns := i
	for i < n && isTagNameByte(line[i]) {
		i++
	}
	name := line[ns:i]
	if len(name) == 0 {
		r.errorAt(pos, fmt.Errorf("%w: no name", ErrTag))
		r.skipTagPair(i)
		return
	}
	for i < n && isSpaceByte(line[i]) {
		i++
	}
	var value []byte
	if i < n && line[i] == '"' {
		i++
		vs, esc := i, false
		for i < n && line[i] != '"' {
			if line[i] == '\\' {
				esc = true
				i++
			}
			i++
		}
		if i >= n {
			r.errorAt(r.pos(vs-1), ErrUnterminatedString)
			value = bytes.TrimRight(line[vs:], "] \t")
			i = n
		} else {
			value = line[vs:i]
			i++
		}
		if esc {
			value = r.unescape(value)
		}
	} else {
		k := bytes.IndexByte(line[i:], ']')
		end := n
		if k >= 0 {
			end = i + k
		}
		value = bytes.TrimSpace(line[i:end])
		r.errorAt(pos, fmt.Errorf("%w: value of %s not in quotes", ErrTag, name))
		i = end
	}
	for i < n && isSpaceByte(line[i]) {
		i++
	}
	if i < n && line[i] == ']' {
		i++
	} else {
		r.errorAt(pos, fmt.Errorf("%w: missing ']'", ErrTag))
	}
	r.i = i
	r.tags++
	r.noteTag(name)
	if r.tags > r.Limits.MaxTags {
		if r.tags == r.Limits.MaxTags+1 {
			r.errorAt(pos, fmt.Errorf("%w: more than %d tags", ErrLimit, r.Limits.MaxTags))
		}
		return
	}
	if !r.quiet() {
		r.skipGame(v.Tag(name, value, pos))
	}
}

func isTagNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// unescape resolves \" and \\ in a tag value.
func (r *Reader) unescape(b []byte) []byte {
	out := r.tagBuf[:0]
	for k := 0; k < len(b); k++ {
		if b[k] == '\\' && k+1 < len(b) && (b[k+1] == '"' || b[k+1] == '\\') {
			k++
		}
		out = append(out, b[k])
	}
	r.tagBuf = out
	return out
}

// openVariation reads '('.
func (r *Reader) openVariation(v Visitor) {
	pos := r.pos(r.i)
	r.i++
	r.movetext(v, pos)
	var bad error
	switch {
	case r.depth < len(r.moves) && r.moves[r.depth] == 0:
		bad = ErrVariationStart
	case r.depth+1 > r.Limits.MaxDepth:
		bad = fmt.Errorf("%w: variations nested deeper than %d", ErrLimit, r.Limits.MaxDepth)
	}
	wasQuiet := r.quiet()
	r.depth++
	if r.depth < r.Limits.MaxDepth+1 {
		if r.depth == len(r.moves) {
			r.moves = append(r.moves, 0)
		}
		if r.depth < len(r.moves) {
			r.moves[r.depth] = 0
		}
	}
	if bad != nil {
		if !wasQuiet || !errors.Is(bad, ErrLimit) {
			r.errorAt(pos, bad)
		}
		if !wasQuiet {
			r.skipDepth, r.skipEnd = r.depth, false
		}
		return
	}
	if wasQuiet {
		return
	}
	switch a := v.BeginVariation(pos); a {
	case Skip:
		r.skipDepth, r.skipEnd = r.depth, false
	case Stop:
		r.act(a)
	}
}

// closeVariation reads ')'.
func (r *Reader) closeVariation(v Visitor) {
	pos := r.pos(r.i)
	r.i++
	if r.depth == 0 {
		r.startGame(pos)
		r.errorAt(pos, fmt.Errorf("%w ')'", ErrStrayClose))
		return
	}
	r.endVariation(v, pos)
}

// endVariation closes the innermost variation, telling the visitor if it knows of it.
func (r *Reader) endVariation(v Visitor, pos Pos) {
	d := r.depth
	r.depth--
	switch {
	case r.skipAll:
	case r.skipDepth >= 0 && d > r.skipDepth:
	case d == r.skipDepth:
		r.skipDepth = -1
		if r.skipEnd {
			r.act(v.EndVariation(pos))
		}
	case r.skipDepth >= 0 && d < r.skipDepth:
		// cannot happen: deeper levels close first
	default:
		r.act(v.EndVariation(pos))
	}
}

// endOfInput ends the game at the end of the input.
func (r *Reader) endOfInput(v Visitor) {
	if r.inComment {
		r.inComment = false
		if r.started {
			r.errorAt(r.commentPos, ErrUnterminatedComment)
			r.noResult = true
		}
		r.emitComment(v, r.comment, r.commentPos)
	}
	r.done = true
}

// finish ends a game that has begun: it closes what is open, checks the
// result and calls EndGame.
func (r *Reader) finish(v Visitor) {
	end := r.pos(r.i)
	if r.i == 0 && r.lastEnd.IsValid() {
		end = r.lastEnd // the game ended at the start of a line: point at its last text
	}
	if r.stage != stageMoves {
		r.stage = stageMoves
		if !r.skipAll {
			r.act(v.EndTags(end))
		}
	}
	if r.depth > 0 {
		r.errorAt(end, ErrUnterminatedVariation)
		for r.depth > 0 {
			r.endVariation(v, end)
		}
	}
	if r.result == "" && !r.noResult {
		r.errorAt(end, ErrMissingResult)
	}
	if err := v.EndGame(end); err != nil {
		r.addVisitorError(end, err)
	}
}

// addVisitorError merges the errors a visitor returned from EndGame,
// within the error limit.
func (r *Reader) addVisitorError(end Pos, err error) {
	var list ErrorList
	var se *SyntaxError
	switch {
	case errors.As(err, &list):
	case errors.As(err, &se):
		list = ErrorList{se}
	default:
		list.Add(end, r.game, r.gameLine, err)
	}
	for _, e := range list {
		switch max := r.Limits.MaxErrors; {
		case len(r.errs) < max:
			r.errs = append(r.errs, e)
		case len(r.errs) == max:
			r.errs.Add(e.Pos(), e.Game, e.GameLine, ErrTooManyErrors)
		}
	}
}

// startsTag reports whether a line starts (after white space) with '[' and
// a tag name: the start of a game.
func startsTag(line []byte) bool {
	name := lineTagName(line)
	return len(name) > 0 && name[0] != '_'
}

// looksLikeTagPair reports whether a line holds nothing but tag pairs
// ([Name "value"] …): inside an unterminated comment, the next game.
func looksLikeTagPair(line []byte) bool {
	i, n := 0, len(line)
	pairs := 0
	for {
		for i < n && isSpaceByte(line[i]) {
			i++
		}
		if i == n {
			return pairs > 0
		}
		if line[i] != '[' {
			return false
		}
		i++
		s := i
		for i < n && isTagNameByte(line[i]) {
			i++
		}
		if i == s || i >= n || !isSpaceByte(line[i]) {
			return false
		}
		for i < n && isSpaceByte(line[i]) {
			i++
		}
		if i >= n || line[i] != '"' {
			return false
		}
		i++
		for i < n && line[i] != '"' {
			if line[i] == '\\' {
				i++
			}
			i++
		}
		if i >= n {
			return false
		}
		i++
		for i < n && isSpaceByte(line[i]) {
			i++
		}
		if i >= n || line[i] != ']' {
			return false
		}
		i++
		pairs++
	}
}

// skim passes over movetext that the visitor does not see, as fast as it
// can: white space, moves (counted), move numbers, NAGs and suffixes. It
// stops before anything else, which token handles.
func (r *Reader) skim() {
	line, i, n := r.line, r.i, len(r.line)
	for i < n {
		c := line[i]
		switch byteClass[c] {
		case clsSpace:
			i++
			continue
		case clsLetter:
			j := i + 1
			for j < n && isSymbolByte(line[j]) {
				j++
			}
			if j < n && (line[j] == '.' || line[j] == '/' || line[j] == '(') {
				r.i = i // "e.p.", "e8/Q", "e8(Q)": the general path
				return
			}
			if tok := line[i:j]; !(len(tok) == 1 && c == 'N' || len(tok) == 2 && c == 'e' && line[i+1] == 'p') {
				r.countMove()
			}
			i = j
			continue
		case clsDigit:
			if c <= '1' {
				if _, k := matchResult(line[i:]); k > 0 {
					r.i = i
					return
				}
			}
			j := i + 1
			for j < n && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < n && line[j] == '.' {
				for j < n && line[j] == '.' {
					j++
				}
				i = j
				continue
			}
			k := j
			for k < n && isSymbolByte(line[k]) {
				k++
			}
			switch tok := line[i:k]; {
			case j == k:
			case string(tok) == "0000" || bytes.HasPrefix(tok, []byte("0-0")):
				r.countMove()
			default:
				r.i = i
				return
			}
			i = k
			continue
		}
		switch c {
		case '.', '!', '?':
			i++
		case '{':
			k := bytes.IndexByte(line[i+1:], '}')
			if k < 0 {
				r.i = i // a comment over several lines: the general path
				return
			}
			i += k + 2
		case '(':
			if r.depth >= len(r.moves)-1 || r.moves[r.depth] == 0 || r.depth+1 > r.Limits.MaxDepth {
				r.i = i
				return
			}
			r.depth++
			r.moves[r.depth] = 0
			i++
		case ')':
			if r.skipAll || r.depth <= r.skipDepth || r.depth == 0 {
				r.i = i // the visitor may hear of it, or it is stray
				return
			}
			r.depth--
			i++
		case '$':
			j := i + 1
			for j < n && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j == i+1 || j-i > 4 {
				r.i = i
				return
			}
			i = j
		default:
			r.i = i
			return
		}
	}
	r.i = i
}

// countMove notes a move that the visitor does not see.
func (r *Reader) countMove() {
	if r.depth < len(r.moves) {
		r.moves[r.depth]++
	}
	if r.depth == 0 {
		r.plies++
	}
}
