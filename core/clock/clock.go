package clock

import (
	"fmt"
	"sync"
	"time"
)

// maxFallsPerQuery bounds the interim flags handled in one query, so that
// absurd controls cannot stall a caller.
const maxFallsPerQuery = 1000

// Clock is a two-sided chess clock: a state machine over an injected time
// source, with no goroutines or timers. Remaining times are computed on
// demand from monotonic differences of the source's readings, and every
// method first brings the state up to the current reading, recording any
// flag at the exact instant it fell. A Clock is safe for concurrent use.
type Clock struct {
	mu     sync.Mutex
	now    func() time.Time
	ctl    [2]Control
	cat    Category
	playOn bool

	epoch   time.Time // reading at creation; events are offsets from it
	last    time.Time // latest reading, so time never runs backwards
	changed time.Time // instant of the latest state change

	sides     [2]sideState
	started   bool
	stopped   bool
	paused    bool
	turn      Side          // whose turn it is, while started and not stopped
	segStart  time.Time     // when the turn's clock last started running
	turnAccum time.Duration // turn time used before segStart (pauses excluded)
	turnDelay time.Duration // delay of the current turn

	events  []Event
	flags   []FlagInfo
	interim Side // side that reached zero first at the latest interim flag
}

// sideState is one side's clock between events.
type sideState struct {
	base     time.Duration // main time, not counting the running turn
	period   int           // 0-based, may run past the last period (it repeats)
	inPeriod int           // moves completed in the period
	moves    int           // moves completed in total
	frozen   bool          // flagged with play-on: no more time lost or gained
}

// Option configures a Clock in New or Restore.
type Option func(*Clock)

// PlayOnAfterFlag keeps the game going after a final flag (the casual
// "flags must be claimed" setting, DGT TIME): the flagged side's time
// freezes and it gets no more increments, the other clock keeps running
// and may flag too, so both flags are timed and ordered. Without it a final
// flag stops the clocks.
func PlayOnAfterFlag() Option { return func(c *Clock) { c.playOn = true } }

// WithCategory sets the category that decides Penalty, when the event
// rules differ from GameCategory of the controls.
func WithCategory(k Category) Option { return func(c *Clock) { c.cat = k } }

// New returns a stopped clock for the two controls, reading time from now.
// Each side starts with its Control.Initial, so a 3+2 face shows 3:02.
func New(white, black Control, now func() time.Time, opts ...Option) (*Clock, error) {
	if now == nil {
		return nil, fmt.Errorf("clock: nil time source")
	}
	for i, ctl := range [2]Control{white, black} {
		if err := ctl.Validate(); err != nil {
			return nil, fmt.Errorf("%w (%v's control)", err, Side(i))
		}
	}
	if white.Hourglass != black.Hourglass {
		return nil, fmt.Errorf("%w: hourglass for one side only", ErrInvalidControl)
	}
	c := &Clock{
		now:     now,
		ctl:     [2]Control{white.clone(), black.clone()},
		cat:     GameCategory(white, black),
		turn:    NoSide,
		interim: NoSide,
	}
	for _, o := range opts {
		o(c)
	}
	c.epoch = now()
	c.last, c.changed = c.epoch, c.epoch
	for s := range c.sides {
		c.sides[s].base = c.ctl[s].Initial()
	}
	return c, nil
}

// Start starts White's clock [6.6].
func (c *Clock) Start() (Event, error) { return c.StartSide(White) }

// StartSide starts the clock of side s, for games that begin with Black to
// move.
func (c *Clock) StartSide(s Side) (Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !s.valid() {
		return Event{}, fmt.Errorf("%w: %d cannot start", ErrInvalidSide, s)
	}
	t := c.sync()
	switch {
	case c.stopped:
		return Event{}, fmt.Errorf("%w: cannot start", ErrStopped)
	case c.started:
		return Event{}, fmt.Errorf("%w: cannot start %v's clock", ErrStarted, s)
	}
	c.started = true
	c.beginTurn(s, t)
	ev := c.log(c.sideEvent(EventStart, s), t)
	c.settleFlags(t)
	return ev, nil
}

// Press records a move completed by side s: it stops s's clock, charges
// the time used (less any delay), credits the increment and, if the press
// completes the period's moves, the next period's time, and starts the
// opponent's clock. A press by the side whose clock is not running is
// refused with ErrWrongSide, and a press while paused with ErrPaused.
func (c *Clock) Press(s Side) (Event, error) { return c.press(s, false, time.Time{}) }

