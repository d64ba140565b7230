package arbiter

import (
	"slices"
	"strings"
	"time"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// The arbiter's actions, RulesArbiter only. Each is logged with a PGN
// comment and returned as a decision; the clock actions are for the app.

// arbiterOnly refuses an arbiter's action outside RulesArbiter or after the
// end of the game.
func (a *Arbiter) arbiterOnly(mark int) (Decision, bool) {
	if a.mode != RulesArbiter {
		return a.refuse(mark, chess.NoColor, text(mArbiterOnly), ""), true
	}
	if a.out.Over() {
		return a.gameOver(mark, chess.NoColor), true
	}
	return Decision{}, false
}

// ruling logs an arbiter's ruling t, written to the score as comment.
func (a *Arbiter) ruling(mark int, k EventKind, article string, t msg.Text, act ClockAction) Decision {
	ev := a.event(k, chess.NoColor, article, comment(t))
	ev.Comment, ev.Note, ev.Delta = ev.Text, t, act.Delta
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: article, Clock: []ClockAction{act}})
}

// Pause pauses the game: the clocks stop and no piece may be moved until
// Resume [6.11.1].
func (a *Arbiter) Pause() Decision {
	mark := len(a.log)
	if d, no := a.arbiterOnly(mark); no {
		return d
	}
	if a.paused {
		return a.refuse(mark, chess.NoColor, text(mAlreadyPaused), "6.11")
	}
	a.paused = true
	return a.ruling(mark, EventPause, "6.11.1", text(mClocksPaused), ClockAction{Kind: ClockPause})
}

// Resume restarts a paused game [6.11.3].
func (a *Arbiter) Resume() Decision {
	mark := len(a.log)
	if d, no := a.arbiterOnly(mark); no {
		return d
	}
	if !a.paused {
		return a.refuse(mark, chess.NoColor, text(mNotPaused), "6.11")
	}
	a.paused = false
	return a.ruling(mark, EventResume, "6.11.3", text(mClocksResumed), ClockAction{Kind: ClockResume})
}

// AddTime adds d to side's time, or takes it away when d is negative
// (disturbance, other penalties [12.5, 12.9]).
func (a *Arbiter) AddTime(side chess.Color, d time.Duration) Decision {
	return a.adjustClock(side, d != 0, mNameTimeDelta, "12.9", text(mAddTime, msg.Color("Side", side), msg.Signed("Time", d)),
		ClockAction{Kind: ClockAddTime, Side: side, Delta: d})
}

// SetTime sets side's time to v (a wrong setting corrected [6.10.2]).
func (a *Arbiter) SetTime(side chess.Color, v time.Duration) Decision {
	return a.adjustClock(side, v >= 0, mNameTime, "6.10.2", text(mSetTime, msg.Color("Side", side), msg.Duration("Time", v)),
		ClockAction{Kind: ClockSetTime, Side: side, Delta: v})
}

// SetMoves sets side's move counter on the clock to n completed moves
// [6.10.2, 7.1].
func (a *Arbiter) SetMoves(side chess.Color, n int) Decision {
	return a.adjustClock(side, n >= 0, mNameMoves, "7.1", text(mSetMoves, msg.Color("Side", side), msg.Number("Number", n)),
		ClockAction{Kind: ClockSetMoves, Side: side, Moves: n})
}

// adjustClock rules on the arbiter's correction act of side's clock, logged
// as t under article; it refuses it with the message bad when side is no
// player or the value is not valid.
func (a *Arbiter) adjustClock(side chess.Color, valid bool, bad, article string, t msg.Text, act ClockAction) Decision {
	mark := len(a.log)
	if d, no := a.arbiterOnly(mark); no {
		return d
	}
	if !validColor(side) || !valid {
		return a.refuse(mark, chess.NoColor, text(bad), "")
	}
	return a.ruling(mark, EventClockAdjust, article, t, act)
}

// CancelTouch cancels the touch of the piece on sq as accidental contact,
// which has no consequence [4.2.2]; a move already made stands [4.7].
func (a *Arbiter) CancelTouch(sq chess.Square) Decision {
	mark := len(a.log)
	if d, no := a.arbiterOnly(mark); no {
		return d
	}
	st := &a.turn
	i := slices.Index(st.touches, sq)
	switch {
	case i < 0:
		return a.refuse(mark, chess.NoColor, text(mNoTouchToUndo, msg.Square("Square", sq)), "4.2.2")
	case st.placed != chess.NoMove || st.promo:
		return a.refuse(mark, chess.NoColor, text(mTouchStands), "4.7")
	}
	st.touches = slices.Delete(st.touches, i, i+1)
	t := text(mTouchCancelled, pieceAt(a.pos.PieceAt(sq), sq)...)
	ev := a.event(EventRuling, chess.NoColor, "4.2.2", comment(t))
	ev.Square, ev.Comment, ev.Note = sq, ev.Text, t
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: "4.2.2"})
}

