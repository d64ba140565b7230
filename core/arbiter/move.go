package arbiter

import (
	"fmt"
	"slices"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// Touch is a pointer-down (or drag start, or first click) on sq by player by.
// Only the player having the move may touch pieces [6.2.5]. In RulesCasual a
// touch only selects a piece. Otherwise it counts under Article 4 (rules.md
// §5): the decision says whether the piece may be picked up, which piece is
// bound (Bound), the moves allowed (Allowed) and, for an own piece, where it
// may go (Dests). An accepted touch of an opponent's piece, or of the rook
// after the king, has no Dests: the piece itself does not move. A refused
// touch may still count, as over the board: touching an immobile piece binds
// nothing [4.5], and touching a second piece does not free the first.
func (a *Arbiter) Touch(by chess.Color, sq chess.Square) Decision {
	mark := len(a.log)
	if d, no := a.outOfPlay(mark, by); no {
		return d
	}
	us := a.pos.Turn()
	if by != us {
		return a.refuse(mark, by, text(mNotYourTurn, side(us), other(by)), "6.2.5")
	}
	if d, busy := a.busy(mark); busy {
		return d
	}
	if !sq.Valid() {
		return a.refuse(mark, by, text(mNoSquare), "")
	}
	p := a.pos.PieceAt(sq)
	if p == chess.NoPiece {
		return a.ignore(mark, text(mEmptySquare, msg.Square("Square", sq)))
	}
	st := &a.turn
	var late msg.Text
	if st.adjusting {
		st.adjusting = false
		if !slices.Contains(st.touches, sq) {
			st.adjustSq = sq
			ev := a.event(EventAdjust, us, "4.2.1", fmt.Sprintf("%s adjusts %s", colorName(us), pieceOn(p, sq)))
			ev.Square = sq
			a.logEvent(ev)
			return a.finish(mark, Decision{Kind: Accepted, Article: "4.2.1",
				Reason: text(mMayAdjust, pieceAt(p, sq)...)})
		}
		late = text(mAdjustLate)
	}
	st.adjustSq = chess.NoSquare // a new touch ends any adjusting touch
	if !a.mode.touchMove() {
		if p.Color() != us {
			return a.ignore(mark, text(mNotYours, pieceAt(p, sq)...))
		}
		dests := a.Dests(sq)
		if len(dests) == 0 {
			return a.refuse(mark, us, text(mNoLegalMove, pieceAt(p, sq)...), "")
		}
		d := a.finish(mark, Decision{Kind: Accepted, Reason: text(mSelected, pieceAt(p, sq)...)})
		d.Dests = dests
		return d
	}
	a.addTouch(sq, "")
	ob := a.obligation()
	if p.Color() == us {
		dests := dropSquares(ob.Moves, sq)
		switch {
		case len(dests) > 0:
			d := a.finish(mark, Decision{Kind: Accepted, Reason: late.Then(ob.Reason), Article: ob.Article})
			d.Dests = dests
			return d
		case (ob.Kind == Castle || ob.Kind == KingMove) && sq == ob.Rook:
			// The rook touched after the king: castling, or another king move.
			return a.finish(mark, Decision{Kind: Accepted, Reason: late.Then(ob.Reason), Article: ob.Article})
		case ob.Kind == Free:
			return a.refuse(mark, us, late.Then(text(mImmobile, pieceAt(p, sq)...)), "4.5")
		}
		return a.refuse(mark, us, late.Then(ob.Reason), ob.Article)
	}
	switch {
	case len(filter(ob.Moves, func(m chess.Move) bool { return a.captured(m) == sq })) > 0:
		return a.finish(mark, Decision{Kind: Accepted, Reason: late.Then(ob.Reason), Article: ob.Article})
	case ob.Kind == Free:
		return a.refuse(mark, us, late.Then(text(mUncapturable, pieceAt(p, sq)...)), "4.5")
	}
	return a.refuse(mark, us, late.Then(ob.Reason), ob.Article)
}

// addTouch records a touch of the piece on sq under Article 4: it may bind,
// it loses the right to claim a draw on this move [9.4], and it lapses the
// opponent's draw offer [9.1.2.3].
func (a *Arbiter) addTouch(sq chess.Square, text string) {
	st := &a.turn
	if slices.Contains(st.touches, sq) {
		return
	}
	st.touches = append(st.touches, sq)
	us := a.pos.Turn()
	if text == "" {
		text = fmt.Sprintf("%s touched %s", colorName(us), pieceOn(a.pos.PieceAt(sq), sq))
	}
	ev := a.event(EventTouch, us, "4.3", text)
	ev.Square = sq
	a.logEvent(ev)
	a.lapseOffer(us)
}

// busy refuses moves while the game is paused or a move is on the board.
func (a *Arbiter) busy(mark int) (Decision, bool) {
	st := &a.turn
	us := a.pos.Turn()
	switch {
	case a.paused:
		return a.refuse(mark, us, text(mPaused), "6.11"), true
	case st.promo:
		return a.refuse(mark, us, text(mChoosePromoFirst, msg.Square("Square", st.promoTo)), "4.7.3"), true
	case st.placed != chess.NoMove:
		return a.refuse(mark, us, text(mMoveMade, msg.SAN("Move", a.pos.SAN(st.placed))), "4.7"), true
	case st.provisional != chess.NoMove:
		return a.refuse(mark, us, text(mTakeBackOrPress), "7.5.1"), true
	}
	return Decision{}, false
}

// Adjust toggles the announcement of j'adoube by the player having the move:
// while it is armed, the next touch creates no obligation and cannot move a
// piece [4.2.1]. Announcing it after touching a piece does not help.
func (a *Arbiter) Adjust() Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	if a.out.Over() {
		return a.gameOver(mark, us)
	}
	if !a.mode.touchMove() {
		return a.ignore(mark, text(mNoAdjustCasual))
	}
	if d, busy := a.busy(mark); busy {
		return d
	}
	st := &a.turn
	st.adjusting = !st.adjusting
	t := text(pick(st.adjusting, mAnnouncesAdjust, mWithdrawsAdjust), side(us))
	a.logEvent(a.event(EventAdjust, us, "4.2.1", comment(t)))
	return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: "4.2.1"})
}

