package arbiter

import (
	"fmt"
	"time"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// Kind says what a Decision decided.
type Kind uint8

// The kinds of decisions.
const (
	// Ignored: the call had no effect and nothing was logged (an empty
	// square touched, a press by the side whose clock is not running).
	Ignored Kind = iota
	// Refused: the rules forbid it; Reason says why. Touch-move obligations
	// stay as they were (a refused touch may still count as a touch).
	Refused
	// Accepted: the call took effect (a touch, an offer, a pause, …).
	Accepted
	// PutBack: the piece was dropped on its own square, which is not a move;
	// the touch obligation remains [4.7].
	PutBack
	// NeedsPromotion: a pawn was released on the last rank; call Promote.
	// Outside RulesCasual the choice cannot be cancelled.
	NeedsPromotion
	// Moved: a legal move is on the board, not yet completed; it can no
	// longer be changed [4.7]. Press completes it.
	Moved
	// Provisional: RulesArbiter only, an illegal move stands on the board
	// unapplied; Retract takes it back, Press completes it and penalises it.
	Provisional
	// Retracted: a provisional illegal move, a pending promotion or a move
	// (casual takeback) was taken back.
	Retracted
	// Completed: the clock press completed the move; the turn passes.
	Completed
	// Penalized: a completed illegal move or a wrong claim; the opponent
	// receives time (see Clock) and play goes on.
	Penalized
	// Ended: the game is over; Outcome says how.
	Ended
)

var kindNames = [...]string{
	Ignored: "ignored", Refused: "refused", Accepted: "accepted", PutBack: "put back",
	NeedsPromotion: "needs promotion", Moved: "moved", Provisional: "provisional",
	Retracted: "retracted", Completed: "completed", Penalized: "penalized", Ended: "ended",
}

// String returns the kind's name, e.g. "refused".
func (k Kind) String() string { return enumName(kindNames[:], k, "Kind") }

// Decision is the arbiter's answer to one call: what happened and why, what
// the player having the move may do now, what the app must do with the clock,
// and the events logged.
type Decision struct {
	Kind Kind
	// Reason explains the decision to the player, as a keyed Text the
	// window renders in the players' language.
	Reason msg.Text
	// Article cites the FIDE Laws, e.g. "4.3.1", when a rule decided.
	Article string
	// Move is the move made, attempted, declared or completed, or NoMove.
	Move chess.Move
	// SAN is Move in SAN when Move is legal.
	SAN string
	// Scored reports that Move enters the score with this decision: the app
	// appends it to the game (a completed move, a game-ending move, a move
	// declared with a correct claim, a made move standing when the game was
	// agreed or resigned).
	Scored bool
	// Bound is the piece under a touch-move obligation: the own piece that
	// must move, or the opponent's piece that must be captured; NoSquare if
	// none.
	Bound chess.Square
	// Allowed holds the moves the player having the move may make now under
	// every obligation; nil once a move is on the board or the game is over.
	Allowed []chess.Move
	// Dests holds, for an accepted Touch of an own piece, the squares the
	// piece may be released on to make an allowed move (for castling the
	// king's destination and the rook's square).
	Dests []chess.Square
	// Clock lists what the app must do with the clock, in order. The app
	// drives the clock only through these actions.
	Clock []ClockAction
	// Outcome is set when this call ended the game (or the arbiter changed
	// its result); otherwise it is the zero Outcome.
	Outcome Outcome
	// Events holds the events this call logged.
	Events []Event
}

// Over reports whether this decision ended the game.
func (d Decision) Over() bool { return d.Outcome.Over() }

// ClockActionKind names what the app must do with the clock.
type ClockActionKind uint8

// The clock actions. Each maps onto one method of clock.Clock.
const (
	// ClockPress: Side completed a move; press its clock (Clock.Press).
	ClockPress ClockActionKind = iota + 1
	// ClockPressFinal: Side made a game-ending move; charge it and stop
	// the clocks without increment (Clock.PressFinal) [6.2.1.1].
	ClockPressFinal
	// ClockStop: the game ended otherwise; stop the clocks if they still
	// run (Clock.Stop).
	ClockStop
	// ClockPause freezes both clocks (Clock.Pause) [6.11, 9.5.1].
	ClockPause
	// ClockResume restarts the side that was running (Clock.Resume).
	ClockResume
	// ClockPenalty: Side receives Delta for the opponent's infraction
	// (Clock.Penalty when Delta is the clock category's penalty, else
	// Clock.AddTime).
	ClockPenalty
	// ClockAddTime adds Delta (negative: takes it) to Side's time
	// (Clock.AddTime) [6.10.2, 12.5, 12.9].
	ClockAddTime
	// ClockSetTime sets Side's time to Delta (Clock.SetTime) [6.10.2].
	ClockSetTime
	// ClockSetMoves sets Side's move counter to Moves (Clock.SetMoves) [7.1].
	ClockSetMoves
)

var clockActionKindNames = [...]string{
	ClockPress: "press", ClockPressFinal: "final press", ClockStop: "stop", ClockPause: "pause",
	ClockResume: "resume", ClockPenalty: "penalty", ClockAddTime: "add time",
	ClockSetTime: "set time", ClockSetMoves: "set moves",
}

// String returns the action's name, e.g. "press".
func (k ClockActionKind) String() string {
	return enumName(clockActionKindNames[:], k, "ClockActionKind")
}

// ClockAction is one thing the app must do with the clock. Fields that do
// not apply to the kind are zero (Side is White then, and irrelevant).
type ClockAction struct {
	Kind  ClockActionKind
	Side  chess.Color
	Delta time.Duration
	Moves int
}

// String describes the action, e.g. "penalty black +2:00".
func (c ClockAction) String() string {
	switch c.Kind {
	case ClockPress, ClockPressFinal:
		return fmt.Sprintf("%v %v", c.Kind, c.Side)
	case ClockPenalty, ClockAddTime:
		return fmt.Sprintf("%v %v %s", c.Kind, c.Side, msg.SignedDuration(c.Delta))
	case ClockSetTime:
		return fmt.Sprintf("%v %v %s", c.Kind, c.Side, msg.FormatDuration(c.Delta))
	case ClockSetMoves:
		return fmt.Sprintf("%v %v %d", c.Kind, c.Side, c.Moves)
	}
	return c.Kind.String()
}

// PGN Termination tag values (pgn.md, PGN standard 9.8.1).
const (
	TerminationNormal          = "normal"
	TerminationTimeForfeit     = "time forfeit"
	TerminationRulesInfraction = "rules infraction"
	TerminationAdjudication    = "adjudication"
	TerminationUnterminated    = "unterminated"
)

// Outcome is the result of a game and why: what the arbiter rules on
// claims, touch-move, illegal moves and flags, citing the FIDE articles.
// The zero Outcome means "not decided"; Arbiter.Outcome of a game in
// progress has Result Unfinished.
type Outcome struct {
	// Result is the result of the game, Unfinished while it goes on.
	Result chess.Result
	// Winner is the winning colour, NoColor for a draw or an unfinished game.
	Winner chess.Color
	// Reason says why, e.g. "Black resigns"; in English it is also the
	// closing comment of the game (pgn.md §11).
	Reason msg.Text
	// Article cites the FIDE Laws, e.g. "5.1.2".
	Article string
	// Termination is the PGN Termination tag value, e.g. "time forfeit".
	Termination string
}

// Over reports whether the outcome ends the game.
func (o Outcome) Over() bool { return o.Result.Over() }

func unfinished() Outcome {
	return Outcome{Result: chess.Unfinished, Winner: chess.NoColor, Termination: TerminationUnterminated}
}

func win(w chess.Color, reason msg.Text, article, term string) Outcome {
	return Outcome{Result: chess.WinFor(w), Winner: w, Reason: reason, Article: article, Termination: term}
}

func draw(reason msg.Text, article, term string) Outcome {
	return Outcome{Result: chess.Draw, Winner: chess.NoColor, Reason: reason, Article: article, Termination: term}
}

// fromChess turns an automatic end reported by the chess package into an
// Outcome (rules.md §3.1, 3.3, 3.4, 3.7, 3.9).
func fromChess(o chess.Outcome) Outcome {
	switch o.Reason {
	case chess.Checkmate:
		return win(o.Winner, text(mCheckmate), "5.1.1", TerminationNormal)
	case chess.Stalemate:
		return draw(text(mStalemate), "5.2.1", TerminationNormal)
	case chess.DeadPosition:
		return draw(text(mDeadPosition), "5.2.2", TerminationNormal)
	case chess.FivefoldRepetition:
		return draw(text(mFivefold), "9.6.1", TerminationNormal)
	case chess.SeventyFiveMoves:
		return draw(text(mSeventyFive), "9.6.2", TerminationNormal)
	}
	if o.Winner == chess.White || o.Winner == chess.Black {
		return win(o.Winner, msg.Plain(o.Reason.String()), "", TerminationNormal)
	}
	return draw(msg.Plain(o.Reason.String()), "", TerminationNormal)
}
