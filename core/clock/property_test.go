package clock_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"touchmove/core/clock"
)

// model is an independent, flat bookkeeping of a clock: for each side,
// remaining = start + increments + period times + adjustments + penalties
// + delay refunds + hourglass transfers − time used.
type model struct {
	sides     [2]modelSide
	hourglass bool
	started   bool
	paused    bool
	turn      clock.Side
	u         time.Duration // running time of the current turn
	d         time.Duration // delay of the current turn
}

type modelSide struct {
	ctl                                              clock.Control
	start, incs, periods, adjust, penalties, refunds time.Duration
	transIn, used                                    time.Duration
	moves, period, inPeriod                          int
}

func periodAt(c clock.Control, i int) clock.Period {
	return c.Periods[min(i, len(c.Periods)-1)]
}

func newModel(white, black clock.Control) *model {
	m := &model{hourglass: white.Hourglass}
	for i, c := range [2]clock.Control{white, black} {
		s := &m.sides[i]
		s.ctl = c
		s.start = c.Periods[0].Time
		if !c.IncrementAfterMoveOnly {
			s.incs = c.Periods[0].Increment
		}
	}
	return m
}

func (m *model) remaining(x clock.Side) time.Duration {
	s := &m.sides[x]
	r := s.start + s.incs + s.periods + s.adjust + s.penalties + s.refunds + s.transIn - s.used
	if m.started && x == m.turn {
		r += min(m.u, m.d) - m.u
	} else if m.started && m.hourglass {
		r += m.u
	}
	return r
}

func (m *model) begin(x clock.Side) {
	m.turn, m.u = x, 0
	m.d = periodAt(m.sides[x].ctl, m.sides[x].period).Delay
}

func (m *model) press(final bool) {
	x := m.turn
	s := &m.sides[x]
	s.used += m.u
	s.refunds += min(m.u, m.d)
	if m.hourglass {
		m.sides[x.Other()].transIn += m.u
	}
	s.moves++
	s.inPeriod++
	if final {
		return
	}
	old := s.period
	if p := periodAt(s.ctl, s.period); p.Moves > 0 && s.inPeriod == p.Moves {
		s.period++
		s.inPeriod = 0
		s.periods += periodAt(s.ctl, s.period).Time
	}
	if s.ctl.IncrementAfterMoveOnly {
		s.incs += periodAt(s.ctl, old).Increment
	} else {
		s.incs += periodAt(s.ctl, s.period).Increment
	}
	m.begin(x.Other())
}

func (m *model) setMoves(x clock.Side, n int) {
	s := &m.sides[x]
	s.moves = n
	s.period = 0
	for {
		p := periodAt(s.ctl, s.period)
		if p.Moves == 0 || n < p.Moves {
			break
		}
		n -= p.Moves
		s.period++
	}
	s.inPeriod = n
}

// flagIn returns how long until the running side flags.
func (m *model) flagIn() (time.Duration, bool) {
	if !m.started || m.paused {
		return 0, false
	}
	r := m.remaining(m.turn)
	if r <= 0 {
		return 0, true
	}
	return max(0, m.d-m.u) + r, true
}

func randomControl(r *rand.Rand) clock.Control {
	ms := func(lo, hi int64) time.Duration { return time.Duration(lo+r.Int64N(hi-lo+1)) * time.Millisecond }
	c := clock.Control{IncrementAfterMoveOnly: r.IntN(4) == 0, DelayKind: clock.DelayKind(r.IntN(2))}
	n := 1 + r.IntN(3)
	for i := range n {
		p := clock.Period{Time: ms(1000, 30000)}
		if i < n-1 || r.IntN(2) == 0 {
			p.Moves = 1 + r.IntN(4)
		}
		switch r.IntN(3) {
		case 1:
			p.Increment = ms(0, 3000)
		case 2:
			p.Delay = ms(0, 3000)
		}
		c.Periods = append(c.Periods, p)
	}
	return c
}

