package analysis

import (
	"fmt"
	"math"
	"strconv"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/uci"
)

// Judgement is the verdict on a move.
type Judgement uint8

// The judgements, from none to the worst.
const (
	Good Judgement = iota
	Inaccuracy
	Mistake
	Blunder
)

// NAG returns the judgement's glyph: $6 (?!), $2 (?) or $4 (??); 0 for Good.
func (j Judgement) NAG() uint8 {
	return [...]uint8{0, 6, 2, 4}[j]
}

// String returns "Inaccuracy", "Mistake", "Blunder" or "Good".
func (j Judgement) String() string {
	return [...]string{"Good", "Inaccuracy", "Mistake", "Blunder"}[j]
}

// Score is an evaluation from White's point of view.
type Score struct {
	// Mate is true for a forced mate in Moves moves, positive when White
	// mates; Mated is true when the game has ended in checkmate (Moves is
	// then +1 if White gave it, -1 if Black did).
	Mate, Mated bool
	Moves       int
	Centipawns  int
}

// whiteScore turns an engine score, from the side to move's view, into
// White's view.
func whiteScore(s uci.Score, turn chess.Color) Score {
	if turn == chess.Black {
		s = s.Negate()
	}
	return Score{Mate: s.Mate, Moves: s.Moves, Centipawns: s.Centipawns}
}

// String returns the score as the notation shows it: "+1.23", "-0.40",
// "#5" (White mates), "#-3" (Black mates).
func (s Score) String() string {
	if s.Mate || s.Mated {
		return "#" + strconv.Itoa(s.Moves)
	}
	cp, sign := s.Centipawns, "+"
	if cp < 0 {
		sign, cp = "-", -cp
	}
	return fmt.Sprintf("%s%d.%02d", sign, cp/100, cp%100)
}

// Eval returns the score as an [%eval] value.
func (s Score) Eval(depth int) game.Eval {
	return game.Eval{Mate: s.Mate, Moves: s.Moves, Centipawns: s.Centipawns, Depth: depth}
}

// forColor returns (cp, mate, isMate) from c's point of view.
func (s Score) forColor(c chess.Color) (cp, mate int, isMate bool) {
	cp, mate = s.Centipawns, s.Moves
	if c == chess.Black {
		cp, mate = -cp, -mate
	}
	return cp, mate, s.Mate || s.Mated
}

// winningChances is lichess's logistic curve from centipawns to winning
// chances in [-1, 1], with the score capped at ±1000 centipawns.
func winningChances(cp int) float64 {
	cp = max(-1000, min(1000, cp))
	return 2/(1+math.Exp(-0.00368208*float64(cp))) - 1
}

// Chances returns the winning chances of c, in [-1, 1]. A mate in n counts
// as (21 - min(10, n)) pawns, as lichess counts it; a game over in mate is
// ±1.
func (s Score) Chances(c chess.Color) float64 {
	cp, mate, isMate := s.forColor(c)
	switch {
	case s.Mated:
		return float64(sign(mate))
	case isMate:
		if mate == 0 {
			return -1
		}
		return winningChances(sign(mate) * (21 - min(10, abs(mate))) * 100)
	}
	return winningChances(cp)
}

// WinPercent returns c's winning chances as a percentage, 50 + 50·chances:
// lichess's win% = 50 + 50·(2/(1+exp(-0.00368208·cp)) - 1).
func (s Score) WinPercent(c chess.Color) float64 { return 50 + 50*s.Chances(c) }

// Judge rules on a move by mover that took the evaluation from before to
// after, with lichess's rules:
//
//   - both scores in centipawns: the mover's winning chances (in [-1, 1],
//     see WinPercent) dropped by at least 0.3 is a blunder, 0.2 a mistake,
//     0.1 an inaccuracy. On the win% scale of 0–100 these are drops of
//     15, 10 and 5 points;
//   - the move lets the opponent mate (from a centipawn score): a blunder,
//     only a mistake when the mover already stood at -7 pawns or worse, an
//     inaccuracy at -10;
//   - the move loses a mate the mover had: a blunder, a mistake when the
//     mover still stands at +7 pawns or better, an inaccuracy at +10.
//
// A mate that only gets longer is not judged.
func Judge(mover chess.Color, before, after Score) Judgement {
	bcp, bm, bMate := before.forColor(mover)
	acp, am, aMate := after.forColor(mover)
	if after.Mated {
		return Good // the mover gave mate
	}
	switch {
	case !bMate && !aMate:
		d := before.Chances(mover) - after.Chances(mover)
		switch {
		case d >= 0.3:
			return Blunder
		case d >= 0.2:
			return Mistake
		case d >= 0.1:
			return Inaccuracy
		}
		return Good
	case !bMate && aMate && am <= 0: // mate created against the mover
		switch {
		case bcp < -999:
			return Inaccuracy
		case bcp < -700:
			return Mistake
		}
		return Blunder
	case bMate && bm > 0 && (!aMate || am <= 0): // mate lost
		if aMate {
			return Blunder
		}
		switch {
		case acp > 999:
			return Inaccuracy
		case acp > 700:
			return Mistake
		}
		return Blunder
	}
	return Good
}

// Accuracy is lichess's accuracy of a move that took the mover's win% from
// before to after: 103.1668·exp(-0.04354·(before-after)) - 3.1669, within
// 0–100.
func Accuracy(before, after float64) float64 {
	a := 103.1668*math.Exp(-0.04354*(before-after)) - 3.1669
	return max(0, min(100, a))
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func abs(n int) int { return max(n, -n) }
