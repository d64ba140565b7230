package pgn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"touchmove/core/charset"
)

// Limits bound what the reader accepts, so that hostile input ends in an
// error rather than a crash, a hang or unbounded memory.
type Limits struct {
	MaxLineLength    int // bytes per line; the rest of a longer line is dropped
	MaxCommentLength int // bytes per comment; the rest is dropped
	MaxDepth         int // nesting of variations; deeper ones are skipped
	MaxTags          int // tag pairs per game; later ones are dropped
	MaxErrors        int // errors kept per game; later ones are dropped
}

// DefaultLimits returns the limits of a new Reader: lines and comments up
// to 1 MiB, variations nested 1024 deep (no real file nests a tenth as
// deep; a game that did would lose its deeper variations when saved), 1024
// tags and 100 errors per game.
func DefaultLimits() Limits {
	return Limits{MaxLineLength: 1 << 20, MaxCommentLength: 1 << 20, MaxDepth: 1024, MaxTags: 1024, MaxErrors: 100}
}

// Reading stages of a game.
const (
	stageStart = iota // nothing of the game read yet, or only comments
	stageTags         // in the tag section
	stageMoves        // in the movetext
)

// Reader reads PGN games one at a time from a stream. It decodes the input
// (UTF-8 with or without a byte order mark, else Charset's single-byte set
// per line),
// tolerates the deviations of docs/pgn.md §10, and reports the parts of
// each game to a Visitor.
type Reader struct {
	// Limits may be changed before the first ReadGame.
	Limits Limits
	// Charset is the file's charset (charset.Detect): a line that is not
	// valid UTF-8 is read in its single-byte set, Windows-1252 for the
	// zero value and UTF-8. It may be changed before the first ReadGame.
	Charset charset.Charset

	lineInput // where the input is: its lines, one at a time

	// game counts the games read: it numbers the game being read.
	game      int
	gameState // the game being read, a fresh value each game (resetGame)
}

// lineInput is the Reader's input as lines: the byte source, the current
// line and where it is in the input. It lasts from game to game.
type lineInput struct {
	br      *bufio.Reader
	line    []byte // current line, UTF-8, without its terminator
	i       int    // next byte of line
	decoded bool   // line was decoded from a single-byte set
	rawAt   int    // on a decoded line, raw(rawAt) == rawN
	rawN    int
	lineErr bool // line was cut at the length limit
	lineNo  int
	lineOff int64 // input offset of line[0]
	nextOff int64 // input offset of the next line
	colBase int   // added to columns of line colLine (section readers)
	colLine int
	rest    []byte // the rest of a chunk after a lone CR
	long    []byte // gathers lines longer than the bufio buffer
	dec     []byte // decoded line
	eof     bool
	ioErr   error
}

// gameState is what the Reader knows of the game being read. Each game
// starts from its zero value, but for skipDepth and the memory of moves,
// comment, pre and tagBuf, which it reuses.
type gameState struct {
	gameLine int
	firstPos Pos
	started  bool // a token of the game was seen
	begun    bool // BeginGame was called
	stage    uint8
	done     bool
	depth    int
	moves    []int32 // moves seen at each depth of the open variations
	plies    int     // main-line moves
	tags     int
	blank    bool // an empty line followed the tags
	// tagNames holds a hash of the names of the game's first tags, to tell
	// a tag section cut by an empty line (ChessBase exports) from the next
	// game's tags: a name seen again starts the next game.
	tagNames    [16]uint32
	tagNamesN   int
	skipAll     bool
	skipDepth   int // the depth from which the visitor skips, or -1
	skipEnd     bool
	gaveUp      bool // the visitor stopped the game: no more problems in it are reported
	result      string
	noResult    bool // a missing result needs no error of its own
	lastEnd     Pos  // end of the last line of the game with text
	inComment   bool
	comment     []byte
	commentPos  Pos
	commentCut  bool
	commentDrop bool   // the visitor does not see this comment
	pre         []byte // comments before the first tag
	prePos      Pos
	tagBuf      []byte
	errs        ErrorList
}

