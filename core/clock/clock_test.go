package clock_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"touchmove/core/clock"
)

// TestSpecCases covers the cases listed in clocks.md §10.4.
func TestSpecCases(t *testing.T) {
	fide := clock.Control{Periods: []clock.Period{
		{Moves: 40, Time: 90 * mn, Increment: 30 * sec},
		{Time: 30 * mn, Increment: 30 * sec},
	}}
	tests := []struct {
		name         string
		white, black clock.Control
		opts         []clock.Option
		run          func(t *testing.T, c *clock.Clock, ft *fakeTime)
	}{
		{
			name: "3+2 credits the increment before move 1", white: clock.Fischer(3*mn, 2*sec), black: clock.Fischer(3*mn, 2*sec),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				wantDur(t, "white before start", c.Remaining(clock.White), 3*mn+2*sec)
				must(t)(c.Start())
				ft.Advance(10 * sec)
				ev := must(t)(c.Press(clock.White))
				wantDur(t, "white after 10 s", c.Remaining(clock.White), 2*mn+54*sec)
				wantDur(t, "[%clk]", ev.Remaining[clock.White], 2*mn+54*sec)
				wantDur(t, "[%emt]", ev.Used, 10*sec)
				wantDur(t, "increment", ev.Increment, 2*sec)
			},
		},
		{
			name: "3+2 with increment after the move only", black: clock.Fischer(3*mn, 2*sec),
			white: clock.Control{Periods: []clock.Period{{Time: 3 * mn, Increment: 2 * sec}}, IncrementAfterMoveOnly: true},
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				wantDur(t, "white before start", c.Remaining(clock.White), 3*mn)
				must(t)(c.Start())
				ft.Advance(10 * sec)
				must(t)(c.Press(clock.White))
				wantDur(t, "white after 10 s", c.Remaining(clock.White), 2*mn+52*sec)
			},
		},
		{
			name: "US delay 5 s", white: clock.SimpleDelay(mn, 5*sec), black: clock.SimpleDelay(mn, 5*sec),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(3 * sec)
				f := c.Display(clock.White)
				wantDur(t, "face during delay", f.Time, mn)
				wantDur(t, "delay left", f.DelayLeft, 2*sec)
				ev := must(t)(c.Press(clock.White))
				wantDur(t, "white after 3 s", c.Remaining(clock.White), mn)
				wantDur(t, "refund", ev.Refund, 3*sec)
				ft.Advance(8 * sec)
				f = c.Display(clock.Black)
				wantDur(t, "face after delay", f.Time, mn-3*sec)
				wantDur(t, "delay left", f.DelayLeft, 0)
				must(t)(c.Press(clock.Black))
				wantDur(t, "black after 8 s", c.Remaining(clock.Black), mn-3*sec)
			},
		},
		{
			name: "Bronstein 5 s", white: clock.BronsteinDelay(mn, 5*sec), black: clock.BronsteinDelay(mn, 5*sec),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				wantDur(t, "face at turn start", c.Display(clock.White).Time, mn+5*sec)
				ft.Advance(3 * sec)
				f := c.Display(clock.White)
				wantDur(t, "face after 3 s", f.Time, mn+2*sec)
				wantDur(t, "no separate delay", f.DelayLeft, 0)
				must(t)(c.Press(clock.White))
				wantDur(t, "white after 3 s", c.Remaining(clock.White), mn)
				wantDur(t, "face after press", c.Display(clock.White).Time, mn)
				ft.Advance(8 * sec)
				wantDur(t, "face after 8 s", c.Display(clock.Black).Time, mn-3*sec)
				must(t)(c.Press(clock.Black))
				wantDur(t, "black after 8 s", c.Remaining(clock.Black), mn-3*sec)
			},
		},
		{
			name: "40/5400+30:1800+30 adds 30 min at each side's 40th press", white: fide, black: fide,
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				wantDur(t, "start", c.Remaining(clock.White), 90*mn+30*sec)
				must(t)(c.Start())
				play(t, c, ft, 39, 10*sec)
				// 39 moves of 10 s each, +30 s each.
				want := 90*mn + 30*sec + 39*20*sec
				wantDur(t, "white after 39", c.Remaining(clock.White), want)
				ft.Advance(10 * sec)
				ev := must(t)(c.Press(clock.White))
				wantDur(t, "period time", ev.PeriodTime, 30*mn)
				wantDur(t, "white [%clk] after 40", ev.Remaining[clock.White], want+20*sec+30*mn)
				wantDur(t, "black not yet", c.Remaining(clock.Black), want)
				if c.Period(clock.White) != 1 || c.Period(clock.Black) != 0 {
					t.Errorf("periods = %d, %d, want 1, 0", c.Period(clock.White), c.Period(clock.Black))
				}
				ft.Advance(10 * sec)
				ev = must(t)(c.Press(clock.Black))
				wantDur(t, "black [%clk] after 40", ev.Remaining[clock.Black], want+20*sec+30*mn)
				play(t, c, ft, 50, 10*sec) // no more periods: the last is sudden death
				wantDur(t, "white after 90", c.Remaining(clock.White), want+20*sec+30*mn+50*20*sec)
			},
		},
		{
			name:  "40/7200 repeats: another 7200 after moves 40 and 80",
			white: clock.Control{Periods: []clock.Period{{Moves: 40, Time: 2 * time.Hour}}},
			black: clock.Control{Periods: []clock.Period{{Moves: 40, Time: 2 * time.Hour}}},
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				play(t, c, ft, 80, sec)
				wantDur(t, "white after 80", c.Remaining(clock.White), 3*2*time.Hour-80*sec)
				if p := c.Period(clock.Black); p != 2 {
					t.Errorf("black period = %d, want 2", p)
				}
			},
		},
		{
			name:  "40/7200:20/3600 repeats the 20-move period",
			white: parseControl(t, "40/7200:20/3600"),
			black: parseControl(t, "40/7200:20/3600"),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				play(t, c, ft, 80, sec)
				wantDur(t, "white after 80", c.Remaining(clock.White), 2*time.Hour+3*time.Hour-80*sec)
			},
		},
		{
			name:  "increment of a later period is credited for that period's first move",
			white: parseControl(t, "2/100:50+5"),
			black: clock.Control{IncrementAfterMoveOnly: true, Periods: []clock.Period{{Moves: 2, Time: 100 * sec}, {Time: 50 * sec, Increment: 5 * sec}}},
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				play(t, c, ft, 2, sec)
				// Pre-credit: the 2nd press gives move 3's increment; after-only does not.
				wantRemaining(t, c, 150*sec-2*sec+5*sec, 150*sec-2*sec)
				play(t, c, ft, 1, sec)
				wantRemaining(t, c, 150*sec-3*sec+10*sec, 150*sec-3*sec+5*sec)
			},
		},
		{
			name:  "freeze after the final flag: no increment, both flags ordered",
			white: clock.Fischer(10*sec, 2*sec), black: clock.Fischer(10*sec, 2*sec),
			opts: []clock.Option{clock.PlayOnAfterFlag()},
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(4 * sec)
				must(t)(c.Press(clock.White)) // white 8
				ft.Advance(3 * sec)
				must(t)(c.Press(clock.Black)) // black 9
				ft.Advance(20 * sec)          // white flags 10 s after 0:07
				f, ok := c.Flag()
				if !ok || f.Side != clock.White || f.At != 17*sec || !f.Final {
					t.Fatalf("Flag() = %+v, %v; want white's final flag at 17 s", f, ok)
				}
				if face := c.Display(clock.White); !face.Flag || !face.Frozen || face.Time != 0 {
					t.Errorf("white face = %+v, want flagged, frozen, 0", face)
				}
				ev := must(t)(c.Press(clock.White))
				wantDur(t, "no increment after the flag", ev.Increment, 0)
				wantDur(t, "[%emt] of the late move", ev.Used, 20*sec)
				wantDur(t, "white frozen", c.Remaining(clock.White), 0)
				if _, err := c.AddTime(clock.White, mn); !errors.Is(err, clock.ErrFlagged) {
					t.Errorf("AddTime on frozen side: %v, want ErrFlagged", err)
				}
				ft.Advance(11*sec + 500*time.Millisecond) // black has 11 s from 0:27
				fl := c.Flags()
				if len(fl) != 2 || fl[1].Side != clock.Black || fl[1].At != 38*sec {
					t.Fatalf("Flags() = %+v, want black second at 38 s", fl)
				}
				if f, _ := c.Flag(); f.Side != clock.White {
					t.Errorf("first flag = %v, want white", f.Side)
				}
			},
		},
		{
			name:  "final flag stops the clocks",
			white: clock.Fischer(10*sec, 2*sec), black: clock.Fischer(10*sec, 2*sec),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(time.Minute)
				if f, ok := c.Flag(); !ok || f.At != 12*sec {
					t.Fatalf("Flag() = %+v, %v; want flag at 12 s", f, ok)
				}
				if _, err := c.Press(clock.White); !errors.Is(err, clock.ErrStopped) {
					t.Errorf("press after flag: %v, want ErrStopped", err)
				}
				wantRemaining(t, c, 0, 12*sec)
				if _, ok := c.Running(); ok || !c.Stopped() {
					t.Error("clock still running after the final flag")
				}
			},
		},
		{
			name: "hourglass transfers the mover's time", white: clock.Sandglass(mn), black: clock.Sandglass(mn),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(5 * sec)
				wantDur(t, "black while white runs", c.Remaining(clock.Black), mn+5*sec)
				ft.Advance(5 * sec)
				ev := must(t)(c.Press(clock.White))
				wantDur(t, "transfer", ev.Transfer, 10*sec)
				wantRemaining(t, c, 50*sec, 70*sec)
				ft.Advance(20 * sec)
				must(t)(c.Press(clock.Black))
				wantRemaining(t, c, 70*sec, 50*sec)
			},
		},
		{
			name: "pause is excluded from [%emt]", white: clock.SuddenDeath(5 * mn), black: clock.SuddenDeath(5 * mn),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(10 * sec)
				must(t)(c.Pause())
				ft.Advance(mn)
				if _, err := c.Press(clock.White); !errors.Is(err, clock.ErrPaused) {
					t.Errorf("press while paused: %v, want ErrPaused", err)
				}
				if _, ok := c.NextFlagAt(); ok {
					t.Error("NextFlagAt while paused")
				}
				must(t)(c.Resume())
				ft.Advance(5 * sec)
				ev := must(t)(c.Press(clock.White))
				wantDur(t, "[%emt]", ev.Used, 15*sec)
				wantDur(t, "white", c.Remaining(clock.White), 5*mn-15*sec)
			},
		},
		{
			name: "game-ending move: no increment, clocks stop", white: clock.Fischer(3*mn, 2*sec), black: clock.Fischer(3*mn, 2*sec),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(10 * sec)
				ev := must(t)(c.PressFinal(clock.White))
				if ev.Kind != clock.EventFinalPress || ev.Increment != 0 || ev.Moves != 1 {
					t.Errorf("final press = %v", ev)
				}
				wantDur(t, "[%clk]", ev.Remaining[clock.White], 2*mn+52*sec)
				ft.Advance(time.Hour)
				wantDur(t, "black", c.Remaining(clock.Black), 3*mn+2*sec)
				if _, ok := c.Flag(); ok || !c.Stopped() {
					t.Error("flag or clocks running after the game ended")
				}
			},
		},
		{
			name: "Stop charges the running side and stops", white: clock.SuddenDeath(mn), black: clock.SuddenDeath(mn),
			run: func(t *testing.T, c *clock.Clock, ft *fakeTime) {
				must(t)(c.Start())
				ft.Advance(10 * sec)
				must(t)(c.Press(clock.White))
				ft.Advance(7 * sec)
				ev := must(t)(c.Stop())
				if ev.Side != clock.Black || ev.Used != 7*sec {
					t.Errorf("stop = %v", ev)
				}
				ft.Advance(time.Hour)
				wantDur(t, "black", c.Remaining(clock.Black), 53*sec)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ft := newClock(t, tt.white, tt.black, tt.opts...)
			tt.run(t, c, ft)
		})
	}
}

