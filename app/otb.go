package app

import (
	"errors"
	"fmt"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// liveGame is a game played here, from its first move to its end and
// after: the arbiter that rules on touches, releases, presses, offers and
// claims, the clocks, the node of the arbiter's start position, and what
// the last touch allowed. It is the session's mode (mode.go) while the game
// is played here and after it ended (Playing, Finished).
type liveGame struct {
	arb   *arbiter.Arbiter
	base  *game.Node // the node of the arbiter's start position
	clock *timing    // the clocks; nil for a game played without them
	// ended: the game ended here (the phase is Finished).
	ended bool
	// armageddon: a drawn game counts as a win for Black (an event rule,
	// clocks.md §2 note 5).
	armageddon bool
	dests      chess.Bitboard // where the touched piece may be released
	bound      chess.Square   // the piece under a touch-move obligation
	// pending holds event comments that belong to a move not yet made.
	pending []pendingComment
	// breachClock is the clocks before a move against touch-move read from
	// the board, which an upheld claim turns back to (boardmove.go).
	breachClock *clock.Snapshot
	// opp is who sits at each side: the game's seats (opponent.go).
	opp opponentState
}

// phase is Playing until the game ends here, then Finished.
func (g *liveGame) phase() Phase {
	if g.ended {
		return Finished
	}
	return Playing
}

// gestures are the arbiter's while the game is played; a finished game is
// browsed and annotated.
func (g *liveGame) gestures(s *Session) gestures {
	if g.ended {
		return browsing{s}
	}
	return playing{s, g}
}

// editable: while the game is played only edits of live play are made; a
// finished game takes every edit.
func (g *liveGame) editable(live bool) bool { return g.ended || live }

func (g *liveGame) plays() bool { return !g.ended }

func (g *liveGame) takesBack() bool { return g.arb.Rules() == arbiter.RulesCasual }

func (g *liveGame) status(s *Session, st *Status) {
	st.Live = !g.ended
	if st.Live && !st.Over {
		ap := g.arb.Position()
		if o, ok := ap.ClaimableDraw(g.arb.History()); ok {
			st.Claimable = &o
		}
	}
}

func (g *liveGame) fileGame(s *Session) (*game.Game, *game.Node) { return s.game, s.cur }

// addMove: a move made on the board of a finished game is a variation.
func (g *liveGame) addMove(s *Session, m chess.Move) Feedback { return s.addVariation(m) }

// afterEdit turns a finished game whose main line an edit changed into a
// game to browse: the arbiter's record of play no longer matches the score,
// so its clocks and rulings are let go (the score keeps them).
func (g *liveGame) afterEdit(s *Session) {
	if !g.ended {
		return
	}
	n, same := g.base, g.base.Root() == s.game.Root()
	for _, m := range g.arb.Moves() {
		if n = n.Next(); n == nil || n.Move() != m {
			same = false
			break
		}
	}
	if same && n == s.game.End() {
		return
	}
	s.mode = browseMode{}
}

// snapshot adds the arbiter, the pending comments and the clocks.
func (g *liveGame) snapshot(st *playState) {
	sn := g.arb.Snapshot()
	st.Arbiter = &sn
	st.Pending = append([]pendingComment(nil), g.pending...)
	st.Armageddon = g.armageddon
	if g.timed() {
		t := g.clock
		ts, sn := t.settings, t.clk.Snapshot()
		st.Time, st.Clock = &ts, &sn
		st.Running = t.clk.Started() && !t.clk.Paused() && !t.clk.Stopped()
	}
}

// live returns the session's live game, played or finished; nil in the
// other modes. Only the live game's own files ask it.
func (s *Session) live() *liveGame {
	g, _ := s.mode.(*liveGame)
	return g
}

// timed reports whether the game is played with clocks.
func (g *liveGame) timed() bool { return g.clock != nil }

// autoPress reports whether the app presses the clock right after a move.
func (g *liveGame) autoPress() bool { return !g.timed() || !g.clock.settings.ManualPress }

// playing returns the live game while it is played (the phase is Playing),
// else nil.
func (s *Session) playing() *liveGame {
	if s.mode.phase() != Playing {
		return nil
	}
	return s.live()
}

// Rules returns the rules the game played here is played under (Casual
// when browsing).
func (s *Session) Rules() arbiter.Rules {
	if s.mode.phase() == Browsing {
		return arbiter.RulesCasual
	}
	return s.live().arb.Rules()
}

// Arbiter returns the arbiter of the live game, or nil when browsing.
func (s *Session) Arbiter() *arbiter.Arbiter {
	if s.mode.phase() == Browsing {
		return nil
	}
	return s.live().arb
}

// newLiveGameOf returns g as a live game from the end of its main line:
// ruled by an arbiter in mode under the event rules set, with the clocks t
// (nil: none).
func (s *Session) newLiveGameOf(g *game.Game, rules arbiter.Rules, set arbiter.Settings, t *timing, armageddon bool) (*liveGame, error) {
	end := g.End()
	if t != nil {
		set.Category = t.clk.Category()
	}
	a, err := arbiter.New(end.Position(), s.history(end), rules, set)
	if err != nil {
		return nil, fmt.Errorf("arbiter: %w", err)
	}
	return &liveGame{arb: a, base: end, clock: t, armageddon: armageddon, bound: chess.NoSquare}, nil
}

// touchMoveHolds reports whether a piece touched must be moved: a FIDE or
// Arbiter game being played (a casual one lets a touch go).
func (s *Session) touchMoveHolds() bool {
	g := s.playing()
	return g != nil && g.arb.Rules() != arbiter.RulesCasual
}

// provisionalStands reports whether an illegal move stands provisionally
// on the board, waiting for its player's press or its take-back (Arbiter
// mode, rules.md §6.2).
func (s *Session) provisionalStands() bool {
	return s.live() != nil && s.live().arb.ProvisionalMove() != chess.NoMove
}

// otbTouch is a press on sq in a live game: a touch by the player having the move.
func (s *Session) otbTouch(sq chess.Square) Feedback {
	g := s.live()
	a := g.arb
	// Click-click: a second click on a square the selected piece may go to.
	if s.selected != chess.NoSquare && sq != s.selected && g.dests.Has(sq) {
		return s.otbRelease(s.selected, sq)
	}
	d := a.Touch(a.Turn(), sq)
	if err := s.applyDecision(d); err != nil {
		s.changed()
		return Feedback{Err: err}
	}
	switch d.Kind {
	case arbiter.Refused:
		s.selected = chess.NoSquare
		g.dests = 0
		return s.refuse(d.Reason)
	case arbiter.Ignored:
		if s.selected != chess.NoSquare && sq != s.selected {
			return s.otbRelease(s.selected, sq)
		}
		s.changed()
		return Feedback{}
	}
	g.dests = 0
	for _, q := range d.Dests {
		g.dests |= q.Bit()
	}
	if pc := a.Board()[sq]; pc != chess.NoPiece && pc.Color() == a.Turn() && len(d.Dests) > 0 {
		s.selected = sq
	} else {
		s.selected = chess.NoSquare
	}
	s.message = msg.Text{}
	if a.Rules() != arbiter.RulesCasual {
		s.message = d.Reason // what the touch binds
	}
	s.changed()
	return Feedback{}
}

// otbRelease is the drop of the piece from from on to in a live game.
func (s *Session) otbRelease(from, to chess.Square) Feedback {
	a := s.live().arb
	mover := a.Turn()
	d := a.Release(from, to)
	s.selected = chess.NoSquare
	s.live().dests = 0
	return s.afterRelease(mover, d)
}

// afterRelease handles a Release or Promote decision: a move made is
// completed at once when the press is automatic.
func (s *Session) afterRelease(mover chess.Color, d arbiter.Decision) Feedback {
	a := s.live().arb
	if err := s.applyDecision(d); err != nil {
		s.changed()
		return Feedback{Err: err}
	}
	switch d.Kind {
	case arbiter.Refused:
		return s.refuse(d.Reason)
	case arbiter.PutBack, arbiter.Ignored, arbiter.Provisional:
		s.message = d.Reason
		s.changed()
		return Feedback{}
	case arbiter.NeedsPromotion:
		from, to, _ := a.PendingPromotion()
		s.promo = &PromotionPrompt{Color: mover, From: from, To: to, Cancellable: a.Rules() == arbiter.RulesCasual}
		s.message = msg.Text{}
		s.changed()
		return Feedback{NeedPromotion: true}
	case arbiter.Moved:
		fb := Feedback{Moved: true}
		if s.live().autoPress() {
			fb.Err = s.applyDecision(a.Press(mover))
		} else {
			s.message = text(mPressYourClock, side(mover))
		}
		s.promo = nil
		s.changed()
		return fb
	case arbiter.Ended:
		s.promo = nil
		s.changed()
		return Feedback{Moved: d.Scored}
	}
	s.changed()
	return Feedback{}
}

// applyDecision carries out what the arbiter decided: the move into the
// score, the clock actions, the PGN comments of its events and the end of
// the game. It does not notify listeners. A decision the score or the clock
// cannot follow is a bug: the error wraps ErrOutOfStep, is kept for Err, and
// the players are told on the message line.
func (s *Session) applyDecision(d arbiter.Decision) error {
	o := s.live()
	if d.Scored && d.Move != chess.NoMove {
		end := s.game.End()
		next, err := end.AddMove(d.Move)
		if err != nil {
			err = fmt.Errorf("%w: the score cannot take %v: %w", ErrOutOfStep, d.Move, err)
			s.outOfStep(err)
			return err
		}
		s.cur = next
		s.treeChanged()
	}
	var clockErrs []error
	for _, ca := range d.Clock {
		if err := s.applyClock(ca); err != nil {
			clockErrs = append(clockErrs, err)
		}
	}
	for _, e := range d.Events {
		if e.Comment == "" || (d.Over() && e.Comment == d.Outcome.Reason.String()) {
			continue
		}
		o.pending = append(o.pending, pendingComment{Ply: e.Ply, Comment: e.Comment, Side: e.Side, Text: e.Note})
	}
	s.placeComments(d.Over())
	o.bound = o.arb.Obligation().Piece
	if d.Over() {
		if o.timed() && !o.clock.clk.Stopped() {
			if _, err := o.clock.clk.Stop(); err != nil {
				clockErrs = append(clockErrs, fmt.Errorf("stop at the end of the game: %w", err))
			}
		}
		s.end(d.Outcome.Result, d.Outcome.Reason, d.Outcome.Termination)
		s.promo = nil
	}
	if len(clockErrs) > 0 {
		err := fmt.Errorf("%w: the clock: %w", ErrOutOfStep, errors.Join(clockErrs...))
		s.outOfStep(err)
		return err
	}
	return nil
}

// outOfStep keeps err, the first failure to follow the arbiter, for Err,
// and tells the players.
func (s *Session) outOfStep(err error) {
	if s.fault == nil {
		s.fault = err
	}
	s.message = text(mOutOfStep)
}

// Err returns the first failure of the game played here to carry out a
// decision of the arbiter (it wraps ErrOutOfStep), or nil. It is nil unless
// there is a bug; tests check it after every step.
func (s *Session) Err() error { return s.fault }

// applyClock does one clock action.
func (s *Session) applyClock(ca arbiter.ClockAction) error {
	if !s.live().timed() {
		return nil
	}
	t := s.live().clock
	side := clock.Side(ca.Side)
	var ev clock.Event
	var err error
	switch ca.Kind {
	case arbiter.ClockPress:
		if !t.clk.Started() {
			return nil // the clocks start with Black's first press
		}
		if ev, err = t.clk.PressAt(side, s.stamp); err == nil {
			recordPress(s.game.End(), ev)
		}
	case arbiter.ClockPressFinal:
		if ev, err = t.clk.PressFinalAt(side, s.stamp); err == nil {
			recordPress(s.game.End(), ev)
		}
	case arbiter.ClockStop:
		if !t.clk.Stopped() { // only if they still run
			_, err = t.clk.Stop()
		}
	case arbiter.ClockPause:
		// Clocks not started, stopped or paused by the players are frozen already.
		if t.clk.Started() && !t.clk.Stopped() && !t.clk.Paused() {
			_, err = t.clk.Pause()
		}
	case arbiter.ClockResume:
		if t.clk.Paused() {
			_, err = t.clk.Resume()
		}
	case arbiter.ClockPenalty, arbiter.ClockAddTime:
		_, err = t.clk.AddTime(side, ca.Delta)
	case arbiter.ClockSetTime:
		_, err = t.clk.SetTime(side, ca.Delta)
	case arbiter.ClockSetMoves:
		_, err = t.clk.SetMoves(side, ca.Moves)
	}
	if err != nil {
		return fmt.Errorf("clock action %v: %w", ca.Kind, err)
	}
	return nil
}

// placeComments writes the pending event comments whose move is in the
// score. At the end of the game, the comment of a move never made (a draw
// offer made before moving and accepted at once) goes after the last move
// and names its author, so that it is never read as the opponent's.
func (s *Session) placeComments(final bool) {
	o := s.live()
	plies := s.game.PlyCount() - o.base.Ply()
	var keep []pendingComment
	for _, c := range o.pending {
		if c.Ply > plies && !final {
			keep = append(keep, c)
			continue
		}
		note := game.Record{Comment: c.Comment, Text: c.Text}
		if c.Ply > plies {
			t := text(mOfferedBefore, side(c.Side))
			note = game.Record{Comment: t.String(), Text: t}
		}
		n := o.base
		for i := 0; i < c.Ply && n.Next() != nil; i++ {
			n = n.Next()
		}
		n.AppendRecord(note)
		s.treeChanged()
	}
	o.pending = keep
}

// otbPress is a clock press by color in a live game.
func (s *Session) otbPress(color chess.Color) error {
	g := s.live()
	a := g.arb
	if g.timed() && !g.clock.clk.Started() {
		if color != chess.Black {
			return s.refuseErr(ActionPressClock, text(mBlackStarts))
		}
		if _, err := g.clock.clk.Start(); err != nil {
			return fmt.Errorf("start the clocks: %w", err)
		}
		s.changed()
		return nil
	}
	d := a.Press(color)
	err := s.applyDecision(d)
	if d.Kind != arbiter.Ignored {
		s.message = d.Reason
	}
	s.changed()
	if err != nil {
		return err
	}
	if d.Kind == arbiter.Refused {
		return refusal(ActionPressClock, d.Reason)
	}
	return nil
}

// refuseErr shows why as a refusal of action a and returns it as an error.
func (s *Session) refuseErr(a Action, why msg.Text) error {
	s.refuse(why)
	return refusal(a, why)
}

// decide runs an arbiter call that action a allows, as one step of live
// play, and carries out its decision.
func (s *Session) decide(act Action, name string, f func(a *arbiter.Arbiter) arbiter.Decision) error {
	if err := s.refused(act); err != nil {
		return err
	}
	var d arbiter.Decision
	var err error
	s.play(name, func() {
		s.message = msg.Text{}
		d = f(s.live().arb)
		err = s.applyDecision(d)
		if err == nil && !d.Over() { // the status line gives the result and its reason
			s.message = d.Reason
		}
		s.changed()
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if d.Kind == arbiter.Refused {
		return refusal(act, d.Reason)
	}
	return nil
}

// OfferDraw records a draw offer by color (rules.md §4).
func (s *Session) OfferDraw(color chess.Color) error {
	if s.playing() != nil && !s.seats().moving && s.seats().players.Seat(color) != nil {
		// Nobody offers for the engine, to accept it for the other side
		// (issue 45, point 4).
		return s.refuseErr(ActionOfferDraw, text(mEngineOffers, side(color)))
	}
	return s.decide(ActionOfferDraw, "draw offer", func(a *arbiter.Arbiter) arbiter.Decision { return a.OfferDraw(color) })
}

// AcceptDraw accepts the pending offer made to color.
func (s *Session) AcceptDraw(color chess.Color) error {
	return s.decide(ActionAnswerOffer, "draw agreement", func(a *arbiter.Arbiter) arbiter.Decision { return a.AcceptDraw(color) })
}

// DeclineDraw declines the pending offer made to color.
func (s *Session) DeclineDraw(color chess.Color) error {
	return s.decide(ActionAnswerOffer, "declined offer", func(a *arbiter.Arbiter) arbiter.Decision { return a.DeclineDraw(color) })
}

// PendingOffer returns who offered a draw that is still pending, or NoColor.
func (s *Session) PendingOffer() chess.Color {
	g := s.playing()
	if g == nil {
		return chess.NoColor
	}
	return g.arb.Offer()
}

// ClaimDrawWith is a claim of threefold repetition or the 50-move rule by the
// player having the move, about the position now (declared = NoMove) or after
// the move he declares (rules.md §3 N6).
func (s *Session) ClaimDrawWith(declared chess.Move) error {
	return s.decide(ActionClaimDraw, "draw claim", func(a *arbiter.Arbiter) arbiter.Decision { return a.ClaimDraw(a.Turn(), declared) })
}

// ClaimDrawWithDrop is a claim with the move the player enters on the board
// by a drop from from to to (a promotion declared this way is to a queen).
func (s *Session) ClaimDrawWithDrop(from, to chess.Square) error {
	if err := s.refused(ActionClaimDraw); err != nil {
		return err
	}
	p := s.live().arb.Position()
	candidates := dropMoves(&p, from, to)
	if len(candidates) == 0 {
		return s.refuseErr(ActionClaimDraw, notLegal(p.PieceAt(from), from, to))
	}
	declared := candidates[0]
	for _, m := range candidates {
		if m.Promotion() == chess.Queen {
			declared = m
		}
	}
	return s.ClaimDrawWith(declared)
}

// ToggleAdjust arms or disarms j'adoube for the player having the move.
func (s *Session) ToggleAdjust() error {
	return s.decide(ActionAdjust, "j'adoube", func(a *arbiter.Arbiter) arbiter.Decision { return a.Adjust() })
}

// Adjusting reports whether j'adoube is armed.
func (s *Session) Adjusting() bool { g := s.playing(); return g != nil && g.arb.Adjusting() }

// RetractProvisional takes back a provisional illegal move before the press (Arbiter mode).
func (s *Session) RetractProvisional() error {
	return s.decide(ActionRetract, "retraction", func(a *arbiter.Arbiter) arbiter.Decision { return a.Retract() })
}

// ArbiterAddTime gives side d more time (negative: less), an arbiter's action.
func (s *Session) ArbiterAddTime(side chess.Color, d time.Duration) error {
	return s.decide(ActionArbiterTime, "time correction", func(a *arbiter.Arbiter) arbiter.Decision { return a.AddTime(side, d) })
}

// ShowResult ends the game being played with r, the result the players
// showed on the electronic board with the kings on the centre squares.
func (s *Session) ShowResult(r chess.Result) error {
	return s.decide(ActionResign, "result shown on the board", func(a *arbiter.Arbiter) arbiter.Decision { return a.ShowResult(r) })
}

// ArbiterDeclare ends the game by the arbiter's decision (winner NoColor: a draw).
func (s *Session) ArbiterDeclare(winner chess.Color, reason string) error {
	return s.decide(ActionArbiter, "arbiter's ruling", func(a *arbiter.Arbiter) arbiter.Decision { return a.DeclareResult(winner, reason, "12.9") })
}

// ArbiterCancelTouch cancels an accidental touch of the piece on sq;
// NoSquare, when no piece is touched, is refused with the players' text.
func (s *Session) ArbiterCancelTouch(sq chess.Square) error {
	if sq == chess.NoSquare {
		if err := s.refused(ActionArbiter); err != nil {
			return err
		}
		return s.refuseErr(ActionArbiter, text(mNoTouch))
	}
	return s.decide(ActionArbiter, "cancelled touch", func(a *arbiter.Arbiter) arbiter.Decision { return a.CancelTouch(sq) })
}

// ConfirmResult is color's signature under the result (rules.md §7.2).
func (s *Session) ConfirmResult(color chess.Color) error {
	if err := s.refused(ActionConfirmResult); err != nil {
		return err
	}
	d := s.live().arb.ConfirmResult(color)
	s.message = d.Reason
	s.changed()
	if d.Kind == arbiter.Refused {
		return refusal(ActionConfirmResult, d.Reason)
	}
	return nil
}

// ResultConfirmed reports whether both players confirmed the result.
func (s *Session) ResultConfirmed() bool {
	return s.mode.phase() != Browsing && s.live().arb.Confirmed()
}

// ArbiterSetTime sets side's time to v, an arbiter's correction [6.10.2].
func (s *Session) ArbiterSetTime(side chess.Color, v time.Duration) error {
	return s.decide(ActionArbiterTime, "time correction", func(a *arbiter.Arbiter) arbiter.Decision { return a.SetTime(side, v) })
}

// ArbiterSetMoves sets side's move counter to n completed moves [7.1].
func (s *Session) ArbiterSetMoves(side chess.Color, n int) error {
	return s.decide(ActionArbiterTime, "move counter", func(a *arbiter.Arbiter) arbiter.Decision { return a.SetMoves(side, n) })
}

// ArbiterPause pauses or resumes the game as the arbiter [6.11]; it is
// logged and written to the score.
//
// Clocks paused by a restore (the journal's, a continued game's) while the
// arbiter had not paused the game are resumed, as the players' pause is:
// nothing for the score, the arbiter never stopped them (issue 45, point 9).
func (s *Session) ArbiterPause() error {
	if g := s.playing(); g != nil && !g.arb.Paused() && s.ClocksPaused() {
		if err := s.refused(ActionArbiter); err != nil {
			return err
		}
		if _, err := g.clock.clk.Resume(); err != nil {
			return fmt.Errorf("resume the restored clocks: %w", err)
		}
		s.message = msg.Text{}
		s.changed()
		return nil
	}
	if g := s.playing(); g != nil && g.arb.Paused() {
		return s.decide(ActionArbiter, "resume", func(a *arbiter.Arbiter) arbiter.Decision { return a.Resume() })
	}
	return s.decide(ActionArbiter, "pause", func(a *arbiter.Arbiter) arbiter.Decision { return a.Pause() })
}

// end records the result and ends live play; the reason is the closing
// comment, in English (pgn.md §11).
func (s *Session) end(result chess.Result, reason msg.Text, termination string) {
	if s.live().armageddon && result == chess.Draw {
		result = chess.BlackWins
		reason = text(mArmageddon, msg.Nested("Reason", reason))
	}
	s.game.SetResult(result)
	s.game.Tags.Set("Termination", termination)
	s.game.SetEndRecord(game.Record{Comment: reason.String(), Text: reason})
	s.endReason = reason
	s.live().ended = true
	// An engine signs the result as it ends: only a person is asked to
	// confirm it (issue 45, point 4).
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if s.seats().players.Seat(c) != nil {
			s.live().arb.ConfirmResult(c)
		}
	}
	// A refusal made during the game no longer applies.
	s.message = msg.Text{}
	s.treeChanged()
}

// restoredMode returns the mode of the play state st over g, its game read
// back: a live game with its arbiter and clocks as they were, and the seats
// given (a takeback keeps who plays), or browsing.
func restoredMode(st playState, g *game.Game, now func() time.Time, seats opponentState) (mode, error) {
	var o *liveGame
	if st.Phase != Browsing && st.Arbiter != nil {
		a, err := arbiter.Restore(*st.Arbiter)
		if err != nil {
			return nil, err
		}
		ply := g.PlyCount() - len(st.Arbiter.Moves)
		if ply < 0 {
			return nil, fmt.Errorf("the arbiter has %d moves, the game %d", len(st.Arbiter.Moves), g.PlyCount())
		}
		base := g.Root()
		for range ply {
			base = base.Next()
		}
		o = &liveGame{arb: a, base: base, ended: st.Phase == Finished, armageddon: st.Armageddon,
			bound: a.Obligation().Piece, pending: st.Pending, opp: seats}
	}
	if o != nil && st.Time != nil && st.Clock != nil {
		clk, err := clock.Restore(st.Time.White, st.Time.Black, *st.Clock, now)
		if err != nil {
			return nil, err
		}
		if st.Running {
			if _, err := clk.Resume(); err != nil {
				return nil, err
			}
		}
		o.clock = &timing{clk: clk, settings: *st.Time}
	}
	if st.Phase != Browsing && o == nil {
		return nil, fmt.Errorf("a %v game without its arbiter", st.Phase)
	}
	if o == nil {
		return browseMode{}, nil
	}
	return o, nil
}

// can answers Can for the actions of play in g, a game played (or
// finished) in s.
func (g *liveGame) can(s *Session, a Action) ActionState {
	live := g.phase() == Playing
	arb := g.arb
	switch a {
	case ActionTakeback:
		switch {
		case arb.Rules() != arbiter.RulesCasual:
			return no(mNoTakeback)
		case s.takebackDepth() == 0:
			return no(mNothingToTake)
		}
		return yes()
	case ActionOfferDraw:
		switch {
		case !live:
			return no(mNotLive)
		case arb.Offer() != chess.NoColor:
			return no(mOfferPending)
		}
		return yes()
	case ActionAnswerOffer:
		switch {
		case !live || arb.Offer() == chess.NoColor:
			return no(mNoOffer)
		case !s.seats().moving && s.seats().players.Seat(arb.Offer().Other()) != nil:
			// Only the engine answers an offer made to it (issue 45, point 4).
			return ActionState{Why: text(mEngineAnswers, side(arb.Offer().Other()))}
		}
		return yes()
	case ActionClaimDraw, ActionResign:
		return when(live, mNotLive)
	case ActionAdjust:
		switch {
		case !live:
			return no(mNotLive)
		case arb.Rules() == arbiter.RulesCasual:
			return no(mAdjustFreely)
		case !g.opp.moving && g.opp.players.Seat(arb.Turn()) != nil:
			// The engine's pieces are its own to adjust: a person's j'adoube
			// on its turn held its move up (the model test found it).
			return ActionState{Why: text(mEngineToMove, side(arb.Turn()))}
		}
		return yes()
	case ActionPressClock:
		switch {
		case !live || !g.timed():
			return no(mNoClock)
		case g.clock.clk.Started() && g.autoPress() && !s.provisionalStands():
			// A provisional illegal move (Arbiter mode) is completed by a
			// press, as its message says, even where the move presses.
			return no(mMovePresses)
		case g.clock.clk.Paused():
			// A press now would complete the move in the arbiter's
			// eyes but not on the paused clock.
			return no(mClocksPaused)
		}
		return yes()
	case ActionPause:
		// Against an engine the players do not pause; clocks a restore
		// paused (a continued game, issue 45 point 5) are resumed all the same.
		if live && s.seats().players.Any() && arb.Rules() != arbiter.RulesCasual && !(g.timed() && g.clock.clk.Paused()) {
			return no(mNoPauseEngine)
		}
		return when(live && g.timed(), mNoClock)
	case ActionConfirmResult:
		switch {
		case live:
			return no(mConfirmAfter)
		case arb.Confirmed():
			return no(mConfirmedBoth)
		}
		return yes()
	case ActionHint:
		return s.CanHint()
	case ActionEngine:
		if live && arb.Rules() != arbiter.RulesCasual {
			return no(mNoEngine)
		}
		return yes()
	case ActionArbiter, ActionArbiterTime, ActionRetract:
		switch {
		case !live:
			return no(mNotLive)
		case arb.Rules() != arbiter.RulesArbiter:
			return no(mArbiterMode)
		case a == ActionArbiterTime && !g.timed():
			return no(mNoClocks)
		case a == ActionRetract && arb.ProvisionalMove() == chess.NoMove:
			return no(mNoProvisional)
		}
		return yes()
	}
	return no(mUnknownAction)
}