// Release is the drop of the piece from from on to (or the second click).
// Dropping it back on from is not a move (PutBack). A legal move that obeys
// the touch obligations is made (Moved; a game-ending move ends the game at
// once, Ended) and can no longer be changed [4.7]; a pawn released on the
// last rank needs its piece (NeedsPromotion). The king castles when released
// on its own rook or on its castling square two or more files away (in
// Chess960, when that square is next to the king, only on the rook).
// An illegal drop is refused, except in RulesArbiter, where a drop with a
// piece the obligations allow to move stands provisionally (rules.md §6.4).
// Releasing also counts as touching the piece.
func (a *Arbiter) Release(from, to chess.Square) Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	if a.out.Over() {
		return a.gameOver(mark, us)
	}
	if d, busy := a.busy(mark); busy {
		return d
	}
	if !from.Valid() || !to.Valid() {
		return a.refuse(mark, us, text(mNoSquare), "")
	}
	p := a.pos.PieceAt(from)
	if p == chess.NoPiece || p.Color() != us {
		return a.refuse(mark, us, text(mNoPieceToMove, msg.Square("Square", from)), "")
	}
	st := &a.turn
	if st.adjusting && !slices.Contains(st.touches, from) {
		st.adjustSq = from // this release ends the adjusting touch
	}
	st.adjusting = false
	if st.adjustSq == from {
		st.adjustSq = chess.NoSquare
		if to == from {
			return a.finish(mark, Decision{Kind: PutBack, Article: "4.2.1", Reason: text(mAdjusted, pieceAt(p, from)...)})
		}
		return a.refuse(mark, us, text(mAdjustNoMove, pieceAt(p, from)...), "4.2.1")
	}
	st.adjustSq = chess.NoSquare
	if a.mode.touchMove() {
		a.addTouch(from, "")
	}
	if to == from {
		ob := a.obligation()
		return a.finish(mark, Decision{Kind: PutBack, Article: "4.7",
			Reason: text(mPutBack, pieceAt(p, from)...).Then(ob.Reason)})
	}
	m, legal, promo, castling := a.resolve(from, to)
	if legal {
		ob := a.obligation()
		ok := contains(ob.Moves, m)
		if promo {
			ok = len(filter(ob.Moves, func(x chess.Move) bool { return x.From() == from && x.To() == to })) > 0
		}
		if !ok {
			return a.refuse(mark, us, ob.Reason, ob.Article)
		}
		if promo {
			st.promo, st.promoFrom, st.promoTo = true, from, to
			reason := text(mChoosePromo, msg.Square("Square", to))
			if a.mode.touchMove() {
				reason = reason.Then(text(mPawnStays))
			}
			return a.finish(mark, Decision{Kind: NeedsPromotion, Reason: reason, Article: "4.4.4"})
		}
		return a.place(mark, m)
	}
	if castling && m.IsCastling() && a.mode.touchMove() {
		a.addTouch(m.To(), fmt.Sprintf("%s released the king for castling with the rook on %v", colorName(us), m.To()))
	}
	ob := a.obligation()
	reason := text(mIllegal)
	if castling {
		reason = text(mCastlingIllegal)
	}
	if a.mode != RulesArbiter || !ob.permitsAttempt(a, m) {
		article := "3.10"
		switch {
		case castling && ob.Kind == KingMove:
			reason, article = ob.Reason, "4.4.3, 4.7.2"
		case a.mode == RulesArbiter:
			reason, article = ob.Reason, ob.Article
		case ob.Kind != Free:
			reason, article = reason.Then(ob.Reason), ob.Article
		}
		return a.refuse(mark, us, reason, article)
	}
	st.provisional = m
	ev := a.event(EventProvisional, us, "7.5.1", fmt.Sprintf("%s's illegal move %v stands provisionally", colorName(us), m))
	ev.Move = m
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Provisional, Move: m, Article: "7.5.1",
		Reason: reason.Then(text(mProvisional))})
}