// NewReader returns a Reader that reads from r through a bufio.Reader.
func NewReader(r io.Reader) *Reader { return newReaderSize(r, 64<<10) }

// newReaderSize returns a Reader with a buffer of size bytes (lines longer
// than the buffer are still read whole, up to the line limit).
func newReaderSize(r io.Reader, size int) *Reader {
	rd := &Reader{Limits: DefaultLimits()}
	rd.br = bufio.NewReaderSize(r, size)
	rd.moves = make([]int32, 1, 16)
	return rd
}

// setBase makes positions count from a place in a larger input: the first
// byte read is at offset off, on line line and column col, and the first
// game read is game number game.
func (r *Reader) setBase(off int64, line, col, game int) {
	r.nextOff = off
	r.lineNo = line - 1
	r.colLine = line
	r.colBase = col - 1
	r.game = game - 1
}

// InputOffset returns the input offset of the first byte not yet read: after
// ReadGame, the end of the game just read.
func (r *Reader) InputOffset() int64 {
	if r.i >= len(r.line) {
		return r.nextOff
	}
	return r.lineOff + int64(r.raw(r.i))
}

// raw converts an index into the current line to an index into its bytes as
// read (they differ on a line decoded from a single-byte set).
func (r *Reader) raw(i int) int {
	if !r.decoded {
		return i
	}
	// Count from the last place asked, so that a long line costs linear time.
	if i < r.rawAt {
		r.rawAt, r.rawN = 0, 0
	}
	r.rawN += utf8.RuneCount(r.line[r.rawAt:i])
	r.rawAt = i
	return r.rawN
}

// pos returns the position of byte i of the current line.
func (r *Reader) pos(i int) Pos {
	raw := r.raw(i)
	col := raw + 1
	if r.lineNo == r.colLine {
		col += r.colBase
	}
	return Pos{Offset: r.lineOff + int64(raw), Line: r.lineNo, Column: col}
}

// errorAt records err at pos for the current game.
func (r *Reader) errorAt(pos Pos, err error) {
	if r.gaveUp {
		return
	}
	game, line := r.game, r.gameLine
	if !r.started {
		game, line = r.game+1, pos.Line
	}
	switch max := r.Limits.MaxErrors; {
	case len(r.errs) < max:
		r.errs.Add(pos, game, line, err)
	case len(r.errs) == max:
		r.errs.Add(pos, game, line, ErrTooManyErrors)
	}
}

// quiet reports whether calls to the visitor are being skipped.
func (r *Reader) quiet() bool {
	return r.skipAll || r.skipDepth >= 0 && r.depth >= r.skipDepth
}

// ReadGame reads the next game and reports it to v. It returns io.EOF when
// there is no game left. Problems in the game (the reader's and those v
// returns from EndGame) come back as an ErrorList, sorted; the game was
// still read as far as possible and the next call reads the next game. Any
// other error is an I/O error, and final.
func (r *Reader) ReadGame(v Visitor) error {
	if r.ioErr != nil {
		return r.ioErr
	}
	r.resetGame()
	for !r.done {
		if r.i >= len(r.line) {
			r.noteLineEnd()
			if !r.nextLine() {
				r.endOfInput(v)
				break
			}
			if r.lineStart(v) {
				break
			}
			continue
		}
		if r.inComment {
			r.continueComment(v)
			continue
		}
		if r.stage == stageMoves && r.quiet() {
			if r.skim(); r.i >= len(r.line) {
				continue
			}
		}
		r.token(v)
	}
	if !r.begun {
		if r.ioErr != nil {
			return r.ioErr
		}
		return io.EOF
	}
	r.finish(v)
	if r.ioErr != nil {
		return r.ioErr
	}
	if len(r.errs) == 0 {
		return nil
	}
	r.errs.Sort()
	return r.errs
}

