package app

import (
	"errors"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/msg"
)

// Action names something the user can do to the session from a menu, a
// button or a key. Session.Can says whether it can be done now.
type Action uint8

// The actions whose availability depends on the session's state.
const (
	ActionUndo          Action = iota // undo the last change
	ActionRedo                        // redo the last undone change
	ActionTakeback                    // take back the last move of a casual game played here
	ActionDeleteFrom                  // delete the move shown and what follows (an edit)
	ActionAnnotate                    // comments, NAGs, arrows, variations
	ActionOfferDraw                   // offer a draw
	ActionAnswerOffer                 // accept or decline the pending offer
	ActionClaimDraw                   // claim a draw (threefold, 50 moves)
	ActionResign                      // resign
	ActionAdjust                      // j'adoube
	ActionPressClock                  // press a clock by hand
	ActionPause                       // pause or resume the clocks
	ActionConfirmResult               // a player confirms the result
	ActionArbiter                     // the arbiter's rulings: declare a result, cancel a touch
	ActionArbiterTime                 // the arbiter's clock corrections
	ActionRetract                     // take back a provisional illegal move (arbiter mode)
	ActionEngine                      // ask a chess engine: live analysis, analyse game
	ActionHint                        // ask the engine playing for a hint (opponent.go)
	numActions
)

// ActionState is whether an action can be taken now and, when not, why.
type ActionState struct {
	Enabled bool
	// Why says why the action is refused now (zero when enabled).
	Why msg.Text
	// Label is the menu label where it depends on the state ("Undo comment").
	Label string
}

func yes() ActionState          { return ActionState{Enabled: true} }
func no(key string) ActionState { return ActionState{Why: text(key)} }
func when(ok bool, key string) ActionState {
	if ok {
		return yes()
	}
	return no(key)
}

// Can answers whether action a can be taken now. It is the one place that
// decides: the window enables its buttons and menu items from it, and every
// action refuses with the same reason when called anyway.
func (s *Session) Can(a Action) ActionState {
	switch a {
	case ActionUndo:
		return s.undoState(s.hist.undo, "Undo", mNothingToUndo, mUndoLive)
	case ActionRedo:
		return s.undoState(s.hist.redo, "Redo", mNothingToRedo, mRedoLive)
	case ActionDeleteFrom:
		switch {
		case s.live.phase() == Playing:
			return no(mDeleteLive)
		case s.cur.IsRoot():
			return no(mDeleteRoot)
		}
		return yes()
	case ActionAnnotate:
		return when(s.live.phase() != Playing, mAnnotateLater)
	}
	if s.live.phase() == Browsing {
		return canBrowsing(a)
	}
	return s.live.can(s, a)
}

// canBrowsing answers Can for the actions of play when no game is played
// here: none can be taken but asking an engine.
func canBrowsing(a Action) ActionState {
	switch a {
	case ActionTakeback:
		return no(mTakebackStored)
	case ActionAnswerOffer:
		return no(mNoOffer)
	case ActionOfferDraw, ActionClaimDraw, ActionResign, ActionAdjust, ActionArbiter, ActionArbiterTime, ActionRetract:
		return no(mNotLive)
	case ActionPressClock, ActionPause:
		return no(mNoClock)
	case ActionConfirmResult:
		return no(mConfirmAfter)
	case ActionEngine:
		return yes()
	}
	return no(mUnknownAction)
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
		case !s.opp.moving && s.opp.players.Seat(arb.Offer().Other()) != nil:
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
		if live && s.opp.players.Any() && arb.Rules() != arbiter.RulesCasual && !(g.timed() && g.clock.clk.Paused()) {
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

// The errors of a session a caller can test for with errors.Is; see the
// error style in docs/style.md.
var (
	// ErrRefused is matched by every *RefusedError: an action the rules or
	// the state of the session do not allow now.
	ErrRefused = errors.New("app: action refused")
	// ErrOutOfStep is wrapped by the error of a decision of the arbiter that
	// the score or the clock could not carry out, so that they no longer
	// follow the arbiter. It is a bug, reported and kept by Session.Err.
	ErrOutOfStep = errors.New("app: the score or the clock is out of step with the arbiter")
	// ErrStaleEngineMove: an engine's answer to a position the game has
	// left (a takeback, a new game); it is dropped.
	ErrStaleEngineMove = errors.New("app: the engine answered a position the game has left")
)

// RefusedError is an action refused now. Why is the players' text for the
// message line, as Session.Can or the arbiter gives it (a keyed Text the
// window says in the players' language); Error returns it in English.
type RefusedError struct {
	Action Action   // what was refused
	Why    msg.Text // why, in the players' words
}

// Error returns Why in English.
func (e *RefusedError) Error() string { return e.Why.String() }

// Is reports whether target is ErrRefused.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

// Unwrap returns Why as a *msg.Error, so that msg.TextOf finds the text to
// say.
func (e *RefusedError) Unwrap() error { return &msg.Error{Text: e.Why} }

// refusal returns the error of action a refused with the players' text why.
func refusal(a Action, why msg.Text) error { return &RefusedError{Action: a, Why: why} }