// place makes the legal move m on the board. A move that ends the game ends
// it at once, before any clock press (rules.md §3 N1).
func (a *Arbiter) place(mark int, m chess.Move) Decision {
	us := a.pos.Turn()
	san := a.pos.SAN(m)
	if !a.mode.touchMove() {
		a.lapseOffer(us)
	}
	q := a.pos
	q.Play(m)
	if o, over := q.Outcome(append(slices.Clone(a.hist), a.pos.RepetitionKey())); over {
		a.commit(m)
		a.byMove = true
		out := fromChess(o)
		a.end(out, a.event(EventEnd, chess.NoColor, "", ""))
		return a.finish(mark, Decision{Kind: Ended, Reason: out.Reason, Article: out.Article,
			Move: m, SAN: san, Scored: true, Outcome: out,
			Clock: []ClockAction{{Kind: ClockPressFinal, Side: us}}})
	}
	a.turn.placed = m
	return a.finish(mark, Decision{Kind: Moved, Move: m, SAN: san, Article: "4.7",
		Reason: text(mPressToComplete, msg.SAN("Move", san))})
}

// Promote completes a pending promotion with a piece of type t (Knight,
// Bishop, Rook or Queen); the choice is final [4.4.4].
func (a *Arbiter) Promote(t chess.PieceType) Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	st := &a.turn
	switch {
	case a.out.Over():
		return a.gameOver(mark, us)
	case a.paused:
		return a.refuse(mark, us, text(mPaused), "6.11")
	case !st.promo:
		return a.refuse(mark, us, text(mNoPromotion), "")
	case t < chess.Knight || t > chess.Queen:
		return a.refuse(mark, us, text(mPromotionPieces), "3.7.3.3")
	}
	m := chess.NewPromotion(st.promoFrom, st.promoTo, t)
	if !contains(a.legalMoves(), m) {
		return a.refuse(mark, us, text(mPromotionIllegal), "3.10")
	}
	st.promo, st.promoFrom, st.promoTo = false, chess.NoSquare, chess.NoSquare
	return a.place(mark, m)
}

