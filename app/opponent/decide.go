package opponent

import "touchmove/core/uci"

// The thresholds of resigning and of accepting a draw (design.md §8).
const (
	// ResignCentipawns: the engine resigns when its score has been this
	// bad or worse (or mated) at ResignMoves moves in a row.
	ResignCentipawns = -600
	ResignMoves      = 3
	// DrawCentipawns: the engine accepts a draw offered when its score is
	// within this of level.
	DrawCentipawns = 30
)

// Resigns reports whether scores, the engine's own scores of its last
// moves (mover's point of view, oldest first), say the game is lost.
func Resigns(scores []uci.Score) bool {
	if len(scores) < ResignMoves {
		return false
	}
	for _, s := range scores[len(scores)-ResignMoves:] {
		if centipawns(s) > ResignCentipawns {
			return false
		}
	}
	return true
}

// AcceptsDraw reports whether the engine, scoring its position s, takes a
// draw offered: the game is level.
func AcceptsDraw(s uci.Score) bool {
	cp := centipawns(s)
	return !s.Mate && cp >= -DrawCentipawns && cp <= DrawCentipawns
}
