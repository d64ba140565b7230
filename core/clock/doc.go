// Package clock implements Touchmove's chess clock and PGN time controls.
//
// A [Clock] is a state machine over an injected time source
// (func() time.Time). It has no goroutines and no timers: every query reads
// the source, computes the remaining times from monotonic differences
// (time.Time.Sub) and detects flags on demand, at the exact instant they
// fell. The UI repaints from [Clock.Display] and may schedule a timer at
// [Clock.NextFlagAt]; the clock never depends on ticks (clocks.md §10).
//
// Per side a [Control] holds the periods (moves, time, increment, delay) and
// the mode switches. Supported modes (clocks.md §2): sudden death; Fischer
// increment, credited before move 1 by default (FIDE style, 3+2 starts at
// 3:02) or only after each move; simple (US) delay and Bronstein delay, which
// share one arithmetic and differ in what the face shows; multi-period
// controls with move counts, the next period being added at the press that
// completes a period's moves and the last period repeating; time odds
// (different controls per side, see [Armageddon]); hourglass.
//
// Every event (start, press, pause, resume, adjustment, penalty, move
// counter correction, flag) is logged with its offset from the clock's
// creation. A press [Event] holds what PGN needs: Used is the [%emt] value
// (running time of the move, pauses excluded, before increment) and
// Remaining[Side] the [%clk] value (after increment and period time).
//
// A flag in the last period is final: the clocks stop, or with
// [PlayOnAfterFlag] the flagged side freezes (gets no more increments) while
// play goes on, so that a second flag can be timed and ordered. A flag in a
// period counted without a move counter ([Control.NoMoveCounter]) is an
// interim flag: the next period is added to both sides and the arbiter
// checks the moves.
//
// The package also parses and formats the PGN TimeControl tag
// ([ParseTimeControl], [TimeControl.String]) with the app's delay and odds
// extensions ([FormatTags], [ParseTags]), PGN clock readings
// ([ParsePGNClock], [FormatPGNClock]), the Clock tag ([ParseClockTag]) and
// the clock face ([FormatDisplay]). [Clock.Snapshot] and [Restore] save and
// resume a running clock.
//
// Side matches chess.Color (White 0, Black 1), so the two convert directly;
// this package imports nothing else from Touchmove.
package clock