// TestPenalty checks +2:00 in Standard and +1:00 in Rapid and Blitz.
func TestPenalty(t *testing.T) {
	tests := []struct {
		name string
		ctl  clock.Control
		opts []clock.Option
		cat  clock.Category
		want time.Duration
	}{
		{"standard 90+30", clock.Fischer(90*mn, 30*sec), nil, clock.Standard, 2 * mn},
		{"rapid 15+10", clock.Fischer(15*mn, 10*sec), nil, clock.Rapid, mn},
		{"blitz 3+2", clock.Fischer(3*mn, 2*sec), nil, clock.Blitz, mn},
		{"event rule overrides", clock.Fischer(3*mn, 2*sec), []clock.Option{clock.WithCategory(clock.Standard)}, clock.Standard, 2 * mn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ft := newClock(t, tt.ctl, tt.ctl, tt.opts...)
			if c.Category() != tt.cat {
				t.Errorf("category = %v, want %v", c.Category(), tt.cat)
			}
			must(t)(c.Start())
			ft.Advance(5 * sec)
			before := c.Remaining(clock.Black)
			ev := must(t)(c.Penalty(clock.Black))
			wantDur(t, "delta", ev.Delta, tt.want)
			wantDur(t, "black", c.Remaining(clock.Black), before+tt.want)
		})
	}
}