// TestConservation drives clocks with 10,000 random operations and checks
// after each that no time was created or lost and that flags fall exactly
// when due.
func TestConservation(t *testing.T) {
	r := rand.New(rand.NewPCG(20240314, 1))
	const total = 10000
	ops, games, flags := 0, 0, 0
	for ops < total {
		var white, black clock.Control
		switch k := r.IntN(10); {
		case k < 2:
			white = clock.Sandglass(time.Duration(5000+r.Int64N(25000)) * time.Millisecond)
			black = clock.Sandglass(time.Duration(5000+r.Int64N(25000)) * time.Millisecond)
		case k < 5:
			white, black = randomControl(r), randomControl(r) // odds
		default:
			white = randomControl(r)
			black = white
		}
		n, flagged := runGame(t, r, white, black, total-ops)
		ops += n
		games++
		if flagged {
			flags++
		}
		if t.Failed() {
			t.Fatalf("game %d failed with controls %v / %v", games, white, black)
		}
	}
	t.Logf("%d operations, %d games, %d flags", ops, games, flags)
	if flags < 10 {
		t.Errorf("only %d flags: the test does not exercise flags", flags)
	}
}

// runGame plays one game of at most budget operations.
func runGame(t *testing.T, r *rand.Rand, white, black clock.Control, budget int) (ops int, flagged bool) {
	t.Helper()
	ft := newFakeTime()
	c, err := clock.New(white, black, ft.Now)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	m := newModel(white, black)
	check := func(op string) {
		t.Helper()
		for _, x := range []clock.Side{clock.White, clock.Black} {
			if got, want := c.Remaining(x), m.remaining(x); got != want {
				t.Fatalf("after %s: %v remaining %v, model %v", op, x, got, want)
			}
		}
		if m.hourglass {
			var sum, want time.Duration
			for x := range m.sides {
				s := &m.sides[x]
				sum += c.Remaining(clock.Side(x))
				want += s.start + s.adjust + s.penalties
			}
			if sum != want {
				t.Fatalf("after %s: hourglass holds %v, want %v", op, sum, want)
			}
		}
		if in, ok := m.flagIn(); ok && in > 0 {
			at, ok2 := c.NextFlagAt()
			if !ok2 || !at.Equal(ft.Now().Add(in)) {
				t.Fatalf("after %s: NextFlagAt = %v, %v; want %v", op, at, ok2, ft.Now().Add(in))
			}
		}
	}
	// expectFlag checks a flag of the running side at instant at, then ends the game.
	expectFlag := func(op string, at time.Time) {
		t.Helper()
		f, ok := c.Flag()
		if !ok || f.Side != m.turn || !f.Time.Equal(at) || !f.Final {
			t.Fatalf("after %s: Flag() = %+v, %v; want %v at %v", op, f, ok, m.turn, at)
		}
		m.started = true
		for _, x := range []clock.Side{clock.White, clock.Black} {
			if got, want := c.Remaining(x), m.remaining(x); got != want {
				t.Fatalf("after %s: %v remaining %v at the flag, model %v", op, x, got, want)
			}
		}
		if f.Time.Before(ft.Now()) && m.remaining(m.turn) != 0 {
			t.Fatalf("a flag due to the clock running should leave 0, not %v", m.remaining(m.turn))
		}
		flagged = true
	}
	// flagNow reports whether the model expects the running side to have
	// flagged at the current instant (after an adjustment or turn change).
	flagNow := func(op string) bool {
		if in, ok := m.flagIn(); ok && in == 0 {
			expectFlag(op, ft.Now())
			return true
		}
		if _, ok := c.Flag(); ok {
			t.Fatalf("after %s: unexpected flag", op)
		}
		return false
	}

	side := clock.Side(r.IntN(2))
	if r.IntN(4) != 0 {
		side = clock.White
	}
	if _, err := c.StartSide(side); err != nil {
		t.Fatal(err)
	}
	m.started = true
	m.begin(side)
	ops++
	if flagNow("start") {
		replayLog(t, c, white, black)
		return ops, true
	}
	for ; ops < budget; ops++ {
		var op string
		switch k := r.IntN(100); {
		case k < 45: // let time run
			var dt time.Duration
			in, ok := m.flagIn()
			switch {
			case ok && k < 4:
				dt = in // exactly to the flag
			case ok && k < 8 && in > 0:
				dt = in - time.Nanosecond
			default:
				dt = time.Duration(r.Int64N(3000))*time.Millisecond + time.Duration(r.Int64N(1000))
			}
			op = "advance " + dt.String()
			if ok && in <= dt {
				ft.Advance(dt)
				m.u += in
				expectFlag(op, ft.Now().Add(in-dt))
				replayLog(t, c, white, black)
				return ops + 1, true
			}
			ft.Advance(dt)
			if m.started && !m.paused {
				m.u += dt
			}
		case k < 75:
			op = "press"
			_, err := c.Press(m.turn)
			if m.paused {
				if !errors.Is(err, clock.ErrPaused) {
					t.Fatalf("press while paused: %v", err)
				}
				break
			}
			if err != nil {
				t.Fatalf("press by %v: %v", m.turn, err)
			}
			m.press(false)
		case k < 78:
			op = "wrong press"
			if _, err := c.Press(m.turn.Other()); !errors.Is(err, clock.ErrWrongSide) && !errors.Is(err, clock.ErrPaused) {
				t.Fatalf("press by %v out of turn: %v", m.turn.Other(), err)
			}
		case k < 86:
			if m.paused {
				op = "resume"
				_, err = c.Resume()
			} else {
				op = "pause"
				_, err = c.Pause()
			}
			if err != nil {
				t.Fatalf("%s: %v", op, err)
			}
			m.paused = !m.paused
		case k < 90:
			x := clock.Side(r.IntN(2))
			d := time.Duration(r.Int64N(20000)-8000) * time.Millisecond
			op = "add " + d.String() + " to " + x.String()
			if _, err := c.AddTime(x, d); err != nil {
				t.Fatalf("%s: %v", op, err)
			}
			m.sides[x].adjust += d
		case k < 93:
			x := clock.Side(r.IntN(2))
			v := time.Duration(r.Int64N(30000)) * time.Millisecond
			op = "set " + x.String() + " to " + v.String()
			if _, err := c.SetTime(x, v); err != nil {
				t.Fatalf("%s: %v", op, err)
			}
			m.sides[x].adjust += v - m.remaining(x)
		case k < 96:
			x := clock.Side(r.IntN(2))
			op = "penalty to " + x.String()
			ev, err := c.Penalty(x)
			if err != nil {
				t.Fatalf("%s: %v", op, err)
			}
			if ev.Delta != c.Category().Penalty() {
				t.Fatalf("penalty %v in %v", ev.Delta, c.Category())
			}
			m.sides[x].penalties += ev.Delta
		case k < 98:
			x := clock.Side(r.IntN(2))
			n := r.IntN(12)
			op = "set moves"
			if _, err := c.SetMoves(x, n); err != nil {
				t.Fatalf("%s: %v", op, err)
			}
			m.setMoves(x, n)
		default: // the game ends
			if !m.paused && r.IntN(2) == 0 {
				op = "final press"
				if _, err := c.PressFinal(m.turn); err != nil {
					t.Fatalf("%s: %v", op, err)
				}
				m.press(true)
			} else {
				op = "stop"
				if _, err := c.Stop(); err != nil {
					t.Fatalf("%s: %v", op, err)
				}
				s := &m.sides[m.turn]
				s.used += m.u
				s.refunds += min(m.u, m.d)
				if m.hourglass {
					m.sides[m.turn.Other()].transIn += m.u
				}
			}
			m.started = false
			check(op)
			ft.Advance(time.Hour)
			check(op + " and an hour")
			replayLog(t, c, white, black)
			return ops + 1, false
		}
		if flagNow(op) {
			replayLog(t, c, white, black)
			return ops + 1, true
		}
		check(op)
	}
	return ops, false
}

// turnEnds reports whether e settles a turn, so that no running time is pending.
func turnEnds(e clock.Event) bool {
	switch e.Kind {
	case clock.EventPress, clock.EventFinalPress, clock.EventStop:
		return true
	case clock.EventFlag:
		return e.Final
	}
	return false
}

// replayLog checks that the event log of a stopped clock adds up to its
// final times.
func replayLog(t *testing.T, c *clock.Clock, white, black clock.Control) {
	t.Helper()
	rem := [2]time.Duration{white.Initial(), black.Initial()}
	for _, e := range c.Events() {
		if e.Side <= clock.Black {
			rem[e.Side] += -e.Charged + e.Increment + e.PeriodTime + e.Delta
			rem[e.Side.Other()] += e.Transfer
		}
		if turnEnds(e) && rem != e.Remaining {
			t.Fatalf("replay after %v gives %v", e, rem)
		}
	}
	if got := [2]time.Duration{c.Remaining(clock.White), c.Remaining(clock.Black)}; got != rem {
		t.Fatalf("replay gives %v, clock %v", rem, got)
	}
}