// DeclareResult ends the game by the arbiter's decision: winner wins, or
// NoColor for a draw, for reason (typed by the arbiter, shown as it is in
// every language) under article. It may also change
// the result of a finished game, confirmed or not [8.7]; the players must
// then confirm again.
func (a *Arbiter) DeclareResult(winner chess.Color, reason, article string) Decision {
	return a.declare(winner, msg.Plain(strings.TrimSpace(reason)), article)
}

// declare is DeclareResult with the reason as a Text.
func (a *Arbiter) declare(winner chess.Color, reason msg.Text, article string) Decision {
	mark := len(a.log)
	if a.mode != RulesArbiter {
		return a.refuse(mark, chess.NoColor, text(mArbiterOnly), "")
	}
	if !validColor(winner) && winner != chess.NoColor {
		return a.refuse(mark, chess.NoColor, text(mNoPlayer), "")
	}
	if reason.IsZero() {
		reason = text(mArbiterRuling)
	}
	o := draw(reason, article, TerminationAdjudication)
	if winner != chess.NoColor {
		o = win(winner, reason, article, TerminationAdjudication)
	}
	var clk []ClockAction
	if !a.out.Over() {
		clk = []ClockAction{{Kind: ClockStop}}
	}
	says := text(mArbiterSays, msg.Nested("Reason", reason))
	ev := a.event(EventRuling, chess.NoColor, article, says.String())
	ev.Comment, ev.Note = ev.Text, says
	a.byMove, a.paused = false, false
	a.end(o, ev)
	return a.finish(mark, Decision{Kind: Ended, Reason: reason, Article: article, Outcome: o, Clock: clk})
}

// DeclareDeadPosition declares the game drawn because the position has been
// dead since move fromMove, beyond what the material test sees (rules.md §3
// N3); the moves after it are kept by the app as a comment.
func (a *Arbiter) DeclareDeadPosition(fromMove int) Decision {
	if fromMove < 1 {
		mark := len(a.log)
		return a.refuse(mark, chess.NoColor, text(mNameDeadMove), "5.2.2")
	}
	return a.declare(chess.NoColor, text(mDeadFromMove, msg.Number("Number", fromMove)), "5.2.2")
}

// uncommit takes the last completed move back: the position before it
// stands and its player has the move again, in a new turn. It returns the
// move; there must be one.
func (a *Arbiter) uncommit() chess.Move {
	n := len(a.moves) - 1
	m := a.moves[n]
	a.pos = a.past[n]
	a.past, a.moves, a.hist = a.past[:n], a.moves[:n], a.hist[:len(a.hist)-1]
	a.movesBy[a.pos.Turn()&1]--
	a.legalOK = false
	a.turn = newTurn()
	return m
}

// TakeBackMisread takes back the last completed move as the arbiter's
// correction of a move the electronic board misread: the position before
// it stands, its player has the move again, and the ruling is written in
// the score. The app takes the move out of the score (Decision Retracted).
func (a *Arbiter) TakeBackMisread() Decision {
	mark := len(a.log)
	if d, no := a.arbiterOnly(mark); no {
		return d
	}
	if len(a.moves) == 0 {
		return a.refuse(mark, chess.NoColor, text(mNothingToTake), "")
	}
	m := a.uncommit()
	a.breach = nil
	san := a.pos.SAN(m)
	t := text(mMisreadTakenBack, msg.SAN("Move", san))
	ev := a.event(EventRuling, chess.NoColor, "", comment(t))
	ev.Move, ev.Comment, ev.Note = m, comment(t), t
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Retracted, Move: m, SAN: san, Reason: t})
}

// Note writes the arbiter's note s into the score, after the last move
// ("Arbiter: s"), shown as typed in every language.
func (a *Arbiter) Note(s string) Decision {
	mark := len(a.log)
	if d, no := a.arbiterOnly(mark); no {
		return d
	}
	if s = strings.TrimSpace(s); s == "" {
		return a.refuse(mark, chess.NoColor, text(mNoNote), "")
	}
	t := text(mArbiterSays, msg.Nested("Reason", msg.Plain(s)))
	ev := a.event(EventRuling, chess.NoColor, "", t.String())
	ev.Comment, ev.Note = ev.Text, t
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Accepted, Reason: t})
}