// TestFlagExactlyWhenDue checks every mode flags at the instant its time
// reaches zero, not a nanosecond before.
func TestFlagExactlyWhenDue(t *testing.T) {
	multi := clock.Control{Periods: []clock.Period{{Moves: 2, Time: 20 * sec}, {Time: 10 * sec}}}
	tests := []struct {
		name   string
		ctl    clock.Control
		moves  int           // full moves played first, 1 s each
		due    time.Duration // from the start of White's turn after those moves
		period int
	}{
		{"sudden death", clock.SuddenDeath(mn), 0, mn, 0},
		{"Fischer", clock.Fischer(mn, 2*sec), 0, mn + 2*sec, 0},
		{"Fischer after move only", clock.Control{Periods: []clock.Period{{Time: mn, Increment: 2 * sec}}, IncrementAfterMoveOnly: true}, 0, mn, 0},
		{"US delay: u = remaining + D", clock.SimpleDelay(mn, 5*sec), 0, mn + 5*sec, 0},
		{"Bronstein", clock.BronsteinDelay(mn, 5*sec), 0, mn + 5*sec, 0},
		{"US delay after moves", clock.SimpleDelay(mn, 5*sec), 3, mn + 5*sec, 0},
		{"multi-period, first period", multi, 1, 19 * sec, 0},
		{"multi-period, second period", multi, 2, 28 * sec, 1},
		{"hourglass", clock.Sandglass(30 * sec), 2, 30 * sec, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ft := newClock(t, tt.ctl, tt.ctl)
			must(t)(c.Start())
			play(t, c, ft, tt.moves, sec)
			start := ft.Now()
			due := start.Add(tt.due)
			if at, ok := c.NextFlagAt(); !ok || !at.Equal(due) {
				t.Fatalf("NextFlagAt() = %v, %v; want %v", at, ok, due)
			}
			ft.Advance(tt.due - time.Nanosecond)
			if f, ok := c.Flag(); ok {
				t.Fatalf("flag 1 ns early: %+v", f)
			}
			if r := c.Display(clock.White).Time; r <= 0 {
				t.Errorf("face 1 ns early = %v, want > 0", r)
			}
			ft.Advance(time.Nanosecond)
			f, ok := c.Flag()
			if !ok || f.Side != clock.White || !f.Time.Equal(due) || f.Period != tt.period {
				t.Fatalf("Flag() = %+v, %v; want white at %v in period %d", f, ok, due, tt.period)
			}
			wantDur(t, "white at the flag", c.Remaining(clock.White), 0)
			// A press at the very instant is too late.
			if _, err := c.Press(clock.White); !errors.Is(err, clock.ErrStopped) {
				t.Errorf("press at the flag instant: %v, want ErrStopped", err)
			}
		})
	}
}

