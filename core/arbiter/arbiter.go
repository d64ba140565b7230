package arbiter

import (
	"errors"
	"fmt"
	"slices"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// Arbiter applies the over-the-board rules to one game: touch-move,
// illegal moves, draw offers and claims, resignation, flags and the arbiter's
// actions. Every call returns a Decision; the Arbiter keeps the position and
// the repetition history of the completed moves. It is not safe for
// concurrent use: the app calls it from one goroutine.
type Arbiter struct {
	mode Rules
	set  Settings

	start     chess.Position
	startHist []uint64
	pos       chess.Position   // after the completed moves
	hist      []uint64         // RepetitionKey of every position before pos
	past      []chess.Position // the position before each completed move
	moves     []chess.Move     // the completed moves
	movesBy   [2]int           // completed moves per colour
	legal     []chess.Move     // legal moves in pos; nil until needed
	legalOK   bool

	turn      turnState
	illegal   [2]int      // completed illegal moves per colour
	offer     chess.Color // the pending draw offer's author, or NoColor
	paused    bool        // paused by the arbiter
	out       Outcome
	byMove    bool          // the game was ended by a move (casual takeback may reopen it)
	flagged   []chess.Color // flags shown, in order (FlagsMustBeClaimed)
	confirmed [2]bool
	log       []Event
	breach    *Breach // the last touch-move breach read from a board (breach.go)
}

// turnState is what happened on the board during the current turn.
type turnState struct {
	touches     []chess.Square // pieces touched under Article 4, in order
	adjusting   bool           // j'adoube announced, not yet used
	adjustSq    chess.Square   // the piece being adjusted, or NoSquare
	placed      chess.Move     // a legal move on the board, not completed
	promo       bool           // a pawn released on the last rank
	promoFrom   chess.Square
	promoTo     chess.Square
	provisional chess.Move // an illegal move on the board (RulesArbiter)
	declared    chess.Move // a move declared with a wrong claim
	claimed     bool       // a claim was made on this move
}

func newTurn() turnState {
	return turnState{adjustSq: chess.NoSquare, promoFrom: chess.NoSquare, promoTo: chess.NoSquare}
}

// New returns an Arbiter for a game from start, whose earlier positions have
// the RepetitionKey values in history (oldest first; nil for a new game), played in
// mode under the event rules s. A start position that already ends the game
// (mate, stalemate, dead position, …) gives an Arbiter whose game is over.
func New(start chess.Position, history []uint64, mode Rules, s Settings) (*Arbiter, error) {
	if !mode.valid() {
		return nil, fmt.Errorf("arbiter: unknown mode %d", uint8(mode))
	}
	s, err := s.normalize(mode)
	if err != nil {
		return nil, err
	}
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		if start.PieceAt(start.KingSquare(c)) != chess.NewPiece(c, chess.King) {
			return nil, errors.New("arbiter: start position has no " + c.String() + " king")
		}
	}
	a := &Arbiter{
		mode: mode, set: s,
		start: start, startHist: slices.Clone(history),
		pos: start, hist: slices.Clone(history),
		turn: newTurn(), offer: chess.NoColor, out: unfinished(),
	}
	if o, over := a.pos.Outcome(a.hist); over {
		a.end(fromChess(o), a.event(EventEnd, chess.NoColor, "", ""))
	}
	return a, nil
}

// Rules returns the rules the arbiter applies.
func (a *Arbiter) Rules() Rules { return a.mode }

// Settings returns the event rules with the defaults filled in.
func (a *Arbiter) Settings() Settings { return a.set }

// Position returns the position after the completed moves; a move on the
// board but not completed is not in it (see Board).
func (a *Arbiter) Position() chess.Position { return a.pos }

// History returns the RepetitionKey of every position before Position,
// oldest first, as Position.Outcome and ClaimableDraw take it.
func (a *Arbiter) History() []uint64 { return slices.Clone(a.hist) }

// Moves returns the completed moves since the start position.
func (a *Arbiter) Moves() []chess.Move { return slices.Clone(a.moves) }

