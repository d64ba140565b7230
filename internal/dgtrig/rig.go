package dgtrig

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

// Rig is a test's simulated boards and the calls they send to the
// sessions' goroutine, which the test's goroutine runs (Pump, Until).
type Rig struct {
	t     testing.TB
	calls chan func()
	dir   string
	// Sims are the boards, in the order they were made.
	Sims []*dgtsim.Board
	// Pos is each board's position as the hands have played it.
	Pos []chess.Position
	// Detail, when set, is added to Until's failure: the state of what
	// was waited for.
	Detail func() string
}

// New returns a rig with no board; the boards made are closed when the
// test ends.
func New(t testing.TB) *Rig {
	return &Rig{t: t, calls: make(chan func(), 4096), dir: t.TempDir()}
}

// Do queues f for the test's goroutine: the Do of app.EBoardConnection,
// app.EBoardOptions and hall.Options.
func (r *Rig) Do(f func()) { r.calls <- f }

// Boards makes n more boards at the start position (rotated: Black's side
// at the board's front), named ttyDGT-N in a folder of the test's, and
// returns them. Where the simulator has no pseudo-terminal (Windows), the
// test is skipped, saying so.
func (r *Rig) Boards(n int, rotated bool) []*dgtsim.Board {
	r.t.Helper()
	start := chess.StartPosition()
	var out []*dgtsim.Board
	for range n {
		sim, err := dgtsim.New(r.Port(len(r.Sims)+1), start.Board(), rotated)
		if errors.Is(err, errors.ErrUnsupported) {
			r.t.Skip(err) // no pseudo-terminal for a simulated board here (Windows)
		}
		if err != nil {
			r.t.Fatal(err)
		}
		r.t.Cleanup(func() { sim.Close() })
		r.Sims = append(r.Sims, sim)
		r.Pos = append(r.Pos, start)
		out = append(out, sim)
	}
	return out
}

// Port returns the path of the n-th board (from 1), made or not.
func (r *Rig) Port(n int) string { return filepath.Join(r.dir, fmt.Sprintf("ttyDGT-%d", n)) }

// Pattern returns the pattern that matches every board's port.
func (r *Rig) Pattern() string { return filepath.Join(r.dir, "ttyDGT-*") }

// Pump runs the calls that come for d.
func (r *Rig) Pump(d time.Duration) {
	end := time.After(d)
	for {
		select {
		case f := <-r.calls:
			f()
		case <-end:
			return
		}
	}
}

// Until runs the calls until cond holds, failing the test after 10 s.
func (r *Rig) Until(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			detail := ""
			if r.Detail != nil {
				detail = "; " + r.Detail()
			}
			r.t.Fatalf("never %s%s", what, detail)
		}
		r.Pump(10 * time.Millisecond)
	}
}

// Play puts a script (dgtsim.ParseScript) on board i, gap between the
// updates, the calls run meanwhile.
func (r *Rig) Play(i int, script string, gap time.Duration) {
	r.t.Helper()
	us, err := dgtsim.ParseScript(script)
	if err != nil {
		r.t.Fatal(err)
	}
	r.Sims[i].Apply(us, func() { r.Pump(gap) })
}

// Move plays san on board i as a hand does, in style, gap between the
// updates.
func (r *Rig) Move(i int, san string, style dgtsim.Style, gap time.Duration) {
	r.t.Helper()
	p := r.Pos[i]
	m, err := p.ParseSAN(san)
	if err != nil {
		r.t.Fatalf("board %d, %s: %v", i+1, san, err)
	}
	r.Pos[i].Play(m)
	r.Sims[i].Apply(dgtsim.MoveUpdates(p, m, style), func() { r.Pump(gap) })
}