// TestInterimFlag checks a control passed without a move counter.
func TestInterimFlag(t *testing.T) {
	ctl := clock.Control{NoMoveCounter: true, Periods: []clock.Period{{Moves: 2, Time: 10 * sec}, {Time: 20 * sec}}}
	c, ft := newClock(t, ctl, ctl)
	must(t)(c.Start())
	ft.Advance(4 * sec)
	must(t)(c.Press(clock.White))
	ft.Advance(sec)
	must(t)(c.Press(clock.Black))
	ft.Advance(7 * sec) // white reaches 0 after 6 s
	fl := c.Flags()
	if len(fl) != 1 || fl[0].Final || fl[0].Side != clock.White || fl[0].At != 11*sec {
		t.Fatalf("Flags() = %+v, want one interim flag of white at 11 s", fl)
	}
	if _, ok := c.Flag(); ok {
		t.Error("an interim flag is not final")
	}
	wantRemaining(t, c, 19*sec, 29*sec)
	if !c.Display(clock.White).Interim || c.Display(clock.Black).Interim {
		t.Error("interim indicator should be on white only")
	}
	if c.Period(clock.White) != 1 || c.Period(clock.Black) != 1 {
		t.Error("both sides should be in period 2")
	}
	ft.Advance(20 * sec)
	if f, ok := c.Flag(); !ok || f.At != 31*sec {
		t.Errorf("Flag() = %+v, %v; want final at 31 s", f, ok)
	}
}

