package chess

// Reason says why a game ended or why a draw may be claimed.
type Reason uint8

// The reasons. The first five end the game by themselves (rules.md §3); the
// last two only on a correct claim.
const (
	NoReason Reason = iota
	Checkmate
	Stalemate
	DeadPosition // insufficient material: no sequence of legal moves can mate
	FivefoldRepetition
	SeventyFiveMoves
	ThreefoldRepetition
	FiftyMoves
)

// String returns a short English description, e.g. "checkmate".
func (r Reason) String() string {
	switch r {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case DeadPosition:
		return "dead position"
	case FivefoldRepetition:
		return "fivefold repetition"
	case SeventyFiveMoves:
		return "75-move rule"
	case ThreefoldRepetition:
		return "threefold repetition"
	case FiftyMoves:
		return "50-move rule"
	}
	return "none"
}

// Automatic reports whether the reason ends a game without a claim.
func (r Reason) Automatic() bool { return r >= Checkmate && r <= SeventyFiveMoves }

// Outcome is the end of a game: the winner (NoColor for a draw) and why.
type Outcome struct {
	Winner Color
	Reason Reason
}

// Result returns the result of the game: a win for the winner, or a draw.
func (o Outcome) Result() Result { return WinFor(o.Winner) }

// Outcome reports an automatic end of the game in p (rules.md §3 and N1):
// checkmate, stalemate, dead position by material, fivefold repetition, or
// the 75-move rule (a mate on the 150th ply wins). history holds the
// RepetitionKey of every earlier position of the game, oldest first.
func (p *Position) Outcome(history []uint64) (Outcome, bool) {
	if !p.HasLegalMoves() {
		if p.InCheck() {
			return Outcome{Winner: p.turn ^ 1, Reason: Checkmate}, true
		}
		return Outcome{Winner: NoColor, Reason: Stalemate}, true
	}
	if p.InsufficientMaterial() {
		return Outcome{Winner: NoColor, Reason: DeadPosition}, true
	}
	if p.Repetitions(history) >= 5 {
		return Outcome{Winner: NoColor, Reason: FivefoldRepetition}, true
	}
	if p.halfmove >= 150 {
		return Outcome{Winner: NoColor, Reason: SeventyFiveMoves}, true
	}
	return Outcome{}, false
}

// Repetitions returns how often p's position has occurred, counting p itself,
// given the RepetitionKey of every earlier position (oldest first).
func (p *Position) Repetitions(history []uint64) int {
	k := p.RepetitionKey()
	n := 1
	for _, h := range history {
		if h == k {
			n++
		}
	}
	return n
}

// ClaimableDraw reports a draw the player to move may claim now: threefold
// repetition (rules.md §3.6) or the 50-move rule (§3.8). It does not look at
// automatic ends; check Outcome first.
func (p *Position) ClaimableDraw(history []uint64) (Outcome, bool) {
	if p.Repetitions(history) >= 3 {
		return Outcome{Winner: NoColor, Reason: ThreefoldRepetition}, true
	}
	if p.halfmove >= 100 {
		return Outcome{Winner: NoColor, Reason: FiftyMoves}, true
	}
	return Outcome{}, false
}

// ClaimableDrawAfter reports whether the player to move may claim a draw by
// declaring the legal move m (rules.md §3 N6 b): the claim holds if, after m,
// the position has occurred three times or 50 moves have passed. A move that
// mates is not a draw.
func (p *Position) ClaimableDrawAfter(m Move, history []uint64) (Outcome, bool) {
	q := *p
	q.Play(m)
	if q.InCheck() && !q.HasLegalMoves() {
		return Outcome{}, false
	}
	h := make([]uint64, len(history)+1)
	copy(h, history)
	h[len(history)] = p.RepetitionKey()
	return q.ClaimableDraw(h)
}

// InsufficientMaterial reports a dead position by material (rules.md §3 N2):
// K v K, K+B v K, K+N v K, or kings and bishops only with every bishop on
// squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	switch minors.Count() {
	case 0, 1:
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	b := p.byType[Bishop]
	return b&lightSquares == 0 || b&^lightSquares == 0
}

const lightSquares Bitboard = 0x55aa55aa55aa55aa

// CannotMate reports whether colour c cannot checkmate by any legal sequence
// of moves, by the material test of rules.md §3 N4: c has a bare king; or
// K+N against no pawns, knights, bishops or rooks; or K and bishops all on one
// square colour, with no pawns or knights on the board and every enemy bishop
// on that colour too. Used for flag fall, resignation and penalties.
func (p *Position) CannotMate(c Color) bool {
	own := p.byColor[c&1]
	opp := p.byColor[(c&1)^1]
	mine := own &^ p.byType[King]
	if mine == 0 {
		return true
	}
	if mine&(p.byType[Pawn]|p.byType[Rook]|p.byType[Queen]) != 0 {
		return false
	}
	if mine == mine&p.byType[Knight] && mine.Count() == 1 {
		return opp&(p.byType[Pawn]|p.byType[Knight]|p.byType[Bishop]|p.byType[Rook]) == 0
	}
	if mine&p.byType[Knight] == 0 { // bishops only
		if (p.byType[Pawn] | p.byType[Knight]) != 0 {
			return false
		}
		all := p.byType[Bishop]
		return all&lightSquares == 0 || all&^lightSquares == 0
	}
	return false
}
