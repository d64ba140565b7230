//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package app_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
	"touchmove/internal/dgtrig"
)

// seatRig is a session reading a simulated board through the session's
// own electronic board (Session.ConnectEBoard); the test goroutine owns
// the session and runs the board's calls on it (dgtrig.Rig's Pump and
// Until).
type seatRig struct {
	*dgtrig.Rig
	t    *testing.T
	s    *app.Session
	sim  *dgtsim.Board
	told int // the board's changes told to OnEBoardChange
}

func newSeatRig(t *testing.T, s *app.Session) *seatRig {
	t.Helper()
	rig := dgtrig.New(t)
	r := &seatRig{Rig: rig, t: t, s: s, sim: rig.Boards(1, false)[0]}
	rig.Detail = func() string {
		return fmt.Sprintf("board %v, message %q", s.EBoardState(), s.Status().Message.String())
	}
	s.OnEBoardChange(func() { r.told++ })
	t.Cleanup(s.DisconnectEBoard)
	return r
}

func (r *seatRig) connect() {
	r.s.ConnectEBoard(r.sim.Path(), app.EBoardConnection{
		Do:     r.Do,
		Device: dgt.Options{Retry: 20 * time.Millisecond},
	})
}

// play puts a script on the board, running the board's calls between
// updates.
func (r *seatRig) play(script string) {
	r.t.Helper()
	us, err := dgtsim.ParseScript(script)
	if err != nil {
		r.t.Fatal(err)
	}
	r.sim.Apply(us, func() { r.Pump(gap) })
}

// A session with no board shows the zero state, and a disconnect then
// tells nobody.
func TestSessionEBoardNone(t *testing.T) {
	s := app.NewSession()
	told := 0
	s.OnEBoardChange(func() { told++ })
	if st := s.EBoardState(); st.Linked() || st.Connected || st.Diff != 0 || !st.Notice.IsZero() {
		t.Errorf("state %+v without a board", st)
	}
	s.DisconnectEBoard()
	if told != 0 {
		t.Errorf("told %d times of no board going", told)
	}
}

// The session's board connects, records the moves made on it, shows a
// square knocked over, and is let go by DisconnectEBoard; every change is
// told to OnEBoardChange.
func TestSessionEBoardConnectRecordDisconnect(t *testing.T) {
	s := app.NewSession()
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	r := newSeatRig(t, s)
	r.connect()
	if st := s.EBoardState(); !st.Linked() || st.Port != r.sim.Path() || r.told != 1 {
		t.Fatalf("after ConnectEBoard: state %+v, told %d", st, r.told)
	}
	r.Until("connected", func() bool { return s.EBoardState().Connected && r.sim.Updating() })
	r.play("e2- e4+P")
	r.Until("e4 recorded", func() bool { return s.Game().PlyCount() == 1 })
	r.sim.Set(chess.C1, chess.NoPiece)
	r.Until("c1 differs", func() bool { return s.EBoardState().Diff == chess.Bitboard(1)<<chess.C1 })
	if st := s.EBoardState(); st.Pieces[chess.E4] != chess.WhitePawn {
		t.Errorf("the board's own view has %v on e4", st.Pieces[chess.E4])
	}
	r.Until("the players told", func() bool { return strings.Contains(s.EBoardState().Notice.String(), "c1") })
	told := r.told
	s.DisconnectEBoard()
	if st := s.EBoardState(); st.Linked() || st.Connected || st.Diff != 0 {
		t.Errorf("after DisconnectEBoard: state %+v", st)
	}
	if r.told != told+1 {
		t.Errorf("DisconnectEBoard told %d times", r.told-told)
	}
	if n := s.Game().PlyCount(); n != 1 {
		t.Errorf("%d plies after the board went, want 1", n)
	}
}