// TestErrors checks refused actions.
func TestErrors(t *testing.T) {
	ctl := clock.SuddenDeath(mn)
	tests := []struct {
		name string
		run  func(c *clock.Clock, ft *fakeTime) error
		want error
	}{
		{"press before start", func(c *clock.Clock, _ *fakeTime) error { _, err := c.Press(clock.White); return err }, clock.ErrNotStarted},
		{"press by the side not running", func(c *clock.Clock, _ *fakeTime) error {
			c.Start()
			_, err := c.Press(clock.Black)
			return err
		}, clock.ErrWrongSide},
		{"press by no side", func(c *clock.Clock, _ *fakeTime) error { c.Start(); _, err := c.Press(clock.NoSide); return err }, clock.ErrInvalidSide},
		{"start twice", func(c *clock.Clock, _ *fakeTime) error { c.Start(); _, err := c.Start(); return err }, clock.ErrStarted},
		{"pause twice", func(c *clock.Clock, _ *fakeTime) error { c.Start(); c.Pause(); _, err := c.Pause(); return err }, clock.ErrPaused},
		{"resume while running", func(c *clock.Clock, _ *fakeTime) error { c.Start(); _, err := c.Resume(); return err }, clock.ErrNotPaused},
		{"pause before start", func(c *clock.Clock, _ *fakeTime) error { _, err := c.Pause(); return err }, clock.ErrNotStarted},
		{"press after stop", func(c *clock.Clock, _ *fakeTime) error {
			c.Start()
			c.Stop()
			_, err := c.Press(clock.White)
			return err
		}, clock.ErrStopped},
		{"adjust after stop", func(c *clock.Clock, _ *fakeTime) error { c.Stop(); _, err := c.AddTime(clock.White, sec); return err }, clock.ErrStopped},
		{"set negative time", func(c *clock.Clock, _ *fakeTime) error { _, err := c.SetTime(clock.White, -sec); return err }, clock.ErrRange},
		{"negative moves", func(c *clock.Clock, _ *fakeTime) error { _, err := c.SetMoves(clock.White, -1); return err }, clock.ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ft := newClock(t, ctl, ctl)
			err := tt.run(c, ft)
			if !errors.Is(err, tt.want) {
				t.Fatalf("error = %v, want %v", err, tt.want)
			}
			if msg := err.Error(); msg[:7] != "clock: " {
				t.Errorf("message %q lacks the clock: prefix", msg)
			}
		})
	}
}