// PressAt is Press as of the instant at, which may lie before the clock's
// latest reading: a move read late from an electronic board is charged to
// when it was made. An instant before the clock's last change (the turn's
// start, a pause, a flag) counts as that change; a zero or future one as now.
func (c *Clock) PressAt(s Side, at time.Time) (Event, error) { return c.press(s, false, at) }

// PressFinal records a game-ending move by side s (mate, stalemate, dead
// position, fivefold, 75 moves, [6.2.1.1]): the time used is charged, no
// increment or period time is credited, and the clocks stop.
func (c *Clock) PressFinal(s Side) (Event, error) { return c.press(s, true, time.Time{}) }

// PressFinalAt is PressFinal as of the instant at, as PressAt.
func (c *Clock) PressFinalAt(s Side, at time.Time) (Event, error) { return c.press(s, true, at) }

func (c *Clock) press(s Side, final bool, at time.Time) (Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !s.valid() {
		return Event{}, fmt.Errorf("%w: %d cannot press", ErrInvalidSide, s)
	}
	t := c.sync()
	if !at.IsZero() && at.Before(t) {
		t = at
		if t.Before(c.changed) {
			t = c.changed
		}
	}
	switch {
	case c.stopped:
		return Event{}, fmt.Errorf("%w: %v cannot press", ErrStopped, s)
	case !c.started:
		return Event{}, fmt.Errorf("%w: %v cannot press", ErrNotStarted, s)
	case c.paused:
		return Event{}, fmt.Errorf("%w: %v cannot press", ErrPaused, s)
	case s != c.turn:
		return Event{}, fmt.Errorf("%w: %v pressed while %v's clock runs", ErrWrongSide, s, c.turn)
	}
	st, ctl := &c.sides[s], &c.ctl[s]
	ev := c.settle(c.used(t))
	ev.Kind = EventPress
	st.moves++
	st.inPeriod++
	switch {
	case final:
		ev.Kind = EventFinalPress
	case !st.frozen:
		old := st.period
		if p := ctl.PeriodAt(old); p.Moves > 0 && !ctl.NoMoveCounter && st.inPeriod >= p.Moves {
			st.period++
			st.inPeriod = 0
			ev.PeriodTime = ctl.PeriodAt(st.period).Time
		}
		// Credited before the move it is for (FIDE style), the increment
		// of the press belongs to the next move's period.
		ev.Increment = ctl.PeriodAt(st.period).Increment
		if ctl.IncrementAfterMoveOnly {
			ev.Increment = ctl.PeriodAt(old).Increment
		}
		st.base += ev.PeriodTime + ev.Increment
	}
	ev.Moves, ev.Period = st.moves, st.period
	if final {
		c.stopped = true
		c.changed = t
	} else {
		c.beginTurn(s.Other(), t)
	}
	ev = c.log(ev, t)
	c.settleFlags(t)
	return ev, nil
}

// Stop stops the clocks without a move, when the game ends otherwise
// (resignation, agreement, a flag claimed, an arbiter's decision). The
// running side is charged the time used so far.
func (c *Clock) Stop() (Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.sync()
	if c.stopped {
		return Event{}, fmt.Errorf("%w: already stopped", ErrStopped)
	}
	ev := Event{Side: NoSide}
	if c.started {
		ev = c.settle(c.used(t))
		ev.Moves, ev.Period = c.sides[c.turn].moves, c.sides[c.turn].period
	}
	ev.Kind = EventStop
	c.stopped = true
	c.changed = t
	return c.log(ev, t), nil
}

// Pause freezes both clocks [6.11]; the paused time counts for nobody.
func (c *Clock) Pause() (Event, error) { return c.setPaused(true) }

// Resume restarts the clock of the side that was running when paused.
func (c *Clock) Resume() (Event, error) { return c.setPaused(false) }