// CancelPromotion puts a pawn awaiting its promotion piece back, in
// RulesCasual only: otherwise the pawn was released on the last rank and the
// move must be completed there [4.7].
func (a *Arbiter) CancelPromotion() Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	st := &a.turn
	switch {
	case a.out.Over():
		return a.gameOver(mark, us)
	case !st.promo:
		return a.refuse(mark, us, text(mNoPromotion), "")
	case a.mode.touchMove():
		return a.refuse(mark, us, text(mPromotionFinal, msg.Square("Square", st.promoTo)), "4.7")
	}
	from := st.promoFrom
	st.promo, st.promoFrom, st.promoTo = false, chess.NoSquare, chess.NoSquare
	return a.finish(mark, Decision{Kind: PutBack, Reason: text(mPawnBack, msg.Square("Square", from))})
}

// Retract takes back a provisional illegal move before the clock press
// (RulesArbiter). The touch obligations still bind (rules.md §6.4).
func (a *Arbiter) Retract() Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	if a.out.Over() {
		return a.gameOver(mark, us)
	}
	m := a.turn.provisional
	if m == chess.NoMove {
		return a.refuse(mark, us, text(mNoProvisional), "")
	}
	a.turn.provisional = chess.NoMove
	ev := a.event(EventRetract, us, "7.5.1", fmt.Sprintf("%s took back the illegal move %v before pressing the clock", colorName(us), m))
	ev.Move = m
	a.logEvent(ev)
	ob := a.obligation()
	return a.finish(mark, Decision{Kind: Retracted, Move: m, Article: ob.Article,
		Reason: text(mRetracted).Then(ob.Reason)})
}

// Press is player c pressing his clock, which completes a move [6.2.1]:
// a legal move on the board is Completed (the app presses the clock on
// ClockPress). In RulesArbiter a provisional illegal move, a press without a
// move [7.5.3] and a press with the promotion dialog open [7.5.2, the pawn
// becomes a queen] are completed illegal moves: Penalized, or Ended by the
// losing one. Otherwise a press without a move is Ignored. In RulesCasual,
// and in RulesFIDE with automatic press, the app calls Press right
// after every Moved decision.
func (a *Arbiter) Press(c chess.Color) Decision {
	mark := len(a.log)
	st := &a.turn
	switch {
	case !validColor(c):
		return a.refuse(mark, chess.NoColor, text(mNoPlayer), "")
	case a.out.Over():
		return a.ignore(mark, text(mGameOver))
	case a.paused:
		return a.refuse(mark, c, text(mPaused), "6.11")
	case c != a.pos.Turn():
		return a.ignore(mark, text(mClockNotRunning, side(c)))
	case st.placed != chess.NoMove:
		m := st.placed
		san := a.pos.SAN(m)
		a.commit(m)
		return a.finish(mark, Decision{Kind: Completed, Move: m, SAN: san, Scored: true, Article: "6.2.1",
			Reason: text(mCompleted, msg.SAN("Move", san)), Clock: []ClockAction{{Kind: ClockPress, Side: c}}})
	case st.promo && a.mode == RulesArbiter:
		m := chess.NewPromotion(st.promoFrom, st.promoTo, chess.Queen)
		san := a.pos.SAN(m)
		a.commit(m)
		return a.penalize(mark, c, m, san, m, mIllegalPromo, "7.5.2")
	case st.promo:
		return a.refuse(mark, c, text(mChoosePromoFirst, msg.Square("Square", st.promoTo)), "4.7.3")
	case st.provisional != chess.NoMove:
		m := st.provisional
		st.provisional = chess.NoMove
		return a.penalize(mark, c, chess.NoMove, "", m, mIllegalBy, "7.5.1")
	case a.mode == RulesArbiter:
		return a.penalize(mark, c, chess.NoMove, "", chess.NoMove, mIllegalNoMove, "7.5.3")
	}
	return a.ignore(mark, text(mNoMoveMade))
}

