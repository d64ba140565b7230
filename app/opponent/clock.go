package opponent

import (
	"time"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// Clock is the state of the clocks when the engine is to move, by colour
// (chess.White, chess.Black).
type Clock struct {
	// Remaining is each side's main time now.
	Remaining [2]time.Duration
	// Increment is the Fischer increment of each side's current period,
	// Delay its delay (simple or Bronstein).
	Increment, Delay [2]time.Duration
	// MovesToGo is how many moves each side has left to the next time
	// control; 0 in sudden death.
	MovesToGo [2]int
}

// Limits returns the search limits of the clocks (clocks.md §2 note 1 for
// the delays): "go wtime btime winc binc movestogo". UCI knows no delay,
// so a delay is given as an increment: a move made within it costs
// nothing, as a move made within an increment costs nothing net; unlike an
// increment it is not banked, so the engine, which spends about a
// twentieth of its time plus most of the increment a move, runs a little
// short only when it moves faster than the delay. The side to move's time
// is less margin, the time a move takes to reach the clock.
func (c Clock) Limits(turn chess.Color, margin time.Duration) uci.Limits {
	rem := c.Remaining
	rem[turn] -= margin
	for i := range rem {
		rem[i] = max(rem[i], time.Millisecond)
	}
	return uci.Limits{
		WTime: rem[chess.White], BTime: rem[chess.Black],
		WInc: c.Increment[chess.White] + c.Delay[chess.White], BInc: c.Increment[chess.Black] + c.Delay[chess.Black],
		MovesToGo: c.MovesToGo[turn],
	}
}
