package clock

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Limits that keep all arithmetic far from overflow.
const (
	maxTime    = 10000 * time.Hour // largest time, increment, delay or |remaining|
	maxMoves   = 10000             // largest move count
	maxPeriods = 100               // most periods in a control
)

// Period is one stage of a time control (a PGN TimeControl descriptor).
type Period struct {
	// Moves is the number of moves to complete in this period; 0 means the
	// rest of the game (sudden death) and is allowed only in the last period.
	// A last period with Moves > 0 repeats.
	Moves int
	// Time is the main time added when the period begins.
	Time time.Duration
	// Increment is the Fischer bonus per move of this period.
	Increment time.Duration
	// Delay is the per-move delay (simple or Bronstein, see Control.DelayKind).
	Delay time.Duration
}

// DelayKind chooses how a delay is shown; both kinds charge a turn of u the
// amount max(0, u − D) (clocks.md §2 note 1).
type DelayKind uint8

// The delay kinds, named as in the PGN AppClockMode tag.
const (
	// USDelay: the main time stands still for the first D of each turn and
	// the face shows the delay counting down separately.
	USDelay DelayKind = iota
	// Bronstein: the face shows remaining + D at the start of the turn,
	// counting down; it never ends a turn higher than it started.
	Bronstein
)

var delayKindNames = [...]string{USDelay: "us-delay", Bronstein: "bronstein"}

// String returns the AppClockMode tag value: "us-delay" or "bronstein".
func (k DelayKind) String() string { return enumName(delayKindNames[:], k, "DelayKind") }

// ParseDelayKind reads an AppClockMode tag value, "us-delay" or "bronstein"
// (case-insensitive, surrounding spaces ignored).
func ParseDelayKind(s string) (DelayKind, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "us-delay":
		return USDelay, nil
	case "bronstein":
		return Bronstein, nil
	}
	return 0, fmt.Errorf("%w: unknown clock mode %q", ErrSyntax, s)
}

// Control is the time-control setting of one side.
type Control struct {
	// Periods are used in order; the last repeats if its Moves > 0.
	Periods []Period
	// DelayKind chooses the display of the periods' delays.
	DelayKind DelayKind
	// Hourglass transfers the time a mover uses to the opponent. It needs a
	// single period with no moves, increment or delay; Periods[0].Time is the
	// side's starting time. Both sides must agree on it.
	Hourglass bool
	// IncrementAfterMoveOnly credits the increment after each move only, as
	// most servers do. By default (FIDE and US Chess practice) the increment
	// is also credited before move 1, so 3+2 starts at 3:02.
	IncrementAfterMoveOnly bool
	// NoMoveCounter adds the next period when the clock reaches zero instead
	// of at the press completing the period's moves, like a mechanical clock
	// (clocks.md §2 note 2, §4.2): that flag is an interim one, the next
	// period's time goes to both sides and the arbiter checks the moves.
	NoMoveCounter bool
}

// SuddenDeath returns a control with time t for the whole game.
func SuddenDeath(t time.Duration) Control {
	return Control{Periods: []Period{{Time: t}}}
}

// Fischer returns a sudden-death control with increment inc per move,
// credited before move 1 too.
func Fischer(t, inc time.Duration) Control {
	return Control{Periods: []Period{{Time: t, Increment: inc}}}
}

// SimpleDelay returns a sudden-death control with a simple (US) delay d.
func SimpleDelay(t, d time.Duration) Control {
	return Control{Periods: []Period{{Time: t, Delay: d}}, DelayKind: USDelay}
}

// BronsteinDelay returns a sudden-death control with a Bronstein delay d.
func BronsteinDelay(t, d time.Duration) Control {
	return Control{Periods: []Period{{Time: t, Delay: d}}, DelayKind: Bronstein}
}

// Sandglass returns an hourglass control in which the side starts with t.
// The PGN TimeControl "*S" gives each side S/2.
func Sandglass(t time.Duration) Control {
	return Control{Periods: []Period{{Time: t}}, Hourglass: true}
}

// Armageddon returns the usual Armageddon odds, White 5:00 and Black 4:00,
// with the same increment for both (an event rule, clocks.md §2 note 5; the
// draw-counts-for-Black rule belongs to the match, not the clock).
func Armageddon(inc time.Duration) (white, black Control) {
	return Fischer(5*time.Minute, inc), Fischer(4*time.Minute, inc)
}

// Validate reports why c cannot run a clock, or nil.
func (c Control) Validate() error {
	if len(c.Periods) == 0 {
		return fmt.Errorf("%w: no periods", ErrInvalidControl)
	}
	if len(c.Periods) > maxPeriods {
		return fmt.Errorf("%w: %d periods, at most %d", ErrInvalidControl, len(c.Periods), maxPeriods)
	}
	if c.DelayKind > Bronstein {
		return fmt.Errorf("%w: unknown delay kind %d", ErrInvalidControl, c.DelayKind)
	}
	for i, p := range c.Periods {
		switch {
		case p.Moves < 0 || p.Moves > maxMoves:
			return fmt.Errorf("%w: period %d: moves %d out of 0..%d", ErrInvalidControl, i+1, p.Moves, maxMoves)
		case p.Moves == 0 && i < len(c.Periods)-1:
			return fmt.Errorf("%w: period %d: sudden death before the last period", ErrInvalidControl, i+1)
		case !inRange(p.Time) || !inRange(p.Increment) || !inRange(p.Delay):
			return fmt.Errorf("%w: period %d: times must be within 0..%v", ErrInvalidControl, i+1, maxTime)
		case c.NoMoveCounter && i > 0 && p.Time == 0:
			return fmt.Errorf("%w: period %d: no time to add at a control", ErrInvalidControl, i+1)
		}
	}
	if c.Hourglass {
		p := c.Periods[0]
		if len(c.Periods) != 1 || p.Moves != 0 || p.Increment != 0 || p.Delay != 0 || c.NoMoveCounter {
			return fmt.Errorf("%w: hourglass needs one period without moves, increment or delay", ErrInvalidControl)
		}
	}
	return nil
}

