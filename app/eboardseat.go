package app

import (
	"time"

	"touchmove/app/boardread"
	"touchmove/device/dgt"
)

// EBoardConnection configures the electronic board a session reads
// (Session.ConnectEBoard).
type EBoardConnection struct {
	// Do runs f on the goroutine that owns the session (the window passes
	// fyne.Do; the tests run it on theirs).
	Do func(f func())
	// Now is the time source (default time.Now).
	Now func() time.Time
	// Device sets how the port is opened and how long the board has to
	// answer; the zero value opens a real serial port.
	Device dgt.Options
	// Timing is the reader's waits (default boardread.DefaultTiming).
	Timing boardread.Timing
}

// eboardSeat is the session's electronic board: the board being read, if
// any, and who is told of its changes. The zero value reads no board.
type eboardSeat struct {
	e         *EBoard // nil when no board is read
	listeners []func()
	// asks counts the times the board was set up at the start position
	// while the game was not a new one (EBoardState.NewGameAsks).
	asks int
}

// ConnectEBoard reads the electronic board on port (and lets go of any
// other): its moves are recorded in the game as from the screen, a pawn on
// its last rank asks for its piece as the screen's chooser does, and it
// connects again by itself when the link is lost, until DisconnectEBoard.
// The board's changes are told to the listeners of OnEBoardChange.
func (s *Session) ConnectEBoard(port string, c EBoardConnection) {
	s.dropEBoard()
	b := &s.eboard
	b.e = NewEBoard(s, port, EBoardOptions{
		Do:           c.Do,
		Now:          c.Now,
		Device:       c.Device,
		Timing:       c.Timing,
		AskPromotion: true,
		OnStart:      s.eboardAtStart,
		OnChange:     s.eboardChanged,
	})
	b.e.Connect()
	s.eboardChanged()
}

// DisconnectEBoard stops reading the electronic board, if one is read, and
// waits for its goroutine; the listeners are told.
func (s *Session) DisconnectEBoard() {
	if s.dropEBoard() {
		s.eboardChanged()
	}
}

// dropEBoard stops reading the board; it reports whether one was read.
func (s *Session) dropEBoard() bool {
	b := &s.eboard
	if b.e == nil {
		return false
	}
	b.e.Close()
	b.e = nil
	return true
}

// EBoardState returns what the electronic board shows; the zero state (no
// port, not connected) when none is read.
func (s *Session) EBoardState() EBoardState {
	b := &s.eboard
	if b.e == nil {
		return EBoardState{NewGameAsks: b.asks}
	}
	st := b.e.State()
	st.NewGameAsks = b.asks
	return st
}

// OnEBoardChange registers f to run, on the session's goroutine, after
// every change of what the electronic board shows: connected, lost, a
// piece lifted or set down, a square that differs, a new game asked for,
// and after ConnectEBoard and DisconnectEBoard. Changes of the game the
// board's moves make are told through OnChange, as any change of the game.
func (s *Session) OnEBoardChange(f func()) {
	s.eboard.listeners = append(s.eboard.listeners, f)
}

// eboardChanged tells the board's listeners.
func (s *Session) eboardChanged() {
	for _, f := range s.eboard.listeners {
		f()
	}
}

// eboardAtStart takes the board set up at the start position: the players
// want a new game, unless a new game stands already (a live game with no
// move yet). The request is counted in the state (NewGameAsks), for the
// window to start the game, asking first about changes not saved.
func (s *Session) eboardAtStart() {
	if s.Phase() == Playing && s.Game().PlyCount() == 0 {
		return // a new game stands already
	}
	s.eboard.asks++
}

// Linked reports whether a board is being read: connected, or waited for
// on its port.
func (st EBoardState) Linked() bool { return st.Port != "" }
