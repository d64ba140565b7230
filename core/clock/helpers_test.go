package clock_test

import (
	"testing"
	"time"

	"touchmove/core/clock"
)

// fakeTime is a hand-driven time source.
type fakeTime struct{ t time.Time }

func newFakeTime() *fakeTime {
	return &fakeTime{t: time.Date(2024, 3, 14, 15, 0, 0, 0, time.UTC)}
}

func (f *fakeTime) Now() time.Time          { return f.t }
func (f *fakeTime) Advance(d time.Duration) { f.t = f.t.Add(d) }

// newClock returns a clock on a fresh fake time source, failing the test on error.
func newClock(t *testing.T, white, black clock.Control, opts ...clock.Option) (*clock.Clock, *fakeTime) {
	t.Helper()
	ft := newFakeTime()
	c, err := clock.New(white, black, ft.Now, opts...)
	if err != nil {
		t.Fatalf("New(%v, %v): %v", white, black, err)
	}
	return c, ft
}

// must returns a function that fails the test if err is not nil and
// returns the event: must(t)(c.Press(clock.White)).
func must(t *testing.T) func(clock.Event, error) clock.Event {
	return func(ev clock.Event, err error) clock.Event {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
}

// parseControl parses a PGN time control into a Control.
func parseControl(t *testing.T, s string) clock.Control {
	t.Helper()
	tc, err := clock.ParseTimeControl(s)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tc.Control()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantDur compares durations.
func wantDur(t *testing.T, what string, got, want time.Duration) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// wantRemaining compares both sides' main time now with white and black.
func wantRemaining(t *testing.T, c *clock.Clock, white, black time.Duration) {
	t.Helper()
	wantDur(t, "white", c.Remaining(clock.White), white)
	wantDur(t, "black", c.Remaining(clock.Black), black)
}

// play makes n moves per side, each taking per, starting with White.
func play(t *testing.T, c *clock.Clock, ft *fakeTime, n int, per time.Duration) {
	t.Helper()
	for range n {
		for _, s := range []clock.Side{clock.White, clock.Black} {
			ft.Advance(per)
			must(t)(c.Press(s))
		}
	}
}

const (
	sec = time.Second
	mn  = time.Minute
)
