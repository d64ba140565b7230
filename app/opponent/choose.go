package opponent

import (
	"math"
	"math/rand/v2"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// Candidate is a move the engine scored, from the mover's point of view.
type Candidate struct {
	Move  chess.Move
	Score uci.Score
}

// mateCentipawns is what a mate counts in a choice: more than any material.
const mateCentipawns = 30000

// centipawns returns s as one number: a mate in n is worth a little less
// the longer it takes, being mated a little more the sooner.
func centipawns(s uci.Score) int {
	if !s.Mate {
		return s.Centipawns
	}
	if s.Moves > 0 {
		return mateCentipawns - 10*s.Moves
	}
	return -mateCentipawns - 10*s.Moves
}

// Choose picks the move a Weakened level plays (design.md §8): with
// probability lv.Blunders per mille any legal move, drawn evenly; else a
// candidate drawn with weight exp(−(best − score) / lv.Temperature), so
// that a move a pawn worse than the best is e^(−100/T) times as likely.
// The same rng state gives the same move. With no candidates (an engine
// that scored none), a legal move is drawn; with no legal move, NoMove.
func Choose(lv Level, cands []Candidate, legal []chess.Move, rng *rand.Rand) chess.Move {
	if len(legal) == 0 {
		return chess.NoMove
	}
	blunder := rng.IntN(1000) < lv.Blunders
	if blunder || len(cands) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	best := math.MinInt
	for _, c := range cands {
		best = max(best, centipawns(c.Score))
	}
	t := float64(max(lv.Temperature, 1))
	weights := make([]float64, len(cands))
	total := 0.0
	for i, c := range cands {
		weights[i] = math.Exp(-float64(best-centipawns(c.Score)) / t)
		total += weights[i]
	}
	r := rng.Float64() * total
	for i, w := range weights {
		if r < w {
			return cands[i].Move
		}
		r -= w
	}
	return cands[len(cands)-1].Move
}

// NewRand returns the random source of a player seeded with seed: the same
// seed gives the same choices.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
