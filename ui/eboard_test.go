package ui

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/core/arbiter"
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
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err) // no pseudo-terminal for the simulated board here
	}
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
	pump("connected", func() bool { return w.session.EBoardState().Connected && sim.Updating() })
	if s := d.state.Text; !strings.Contains(s, sim.Serial()) {
		t.Errorf("state %q does not name the board", s)
	}
	if got := w.app.Preferences().String("eboardPort"); got != sim.Path() {
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
	if w.session.EBoardState().Linked() || w.app.Preferences().String("eboardPort") != "" {
		t.Error("Disconnect keeps the board")
	}
}

// eboardRig is a test window whose board calls run on the test goroutine,
// and a simulated board at the start position.
type eboardRig struct {
	t     *testing.T
	w     *Window
	sim   *dgtsim.Board
	calls chan func()
}

func newEBoardRig(t *testing.T, w *Window) *eboardRig {
	t.Helper()
	r := &eboardRig{t: t, w: w, calls: make(chan func(), 1024)}
	w.eboard.do = func(f func()) { r.calls <- f }
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "ttyDGT"), start.Board(), false)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err) // no pseudo-terminal for the simulated board here
	}
	if err != nil {
		t.Fatal(err)
	}
	r.sim = sim
	t.Cleanup(func() { w.eboard.disconnect(); sim.Close() })
	return r
}

// play makes the moves sans on the simulated board from pos, each once the
// window has recorded the one before, and plays them on pos.
func (r *eboardRig) play(pos *chess.Position, sans ...string) {
	r.t.Helper()
	for _, san := range sans {
		m, err := pos.ParseSAN(san)
		if err != nil {
			r.t.Fatal(err)
		}
		for _, u := range dgtsim.MoveUpdates(*pos, m, dgtsim.OwnFirst) {
			r.sim.Set(u.Square, u.Piece)
			time.Sleep(20 * time.Millisecond)
		}
		pos.Play(m)
		n := r.w.session.Game().PlyCount() + 1
		r.pump(san+" recorded", func() bool { return r.w.session.Game().PlyCount() == n })
	}
}

