package app

import (
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
		case !s.mode.editable(false):
			return no(mDeleteLive)
		case s.cur.IsRoot():
			return no(mDeleteRoot)
		}
		return yes()
	case ActionAnnotate:
		return when(s.mode.editable(false), mAnnotateLater)
	}
	return s.mode.can(s, a)
}