// setPaused pauses the running clock, or resumes it when pause is false.
// Event.Used is the time the side on turn has used so far.
func (c *Clock) setPaused(pause bool) (Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.sync()
	kind, action := EventResume, "resume"
	if pause {
		kind, action = EventPause, "pause"
	}
	if err := c.needRunning(action); err != nil {
		return Event{}, err
	}
	switch {
	case pause && c.paused:
		return Event{}, fmt.Errorf("%w: already paused", ErrPaused)
	case !pause && !c.paused:
		return Event{}, fmt.Errorf("%w: cannot resume", ErrNotPaused)
	case pause:
		c.turnAccum += t.Sub(c.segStart)
	default:
		c.segStart = t
	}
	c.paused = pause
	c.changed = t
	ev := c.sideEvent(kind, c.turn)
	ev.Used = c.turnAccum
	ev = c.log(ev, t)
	c.settleFlags(t) // on resume, a time taken away during the pause may make the flag fall now
	return ev, nil
}

// AddTime adds d to side s's time, or takes it away if d is negative
// (arbiter's dialog, [12.5], [12.9]). It works running or paused; a side
// whose time is frozen by a flag cannot be adjusted.
func (c *Clock) AddTime(s Side, d time.Duration) (Event, error) {
	if d < -maxTime || d > maxTime {
		return Event{}, fmt.Errorf("%w: cannot add %v", ErrRange, d)
	}
	return c.adjust(EventAddTime, s, func(time.Duration) time.Duration { return d })
}

// SetTime sets side s's time to v (arbiter's correction [6.10.2]).
func (c *Clock) SetTime(s Side, v time.Duration) (Event, error) {
	if !inRange(v) {
		return Event{}, fmt.Errorf("%w: cannot set %v", ErrRange, v)
	}
	return c.adjust(EventSetTime, s, func(rem time.Duration) time.Duration { return v - rem })
}

// Penalty gives side to the standard penalty time of the clock's category,
// 2:00 in Standard and 1:00 in Rapid or Blitz (for an illegal move or an
// incorrect claim by the opponent, [7.5.5, 9.5.3, A.3]). Event.Delta holds
// the time given.
func (c *Clock) Penalty(to Side) (Event, error) {
	return c.adjust(EventPenalty, to, func(time.Duration) time.Duration { return c.cat.Penalty() })
}

func (c *Clock) adjust(kind EventKind, s Side, delta func(rem time.Duration) time.Duration) (Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !s.valid() {
		return Event{}, fmt.Errorf("%w: %d cannot be adjusted", ErrInvalidSide, s)
	}
	t := c.sync()
	if c.stopped {
		return Event{}, fmt.Errorf("%w: cannot adjust %v's time", ErrStopped, s)
	}
	st := &c.sides[s]
	if st.frozen {
		return Event{}, fmt.Errorf("%w: cannot adjust %v's frozen time", ErrFlagged, s)
	}
	rem := c.remaining(s, t)
	d := delta(rem)
	if rem+d < -maxTime || rem+d > maxTime {
		return Event{}, fmt.Errorf("%w: %v's time would be %v", ErrRange, s, rem+d)
	}
	st.base += d
	c.changed = t
	ev := c.sideEvent(kind, s)
	ev.Delta = d
	ev = c.log(ev, t)
	c.settleFlags(t)
	return ev, nil
}

// SetMoves corrects side s's move counter to n completed moves [7.1]. With
// a move counter the period follows from n (Control.PeriodOf); no time is
// added or taken: correct times with SetTime.
func (c *Clock) SetMoves(s Side, n int) (Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !s.valid() {
		return Event{}, fmt.Errorf("%w: %d cannot be corrected", ErrInvalidSide, s)
	}
	if n < 0 || n > maxMoves {
		return Event{}, fmt.Errorf("%w: %d moves", ErrRange, n)
	}
	t := c.sync()
	if c.stopped {
		return Event{}, fmt.Errorf("%w: cannot correct %v's moves", ErrStopped, s)
	}
	st := &c.sides[s]
	st.moves = n
	if !c.ctl[s].NoMoveCounter {
		st.period, st.inPeriod = c.ctl[s].PeriodOf(n)
	}
	c.changed = t
	return c.log(c.sideEvent(EventSetMoves, s), t), nil
}

// Remaining returns side s's main time now: the time left to the next
// control, without the delay of a running turn.
func (c *Clock) Remaining(s Side) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.sync()
	if !s.valid() {
		return 0
	}
	return c.remaining(s, t)
}

