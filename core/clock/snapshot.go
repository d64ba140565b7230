package clock

import (
	"fmt"
	"time"
)

// Snapshot is the state of a clock between sessions: for saving an
// unfinished game (the PGN Clock tag) and for crash recovery. It does not
// keep the log, flags or frozen sides.
type Snapshot struct {
	// Remaining holds both sides' main times (delay not included).
	Remaining [2]time.Duration
	// Moves holds both sides' completed moves, Period their periods
	// (0-based). With a move counter Restore derives the period from Moves.
	Moves, Period [2]int
	// Turn is the side whose clock runs or, paused, would run; NoSide when
	// the clocks are stopped or not started.
	Turn Side
	// TurnUsed is the time Turn has used in the current turn, pauses
	// excluded, so that delay and [%emt] continue after a restore.
	TurnUsed time.Duration
}

// Snapshot returns the clock's state now.
func (c *Clock) Snapshot() Snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.sync()
	sn := Snapshot{Turn: NoSide}
	for s := White; s <= Black; s++ {
		sn.Remaining[s] = c.remaining(s, t)
		sn.Moves[s] = c.sides[s].moves
		sn.Period[s] = c.sides[s].period
	}
	if c.active() {
		sn.Turn = c.turn
		sn.TurnUsed = c.used(t)
	}
	return sn
}

// ClockTag returns the PGN Clock tag for the snapshot: the running side and
// its time, or "N/" with the time of toMove when no clock runs.
func (sn Snapshot) ClockTag(toMove Side) ClockTag {
	s := sn.Turn
	if !s.valid() {
		s = toMove
	}
	t := ClockTag{Side: sn.Turn}
	if !sn.Turn.valid() {
		t.Side = NoSide
	}
	if s.valid() {
		t.Time = sn.Remaining[s]
	}
	return t
}

// Restore returns a clock for the two controls in the state sn. If a turn
// was in progress the clock is paused on it: Resume continues it. Otherwise
// the clock is not started: StartSide starts the side to move.
func Restore(white, black Control, sn Snapshot, now func() time.Time, opts ...Option) (*Clock, error) {
	c, err := New(white, black, now, opts...)
	if err != nil {
		return nil, err
	}
	if sn.Turn > NoSide {
		return nil, fmt.Errorf("%w: snapshot turn %d", ErrInvalidSide, sn.Turn)
	}
	if !inRange(sn.TurnUsed) {
		return nil, fmt.Errorf("%w: snapshot turn time %v", ErrRange, sn.TurnUsed)
	}
	for s := White; s <= Black; s++ {
		switch {
		case sn.Remaining[s] < -maxTime || sn.Remaining[s] > maxTime:
			return nil, fmt.Errorf("%w: snapshot time %v for %v", ErrRange, sn.Remaining[s], s)
		case sn.Moves[s] < 0 || sn.Moves[s] > maxMoves || sn.Period[s] < 0 || sn.Period[s] > maxMoves:
			return nil, fmt.Errorf("%w: snapshot moves %d, period %d for %v", ErrRange, sn.Moves[s], sn.Period[s], s)
		}
		st, ctl := &c.sides[s], c.ctl[s]
		st.base = sn.Remaining[s]
		st.moves = sn.Moves[s]
		if ctl.NoMoveCounter {
			st.period = sn.Period[s]
			st.inPeriod = max(0, st.moves-ctl.movesBefore(st.period))
		} else {
			st.period, st.inPeriod = ctl.PeriodOf(st.moves)
		}
	}
	ev := Event{Kind: EventRestore, Side: sn.Turn}
	if sn.Turn.valid() {
		c.started, c.paused = true, true
		c.beginTurn(sn.Turn, c.epoch)
		c.turnAccum = sn.TurnUsed
		// The snapshot's time already has the turn's charge taken off.
		ch := c.charge(sn.TurnUsed)
		c.sides[sn.Turn].base += ch
		if c.ctl[sn.Turn].Hourglass {
			c.sides[sn.Turn.Other()].base -= ch
		}
		ev.Used = sn.TurnUsed
		ev.Moves, ev.Period = c.sides[sn.Turn].moves, c.sides[sn.Turn].period
	}
	c.log(ev, c.epoch)
	return c, nil
}
