package clock

import (
	"errors"
	"fmt"
)

// Sentinel errors. Methods wrap them with context; test with errors.Is.
var (
	// ErrNotStarted is returned for an action that needs a started clock.
	ErrNotStarted = errors.New("clock: not started")
	// ErrStarted is returned by Start on a clock that is already started.
	ErrStarted = errors.New("clock: already started")
	// ErrWrongSide is returned for a press by the side whose clock is not running.
	ErrWrongSide = errors.New("clock: not this side's turn")
	// ErrPaused is returned for a press or a pause while the clock is paused.
	ErrPaused = errors.New("clock: paused")
	// ErrNotPaused is returned by Resume when the clock is not paused.
	ErrNotPaused = errors.New("clock: not paused")
	// ErrStopped is returned for any change after the clock has stopped
	// (game-ending move, Stop, or a final flag without play-on).
	ErrStopped = errors.New("clock: stopped")
	// ErrFlagged is returned for a time adjustment of a side frozen by its flag.
	ErrFlagged = errors.New("clock: side has flagged")
	// ErrInvalidSide is returned when a side is neither White nor Black.
	ErrInvalidSide = errors.New("clock: invalid side")
	// ErrInvalidControl is returned for a Control that cannot run a clock.
	ErrInvalidControl = errors.New("clock: invalid control")
	// ErrNoControl is returned when a time control names no clock
	// ("?", "-" or unparsed text).
	ErrNoControl = errors.New("clock: time control sets no clock")
	// ErrRange is returned for a time or move count outside the supported range.
	ErrRange = errors.New("clock: value out of range")
	// ErrSyntax is wrapped by every *SyntaxError.
	ErrSyntax = errors.New("clock: syntax error")
)

// SyntaxError reports text that could not be parsed: a time control, a PGN
// clock reading or a Clock tag value.
type SyntaxError struct {
	Text   string // the input as given
	Offset int    // byte offset in Text where the problem was found
	Msg    string // what is wrong, lowercase
}

// Error returns e.g. `clock: syntax error in "40/" at offset 3: expected a number`.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("clock: syntax error in %q at offset %d: %s", e.Text, e.Offset, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }
