//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package hall_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
)

// rig is a hall of simulated boards; the test goroutine owns the sessions.
type rig struct {
	t     *testing.T
	h     *hall.Hall
	sims  []*dgtsim.Board
	pos   []chess.Position
	calls chan func()
}

func newRig(t *testing.T, n int) *rig {
	t.Helper()
	r := &rig{t: t, calls: make(chan func(), 4096)}
	r.h = hall.New(hall.Options{Do: func(f func()) { r.calls <- f }, Device: dgt.Options{Retry: 20 * time.Millisecond},
		Game: app.NewGameOptions{Rules: arbiter.RulesArbiter, Round: "2"}})
	t.Cleanup(func() { r.h.Close(false) })
	dir := t.TempDir()
	start := chess.StartPosition()
	for i := range n {
		sim, err := dgtsim.New(filepath.Join(dir, fmt.Sprintf("tty%d", i+1)), start.Board(), false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sim.Close() })
		r.sims = append(r.sims, sim)
		r.pos = append(r.pos, start)
		if _, err := r.h.Add(sim.Path()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.h.Add(r.sims[0].Path()); err == nil {
		t.Error("a port added twice")
	}
	r.until("every game began", func() bool {
		for _, b := range r.h.Boards() {
			if !b.Started() {
				return false
			}
		}
		return true
	})
	return r
}

func (r *rig) pump(d time.Duration) {
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

func (r *rig) until(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			r.t.Fatalf("never %s", what)
		}
		r.pump(10 * time.Millisecond)
	}
}

func (r *rig) play(i int, san string) {
	r.t.Helper()
	m, err := r.pos[i].ParseSAN(san)
	if err != nil {
		r.t.Fatal(err)
	}
	r.sims[i].Apply(dgtsim.MoveUpdates(r.pos[i], m, dgtsim.OwnFirst), func() { r.pump(20 * time.Millisecond) })
	r.pos[i].Play(m)
}

// Four boards, each its own game: the tiles show the last move, the DGT
// clock's times, a board disconnected and a game ended by the kings'
// result; one board's trouble leaves the others as they were.
func TestHallTiles(t *testing.T) {
	r := newRig(t, 4)
	tile := func(i int) hall.Tile { return r.h.Boards()[i].Tile() }
	clk := dgtsim.NewClock(90*time.Minute, 30*time.Second)
	clk.Press()
	r.sims[1].SetClock(clk.Reading())
	r.play(0, "e4")
	r.play(1, "d4")
	r.play(0, "e5")
	r.until("the moves read", func() bool { return tile(0).LastMove == "1... e5" && tile(1).LastMove == "1. d4" })
	r.until("board 2's clock", func() bool { return tile(1).HasClocks && tile(1).Clocks[0] == 90*time.Minute })
	if tl := tile(2); tl.HasClocks || tl.LastMove != "" || tl.Need != hall.NeedNone || tl.Number != 3 {
		t.Errorf("board 3: %+v", tl)
	}
	r.sims[2].Unplug()
	r.until("board 3 disconnected", func() bool { return tile(2).Need == hall.NeedDisconnected })
	r.sims[3].Apply([]dgtsim.Update{{Square: chess.E1, Piece: chess.NoPiece}, {Square: chess.E4, Piece: chess.WhiteKing},
		{Square: chess.E8, Piece: chess.NoPiece}, {Square: chess.D5, Piece: chess.BlackKing}}, func() { r.pump(50 * time.Millisecond) })
	r.until("board 4's result", func() bool { return tile(3).Need == hall.NeedOver && tile(3).Result == chess.WhiteWins })
	r.pump(1500 * time.Millisecond) // the kings stand apart from the game: the end still shows
	if tl := tile(3); tl.Need != hall.NeedOver {
		t.Errorf("board 4 after its result: %+v", tl)
	}
	if tl := tile(0); tl.Need != hall.NeedNone || tl.LastMove != "1... e5" {
		t.Errorf("board 1 touched by the others: %+v", tl)
	}
	if g := r.h.Boards()[0].Session.Game(); g.Tags.Value("Board") != "1" || g.Tags.Value("Round") != "2" {
		t.Errorf("tags %v", g.Tags)
	}
}