// penalize applies rules.md §6.2 to a completed illegal move by c: the
// opponent gets the penalty time, or the game is lost (drawn if the
// opponent cannot mate) at the losing count. scored is a move that entered
// the score anyway (7.5.2), attempt the illegal move shown, and key names
// the infraction (mIllegalBy, mIllegalPromo, mIllegalNoMove).
func (a *Arbiter) penalize(mark int, c chess.Color, scored chess.Move, san string, attempt chess.Move, key, article string) Decision {
	a.illegal[c]++
	n := a.illegal[c]
	opp := c.Other()
	article = a.set.penaltyArticle(article + ", 7.5.5")
	what := msg.Nested("What", text(key, side(c), msg.Ordinal("Nth", n)))
	d := Decision{Move: pick(scored != chess.NoMove, scored, attempt), SAN: san, Scored: scored != chess.NoMove, Article: article}
	ev := a.event(EventIllegalMove, c, article, "")
	ev.Move = attempt
	if n >= a.set.LosingIllegalMove {
		var o Outcome
		if a.pos.CannotMate(opp) {
			o = draw(text(mIllegalDraw, what, other(opp)), article, TerminationRulesInfraction)
		} else {
			o = win(opp, text(mIllegalLoses, what, side(c)), article, TerminationRulesInfraction)
		}
		a.end(o, ev)
		d.Kind, d.Reason, d.Outcome, d.Clock = Ended, o.Reason, o, []ClockAction{{Kind: ClockStop}}
		return a.finish(mark, d)
	}
	t := text(mIllegalTime, what, other(opp), msg.Signed("Time", a.set.Penalty))
	ev.Text, ev.Comment, ev.Note, ev.Delta = comment(t), comment(t), t, a.set.Penalty
	a.logEvent(ev)
	d.Kind, d.Reason = Penalized, t
	d.Clock = []ClockAction{{Kind: ClockPenalty, Side: opp, Delta: a.set.Penalty}}
	if scored != chess.NoMove {
		if o, over := a.pos.Outcome(a.hist); over {
			out := fromChess(o)
			a.byMove = true
			a.end(out, a.event(EventEnd, chess.NoColor, "", ""))
			d.Kind, d.Outcome = Ended, out
			d.Clock = append(d.Clock, ClockAction{Kind: ClockPressFinal, Side: c})
			return a.finish(mark, d)
		}
		d.Clock = append(d.Clock, ClockAction{Kind: ClockPress, Side: c})
		return a.finish(mark, d)
	}
	d.Reason = d.Reason.Then(a.obligation().Reason)
	return a.finish(mark, d)
}

// Takeback undoes a move in RulesCasual: a move or promotion on the board
// not yet completed, else the last completed move (reopening a game ended by
// that move). The app decides how its clock follows.
func (a *Arbiter) Takeback() Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	st := &a.turn
	switch {
	case a.mode != RulesCasual:
		return a.refuse(mark, us, text(mCasualTakeback), "")
	case a.out.Over() && !a.byMove:
		return a.gameOver(mark, us)
	case st.placed != chess.NoMove || st.promo:
		m := st.placed
		a.turn = newTurn()
		return a.finish(mark, Decision{Kind: Retracted, Move: m, Reason: text(mTakenBackPlaced)})
	case len(a.moves) == 0:
		return a.refuse(mark, us, text(mNothingToTake), "")
	}
	m := a.uncommit()
	if a.out.Over() {
		a.out, a.byMove, a.confirmed = unfinished(), false, [2]bool{}
	}
	san := a.pos.SAN(m)
	ev := a.event(EventRetract, a.pos.Turn(), "", fmt.Sprintf("%s took back %s", colorName(a.pos.Turn()), san))
	ev.Move = m
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Retracted, Move: m, SAN: san, Reason: text(mTakenBack, msg.SAN("Move", san))})
}