// The board set up at the start position asks for a new game — counted in
// the state for the window, which asks about changes not saved — unless a
// new game stands already.
func TestSessionEBoardAsksNewGame(t *testing.T) {
	t.Run("a new game stands", func(t *testing.T) {
		s := app.NewSession()
		if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
			t.Fatal(err)
		}
		r := newSeatRig(t, s)
		r.connect()
		r.Until("connected", func() bool { return s.EBoardState().Connected && r.sim.Updating() })
		r.Pump(300 * time.Millisecond)
		if n := s.EBoardState().NewGameAsks; n != 0 {
			t.Errorf("%d new games asked over a new game", n)
		}
	})
	t.Run("after a move", func(t *testing.T) {
		s := app.NewSession()
		if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
			t.Fatal(err)
		}
		r := newSeatRig(t, s)
		r.connect()
		r.Until("connected", func() bool { return s.EBoardState().Connected && r.sim.Updating() })
		r.play("e2- e4+P")
		r.Until("e4 recorded", func() bool { return s.Game().PlyCount() == 1 })
		r.play("e4- e2+P")
		r.Until("a new game asked", func() bool { return s.EBoardState().NewGameAsks == 1 })
		if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
			t.Fatal(err)
		}
		r.Until("the board agrees with the new game", func() bool { return s.EBoardState().Diff == 0 })
	})
	t.Run("over a stored game", func(t *testing.T) {
		games, err := store.DecodeGames(strings.NewReader("[Event \"Stored\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"))
		if err != nil {
			t.Fatal(err)
		}
		s := app.NewSession()
		s.Load(games[0], "", 0)
		r := newSeatRig(t, s)
		r.connect()
		r.Until("a new game asked", func() bool { return s.EBoardState().NewGameAsks == 1 })
		if s.Phase() != app.Browsing || s.Game().PlyCount() != 4 {
			t.Errorf("the session left the stored game by itself: phase %v, %d plies", s.Phase(), s.Game().PlyCount())
		}
	})
}

// A new game started from a listener of the board, as the window does when
// the board asks for one, is followed by the board at once.
func TestSessionEBoardNewGameFromListener(t *testing.T) {
	games, err := store.DecodeGames(strings.NewReader("[Event \"Stored\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := app.NewSession()
	s.Load(games[0], "", 0)
	r := newSeatRig(t, s)
	taken := 0
	s.OnEBoardChange(func() {
		if n := s.EBoardState().NewGameAsks; n != taken {
			taken = n
			if err := s.NewGame(app.NewGameOptions{}); err != nil {
				t.Error(err)
			}
		}
	})
	r.connect()
	r.Until("a new game", func() bool { return s.Phase() == app.Playing && s.Game().PlyCount() == 0 })
	r.Until("the board agrees", func() bool { return s.EBoardState().Connected && s.EBoardState().Diff == 0 })
	if taken != 1 {
		t.Errorf("%d new games asked", taken)
	}
}

// Who moves for each side: nobody while a game is browsed, a person at a
// new game, the engine where one is seated, the electronic board for the
// other sides while one is read; a stored game loaded has no seats.
func TestSessionSeats(t *testing.T) {
	s := app.NewSession()
	seats := func() string { return s.Seat(chess.White).String() + "/" + s.Seat(chess.Black).String() }
	games, err := store.DecodeGames(strings.NewReader("[Event \"Stored\"]\n\n1. e4 e5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	s.Load(games[0], "", 0)
	if got := seats(); got != "none/none" {
		t.Errorf("a stored game: %s", got)
	}
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	if got := seats(); got != "person/person" {
		t.Errorf("a new game: %s", got)
	}
	s.SetOpponents(app.Opponents{Black: &app.EngineSeat{Path: "/engine", Level: 3}})
	if got := seats(); got != "person/engine" {
		t.Errorf("against the engine: %s", got)
	}
	r := newSeatRig(t, s)
	r.connect()
	if got := seats(); got != "board/engine" {
		t.Errorf("the board read: %s", got)
	}
	s.DisconnectEBoard()
	s.Load(games[0], "", 0)
	if got := seats(); got != "none/none" {
		t.Errorf("a stored game after the engine's: %s", got)
	}
}
