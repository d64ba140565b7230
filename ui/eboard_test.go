package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

// The dialog connects to the board chosen, which plays into the game; a
// knocked-over piece is marked red on both boards; the port is remembered
// until Disconnect.
func TestEBoardDialog(t *testing.T) {
	w := newTestWindow(t)
	u := w.eboard
	calls := make(chan func(), 1024)
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
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "ttyDGT"), start.Board(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	defer u.disconnect()

	w.eboard.openDialog()
	d := u.open
	if d == nil {
		t.Fatal("no dialog")
	}
	d.ports.SetText(sim.Path())
	test.Tap(d.connect)
	pump("connected", func() bool { return u.e != nil && u.e.State().Connected && sim.Updating() })
	if s := d.state.Text; !strings.Contains(s, sim.Serial()) {
		t.Errorf("state %q does not name the board", s)
	}
	if got := w.app.Preferences().String(eboardPortPref); got != sim.Path() {
		t.Errorf("remembered port %q", got)
	}
	us, _ := dgtsim.ParseScript("e2- e4+P")
	for _, up := range us {
		sim.Set(up.Square, up.Piece)
	}
	pump("e4 recorded", func() bool { return w.session.Game().PlyCount() == 1 })
	if pieces, ok := w.eboard.pieces(); !ok || pieces[chess.E4] != chess.WhitePawn {
		t.Errorf("the position editor would not get the board: %v %v", ok, pieces)
	}
	sim.Set(chess.C1, chess.NoPiece)
	red := func() bool {
		for _, m := range w.boardView().Marks {
			if m.Square == chess.C1 {
				return true
			}
		}
		return false
	}
	pump("c1 marked on the game's board", red)
	if !strings.Contains(d.state.Text, "red") {
		t.Errorf("state %q", d.state.Text)
	}
	sim.Set(chess.C1, chess.WhiteBishop)
	pump("c1 unmarked", func() bool { return !red() })
	test.Tap(d.connect) // Disconnect
	if u.e != nil || w.app.Preferences().String(eboardPortPref) != "" {
		t.Error("Disconnect keeps the board")
	}
}