// Turn returns the player having the move.
func (a *Arbiter) Turn() chess.Color { return a.pos.Turn() }

// Board returns the pieces as the board shows them: the position plus a
// move made but not completed, a pawn awaiting its promotion piece, or a
// provisional illegal move.
func (a *Arbiter) Board() [64]chess.Piece {
	st := &a.turn
	b := a.pos.Board()
	switch {
	case st.placed != chess.NoMove:
		q := a.pos
		q.Play(st.placed)
		return q.Board()
	case st.promo:
		b[st.promoTo], b[st.promoFrom] = b[st.promoFrom], chess.NoPiece
	case st.provisional != chess.NoMove:
		m := st.provisional
		if m.IsCastling() {
			king, rook := b[m.From()], b[m.To()]
			b[m.From()], b[m.To()] = chess.NoPiece, chess.NoPiece
			b[m.KingTo()], b[m.RookTo()] = king, rook
		} else {
			b[m.To()], b[m.From()] = b[m.From()], chess.NoPiece
		}
	}
	return b
}

// Placed returns the legal move on the board awaiting the clock press, or
// NoMove.
func (a *Arbiter) Placed() chess.Move { return a.turn.placed }

// ProvisionalMove returns the provisional illegal move on the board
// (RulesArbiter), or NoMove.
func (a *Arbiter) ProvisionalMove() chess.Move { return a.turn.provisional }

// PendingPromotion returns the squares of a pawn released on the last rank
// that awaits its piece, and whether there is one.
func (a *Arbiter) PendingPromotion() (from, to chess.Square, ok bool) {
	return a.turn.promoFrom, a.turn.promoTo, a.turn.promo
}

// Obligation returns what the touches of the player having the move oblige
// him to do on this move.
func (a *Arbiter) Obligation() Obligation { return a.obligation() }

// Dests returns the squares the piece on from may be released on now to
// make an allowed move.
func (a *Arbiter) Dests(from chess.Square) []chess.Square {
	if a.out.Over() || a.turn.placed != chess.NoMove || a.turn.provisional != chess.NoMove || a.turn.promo {
		return nil
	}
	return dropSquares(a.obligation().Moves, from)
}

// Adjusting reports whether j'adoube is announced for the next touch.
func (a *Arbiter) Adjusting() bool { return a.turn.adjusting }

// IllegalMoves returns the number of completed illegal moves by c.
func (a *Arbiter) IllegalMoves(c chess.Color) int {
	if !validColor(c) {
		return 0
	}
	return a.illegal[c]
}

// Offer returns the author of the pending draw offer, or NoColor.
func (a *Arbiter) Offer() chess.Color { return a.offer }

// Paused reports whether the arbiter paused the game.
func (a *Arbiter) Paused() bool { return a.paused }

// Outcome returns the result of the game; Result is Unfinished while it goes on.
func (a *Arbiter) Outcome() Outcome { return a.out }

// Over reports whether the game has ended.
func (a *Arbiter) Over() bool { return a.out.Over() }

// Confirmed reports whether both players have confirmed the result [8.7].
func (a *Arbiter) Confirmed() bool { return a.confirmed[0] && a.confirmed[1] }

// Events returns the log of every event so far.
func (a *Arbiter) Events() []Event { return slices.Clone(a.log) }

func validColor(c chess.Color) bool { return c == chess.White || c == chess.Black }

// plies returns the number of completed moves.
func (a *Arbiter) plies() int { return len(a.moves) }

func (a *Arbiter) legalMoves() []chess.Move {
	if !a.legalOK {
		a.legal, a.legalOK = a.pos.LegalMoves(), true
	}
	return a.legal
}

// commit completes the legal move m: the position advances and a new turn
// begins.
func (a *Arbiter) commit(m chess.Move) {
	a.past = append(a.past, a.pos)
	a.hist = append(a.hist, a.pos.RepetitionKey())
	a.movesBy[a.pos.Turn()&1]++
	a.pos.Play(m)
	a.moves = append(a.moves, m)
	a.legalOK = false
	a.turn = newTurn()
	if a.breach != nil && a.breach.Ply < a.plies() {
		a.breach = nil // the claimant moved on [4.8]
	}
}

