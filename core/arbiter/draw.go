package arbiter

import (
	"fmt"
	"slices"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// OfferDraw records a draw offer by c (rules.md §4). It may be made at any
// time; the proper time is after making one's move and before pressing the
// clock. It is logged with the comment "(=)" on the offerer's move. An
// offer cannot be withdrawn; only one may be pending.
func (a *Arbiter) OfferDraw(c chess.Color) Decision {
	mark := len(a.log)
	if d, no := a.outOfPlay(mark, c); no {
		return d
	}
	switch {
	case a.offer == c:
		return a.refuse(mark, c, text(mOfferStands), "9.1.2.3")
	case a.offer == c.Other():
		return a.refuse(mark, c, text(mOfferPending, side(a.offer)), "9.1.2.3")
	}
	ply, timing := a.plies(), fmt.Sprintf("during %s's turn", colorName(c.Other()))
	if c == a.pos.Turn() {
		ply++
		timing = fmt.Sprintf("before making the move; %s may wait to see it", colorName(c.Other()))
		if a.turn.placed != chess.NoMove {
			timing = "at the proper time"
		}
	}
	a.offer = c
	ev := a.event(EventOffer, c, "9.1.2.1", fmt.Sprintf("%s offers a draw (%s)", colorName(c), timing))
	ev.Ply, ev.Comment = ply, "(=)"
	a.logEvent(ev)
	return a.finish(mark, Decision{Kind: Accepted, Reason: text(mOffers, side(c)), Article: "9.1.2.1"})
}

// AcceptDraw accepts the opponent's pending offer: the game is drawn if
// agreement is allowed yet (rules.md §3.5, Settings.AgreementAfterMoves);
// otherwise it is refused and the offer stands. A move on the board when
// the offer is accepted enters the score.
func (a *Arbiter) AcceptDraw(c chess.Color) Decision {
	mark := len(a.log)
	if d, ok := a.offerToAnswer(mark, c, mNoOfferAccept); !ok {
		return d
	}
	made := a.movesBy
	if a.turn.placed != chess.NoMove {
		made[a.pos.Turn()&1]++
	}
	if n := a.set.AgreementAfterMoves; made[0] < n || made[1] < n {
		return a.refuse(mark, c, msg.Plural(mAgreeTooSoon, mAgreeTooSoon1, n), "5.2.3, 9.1.1")
	}
	var d Decision
	a.commitPlaced(&d)
	o := draw(text(mAgreement), "5.2.3, 9.1.1", TerminationNormal)
	a.end(o, a.event(EventAgreement, c, "", colorName(c)+" accepts the draw offer"))
	d.Kind, d.Reason, d.Article, d.Outcome = Ended, o.Reason, o.Article, o
	d.Clock = []ClockAction{{Kind: ClockStop}}
	return a.finish(mark, d)
}

// DeclineDraw declines the opponent's pending offer.
func (a *Arbiter) DeclineDraw(c chess.Color) Decision {
	mark := len(a.log)
	if d, ok := a.offerToAnswer(mark, c, mNoOfferDecline); !ok {
		return d
	}
	a.offer = chess.NoColor
	t := text(mDeclines, side(c))
	a.logEvent(a.event(EventDecline, c, "9.1.2.3", comment(t)))
	return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: "9.1.2.3"})
}

