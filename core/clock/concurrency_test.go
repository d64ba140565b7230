package clock_test

import (
	"sync"
	"testing"
	"time"

	"touchmove/core/clock"
)

// TestConcurrentUse reads the faces from other goroutines while moves are
// made, on the real monotonic clock (run with -race).
func TestConcurrentUse(t *testing.T) {
	c, err := clock.New(clock.Fischer(time.Hour, 0), clock.Fischer(time.Hour, 0), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	must(t)(c.Start())
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 200 {
				for _, s := range []clock.Side{clock.White, clock.Black} {
					if f := c.Display(s); f.Time <= 0 || f.Time > time.Hour {
						t.Errorf("face %v", f)
					}
				}
				c.NextFlagAt()
				c.Snapshot()
			}
		})
	}
	for i := range 100 {
		must(t)(c.Press(clock.Side(i % 2)))
	}
	wg.Wait()
	if m := c.Moves(clock.White) + c.Moves(clock.Black); m != 100 {
		t.Errorf("%d moves, want 100", m)
	}
}