// commitPlaced completes a move made but not completed when the game ends
// by agreement or resignation, and reports it in d.
func (a *Arbiter) commitPlaced(d *Decision) {
	if m := a.turn.placed; m != chess.NoMove {
		d.Move, d.SAN, d.Scored = m, a.pos.SAN(m), true
		a.commit(m)
	}
}

// event returns an event of kind k by side at the current ply.
func (a *Arbiter) event(k EventKind, side chess.Color, article, text string) Event {
	return Event{Kind: k, Ply: a.plies(), Side: side, Square: chess.NoSquare, Article: article, Text: text}
}

// logEvent appends e to the log.
func (a *Arbiter) logEvent(e Event) { a.log = append(a.log, e) }

// end ends the game with o, logging ev with the closing comment.
func (a *Arbiter) end(o Outcome, ev Event) {
	a.out = o
	a.offer = chess.NoColor
	a.turn = newTurn()
	a.confirmed = [2]bool{}
	if ev.Text == "" {
		ev.Text = o.Reason.String()
	}
	if ev.Comment == "" {
		ev.Comment, ev.Note = o.Reason.String(), o.Reason
	}
	if ev.Article == "" {
		ev.Article = o.Article
	}
	a.logEvent(ev)
}

// lapseOffer cancels an offer by the opponent of c, who touched a piece to
// move it (or, in casual play, made a move) [9.1.2.3].
func (a *Arbiter) lapseOffer(c chess.Color) {
	if a.offer != c.Other() || !validColor(a.offer) {
		return
	}
	a.logEvent(a.event(EventOfferLapsed, a.offer, "9.1.2.3",
		fmt.Sprintf("%s's draw offer lapsed: %s went on playing", colorName(a.offer), colorName(c))))
	a.offer = chess.NoColor
}

// finish completes a decision: the events logged since mark and what the
// player having the move may do now.
func (a *Arbiter) finish(mark int, d Decision) Decision {
	if len(a.log) > mark {
		d.Events = slices.Clone(a.log[mark:])
	}
	d.Bound = chess.NoSquare
	st := &a.turn
	switch {
	case a.out.Over(), st.placed != chess.NoMove, st.provisional != chess.NoMove:
	case st.promo:
		d.Allowed = filter(a.legalMoves(), func(m chess.Move) bool { return m.From() == st.promoFrom && m.To() == st.promoTo })
		d.Bound = st.promoFrom
	default:
		ob := a.obligation()
		d.Allowed = ob.Moves
		if ob.Kind != Free {
			d.Bound = ob.Piece
		}
	}
	return d
}

// refuse logs a refusal by side and returns it.
func (a *Arbiter) refuse(mark int, side chess.Color, reason msg.Text, article string) Decision {
	a.logEvent(a.event(EventRefusal, side, article, reason.String()))
	return a.finish(mark, Decision{Kind: Refused, Reason: reason, Article: article})
}

// ignore returns a decision with no effect.
func (a *Arbiter) ignore(mark int, reason msg.Text) Decision {
	return a.finish(mark, Decision{Kind: Ignored, Reason: reason})
}

// gameOver refuses an action after the end of the game.
func (a *Arbiter) gameOver(mark int, side chess.Color) Decision {
	return a.refuse(mark, side, text(mGameOverReason, msg.Nested("Reason", a.out.Reason)), a.out.Article)
}

// outOfPlay refuses a call by c when c is no player or the game is over.
func (a *Arbiter) outOfPlay(mark int, c chess.Color) (Decision, bool) {
	switch {
	case !validColor(c):
		return a.refuse(mark, chess.NoColor, text(mNoPlayer), ""), true
	case a.out.Over():
		return a.gameOver(mark, c), true
	}
	return Decision{}, false
}