func inRange(d time.Duration) bool { return d >= 0 && d <= maxTime }

// Equal reports whether c and o are the same setting.
func (c Control) Equal(o Control) bool {
	return slices.Equal(c.Periods, o.Periods) && c.DelayKind == o.DelayKind &&
		c.Hourglass == o.Hourglass && c.IncrementAfterMoveOnly == o.IncrementAfterMoveOnly &&
		c.NoMoveCounter == o.NoMoveCounter
}

// PeriodAt returns period i (0-based); past the end the last period repeats.
func (c Control) PeriodAt(i int) Period {
	if len(c.Periods) == 0 {
		return Period{}
	}
	return c.Periods[min(max(i, 0), len(c.Periods)-1)]
}

// Initial returns the side's time when the clock starts: the first period's
// time plus, unless IncrementAfterMoveOnly, its increment.
func (c Control) Initial() time.Duration {
	p := c.PeriodAt(0)
	if c.IncrementAfterMoveOnly {
		return p.Time
	}
	return p.Time + p.Increment
}

// PeriodOf returns the period (0-based) a side is in after completing moves
// moves, and how many of them fall in that period, counting as the clock's
// move counter does.
func (c Control) PeriodOf(moves int) (period, movesInPeriod int) {
	moves = min(max(moves, 0), maxMoves)
	for {
		p := c.PeriodAt(period)
		if p.Moves == 0 || moves < p.Moves {
			return period, moves
		}
		moves -= p.Moves
		period++
	}
}

// movesBefore returns the number of moves in the periods before period p.
func (c Control) movesBefore(p int) int {
	n := 0
	for i := range min(p, maxMoves) {
		n += c.PeriodAt(i).Moves
		if n > maxMoves {
			return maxMoves
		}
	}
	return n
}

// T60 returns the time for the first 60 moves: the times of the periods that
// begin within them plus 60 increments (rules.md §0). Delays count like
// increments, as the most a player can use; an hourglass counts its start.
func (c Control) T60() time.Duration {
	if len(c.Periods) == 0 {
		return 0
	}
	t := c.PeriodAt(0).Time
	period, in := 0, 0
	for m := 1; m <= 60; m++ {
		p := c.PeriodAt(period)
		t += p.Increment + p.Delay
		in++
		if p.Moves > 0 && in >= p.Moves && m < 60 {
			period, in = period+1, 0
			t += c.PeriodAt(period).Time
		}
	}
	return t
}

// Category returns the FIDE time category of c from its T60; a control
// without periods (untimed) counts as Standard.
func (c Control) Category() Category {
	if len(c.Periods) == 0 {
		return Standard
	}
	return CategoryOf(c.T60())
}

// TimeControl returns c as a PGN time control. Settings that PGN cannot
// express (IncrementAfterMoveOnly, NoMoveCounter) are dropped; an hourglass
// side starting with t becomes "*2t".
func (c Control) TimeControl() TimeControl {
	if c.Hourglass {
		return TimeControl{Kind: TimeControlSandglass, Sand: 2 * c.PeriodAt(0).Time}
	}
	if len(c.Periods) == 0 {
		return TimeControl{Kind: TimeControlUntimed}
	}
	return TimeControl{Kind: TimeControlPeriods, Periods: slices.Clone(c.Periods), DelayKind: c.DelayKind}
}

// String returns the PGN TimeControl form of c, e.g. "40/5400+30:1800+30".
func (c Control) String() string { return c.TimeControl().String() }

// clone returns c with its own copy of Periods.
func (c Control) clone() Control {
	c.Periods = slices.Clone(c.Periods)
	return c
}

// Category is the FIDE time category of a game, which decides penalties.
type Category uint8

// The categories (rules.md §0). The zero value is Standard, which is also
// the category of untimed games.
const (
	Standard Category = iota // T60 ≥ 60 min
	Rapid                    // 10 min < T60 < 60 min
	Blitz                    // T60 ≤ 10 min
)

// CategoryOf returns the category of a control whose T60 is t60.
func CategoryOf(t60 time.Duration) Category {
	switch {
	case t60 <= 10*time.Minute:
		return Blitz
	case t60 < 60*time.Minute:
		return Rapid
	}
	return Standard
}

// GameCategory returns the category of a game played with these controls:
// that of the longer T60 when the sides have odds.
func GameCategory(white, black Control) Category {
	if black.T60() > white.T60() {
		return black.Category()
	}
	return white.Category()
}

// Penalty returns the time an opponent receives for an illegal move or an
// incorrect claim: 2:00 in Standard, 1:00 in Rapid and Blitz
// [7.5.5, 9.5.3, A.3].
func (k Category) Penalty() time.Duration {
	if k == Standard {
		return 2 * time.Minute
	}
	return time.Minute
}

var categoryNames = [...]string{Standard: "standard", Rapid: "rapid", Blitz: "blitz"}

// String returns "standard", "rapid" or "blitz".
func (k Category) String() string { return enumName(categoryNames[:], k, "Category") }