// Display returns what side s's face shows now (clocks.md §6.2).
func (c *Clock) Display(s Side) Face {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.sync()
	if !s.valid() {
		return Face{}
	}
	st := &c.sides[s]
	f := Face{
		Time:    c.remaining(s, t),
		Paused:  c.active() && c.paused,
		Period:  st.period,
		Moves:   st.moves,
		Frozen:  st.frozen,
		Interim: c.interim == s,
	}
	for _, fl := range c.flags {
		if fl.Final && fl.Side == s {
			f.Flag = true
		}
	}
	if c.active() && c.turn == s {
		f.Running = !c.paused
		if !st.frozen && c.turnDelay > 0 {
			left := max(0, c.turnDelay-c.used(t))
			if c.ctl[s].DelayKind == Bronstein {
				f.Time += left
			} else {
				f.DelayLeft = left
			}
		}
	}
	return f
}

// Running returns the side whose clock is running now; ok is false before
// the start, while paused and after the clocks stopped.
func (c *Clock) Running() (s Side, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	if !c.active() || c.paused {
		return NoSide, false
	}
	return c.turn, true
}

// Turn returns the side whose clock runs or, while paused, will run on
// Resume; ok is false before the start and after the clocks stopped.
func (c *Clock) Turn() (s Side, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	if !c.active() {
		return NoSide, false
	}
	return c.turn, true
}

// Started reports whether the clock has been started (or restored with a
// side to move).
func (c *Clock) Started() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return c.started
}

// Paused reports whether the clocks are paused.
func (c *Clock) Paused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return c.active() && c.paused
}

// Stopped reports whether the clocks have stopped for good: a game-ending
// press, Stop, or a final flag without PlayOnAfterFlag.
func (c *Clock) Stopped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return c.stopped
}

// TurnUsed returns the time used so far in the current turn, pauses
// excluded (the [%emt] the move would get if completed now).
func (c *Clock) TurnUsed() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used(c.sync())
}

// Moves returns side s's completed moves (its presses, or as corrected).
func (c *Clock) Moves(s Side) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	if !s.valid() {
		return 0
	}
	return c.sides[s].moves
}

// Period returns side s's current period, 0-based; past the last
// descriptor it keeps counting (the last period repeats).
func (c *Clock) Period(s Side) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	if !s.valid() {
		return 0
	}
	return c.sides[s].period
}

// Flag returns the first final flag; the first one decides (rules.md §3.11).
func (c *Clock) Flag() (FlagInfo, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	for _, f := range c.flags {
		if f.Final {
			return f, true
		}
	}
	return FlagInfo{}, false
}

// Flags returns every flag so far, interim and final, in the order they
// fell.
func (c *Clock) Flags() []FlagInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return append([]FlagInfo(nil), c.flags...)
}

// NextFlagAt returns the instant the running side will flag if nothing
// happens before (turn start + its time + delay, interim flags included),
// for scheduling a timer; ok is false when no clock runs or the running
// side is frozen. The flag is recorded by the first query at or after it.
func (c *Clock) NextFlagAt() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return c.flagAt()
}

// Events returns a copy of the log.
func (c *Clock) Events() []Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sync()
	return append([]Event(nil), c.events...)
}

// Category returns the category used for penalties.
func (c *Clock) Category() Category { return c.cat }

// Control returns side s's control.
func (c *Clock) Control(s Side) Control {
	if !s.valid() {
		return Control{}
	}
	return c.ctl[s].clone()
}

// Epoch returns the time source's reading when the clock was created; event
// offsets count from it.
func (c *Clock) Epoch() time.Time { return c.epoch }

// active reports whether a turn is in progress (possibly paused).
func (c *Clock) active() bool { return c.started && !c.stopped }

// needRunning returns an error unless a turn is in progress.
func (c *Clock) needRunning(action string) error {
	switch {
	case c.stopped:
		return fmt.Errorf("%w: cannot %s", ErrStopped, action)
	case !c.started:
		return fmt.Errorf("%w: cannot %s", ErrNotStarted, action)
	}
	return nil
}

// beginTurn starts side s's turn at t.
func (c *Clock) beginTurn(s Side, t time.Time) {
	c.turn = s
	c.segStart = t
	c.turnAccum = 0
	c.turnDelay = c.ctl[s].PeriodAt(c.sides[s].period).Delay
	c.changed = t
}

// sync reads the time source, never letting time run backwards, and
// records the flags that fell up to that reading.
func (c *Clock) sync() time.Time {
	t := c.now()
	if t.Before(c.last) {
		t = c.last
	}
	c.last = t
	c.settleFlags(t)
	return t
}

