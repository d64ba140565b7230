package app

import (
	"errors"

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
