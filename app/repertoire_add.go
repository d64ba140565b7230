package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/core/pgn"
)

// ErrInRepertoire is AddToRepertoireFile's answer when the file has the
// whole line already: nothing is written.
var ErrInRepertoire = errors.New("the line is in the repertoire already")

// AddToRepertoireFile adds line, moves from the standard start, to the
// user's repertoire, the PGN file at path, and saves it atomically
// (store.WriteFileAtomic): where a game of the file follows the line the
// furthest, the rest of it goes in as a variation, or as the line's
// continuation where the file's line ends there; a file with no game from
// the standard start gets a game of its own at the end. Nothing else of the
// file changes, byte for byte. It returns the file's new text; a line the
// file has whole is ErrInRepertoire, and a file that is not plain PGN text
// (compressed, UTF-16) an error that says so.
func AddToRepertoireFile(path string, line []chess.Move) ([]byte, error) {
	if len(line) == 0 {
		return nil, fmt.Errorf("add to the repertoire %s: no move", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("add to the repertoire: %w", err)
	}
	format, err := store.SniffFile(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("add to the repertoire: %w", err)
	}
	if format != charset.Plain {
		return nil, fmt.Errorf("add to the repertoire: %w", &store.FormatError{Path: path, Format: format})
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("add to the repertoire: %w", err)
	}
	out, err := InsertRepertoireLine(data, line)
	if err != nil {
		return nil, fmt.Errorf("add to the repertoire %s: %w", path, err)
	}
	if err := store.WriteFileAtomic(path, out); err != nil {
		return nil, fmt.Errorf("add to the repertoire: %w", err)
	}
	return out, nil
}

// InsertRepertoireLine returns the PGN text data with line (moves from the
// standard start) inserted as AddToRepertoireFile inserts it, the rest of
// data unchanged; ErrInRepertoire when data has the whole line.
func InsertRepertoireLine(data []byte, line []chess.Move) ([]byte, error) {
	v := &lineFinder{line: line}
	rd := pgn.NewReader(bytes.NewReader(data))
	for {
		err := rd.ReadGame(v)
		if err == io.EOF {
			break
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			return nil, err
		}
	}
	if v.whole {
		return nil, ErrInRepertoire
	}
	if !v.found {
		return appendRepertoireGame(data, line), nil
	}
	at := v.best
	text := lineText(at.from, line[at.depth:])
	if at.variation {
		text = "(" + text + ")"
	}
	off := int(at.off)
	var b bytes.Buffer
	b.Write(data[:off])
	if off > 0 && !isSpace(data[off-1]) && data[off-1] != '(' {
		b.WriteByte(' ')
	}
	b.WriteString(text)
	if off < len(data) && !isSpace(data[off]) && data[off] != ')' {
		b.WriteByte(' ')
	}
	b.Write(data[off:])
	return b.Bytes(), nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// lineText writes moves from the position p in PGN: the first with its
// number ("5." or "5..."), then White's numbered.
func lineText(p chess.Position, moves []chess.Move) string {
	var parts []string
	for i, m := range moves {
		n := strconv.Itoa(p.FullMoveNumber())
		switch {
		case p.Turn() == chess.White:
			parts = append(parts, n+".")
		case i == 0:
			parts = append(parts, n+"...")
		}
		parts = append(parts, p.SAN(m))
		p.Play(m)
	}
	return strings.Join(parts, " ")
}

// appendRepertoireGame returns data with a game of line's moves after its
// games, in the file's line endings.
func appendRepertoireGame(data []byte, line []chess.Move) []byte {
	nl := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		nl = "\r\n"
	}
	var b bytes.Buffer
	b.Write(data)
	if len(bytes.TrimSpace(data)) > 0 {
		if !bytes.HasSuffix(data, []byte("\n")) {
			b.WriteString(nl)
		}
		b.WriteString(nl)
	}
	for _, tag := range []string{`Event "Repertoire"`, `Site "?"`, `Date "????.??.??"`, `Round "?"`, `White "?"`, `Black "?"`, `Result "*"`} {
		b.WriteString("[" + tag + "]" + nl)
	}
	b.WriteString(nl + lineText(chess.StartPosition(), line) + " *" + nl)
	return b.Bytes()
}

// lineFinder reads a repertoire's games and finds where line leaves them:
// the deepest place a game (its main line or a variation) follows it to.
type lineFinder struct {
	pgn.NopVisitor
	line   []chess.Move
	stack  []*lineFrame
	setup  bool
	whole  bool // a line of the file has all of line
	found  bool
	best   lineInsert
	seq    int  // the moves read, which order the places found
	result bool // the main line's result was read
}

// lineInsert is where the rest of the line goes: at byte off, as a
// variation or a continuation, after depth of its moves, from the position
// from.
type lineInsert struct {
	depth     int
	seq       int // when the line left the file there: the first wins a tie
	off       int64
	variation bool
	from      chess.Position
}

// lineFrame is a line of a game being read: the main line or a variation.
type lineFrame struct {
	pos, prev     chess.Position
	ply, prevPly  int
	on, prevOn    bool // the line so far is line's first ply moves
	dead          bool // a move that cannot be read: the rest is not followed
	diverged      bool // a move left line here: insert after its notes
	divergedDepth int
	divergedSeq   int
	divergedFrom  chess.Position
}

// BeginGame implements pgn.Visitor.
func (v *lineFinder) BeginGame(int, pgn.Pos) pgn.Action {
	v.stack, v.setup, v.result = v.stack[:0], false, false
	return pgn.Continue
}

// Tag implements pgn.Visitor: a game from a set-up position is not
// followed.
func (v *lineFinder) Tag(name, _ []byte, _ pgn.Pos) pgn.Action {
	if string(name) == "FEN" {
		v.setup = true
	}
	return pgn.Continue
}

// EndTags implements pgn.Visitor.
func (v *lineFinder) EndTags(pgn.Pos) pgn.Action {
	v.stack = append(v.stack, &lineFrame{pos: chess.StartPosition(), on: !v.setup})
	return pgn.Continue
}

// consider keeps an insertion deeper than the one found.
func (v *lineFinder) consider(depth, seq int, off int64, variation bool, from chess.Position) {
	if !v.found || depth > v.best.depth || depth == v.best.depth && seq < v.best.seq {
		v.found = true
		v.best = lineInsert{depth: depth, seq: seq, off: off, variation: variation, from: from}
	}
}

// next is a token of the top frame that follows a move's notes and
// variations: a diverging move's variation goes before it.
func (v *lineFinder) next(pos pgn.Pos) {
	if len(v.stack) == 0 {
		return
	}
	f := v.stack[len(v.stack)-1]
	if f.diverged {
		f.diverged = false
		v.consider(f.divergedDepth, f.divergedSeq, pos.Offset, true, f.divergedFrom)
	}
}

// MoveNumber implements pgn.Visitor.
func (v *lineFinder) MoveNumber(_ int, pos pgn.Pos) pgn.Action {
	v.next(pos)
	return pgn.Continue
}

// Move implements pgn.Visitor.
func (v *lineFinder) Move(san []byte, pos pgn.Pos) pgn.Action {
	v.next(pos)
	if len(v.stack) == 0 {
		return pgn.Continue
	}
	f := v.stack[len(v.stack)-1]
	if f.dead {
		return pgn.Continue
	}
	m, err := f.pos.ParseSAN(string(san))
	if err != nil {
		f.dead, f.on = true, false
		return pgn.Continue
	}
	if f.on && f.ply < len(v.line) && m != v.line[f.ply] {
		f.diverged, f.divergedDepth, f.divergedSeq, f.divergedFrom = true, f.ply, v.seq, f.pos
	}
	v.seq++
	f.prev, f.prevPly, f.prevOn = f.pos, f.ply, f.on
	f.pos.Play(m)
	f.ply++
	f.on = f.on && f.ply <= len(v.line) && m == v.line[f.ply-1]
	if f.on && f.ply == len(v.line) {
		v.whole = true
	}
	return pgn.Continue
}

// BeginVariation implements pgn.Visitor: the variation starts where the
// last move of its line did.
func (v *lineFinder) BeginVariation(pgn.Pos) pgn.Action {
	if len(v.stack) == 0 {
		return pgn.Continue
	}
	p := v.stack[len(v.stack)-1]
	v.stack = append(v.stack, &lineFrame{pos: p.prev, ply: p.prevPly, on: p.prevOn && !p.dead, dead: p.dead})
	return pgn.Continue
}

// end closes the top frame at the token at pos: a line that followed line
// to its end takes the rest there.
func (v *lineFinder) end(pos pgn.Pos) {
	v.next(pos)
	if len(v.stack) == 0 {
		return
	}
	f := v.stack[len(v.stack)-1]
	v.stack = v.stack[:len(v.stack)-1]
	if f.on && !f.dead && f.ply < len(v.line) {
		v.consider(f.ply, v.seq, pos.Offset, false, f.pos)
	}
}

// EndVariation implements pgn.Visitor.
func (v *lineFinder) EndVariation(pos pgn.Pos) pgn.Action {
	if len(v.stack) > 1 {
		v.end(pos)
	}
	return pgn.Continue
}

// Result implements pgn.Visitor.
func (v *lineFinder) Result(_ string, pos pgn.Pos) pgn.Action {
	if len(v.stack) == 1 {
		v.result = true
		v.end(pos)
	}
	return pgn.Continue
}

// EndGame implements pgn.Visitor: a game without a result token ends at
// its last text.
func (v *lineFinder) EndGame(pos pgn.Pos) error {
	if !v.result && len(v.stack) == 1 {
		v.end(pos)
	}
	v.stack = v.stack[:0]
	return nil
}

// SANMoves returns the moves of line, in SAN from the standard start; the
// error names the first that is not legal there.
func SANMoves(line []string) ([]chess.Move, error) {
	p := chess.StartPosition()
	out := make([]chess.Move, 0, len(line))
	for i, s := range line {
		m, err := p.ParseSAN(s)
		if err != nil {
			return nil, fmt.Errorf("move %d of the line, %q: %w", i+1, s, err)
		}
		out = append(out, m)
		p.Play(m)
	}
	return out, nil
}
