package dgtsim_test

import (
	"context"
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