// ClaimDraw is a claim of threefold repetition or the 50-move rule by c,
// who must have the move and must not have touched a piece on it [9.4].
// declared is the move he writes down and will play (the claim then holds
// if the condition arises after it), or NoMove for a claim about the
// present position (rules.md §3 N6). The claim pauses the clock. Correct:
// the game is drawn and a declared move enters the score. Wrong: the
// opponent gets the penalty time (RulesCasual: no penalty), the claim stands
// as a draw offer, play goes on and the declared move must be played.
func (a *Arbiter) ClaimDraw(c chess.Color, declared chess.Move) Decision {
	mark := len(a.log)
	if d, no := a.outOfPlay(mark, c); no {
		return d
	}
	st := &a.turn
	switch {
	case c != a.pos.Turn():
		return a.refuse(mark, c, text(mClaimNotTurn), "9.2.1")
	case a.paused:
		return a.refuse(mark, c, text(mPaused), "6.11")
	case st.placed != chess.NoMove || st.promo || st.provisional != chess.NoMove:
		return a.refuse(mark, c, text(mClaimAfterMove), "9.2.1")
	case st.claimed:
		return a.refuse(mark, c, text(mClaimedAlready), "9.5")
	case a.mode.touchMove() && len(st.touches) > 0:
		return a.refuse(mark, c, text(mClaimTouched), "9.4")
	case declared != chess.NoMove && !a.pos.IsLegal(declared):
		return a.refuse(mark, c, text(mClaimIllegal), "9.2.1")
	}
	st.claimed = true
	var (
		o   chess.Outcome
		ok  bool
		san string
	)
	if declared != chess.NoMove {
		san = a.pos.SAN(declared)
		o, ok = a.pos.ClaimableDrawAfter(declared, a.hist)
	} else {
		o, ok = a.pos.ClaimableDraw(a.hist)
	}
	pause := ClockAction{Kind: ClockPause}
	if ok {
		key, article := pick(san != "", mThreefoldWith, mThreefoldOK), "9.2"
		if o.Reason == chess.FiftyMoves {
			key, article = pick(san != "", mFiftyWith, mFiftyOK), "9.3"
		}
		t := text(key, side(c), msg.SAN("Move", san))
		var d Decision
		if declared != chess.NoMove {
			d.Move, d.SAN, d.Scored = declared, san, true
			a.commit(declared)
		}
		out := draw(t, article, TerminationNormal)
		ev := a.event(EventClaim, c, article, t.String())
		ev.Move = declared
		a.end(out, ev)
		d.Kind, d.Reason, d.Article, d.Outcome = Ended, t, article, out
		d.Clock = []ClockAction{pause, {Kind: ClockStop}}
		return a.finish(mark, d)
	}
	opp := c.Other()
	if !a.mode.touchMove() {
		st.claimed = false
		what := text(pick(san != "", mClaimWrongCasualWith, mClaimWrongCasual), side(c), msg.SAN("Move", san))
		ev := a.event(EventClaim, c, "9.5.3", what.String())
		ev.Move, ev.Comment, ev.Note = declared, ev.Text, what
		a.logEvent(ev)
		return a.finish(mark, Decision{Kind: Refused, Move: declared, SAN: san, Article: "9.5.3",
			Reason: text(mNoDraw)})
	}
	article := a.set.penaltyArticle("9.5.3")
	reason := text(pick(san != "", mClaimWrongWith, mClaimWrong), side(c), msg.SAN("Move", san), other(opp), msg.Signed("Time", a.set.Penalty))
	ev := a.event(EventClaim, c, article, comment(reason))
	ev.Move, ev.Comment, ev.Note, ev.Delta = declared, ev.Text, reason, a.set.Penalty
	a.logEvent(ev)
	st.declared = declared
	if a.offer == chess.NoColor {
		a.offer = c
		a.logEvent(a.event(EventOffer, c, "9.1.2.3", colorName(c)+"'s claim stands as a draw offer"))
		reason = reason.Then(text(mClaimIsOffer))
	}
	if declared != chess.NoMove {
		reason = reason.Then(text(mMustPlay, msg.SAN("Move", san)))
	}
	return a.finish(mark, Decision{Kind: Penalized, Move: declared, SAN: san, Article: article, Reason: reason,
		Clock: []ClockAction{pause, {Kind: ClockPenalty, Side: opp, Delta: a.set.Penalty}, {Kind: ClockResume}}})
}

// Resign is c's resignation, at any time, even on the opponent's turn: a
// loss, or a draw if the opponent cannot checkmate by any legal sequence
// (rules.md §3.2, §3 N4). A move on the board enters the score.
func (a *Arbiter) Resign(c chess.Color) Decision {
	mark := len(a.log)
	if d, no := a.outOfPlay(mark, c); no {
		return d
	}
	var d Decision
	a.commitPlaced(&d)
	opp := c.Other()
	o := win(opp, text(mResigns, side(c)), "5.1.2", TerminationNormal)
	if a.pos.CannotMate(opp) {
		o = draw(text(mResignsDraw, side(c), other(opp)), "5.1.2, 5.2.2", TerminationNormal)
	}
	a.end(o, a.event(EventResign, c, "", ""))
	d.Kind, d.Reason, d.Article, d.Outcome = Ended, o.Reason, o.Article, o
	d.Clock = []ClockAction{{Kind: ClockStop}}
	return a.finish(mark, d)
}

// ShowResult ends the game with r, the result the players showed on an
// electronic board by placing both kings on the centre squares (DGT's
// convention): a win is the loser's resignation [5.1.2], a draw their
// agreement [5.2.3]. It is refused when r is no result or the game is over.
func (a *Arbiter) ShowResult(r chess.Result) Decision {
	mark := len(a.log)
	if !r.Over() {
		return a.refuse(mark, chess.NoColor, text(mNoResult), "")
	}
	if a.out.Over() {
		return a.gameOver(mark, chess.NoColor)
	}
	var d Decision
	a.commitPlaced(&d)
	reason := text(mKingsResult, msg.String("Result", r.String()))
	o := draw(reason, "5.2.3", TerminationNormal)
	ev := a.event(EventAgreement, chess.NoColor, "", reason.String())
	if w := r.Winner(); w != chess.NoColor {
		o = win(w, reason, "5.1.2", TerminationNormal)
		ev = a.event(EventResign, w.Other(), "", reason.String())
	}
	a.end(o, ev)
	d.Kind, d.Reason, d.Article, d.Outcome = Ended, o.Reason, o.Article, o
	d.Clock = []ClockAction{{Kind: ClockStop}}
	return a.finish(mark, d)
}

