package clock

import (
	"fmt"
	"strings"
	"time"
)

// EventKind names what happened to the clock.
type EventKind uint8

// The kinds of events in a clock's log.
const (
	EventStart      EventKind = iota // the first clock was started
	EventPress                       // a move was completed by a press
	EventFinalPress                  // a game-ending move stopped the clocks (no increment)
	EventStop                        // the clocks were stopped without a move
	EventPause                       // both clocks were paused
	EventResume                      // the running side's clock was restarted
	EventAddTime                     // time was added to (or, if negative, taken from) a side
	EventSetTime                     // a side's time was set
	EventPenalty                     // a side received penalty time
	EventSetMoves                    // a side's move counter was corrected
	EventFlag                        // a side's time ran out
	EventPeriod                      // a side received the next period's time at an interim flag
	EventRestore                     // the clock was restored from a Snapshot
)

var eventKindNames = [...]string{
	EventStart: "start", EventPress: "press", EventFinalPress: "final press", EventStop: "stop",
	EventPause: "pause", EventResume: "resume", EventAddTime: "add time",
	EventSetTime: "set time", EventPenalty: "penalty", EventSetMoves: "set moves",
	EventFlag: "flag", EventPeriod: "period", EventRestore: "restore",
}

// String returns the kind in words, e.g. "final press".
func (k EventKind) String() string { return enumName(eventKindNames[:], k, "EventKind") }

// Event is one entry of a clock's log. Fields that do not apply to a kind
// are zero. A log replays from each side's Control.Initial: each event
// changes Remaining[Side] by −Charged + Increment + PeriodTime + Delta and
// the opponent's by Transfer; the sums equal Remaining after every event
// that ends a turn (press, final press, stop, final flag), when no time of
// a running turn is pending.
type Event struct {
	Kind EventKind
	// At is the instant of the event, as an offset from the clock's epoch
	// (the time source's reading when the clock was created).
	At time.Duration
	// Side is the side concerned: the mover for presses and stops, the
	// flagged side, the side adjusted, or the side whose turn it is for
	// start, pause and resume.
	Side Side
	// Used is the running time of the turn, pauses excluded, up to the
	// event (press, stop, pause, flag). For a press it is [%emt]: the time
	// used on the move, before any increment.
	Used time.Duration
	// Charged is the main time Side lost: Used less Refund, or 0 once the
	// side is frozen by a flag.
	Charged time.Duration
	// Refund is the part of Used covered by the delay, min(Used, D).
	Refund time.Duration
	// Increment is the increment credited at the press.
	Increment time.Duration
	// PeriodTime is the time of the next period credited at this press (the
	// press completed a period's moves) or at an interim flag.
	PeriodTime time.Duration
	// Transfer is the time given to the opponent (hourglass).
	Transfer time.Duration
	// Delta is the change of Side's time by AddTime, SetTime or Penalty.
	Delta time.Duration
	// Moves and Period are Side's completed moves and period (0-based)
	// after the event.
	Moves, Period int
	// Final tells a final flag from an interim one.
	Final bool
	// Remaining holds both sides' main times right after the event,
	// including the time used so far by a running turn; for a press
	// Remaining[Side] is the [%clk] reading.
	Remaining [2]time.Duration
}

// String describes the event on one line, for logs and tests.
func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s", FormatDisplay(e.At, TenthsNever), e.Kind, e.Side)
	add := func(name string, d time.Duration) {
		if d != 0 {
			fmt.Fprintf(&b, " %s=%v", name, d)
		}
	}
	add("used", e.Used)
	add("charged", e.Charged)
	add("refund", e.Refund)
	add("inc", e.Increment)
	add("period", e.PeriodTime)
	add("transfer", e.Transfer)
	add("delta", e.Delta)
	if e.Kind == EventFlag {
		if e.Final {
			b.WriteString(" final")
		} else {
			b.WriteString(" interim")
		}
	}
	fmt.Fprintf(&b, " moves=%d white=%v black=%v", e.Moves, e.Remaining[White], e.Remaining[Black])
	return b.String()
}

// FlagInfo describes a flag fall.
type FlagInfo struct {
	Side Side
	// At is the instant the side's time reached zero, as an offset from the
	// clock's epoch; Time is the same instant on the time source's line.
	At   time.Duration
	Time time.Time
	// Final is true in the last period (the game is lost or drawn on time,
	// rules.md §3.11) and false for an interim flag (NoMoveCounter): the next
	// period was added and the arbiter checks the move count.
	Final bool
	// Period (0-based) and Moves are the side's period and completed moves
	// at the flag.
	Period, Moves int
}

// Face is what one side's clock face shows (clocks.md §6.2).
type Face struct {
	// Time is the reading: the main time, or for a running Bronstein delay
	// the main time plus the delay left, counting down.
	Time time.Duration
	// DelayLeft is the simple (US) delay left in the running turn, shown
	// apart from Time; 0 otherwise.
	DelayLeft time.Duration
	// Running is true while this side's clock runs; Paused while the
	// clocks are paused.
	Running, Paused bool
	// Period (0-based) and Moves are the side's period and completed moves.
	Period, Moves int
	// Flag is set after a final flag of this side (a blinking flag).
	Flag bool
	// Interim is set when this side reached zero first at the latest
	// interim control (a steady flag).
	Interim bool
	// Frozen is set when the side's time is frozen by its flag.
	Frozen bool
}
