package ui

import (
	"flag"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

var driftRun = flag.Duration("clock.drift", 0, "measure for this long how far the running clock face drifts from monotonic time (e.g. 1m)")

// TestClockDrift runs the window's ticker in real time and compares, at every
// repaint, the running face with the truth computed from time.Since. It only
// runs with -clock.drift; the figures go in the clock issue's notes.
func TestClockDrift(t *testing.T) {
	if *driftRun == 0 {
		t.Skip("measurement; run with -clock.drift=1m")
	}
	w := newTestWindow(t)
	c := clock.SuddenDeath(10 * time.Minute)
	start := time.Now()
	if err := w.session.NewGame(app.NewGameOptions{Time: &app.TimeSettings{White: c, Black: c}}); err != nil {
		t.Fatal(err)
	}
	var worst, sum time.Duration
	var maxGap time.Duration
	n := 0
	last := time.Now()
	tk := time.NewTicker(100 * time.Millisecond)
	defer tk.Stop()
	for now := range tk.C {
		w.clocks.tick(now)
		truth := 10*time.Minute - time.Since(start)
		shown := w.players.bottom.clock.Face().Time
		d := shown - truth
		if d < 0 {
			d = -d
		}
		worst = max(worst, d)
		sum += d
		n++
		maxGap = max(maxGap, now.Sub(last))
		last = now
		if time.Since(start) > *driftRun {
			break
		}
	}
	if p := w.session.Current().Position(); !w.players.bottom.clock.Face().Running || p.Turn() != chess.White {
		t.Fatal("White's clock stopped")
	}
	t.Logf("%d repaints over %v: drift of the shown time from monotonic truth: worst %v, mean %v; longest gap between repaints %v",
		n, *driftRun, worst, sum/time.Duration(n), maxGap)
}