// settleFlags records the flags due at or before t.
func (c *Clock) settleFlags(t time.Time) {
	for range maxFallsPerQuery {
		at, ok := c.flagAt()
		if !ok || t.Before(at) {
			return
		}
		c.fall(at)
	}
}

// used returns the current turn's running time at t, pauses excluded.
func (c *Clock) used(t time.Time) time.Duration {
	switch {
	case !c.active():
		return 0
	case c.paused:
		return c.turnAccum
	}
	return c.turnAccum + t.Sub(c.segStart)
}

// charge returns the main time the side to move has lost after using u of
// its turn: nothing during the delay, nothing once frozen.
func (c *Clock) charge(u time.Duration) time.Duration {
	if c.sides[c.turn].frozen {
		return 0
	}
	return max(0, u-c.turnDelay)
}

// remaining returns side s's main time at t.
func (c *Clock) remaining(s Side, t time.Time) time.Duration {
	st := &c.sides[s]
	if !c.active() || st.frozen {
		return st.base
	}
	ch := c.charge(c.used(t))
	switch {
	case s == c.turn:
		return st.base - ch
	case c.ctl[s].Hourglass:
		return st.base + ch
	}
	return st.base
}

// flagAt returns when the running side's time reaches zero: u = base + D,
// or at once if its time is already gone.
func (c *Clock) flagAt() (time.Time, bool) {
	if !c.active() || c.paused || c.sides[c.turn].frozen {
		return time.Time{}, false
	}
	var need time.Duration
	if b := c.sides[c.turn].base; b > 0 {
		need = b + c.turnDelay
	}
	at := c.segStart.Add(need - c.turnAccum)
	if at.Before(c.changed) {
		at = c.changed
	}
	return at, true
}

// fall records the running side's flag at instant at.
func (c *Clock) fall(at time.Time) {
	s := c.turn
	st, ctl := &c.sides[s], &c.ctl[s]
	info := FlagInfo{Side: s, At: at.Sub(c.epoch), Time: at, Period: st.period, Moves: st.moves}
	c.changed = at
	if ctl.NoMoveCounter && ctl.PeriodAt(st.period).Moves > 0 {
		// Interim: the control is passed without a counter; the next
		// period goes to every side still in this one (clocks.md §4.2).
		c.flags = append(c.flags, info)
		c.interim = s
		ev := c.sideEvent(EventFlag, s)
		ev.Used = c.used(at)
		c.log(ev, at)
		p := st.period
		for x := White; x <= Black; x++ {
			sx := &c.sides[x]
			if !c.ctl[x].NoMoveCounter || sx.period != p || sx.frozen {
				continue
			}
			sx.period++
			sx.inPeriod = 0
			ev := c.sideEvent(EventPeriod, x)
			ev.PeriodTime = c.ctl[x].PeriodAt(sx.period).Time
			sx.base += ev.PeriodTime
			c.log(ev, at)
		}
		return
	}
	info.Final = true
	c.flags = append(c.flags, info)
	ev := c.settle(c.used(at))
	ev.Kind, ev.Final, ev.Moves, ev.Period = EventFlag, true, st.moves, st.period
	if c.playOn {
		st.frozen = true
	} else {
		c.stopped = true
	}
	c.log(ev, at)
}

// settle moves the running turn's charge (and hourglass transfer) for u
// into the sides' base times and describes it.
func (c *Clock) settle(u time.Duration) Event {
	s := c.turn
	st, o := &c.sides[s], &c.sides[s.Other()]
	ev := Event{Side: s, Used: u}
	if st.frozen {
		return ev
	}
	ch := c.charge(u)
	ev.Charged, ev.Refund = ch, u-ch
	st.base -= ch
	if c.ctl[s].Hourglass && !o.frozen {
		o.base += ch
		ev.Transfer = ch
	}
	return ev
}

// sideEvent returns an event of kind k about side s with its counters.
func (c *Clock) sideEvent(k EventKind, s Side) Event {
	return Event{Kind: k, Side: s, Moves: c.sides[s].moves, Period: c.sides[s].period}
}

// log completes ev at instant t with both times and appends it.
func (c *Clock) log(ev Event, t time.Time) Event {
	ev.At = t.Sub(c.epoch)
	ev.Remaining = [2]time.Duration{c.remaining(White, t), c.remaining(Black, t)}
	c.events = append(c.events, ev)
	return ev
}