// resetGame makes the game to be read a fresh one.
func (r *Reader) resetGame() {
	g := &r.gameState
	*g = gameState{
		moves:     append(g.moves[:0], 0),
		skipDepth: -1,
		comment:   g.comment[:0],
		pre:       g.pre[:0],
		tagBuf:    g.tagBuf[:0],
	}
}

// noteLineEnd remembers where the text of the current line ends, the place
// to report what is missing at the end of a game.
func (r *Reader) noteLineEnd() {
	line := r.line
	if !r.started || len(line) == 0 || line[0] == '%' {
		return
	}
	k := len(line)
	for k > 0 && isSpaceByte(line[k-1]) {
		k--
	}
	if k > 0 {
		r.lastEnd = r.pos(k)
	}
}

// lineStart looks at a new line before its tokens: the continuation of a
// comment, a '%' escape line, or a tag pair that starts the next game. It
// reports whether the game ended there.
func (r *Reader) lineStart(v Visitor) bool {
	if r.lineErr {
		r.lineErr = false
		r.errorAt(r.pos(0), fmt.Errorf("%w: line longer than %d bytes cut", ErrLimit, r.Limits.MaxLineLength))
	}
	line := r.line
	if r.inComment {
		if r.stage != stageStart && looksLikeTagPair(line) {
			r.errorAt(r.commentPos, ErrUnterminatedComment)
			r.inComment = false
			r.emitComment(v, r.comment, r.commentPos)
			r.done = true
			r.noResult = true // already reported: no missing-result error
			return true
		}
		r.appendComment([]byte{'\n'})
		return false
	}
	if len(line) > 0 && line[0] == '%' {
		r.i = len(line)
		return false
	}
	switch r.stage {
	case stageMoves:
		if startsTag(line) {
			r.done = true
			return true
		}
	case stageTags:
		if r.tags > 0 {
			if r.blank && startsTag(line) {
				if name := lineTagName(line); name == nil || r.seenTag(name) || r.tagNamesN == len(r.tagNames) {
					r.done = true
					return true
				}
				r.blank = false // an empty line inside the tag section
			}
			if len(bytes.TrimSpace(line)) == 0 {
				r.blank = true
			}
		}
	}
	return false
}

// nameHash hashes a tag name (FNV-1a).
func nameHash(name []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range name {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// noteTag records the name of one of the game's tags.
func (r *Reader) noteTag(name []byte) {
	if r.tagNamesN < len(r.tagNames) {
		r.tagNames[r.tagNamesN] = nameHash(name)
		r.tagNamesN++
	}
}

// seenTag reports whether the game already has a tag called name.
func (r *Reader) seenTag(name []byte) bool {
	h := nameHash(name)
	for _, x := range r.tagNames[:r.tagNamesN] {
		if x == h {
			return true
		}
	}
	return false
}

// lineTagName returns the name of the tag pair that starts line, or nil.
func lineTagName(line []byte) []byte {
	i := 0
	for i < len(line) && isSpaceByte(line[i]) {
		i++
	}
	if i >= len(line) || line[i] != '[' {
		return nil
	}
	i++
	for i < len(line) && isSpaceByte(line[i]) {
		i++
	}
	s := i
	for i < len(line) && isTagNameByte(line[i]) {
		i++
	}
	if i == s {
		return nil
	}
	return line[s:i]
}

// atLineBoundary reports whether the reader stopped at the end of a line or
// before white space that ends one: where the rest of the input reads the
// same to a new Reader.
func (r *Reader) atLineBoundary() bool {
	if r.inComment {
		return false
	}
	for _, c := range r.line[min(r.i, len(r.line)):] {
		if !isSpaceByte(c) || c == '\r' {
			return r.i == 0
		}
	}
	return true
}

// inputLine returns the line and column of InputOffset.
func (r *Reader) inputLine() (line, col int) {
	if r.i >= len(r.line) {
		return r.lineNo + 1, 1
	}
	return r.lineNo, r.pos(r.i).Column
}