// TestNewRejectsBadControls checks validation.
func TestNewRejectsBadControls(t *testing.T) {
	tests := []struct {
		name         string
		white, black clock.Control
	}{
		{"no periods", clock.Control{}, clock.SuddenDeath(mn)},
		{"sudden death before the last period", clock.Control{Periods: []clock.Period{{Time: mn}, {Time: mn}}}, clock.SuddenDeath(mn)},
		{"negative time", clock.SuddenDeath(-sec), clock.SuddenDeath(mn)},
		{"negative moves", clock.Control{Periods: []clock.Period{{Moves: -1, Time: mn}}}, clock.SuddenDeath(mn)},
		{"hourglass with increment", clock.Control{Hourglass: true, Periods: []clock.Period{{Time: mn, Increment: sec}}}, clock.Sandglass(mn)},
		{"hourglass for one side", clock.Sandglass(mn), clock.SuddenDeath(mn)},
		{"no time at a counter-less control", clock.Control{NoMoveCounter: true, Periods: []clock.Period{{Moves: 40, Time: mn}, {}}}, clock.SuddenDeath(mn)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := clock.New(tt.white, tt.black, newFakeTime().Now)
			if !errors.Is(err, clock.ErrInvalidControl) {
				t.Fatalf("New error = %v, want ErrInvalidControl", err)
			}
		})
	}
	if _, err := clock.New(clock.SuddenDeath(mn), clock.SuddenDeath(mn), nil); err == nil {
		t.Error("New with a nil time source succeeded")
	}
}

// TestAdjustments checks AddTime, SetTime and SetMoves, running and paused.
func TestAdjustments(t *testing.T) {
	ctl := clock.Control{Periods: []clock.Period{{Moves: 40, Time: 90 * mn}, {Time: 30 * mn}}}
	c, ft := newClock(t, ctl, ctl)
	must(t)(c.Start())
	ft.Advance(10 * sec)
	ev := must(t)(c.SetTime(clock.White, 5*mn))
	wantDur(t, "set delta", ev.Delta, 5*mn-(90*mn-10*sec))
	wantDur(t, "white after set", c.Remaining(clock.White), 5*mn)
	ft.Advance(10 * sec)
	wantDur(t, "white keeps running", c.Remaining(clock.White), 5*mn-10*sec)
	must(t)(c.Pause())
	must(t)(c.AddTime(clock.Black, -mn))
	must(t)(c.SetMoves(clock.White, 39))
	must(t)(c.Resume())
	ev = must(t)(c.Press(clock.White))
	if ev.Moves != 40 || ev.PeriodTime != 30*mn || ev.Period != 1 {
		t.Errorf("press after correction = %v, want the 40th move with +30:00", ev)
	}
	wantDur(t, "[%emt] spans the set", ev.Used, 20*sec)
	wantDur(t, "black", c.Remaining(clock.Black), 89*mn)
	// Taking all of the running side's time flags it at once.
	ft.Advance(sec)
	must(t)(c.AddTime(clock.Black, -89*mn))
	if f, ok := c.Flag(); !ok || f.Side != clock.Black || !f.Time.Equal(ft.Now()) {
		t.Errorf("Flag() = %+v, %v; want black now", f, ok)
	}
}

// TestPauseEvents checks the events of Pause and Resume: the side on turn
// and the time it has used on this move, pauses excluded.
func TestPauseEvents(t *testing.T) {
	c, ft := newClock(t, clock.SuddenDeath(5*mn), clock.SuddenDeath(5*mn))
	must(t)(c.Start())
	ft.Advance(10 * sec)
	must(t)(c.Press(clock.White))
	ft.Advance(4 * sec)
	if ev := must(t)(c.Pause()); ev.Kind != clock.EventPause || ev.Side != clock.Black || ev.Used != 4*sec {
		t.Errorf("pause = %v, want black's with 4 s used", ev)
	}
	ft.Advance(mn)
	if ev := must(t)(c.Resume()); ev.Kind != clock.EventResume || ev.Side != clock.Black || ev.Used != 4*sec {
		t.Errorf("resume = %v, want black's with 4 s used", ev)
	}
	ft.Advance(3 * sec)
	wantDur(t, "used at the second pause", must(t)(c.Pause()).Used, 7*sec)
}