// pump runs the board's calls until cond holds.
func (r *eboardRig) pump(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			r.t.Fatalf("never %s; message %q", what, r.w.session.Status().Message.String())
		}
		select {
		case f := <-r.calls:
			f()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Connecting the board at the start position while a game of a file is
// shown starts a new game, asking first when the game shown has changes
// not saved (issue 45, point 7).
func TestEBoardConnectOverStoredGame(t *testing.T) {
	const pgn = "[Event \"Stored\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
	t.Run("saved", func(t *testing.T) {
		w, _ := openFile(t, "db.pgn", pgn)
		r := newEBoardRig(t, w)
		r.pump("the stored game shown", func() bool { return w.session.Game().PlyCount() == 4 })
		w.eboard.connect(r.sim.Path())
		r.pump("a new game", func() bool { return w.session.Phase() == app.Playing && w.session.Game().PlyCount() == 0 })
		if d := w.session.EBoardState().Diff; d != 0 {
			t.Errorf("the board differs from the new game on %v", d)
		}
	})
	t.Run("unsaved", func(t *testing.T) {
		w, _ := openFile(t, "db.pgn", pgn)
		r := newEBoardRig(t, w)
		r.pump("the stored game shown", func() bool { return w.session.Game().PlyCount() == 4 })
		w.session.MarkDirty()
		w.eboard.connect(r.sim.Path())
		r.pump("asked to save", func() bool { return dialogButton(w, "Don't save") != nil })
		if w.session.Phase() != app.Browsing {
			t.Fatal("the game with changes was left before asking")
		}
		test.Tap(dialogButton(w, "Don't save"))
		r.pump("a new game", func() bool { return w.session.Phase() == app.Playing && w.session.Game().PlyCount() == 0 })
	})
}

// Issue 45, point 2, in the window: Black lifts the rook a8 and castles
// long; the castling is recorded with the breach on the message line and in
// the score, White's claim button appears, and the claim takes the castling
// back: the board then differs until the rook moves.
func TestEBoardTouchMoveBreach(t *testing.T) {
	t.Run("FIDE", func(t *testing.T) { testEBoardTouchMoveBreach(t, arbiter.RulesFIDE) })
	t.Run("Arbiter", func(t *testing.T) { testEBoardTouchMoveBreach(t, arbiter.RulesArbiter) })
}

func testEBoardTouchMoveBreach(t *testing.T, rules arbiter.Rules) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: rules}); err != nil {
		t.Fatal(err)
	}
	r := newEBoardRig(t, w)
	w.eboard.connect(r.sim.Path())
	r.pump("connected", func() bool { return w.session.EBoardState().Connected && r.sim.Updating() })
	pos := chess.StartPosition()
	play := func(sans ...string) { t.Helper(); r.play(&pos, sans...) }
	play("d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O")
	if w.controls.touchClaim.Visible() {
		t.Fatal("a claim button with nothing to claim")
	}
	r.sim.Set(chess.A8, chess.NoPiece)
	time.Sleep(20 * time.Millisecond)
	r.sim.Set(chess.A8, chess.BlackRook)
	r.pump("the rook bound", func() bool { return w.session.Board().Touched == chess.A8 })
	play("O-O-O")
	const note = "rook a8 touched before the king: castling not allowed, Art. 4.4.2 — a claim for White"
	if !strings.Contains(w.status.message.Text, note) {
		t.Errorf("message %q, want %q", w.status.message.Text, note)
	}
	if !strings.Contains(flatPGN(t, w), "O-O-O O-O-O { "+note+" }") {
		t.Errorf("PGN %s", flatPGN(t, w))
	}
	b := w.controls.touchClaim
	if !b.Visible() || b.Text != "White claims touch-move" {
		t.Fatalf("claim button %q, visible %v", b.Text, b.Visible())
	}
	test.Tap(b)
	if rules == arbiter.RulesArbiter {
		// The arbiter rules on the claim.
		if n := w.session.Game().PlyCount(); n != 10 {
			t.Fatalf("the castling taken back before the arbiter ruled")
		}
		test.Tap(dialogButton(w, "Uphold"))
	}
	if n := w.session.Game().PlyCount(); n != 9 {
		t.Fatalf("%d plies after the claim, want 9", n)
	}
	if b.Visible() {
		t.Error("the claim button stays")
	}
	r.pump("the board differs", func() bool { return w.session.EBoardState().Diff != 0 })
	if !strings.Contains(flatPGN(t, w), "Touch-move claimed by White: upheld, O-O-O taken back") {
		t.Errorf("PGN %s", flatPGN(t, w))
	}
	// Set right, and the rook moves.
	for _, u := range []struct {
		sq chess.Square
		p  chess.Piece
	}{{chess.C8, chess.NoPiece}, {chess.D8, chess.NoPiece}, {chess.E8, chess.BlackKing}, {chess.A8, chess.BlackRook}} {
		r.sim.Set(u.sq, u.p)
		time.Sleep(20 * time.Millisecond)
	}
	pos = w.session.Game().End().Position()
	r.pump("the board agrees", func() bool { return w.session.EBoardState().Diff == 0 })
	play("Rb8")
}

// The port remembered is reconnected at start only when it answers as a DGT
// board: a terminal another program holds by now is left alone, the message
// line says so, and no square is marked (issue 45, point 8). The window
// opened it blindly and retried it for ever.
func TestEBoardReconnectProbes(t *testing.T) {
	t.Run("a stranger on the port", func(t *testing.T) {
		w := newTestWindow(t)
		r := newEBoardRig(t, w)
		s, err := dgtsim.NewStranger(filepath.Join(t.TempDir(), "ttyOther"))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		w.app.Preferences().SetString("eboardPort", s.Path())
		w.eboard.reconnect()
		if w.session.EBoardState().Linked() {
			t.Fatal("connected to the port before it answered")
		}
		r.pump("told", func() bool { return strings.Contains(w.status.message.Text, s.Path()) })
		if w.session.EBoardState().Linked() {
			t.Error("connected to a port that does not answer as a DGT board")
		}
		if !strings.Contains(w.status.message.Text, "does not answer") {
			t.Errorf("message %q", w.status.message.Text)
		}
		for _, m := range w.boardView().Marks {
			t.Errorf("square %v marked", m.Square)
		}
		if got := w.app.Preferences().String("eboardPort"); got != s.Path() {
			t.Errorf("the port is forgotten: %q", got)
		}
	})
	t.Run("the board on the port", func(t *testing.T) {
		w := newTestWindow(t)
		r := newEBoardRig(t, w)
		w.app.Preferences().SetString("eboardPort", r.sim.Path())
		w.eboard.reconnect()
		r.pump("connected", func() bool { return w.session.EBoardState().Connected })
	})
}
