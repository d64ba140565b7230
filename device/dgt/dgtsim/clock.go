package dgtsim

import (
	"time"

	"touchmove/device/dgt"
)

// Clock is a simulated DGT 3000 standing beside a board: White's time on
// its left display, Black's on its right, a Fischer increment added at each
// press. It is driven by the test's time (Run), not by a timer of its own,
// and is not safe for concurrent use.
type Clock struct {
	White, Black time.Duration
	Increment    time.Duration
	// BlackToMove: the lever gives Black's time to run.
	BlackToMove bool
	Started     bool
}

// NewClock returns a clock set to base for each player, with increment.
func NewClock(base, increment time.Duration) *Clock {
	return &Clock{White: base, Black: base, Increment: increment}
}

// Run lets d pass on the clock of the player whose time runs.
func (c *Clock) Run(d time.Duration) {
	if !c.Started {
		return
	}
	if c.BlackToMove {
		c.Black = max(0, c.Black-d)
	} else {
		c.White = max(0, c.White-d)
	}
}

// Press is the mover pressing the lever after his move: his increment is
// added and the other's time runs. The first press (Black's, before White's
// first move, as FIDE has it) starts the clock.
func (c *Clock) Press() {
	if !c.Started {
		c.Started = true
		return
	}
	if c.BlackToMove {
		c.Black += c.Increment
	} else {
		c.White += c.Increment
	}
	c.BlackToMove = !c.BlackToMove
}

// Reading returns what the clock reports through the board: White on the
// left, Black on the right.
func (c *Clock) Reading() dgt.Clock {
	return dgt.Clock{Left: c.White, Right: c.Black, LeftFlag: c.White == 0, RightFlag: c.Black == 0,
		Running: c.Started, LeftTurn: c.Started && !c.BlackToMove, RightTurn: c.Started && c.BlackToMove, Present: true}
}