// TestStartSide checks a game that begins with Black to move.
func TestStartSide(t *testing.T) {
	c, ft := newClock(t, clock.SuddenDeath(mn), clock.SuddenDeath(mn))
	must(t)(c.StartSide(clock.Black))
	ft.Advance(sec)
	if s, ok := c.Running(); !ok || s != clock.Black {
		t.Fatalf("Running() = %v, %v; want black", s, ok)
	}
	must(t)(c.Press(clock.Black))
	if s, _ := c.Turn(); s != clock.White {
		t.Errorf("Turn() = %v, want white", s)
	}
}

// TestEventLog checks that the log yields [%clk] and [%emt] for each move
// and that replaying it gives the remaining times.
func TestEventLog(t *testing.T) {
	ctl := clock.Control{Periods: []clock.Period{{Moves: 2, Time: mn, Increment: sec, Delay: 2 * sec}, {Time: mn}}}
	c, ft := newClock(t, ctl, ctl)
	must(t)(c.Start())
	ft.Advance(3 * sec)
	must(t)(c.Press(clock.White))
	ft.Advance(sec)
	must(t)(c.Pause())
	ft.Advance(mn)
	must(t)(c.Resume())
	ft.Advance(4 * sec)
	must(t)(c.Press(clock.Black))
	must(t)(c.Penalty(clock.Black))
	ft.Advance(10 * sec)
	must(t)(c.Press(clock.White))
	ft.Advance(sec)
	must(t)(c.Stop())

	type pgn struct{ clk, emt string }
	var got []pgn
	rem := [2]time.Duration{ctl.Initial(), ctl.Initial()}
	for _, e := range c.Events() {
		if e.Kind == clock.EventPress {
			got = append(got, pgn{clock.FormatPGNClock(e.Remaining[e.Side]), clock.FormatPGNClock(e.Used)})
		}
		if e.Side.Other() != clock.NoSide {
			rem[e.Side] += -e.Charged + e.Increment + e.PeriodTime + e.Delta
			rem[e.Side.Other()] += e.Transfer
		}
		if turnEnds(e) && rem != e.Remaining {
			t.Errorf("replay after %v = %v", e, rem)
		}
	}
	want := []pgn{{"0:01:01", "0:00:03"}, {"0:00:59", "0:00:05"}, {"0:01:53", "0:00:10"}}
	if len(got) != len(want) {
		t.Fatalf("presses = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("move %d: %v, want %v", i+1, got[i], want[i])
		}
	}
	if n := len(c.Events()); n != 8 {
		t.Errorf("%d events, want 8", n)
	}
}

// TestSnapshotRestore checks that a restored clock continues like the
// original one.
func TestSnapshotRestore(t *testing.T) {
	tests := []struct {
		name string
		ctl  clock.Control
	}{
		{"US delay mid-turn", clock.SimpleDelay(mn, 5*sec)},
		{"multi-period", clock.Control{Periods: []clock.Period{{Moves: 3, Time: mn, Increment: sec}, {Time: mn}}}},
		{"hourglass", clock.Sandglass(mn)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ft := newClock(t, tt.ctl, tt.ctl)
			must(t)(c.Start())
			play(t, c, ft, 2, 2*sec)
			ft.Advance(3 * sec)
			sn := c.Snapshot()
			if sn.Turn != clock.White || sn.TurnUsed != 3*sec || sn.Moves != [2]int{2, 2} {
				t.Fatalf("snapshot = %+v", sn)
			}
			rt := newFakeTime()
			r, err := clock.Restore(tt.ctl, tt.ctl, sn, rt.Now)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Paused() || r.Remaining(clock.White) != sn.Remaining[clock.White] {
				t.Fatalf("restored clock paused=%v white=%v", r.Paused(), r.Remaining(clock.White))
			}
			must(t)(r.Resume())
			for _, step := range []struct {
				d time.Duration
				s clock.Side
			}{{4 * sec, clock.White}, {2 * sec, clock.Black}, {sec, clock.White}} {
				ft.Advance(step.d)
				rt.Advance(step.d)
				a, b := must(t)(c.Press(step.s)), must(t)(r.Press(step.s))
				if a.Remaining != b.Remaining || a.Used != b.Used || a.Period != b.Period {
					t.Errorf("after %v's press: original %v, restored %v", step.s, a, b)
				}
			}
		})
	}
}

