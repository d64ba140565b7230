package uci

import (
	"strings"

	"touchmove/core/chess"
)

// Position is what an engine is asked to search: a start position and the
// moves played from it. Keeping the moves (rather than only the position
// they lead to) lets the engine see repetitions.
type Position struct {
	Start chess.Position
	Moves []chess.Move
}

// NewPosition returns the position start with no moves played.
func NewPosition(start chess.Position) Position { return Position{Start: start} }

// Current returns the position after the moves.
func (p Position) Current() chess.Position {
	pos := p.Start
	for _, m := range p.Moves {
		pos.Play(m)
	}
	return pos
}

// Chess960 reports whether the position is Chess960, which the engine must
// be told through UCI_Chess960.
func (p Position) Chess960() bool { return p.Start.Chess960() }

// Command returns the "position …" command: "position startpos" for the
// standard start, else "position fen …", then "moves …" in UCI notation
// (castling as e1g1 in standard chess, king onto rook in Chess960).
func (p Position) Command() string {
	var b strings.Builder
	start := p.Start
	if fen := start.FEN(); fen == chess.StartFEN && !start.Chess960() {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen ")
		b.WriteString(fen)
	}
	if len(p.Moves) > 0 {
		b.WriteString(" moves")
		pos := start
		for _, m := range p.Moves {
			b.WriteByte(' ')
			b.WriteString(pos.UCI(m))
			pos.Play(m)
		}
	}
	return b.String()
}
