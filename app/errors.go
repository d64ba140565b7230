package app

import "errors"

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
)

// RefusedError is an action refused now. Why is the players' text for the
// message line, as Session.Can or the arbiter gives it; Error returns it
// unchanged, so that the refusal reads the same wherever it is shown.
type RefusedError struct {
	Action Action // what was refused
	Why    string // why, in the players' words
}

// Error returns Why.
func (e *RefusedError) Error() string { return e.Why }

// Is reports whether target is ErrRefused.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

// refusal returns the error of action a refused with the players' text why.
func refusal(a Action, why string) error { return &RefusedError{Action: a, Why: why} }