// TestClockTagOfSnapshot checks the Clock tag of running and stopped clocks.
func TestClockTagOfSnapshot(t *testing.T) {
	c, ft := newClock(t, clock.SuddenDeath(mn), clock.SuddenDeath(mn))
	must(t)(c.Start())
	ft.Advance(2 * sec)
	must(t)(c.Press(clock.White))
	ft.Advance(3500 * time.Millisecond)
	if got := c.Snapshot().ClockTag(clock.Black).String(); got != "B/0:00:56" {
		t.Errorf("running: %q, want B/0:00:56", got)
	}
	must(t)(c.Stop())
	if got := c.Snapshot().ClockTag(clock.Black).String(); got != "N/0:00:56" {
		t.Errorf("stopped: %q, want N/0:00:56", got)
	}
}

// TestRestoreWithoutCounter checks a restore after an interim control and
// the plain queries of a restored clock.
func TestRestoreWithoutCounter(t *testing.T) {
	ctl := clock.Control{NoMoveCounter: true, Periods: []clock.Period{{Moves: 2, Time: 10 * sec}, {Time: 20 * sec}}}
	c, ft := newClock(t, ctl, ctl)
	must(t)(c.Start())
	ft.Advance(12 * sec) // interim flag at 10 s; white has 18 s left
	sn := c.Snapshot()
	if sn.Period != [2]int{1, 1} || sn.TurnUsed != 12*sec {
		t.Fatalf("snapshot = %+v", sn)
	}
	rt := newFakeTime()
	r, err := clock.Restore(ctl, ctl, sn, rt.Now)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Started() || r.Period(clock.White) != 1 || r.TurnUsed() != 12*sec || !r.Control(clock.White).Equal(ctl) {
		t.Fatalf("restored: started %v period %d used %v", r.Started(), r.Period(clock.White), r.TurnUsed())
	}
	must(t)(r.Resume())
	rt.Advance(18 * sec)
	if f, ok := r.Flag(); !ok || f.Side != clock.White || !f.Time.Equal(r.Epoch().Add(18*sec)) {
		t.Errorf("Flag() = %+v, %v; want white's final flag 18 s after resuming", f, ok)
	}
	if ev := r.Events()[0]; ev.Kind != clock.EventRestore || !strings.Contains(ev.String(), "restore white used=12s") {
		t.Errorf("first event %q", ev)
	}
	bad := []clock.Snapshot{
		{Turn: 3},
		{Turn: clock.NoSide, TurnUsed: -sec},
		{Turn: clock.NoSide, Moves: [2]int{-1, 0}},
		{Turn: clock.NoSide, Remaining: [2]time.Duration{0, 1 << 62}},
	}
	for _, sn := range bad {
		if _, err := clock.Restore(ctl, ctl, sn, rt.Now); err == nil {
			t.Errorf("Restore(%+v) succeeded", sn)
		}
	}
}

// TestPressAt charges a press to the instant given, read after later
// readings of the clock, but never before the turn began (issue 45, point 11).
func TestPressAt(t *testing.T) {
	tests := []struct {
		name     string
		at       time.Duration // after White's press; negative: before it
		wantUsed time.Duration
	}{
		{"made 0.9 s into the turn, read 6 s in", 900 * time.Millisecond, 900 * time.Millisecond},
		{"before the turn began", -time.Second, 0},
		{"in the future", 10 * sec, 6 * sec},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ft := newClock(t, clock.Fischer(3*mn, 0), clock.Fischer(3*mn, 0))
			must(t)(c.Start())
			must(t)(c.Press(clock.White))
			turn := ft.Now()
			ft.Advance(6 * sec)
			c.Remaining(clock.Black) // a reading, as the window's tick
			ev := must(t)(c.PressAt(clock.Black, turn.Add(tt.at)))
			wantDur(t, "used", ev.Used, tt.wantUsed)
			wantDur(t, "black", c.Remaining(clock.Black), 3*mn-tt.wantUsed)
			ft.Advance(sec)
			wantDur(t, "white after a second", c.Remaining(clock.White), 3*mn-sec-6*sec+tt.wantUsed)
		})
	}
}
