package prepare

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/pgn"
)

// ErrInRepertoire says the moves to add are in the repertoire already.
var ErrInRepertoire = errors.New("the moves are in the repertoire already")

// AddLine returns the repertoire's PGN text data with the moves line (SAN)
// played after the moves before (from the standard start) added, and
// nothing else of it changed: the bytes before and after the insertion are
// the file's. Moves of line the repertoire has already are followed; the
// first it lacks goes in as a variation beside the repertoire's move in
// that position ("6...e5 (6... Nbd7) 7.f3"), or, where the repertoire has
// no move there, at the end of the line that reaches it, with the rest of
// line after it. It fails with ErrInRepertoire when every move is there,
// and when the repertoire's games do not reach the position.
func AddLine(data []byte, before, line []string) ([]byte, error) {
	rep, err := ReadRepertoire(data)
	if err != nil {
		return nil, err
	}
	p := chess.StartPosition()
	for _, san := range before {
		if err := playSAN(&p, san); err != nil {
			return nil, fmt.Errorf("prepare: add after %s: %w", Line(before), err)
		}
	}
	before = slices.Clone(before)
	for len(line) > 0 && slices.Contains(rep.moves[positionKey(p.FEN())], line[0]) {
		if err := playSAN(&p, line[0]); err != nil {
			return nil, fmt.Errorf("prepare: add %s: %w", line[0], err)
		}
		before, line = append(before, line[0]), line[1:]
	}
	if len(line) == 0 {
		return nil, fmt.Errorf("prepare: %s: %w", Line(before), ErrInRepertoire)
	}
	key := positionKey(p.FEN())
	f := &insertFinder{target: key, variation: len(rep.moves[key]) > 0, at: -1}
	rd := pgn.NewReader(bytes.NewReader(data))
	for f.at < 0 {
		err := rd.ReadGame(f)
		if err == io.EOF {
			break
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			return nil, fmt.Errorf("prepare: the repertoire: %w", err)
		}
	}
	if f.at < 0 {
		return nil, fmt.Errorf("prepare: the repertoire's games do not reach the position after %s", Line(before))
	}
	text := movetext(before, line)
	if f.variation {
		text = "(" + text + ")"
	}
	if f.closing {
		text = " " + text
	} else {
		text += " "
	}
	out := make([]byte, 0, len(data)+len(text))
	out = append(out, data[:f.at]...)
	out = append(out, text...)
	return append(out, data[f.at:]...), nil
}

// playSAN plays the move san in p.
func playSAN(p *chess.Position, san string) error {
	m, err := pgn.ResolveMove(p, san)
	if err != nil {
		return err
	}
	p.Play(m)
	return nil
}

// movetext writes line, played after before, with its move numbers:
// "6... Nbd7 7. f3".
func movetext(before, line []string) string {
	var b strings.Builder
	for i, san := range line {
		ply := len(before) + i
		switch {
		case ply%2 == 0:
			fmt.Fprintf(&b, "%d. ", ply/2+1)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", ply/2+1)
		}
		b.WriteString(san)
		if i < len(line)-1 {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// insertFinder reads the repertoire's games to find where the new moves
// go: with variation, after a move played from the target position (its
// comments and variations) — before the next token of its line; else at
// the end of a line that reaches the target.
type insertFinder struct {
	pgn.NopVisitor
	target    string
	variation bool
	// lines are the positions of the lines open, the game's and its
	// variations: before and after the last move of each.
	lines []lineState
	// found is the depth of the move found, -1 while none is.
	found int
	skip  bool // the game starts from a set-up position
	// at is the offset of the insertion, -1 until found; closing tells
	// it is before a ")" or the result's end of the game.
	at      int
	closing bool
}

type lineState struct{ before, after chess.Position }

// BeginGame implements pgn.Visitor.
func (f *insertFinder) BeginGame(int, pgn.Pos) pgn.Action {
	p := chess.StartPosition()
	f.lines, f.found, f.skip = []lineState{{p, p}}, -1, false
	return pgn.Continue
}

// Tag implements pgn.Visitor: a game from a set-up position is not read.
func (f *insertFinder) Tag(name, _ []byte, _ pgn.Pos) pgn.Action {
	if string(name) == "FEN" {
		f.skip = true
		return pgn.Skip
	}
	return pgn.Continue
}

// here ends the search at pos, at the depth of the move found.
func (f *insertFinder) here(pos pgn.Pos, closing bool) pgn.Action {
	if f.found >= 0 && f.found == len(f.lines)-1 && f.at < 0 {
		f.at, f.closing = int(pos.Offset), closing
		return pgn.Stop
	}
	return pgn.Continue
}

// Move implements pgn.Visitor.
func (f *insertFinder) Move(san []byte, pos pgn.Pos) pgn.Action {
	if a := f.here(pos, false); a != pgn.Continue {
		return a
	}
	l := &f.lines[len(f.lines)-1]
	p := l.after
	m, err := pgn.ResolveMove(&p, string(san))
	if err != nil {
		return pgn.Skip
	}
	l.before = l.after
	p.Play(m)
	l.after = p
	if f.found < 0 {
		b, a := l.before.FEN(), l.after.FEN()
		if f.variation && positionKey(b) == f.target || !f.variation && positionKey(a) == f.target {
			f.found = len(f.lines) - 1
		}
	}
	return pgn.Continue
}

// MoveNumber implements pgn.Visitor.
func (f *insertFinder) MoveNumber(_ int, pos pgn.Pos) pgn.Action { return f.here(pos, false) }

// BeginVariation implements pgn.Visitor.
func (f *insertFinder) BeginVariation(pgn.Pos) pgn.Action {
	l := f.lines[len(f.lines)-1]
	f.lines = append(f.lines, lineState{l.before, l.before})
	return pgn.Continue
}

// EndVariation implements pgn.Visitor.
func (f *insertFinder) EndVariation(pos pgn.Pos) pgn.Action {
	if a := f.here(pos, true); a != pgn.Continue {
		return a
	}
	if f.found == len(f.lines)-1 {
		f.found = -1 // cannot happen: here took it
	}
	f.lines = f.lines[:len(f.lines)-1]
	return pgn.Continue
}

// Result implements pgn.Visitor.
func (f *insertFinder) Result(_ string, pos pgn.Pos) pgn.Action { return f.here(pos, false) }
