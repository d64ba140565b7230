//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

// View › Hall: boards added by a pattern, each its own game, shown small
// with its last move, its clock and what needs the arbiter; a board's
// button opens it in full, where the arbiter's result is written into its
// game as the arbiter's ruling (issue 48).
func TestHallDialog(t *testing.T) {
	w := newTestWindow(t)
	u := w.hall
	calls := make(chan func(), 4096)
	u.do = func(f func()) { calls <- f }
	pump := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("never %s", what)
			}
			select {
			case f := <-calls:
				f()
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	dir := t.TempDir()
	start := chess.StartPosition()
	var sims []*dgtsim.Board
	for i := 1; i <= 4; i++ {
		sim, err := dgtsim.New(filepath.Join(dir, fmt.Sprintf("ttyDGT-%d", i)), start.Board(), false)
		if err != nil {
			t.Fatal(err)
		}
		defer sim.Close()
		sims = append(sims, sim)
	}
	defer u.close(false)
	u.openDialog()
	d := u.open
	if d == nil || !strings.Contains(d.said.Text, "No board yet") {
		t.Fatal("no dialog, or it does not say how to begin")
	}
	d.ports.SetText(filepath.Join(dir, "ttyDGT-*"))
	test.Tap(d.add)
	pump("four tiles, every game begun", func() bool {
		if len(d.tiles) != 4 {
			return false
		}
		for _, tl := range d.tiles {
			if !tl.b.Started() {
				return false
			}
		}
		return true
	})
	d.ports.SetText(sims[0].Path())
	test.Tap(d.add)
	if !strings.Contains(d.said.Text, "is board 1 already") {
		t.Errorf("a board added twice: %q", d.said.Text)
	}
	clk := dgtsim.NewClock(90*time.Minute, 30*time.Second)
	clk.Press()
	sims[1].SetClock(clk.Reading())
	us, _ := dgtsim.ParseScript("e2- e4+P")
	sims[1].Apply(us, func() { time.Sleep(20 * time.Millisecond) })
	sims[2].Unplug()
	pump("the tiles repainted by the tick", func() bool {
		return d.tiles[1].last.Text == "1. e4" && d.tiles[1].clocks.Text == "1:30:00  ·  1:30:00" &&
			strings.Contains(d.tiles[2].need.Text, "The board is not connected.")
	})
	if got := d.tiles[0].open.Text; got != "1: White – Black" {
		t.Errorf("tile 1's button %q", got)
	}
	if d.tiles[0].need.Text != "" || d.tiles[0].last.Text != "No move yet" {
		t.Errorf("board 1 touched by the others: %q %q", d.tiles[0].need.Text, d.tiles[0].last.Text)
	}
	b := d.tiles[1].b
	if b.Session.Rules() != arbiter.RulesArbiter {
		t.Errorf("rules %v", b.Session.Rules())
	}
	test.Tap(d.tiles[1].open)
	wins := dialogButton(w, "White wins")
	if wins == nil {
		t.Fatal("the board did not open")
	}
	test.Tap(wins)
	if st := b.Session.Status(); !st.Over || st.Result != chess.WhiteWins {
		t.Errorf("status %+v", st)
	}
	if pgn := b.Session.Game().End().Comment(); !strings.Contains(pgn, "Arbiter") {
		t.Errorf("the ruling is not in the score: %q", pgn)
	}
	pump("the end flagged", func() bool { return strings.Contains(d.tiles[1].need.Text, "⚑") })
}
