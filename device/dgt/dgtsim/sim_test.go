//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package dgtsim_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
)

func TestProbe(t *testing.T) {
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "dgt"), start.Board(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	for i := 0; i < 2; i++ { // the port can be opened again
		info, err := dgt.Probe(context.Background(), sim.Path(), dgt.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if info.Serial != sim.Serial() || info.Version != "1.09" {
			t.Errorf("probe: %+v", info)
		}
	}
}

// Run connects, reports the dump and each update, sees the cable pulled and
// connects again when it is put back.
func TestRunReconnects(t *testing.T) {
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "dgt"), start.Board(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	events := make(chan dgt.Event, 100)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- dgt.Run(ctx, sim.Path(), dgt.Options{Retry: 20 * time.Millisecond}, func(e dgt.Event) { events <- e })
	}()
	next := func(want dgt.EventKind) dgt.Event {
		t.Helper()
		for {
			select {
			case e := <-events:
				if e.Kind == want {
					return e
				}
				if e.Kind != dgt.Identified {
					t.Fatalf("event %+v, want kind %d", e, want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("no event %d", want)
			}
		}
	}
	e := next(dgt.Connected)
	if r, ok := dgt.Orientation(e.Board, start.Board()); !r || !ok {
		t.Errorf("the board turned round is not seen so: %v %v", r, ok)
	}
	waitUpdating(t, sim)
	sim.Set(chess.E2, chess.NoPiece)
	e = next(dgt.Updated)
	if dgt.Square(e.Field, true) != chess.E2 || e.Code != 0 {
		t.Errorf("update %+v", e)
	}
	sim.Unplug()
	next(dgt.Disconnected)
	sim.Set(chess.E4, chess.WhitePawn) // played while the cable is out
	if err := sim.Plug(); err != nil {
		t.Fatal(err)
	}
	e = next(dgt.Connected)
	if p := e.Board.Pieces(true); p[chess.E4] != chess.WhitePawn || p[chess.E2] != chess.NoPiece {
		t.Errorf("the dump after the reconnection misses the move: %v", p)
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Run returned %v", err)
	}
}

func waitUpdating(t *testing.T, sim *dgtsim.Board) {
	t.Helper()
	for i := 0; !sim.Updating(); i++ {
		if i > 500 {
			t.Fatal("the board is never put in update mode")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Several boards at once, each on its own terminal: one with a clock, one
// sending junk bytes, one whose cable is pulled; every board's updates
// reach its own reader, and no board's trouble reaches another (issue 48).
func TestHall(t *testing.T) {
	const n = 4
	start := chess.StartPosition()
	dir := t.TempDir()
	type board struct {
		sim    *dgtsim.Board
		events chan dgt.Event
	}
	var boards [n]board
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := range boards {
		sim, err := dgtsim.New(filepath.Join(dir, fmt.Sprintf("dgt%d", i+1)), start.Board(), false)
		if err != nil {
			t.Fatal(err)
		}
		defer sim.Close()
		ev := make(chan dgt.Event, 200)
		boards[i] = board{sim, ev}
		go func() {
			_ = dgt.Run(ctx, sim.Path(), dgt.Options{Retry: 20 * time.Millisecond}, func(e dgt.Event) { ev <- e })
		}()
	}
	next := func(b board, want dgt.EventKind) dgt.Event {
		t.Helper()
		for {
			select {
			case e := <-b.events:
				if e.Kind == want {
					return e
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: no event %d", b.sim.Path(), want)
			}
		}
	}
	for _, b := range boards {
		next(b, dgt.Connected)
		waitUpdating(t, b.sim)
	}
	clk := dgtsim.NewClock(90*time.Minute, 30*time.Second)
	clk.Press()
	boards[0].sim.SetClock(clk.Reading())
	if e := next(boards[0], dgt.Clocked); e.Clock.Left != 90*time.Minute || !e.Clock.LeftTurn {
		t.Errorf("clock %+v", e.Clock)
	}
	boards[1].sim.SendGarbage([]byte{0x01, 0x02, 0x8e, 0x00, 0x7f, 0x33})
	boards[2].sim.Unplug()
	next(boards[2], dgt.Disconnected)
	for i, b := range boards {
		if i == 2 {
			continue
		}
		b.sim.Set(chess.E2, chess.NoPiece)
		if e := next(b, dgt.Updated); dgt.Square(e.Field, false) != chess.E2 {
			t.Errorf("board %d: update %+v", i+1, e)
		}
	}
	if err := boards[2].sim.Plug(); err != nil {
		t.Fatal(err)
	}
	next(boards[2], dgt.Connected)
}
