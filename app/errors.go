package app

import (
	"errors"

	"touchmove/core/msg"
)

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
