package app

import (
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
	live := s.mode == Playing
	var arb *arbiter.Arbiter
	if s.otb != nil {
		arb = s.otb.arb
	}
	switch a {
	case ActionUndo:
		return s.undoState(s.hist.undo, "Undo", mNothingToUndo, mUndoLive)
	case ActionRedo:
		return s.undoState(s.hist.redo, "Redo", mNothingToRedo, mRedoLive)
	case ActionTakeback:
		switch {
		case s.mode == Browsing:
			return no(mTakebackStored)
		case arb.Mode() != arbiter.ModeCasual:
			return no(mNoTakeback)
		case s.takebackDepth() == 0:
			return no(mNothingToTake)
		}
		return yes()
	case ActionDeleteFrom:
		switch {
		case live:
			return no(mDeleteLive)
		case s.cur.IsRoot():
			return no(mDeleteRoot)
		}
		return yes()
	case ActionAnnotate:
		return when(!live, mAnnotateLater)
	case ActionOfferDraw:
		switch {
		case !live:
			return no(mNotLive)
		case arb.Offer() != chess.NoColor:
			return no(mOfferPending)
		}
		return yes()
	case ActionAnswerOffer:
		return when(live && arb.Offer() != chess.NoColor, mNoOffer)
	case ActionClaimDraw, ActionResign:
		return when(live, mNotLive)
	case ActionAdjust:
		switch {
		case !live:
			return no(mNotLive)
		case arb.Mode() == arbiter.ModeCasual:
			return no(mAdjustFreely)
		}
		return yes()
	case ActionPressClock:
		switch {
		case !live || s.timing == nil:
			return no(mNoClock)
		case s.timing.clk.Started() && s.autoPress() && !s.provisionalStands():
			// A provisional illegal move (Arbiter mode) is completed by a
			// press, as its message says, even where the move presses.
			return no(mMovePresses)
		case s.timing.clk.Paused():
			// A press now would complete the move in the arbiter's
			// eyes but not on the paused clock.
			return no(mClocksPaused)
		}
		return yes()
	case ActionPause:
		return when(live && s.timing != nil, mNoClock)
	case ActionConfirmResult:
		switch {
		case s.mode != Finished:
			return no(mConfirmAfter)
		case arb.Confirmed():
			return no(mConfirmedBoth)
		}
		return yes()
	case ActionEngine:
		if live && arb.Mode() != arbiter.ModeCasual {
			return no(mNoEngine)
		}
		return yes()
	case ActionArbiter, ActionArbiterTime, ActionRetract:
		switch {
		case !live:
			return no(mNotLive)
		case arb.Mode() != arbiter.ModeArbiter:
			return no(mArbiterMode)
		case a == ActionArbiterTime && s.timing == nil:
			return no(mNoClocks)
		case a == ActionRetract && arb.ProvisionalMove() == chess.NoMove:
			return no(mNoProvisional)
		}
		return yes()
	}
	return no(mUnknownAction)
}