// Flag reports that c's time ran out (rules.md §3.11). periodDone reports
// that c had completed the moves of the period [6.4], which is not a loss
// (the next period applies). Otherwise c loses on time, or draws if the
// opponent cannot checkmate. A game already over stays as it ended [6.9]:
// with both flags the first one decides. With Settings.FlagsMustBeClaimed
// the flag is only shown until the opponent claims it (ClaimFlag).
func (a *Arbiter) Flag(c chess.Color, periodDone bool) Decision {
	mark := len(a.log)
	switch {
	case !validColor(c):
		return a.refuse(mark, chess.NoColor, text(mNoPlayer), "")
	case a.out.Over():
		d := a.ignore(mark, text(mFlagAfterEnd, side(c), msg.String("Result", a.out.Result.String())))
		d.Article = "6.9"
		return d
	case periodDone:
		t := text(mFlagPeriodDone, side(c))
		a.logEvent(a.event(EventFlag, c, "6.4", comment(t)))
		return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: "6.4"})
	case a.set.FlagsMustBeClaimed:
		if slices.Contains(a.flagged, c) {
			return a.ignore(mark, text(mFlagAlready, side(c)))
		}
		a.flagged = append(a.flagged, c)
		t := text(mFlagFell, side(c), other(c.Other()))
		a.logEvent(a.event(EventFlag, c, "6.8", comment(t)))
		return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: "6.8"})
	}
	return a.loseOnTime(mark, c)
}

// ClaimFlag is the claim by c that the opponent's flag has fallen, with
// Settings.FlagsMustBeClaimed. If both flags are down the first one decides.
func (a *Arbiter) ClaimFlag(c chess.Color) Decision {
	mark := len(a.log)
	switch {
	case !validColor(c):
		return a.refuse(mark, chess.NoColor, text(mNoPlayer), "")
	case !a.set.FlagsMustBeClaimed:
		return a.refuse(mark, c, text(mFlagsAtOnce), "6.9")
	case a.out.Over():
		return a.gameOver(mark, c)
	case !slices.Contains(a.flagged, c.Other()):
		return a.refuse(mark, c, text(mFlagNotFallen, side(c.Other())), "6.8")
	case a.flagged[0] == c:
		return a.refuse(mark, c, text(mFlagFirst, side(c)), "6.9")
	}
	return a.loseOnTime(mark, c.Other())
}

// loseOnTime ends the game on c's flag [6.9].
func (a *Arbiter) loseOnTime(mark int, c chess.Color) Decision {
	opp := c.Other()
	o := win(opp, text(mLostOnTime, side(c)), "6.9", TerminationTimeForfeit)
	if a.pos.CannotMate(opp) {
		// A draw on time keeps Termination "normal", with the comment (clocks.md §7).
		o = draw(text(mFlagDraw, side(c), other(opp)), "6.9", TerminationNormal)
	}
	a.end(o, a.event(EventFlag, c, "", ""))
	return a.finish(mark, Decision{Kind: Ended, Reason: o.Reason, Article: o.Article, Outcome: o,
		Clock: []ClockAction{{Kind: ClockStop}}})
}

// ConfirmResult is c's confirmation of the result at the end of the game,
// the signature on the scoresheet [8.7].
func (a *Arbiter) ConfirmResult(c chess.Color) Decision {
	mark := len(a.log)
	switch {
	case !validColor(c):
		return a.refuse(mark, chess.NoColor, text(mNoPlayer), "")
	case !a.out.Over():
		return a.refuse(mark, c, text(mNotOver), "8.7")
	case a.confirmed[c]:
		return a.ignore(mark, text(mConfirmedAlready, side(c)))
	}
	a.confirmed[c] = true
	t := text(mConfirms, side(c), msg.String("Result", a.out.Result.String()))
	a.logEvent(a.event(EventConfirm, c, "8.7", comment(t)))
	return a.finish(mark, Decision{Kind: Accepted, Reason: t, Article: "8.7"})
}

// offerToAnswer checks that c may answer a pending offer by the opponent;
// otherwise it returns the refusal none, which names the answer.
func (a *Arbiter) offerToAnswer(mark int, c chess.Color, none string) (Decision, bool) {
	if d, no := a.outOfPlay(mark, c); no {
		return d, false
	}
	if a.offer != c.Other() {
		return a.refuse(mark, c, text(none, side(c.Other())), "9.1.2"), false
	}
	return Decision{}, true
}
