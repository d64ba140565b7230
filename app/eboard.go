package app

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"touchmove/app/boardread"
	"touchmove/core/chess"
	"touchmove/core/msg"
	"touchmove/device/dgt"
)

// EBoardOptions configures an EBoard.
type EBoardOptions struct {
	// Do runs f on the goroutine that owns the session (the window passes
	// fyne.Do); every call on the session and on the EBoard is made there.
	Do func(f func())
	// Now is the time source (default time.Now).
	Now func() time.Time
	// Device sets how the port is opened and how long the board has to
	// answer; the zero value opens a real serial port.
	Device dgt.Options
	// Timing is the reader's waits (default boardread.DefaultTiming).
	Timing boardread.Timing
	// AskPromotion: a pawn placed on its last rank asks for the piece, as
	// the screen's chooser does (the window); otherwise the player places
	// the piece (the command line).
	AskPromotion bool
	// OnStart is called when the board shows the start position and the
	// game is not at it: the players set up a new game.
	OnStart func()
	// OnChange is called after every change of what the EBoard shows.
	OnChange func()
}

// EBoardState is what an EBoard shows of its board.
type EBoardState struct {
	Port      string
	Connected bool
	Info      dgt.Info
	Err       error           // why the board is not connected, nil when it is
	Pieces    [64]chess.Piece // the board's own view, by square
	Diff      chess.Bitboard  // the squares where it differs from the game
	Rotated   bool            // White sits at the side of the board's field 0
	Notice    msg.Text        // what the board says to the players
	// Clock is the reading of the DGT clock connected to the board (a
	// DGT 3000), White on its left; HasClock is false while none reported.
	Clock    dgt.Clock
	HasClock bool
	// NewGameAsks counts the times the board of a session was set up at
	// the start position while the game was not a new one: each asks for
	// a new game (Session.ConnectEBoard).
	NewGameAsks int
}

// EBoard records the game of a Session from an electronic board: it reads
// the board on its own goroutine, and on the session's goroutine turns
// pieces lifted into touches (Press) under touch-move rules, pieces put back
// into put-backs (Drop on the same square), moves into PlayMove, so that
// the arbiter, the clocks and the journal take them as from the screen.
// A board that disagrees with the game is shown and nothing is recorded;
// a cable pulled keeps the game, and the board is read again when it is
// back.
type EBoard struct {
	s      *Session
	o      EBoardOptions
	port   string
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// Owned by the session's goroutine:
	r         *boardread.Reader
	raw       dgt.Board
	rotated   bool
	connected bool
	info      dgt.Info
	err       error
	notice    msg.Text
	timer     *time.Timer
	closed    bool
	following bool
	clock     dgt.Clock
	hasClock  bool
}

// NewEBoard returns the board on port for session s, not yet connected.
func NewEBoard(s *Session, port string, o EBoardOptions) *EBoard {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Device.Now == nil {
		o.Device.Now = o.Now
	}
	if o.Timing == (boardread.Timing{}) {
		o.Timing = boardread.DefaultTiming()
	}
	e := &EBoard{s: s, o: o, port: port}
	s.OnChange(func() {
		if !e.closed && !e.following {
			e.follow()
		}
	})
	return e
}

// Port returns the port the board is on.
func (e *EBoard) Port() string { return e.port }

// Connect starts reading the board; it connects again by itself after the
// link is lost, until Close.
func (e *EBoard) Connect() {
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel = cancel
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		_ = dgt.Run(ctx, e.port, e.o.Device, func(ev dgt.Event) {
			e.o.Do(func() { e.handle(ev) })
		})
	}()
}

// Close stops reading the board and waits for its goroutine; it is called
// on the session's goroutine, so work that goroutine still has to run for
// the board is dropped.
func (e *EBoard) Close() {
	e.closed = true
	if e.timer != nil {
		e.timer.Stop()
	}
	if e.cancel != nil {
		e.cancel()
		e.wg.Wait()
	}
}

// State returns what the board shows.
func (e *EBoard) State() EBoardState {
	st := EBoardState{Port: e.port, Connected: e.connected, Info: e.info, Err: e.err, Rotated: e.rotated, Notice: e.notice,
		Clock: e.clock, HasClock: e.hasClock}
	if e.r != nil {
		st.Pieces = e.r.Board()
		st.Diff = e.r.Diff()
	}
	return st
}

// position returns the position the board must stand as: the arbiter's in
// a live game, else the end of the main line.
func (e *EBoard) position() chess.Position {
	if a := e.s.Arbiter(); a != nil && e.s.Phase() == Playing {
		return a.Position()
	}
	return e.s.Game().End().Position()
}

// handle takes one event of the device.
func (e *EBoard) handle(ev dgt.Event) {
	if e.closed {
		return
	}
	now := ev.At // when it arrived on the port, not now that it is handled
	if now.IsZero() {
		now = e.o.Now()
	}
	switch ev.Kind {
	case dgt.Connected, dgt.Dumped:
		e.connected, e.err, e.info = true, nil, ev.Info
		if e.notice.Key == mBoardLost {
			e.notice = msg.Text{}
		}
		e.raw = ev.Board
		want := e.position()
		if rotated, ok := dgt.Orientation(ev.Board, want.Board()); ok {
			e.rotated = rotated
		}
		if e.r == nil {
			e.r = boardread.New(e.position(), e.raw.Pieces(e.rotated), e.o.Timing)
			e.apply(e.r.Evaluate(now))
		} else {
			e.apply(e.r.SetBoard(e.raw.Pieces(e.rotated), now))
		}
	case dgt.Identified:
		e.info = ev.Info
	case dgt.Updated:
		if e.r == nil {
			return
		}
		e.raw[ev.Field] = ev.Code
		start := chess.StartPosition()
		if e.raw.Pieces(!e.rotated) == start.Board() {
			// The start position set up the other way round: the board is turned.
			e.rotated = !e.rotated
			e.apply(e.r.SetBoard(e.raw.Pieces(e.rotated), now))
			break
		}
		e.apply(e.r.Update(dgt.Square(ev.Field, e.rotated), ev.Code.Piece(), now))
	case dgt.Disconnected:
		e.connected, e.err = false, ev.Err
		e.notice = text(mBoardLost)
	case dgt.Clocked:
		e.clock, e.hasClock = ev.Clock, true
		e.stampClock()
	}
	e.schedule()
	e.changed()
}

func (e *EBoard) changed() {
	if e.o.OnChange != nil {
		e.o.OnChange()
	}
}

// schedule arms the timer for the reader's next deadline.
func (e *EBoard) schedule() {
	if e.timer != nil {
		e.timer.Stop()
		e.timer = nil
	}
	if e.r == nil {
		return
	}
	at, ok := e.r.Deadline()
	if !ok {
		return
	}
	e.timer = time.AfterFunc(max(0, at.Sub(e.o.Now())), func() {
		e.o.Do(func() {
			if e.closed || e.r == nil {
				return
			}
			e.apply(e.r.Tick(e.o.Now()))
			e.schedule()
			e.changed()
		})
	})
}

// touchMove reports whether pieces lifted count as touched (FIDE and
// Arbiter games being played).
func (e *EBoard) touchMove() bool {
	return e.s.touchMoveHolds()
}

// apply carries the reader's events out on the session.
func (e *EBoard) apply(evs []boardread.Event) {
	e.following = true
	defer func() { e.following = false }()
	for i := 0; i < len(evs); i++ {
		ev := evs[i]
		switch ev.Kind {
		case boardread.Lifted:
			if !e.touchMove() {
				continue
			}
			board := e.s.Arbiter().Board()
			if board[ev.Square] != ev.Piece {
				continue
			}
			if e.s.Board().Selected != chess.NoSquare {
				// A second piece lifted is a touch of its own, never the
				// second click of a click-click move.
				e.s.Select(chess.NoSquare)
			}
			e.s.Press(ev.Square)
		case boardread.PutBack:
			if !e.touchMove() {
				continue
			}
			a := e.s.Arbiter()
			if p := a.Board()[ev.Square]; p != chess.NoPiece && p.Color() == a.Turn() {
				e.s.Drop(ev.Square, ev.Square)
			}
		case boardread.Moved:
			if !e.play(ev.Move, ev.At) {
				// The game refused it: the moves after it cannot stand.
				for i+1 < len(evs) && evs[i+1].Kind == boardread.Moved {
					i++
				}
			}
		case boardread.Promoting:
			if e.o.AskPromotion && e.s.Phase() == Playing {
				e.s.Drop(ev.Move.From(), ev.Move.To())
			} else {
				e.notice = text(mBoardPromote, msg.Square("Square", ev.Move.To()))
			}
		case boardread.Differs:
			e.notice = text(mBoardDiffers, msg.String("Squares", squareList(ev.Squares)))
		case boardread.Agrees:
			if e.notice.Key == mBoardDiffers {
				e.notice = msg.Text{}
			}
		case boardread.Start:
			if e.o.OnStart != nil {
				e.o.OnStart()
			}
		case boardread.KingsResult:
			// The players show the result: it ends the game, and the
			// kings' steps are no moves.
			if e.s.Phase() == Playing && !e.s.Status().Over {
				_ = e.s.ShowResult(ev.Result) // a refusal is the session's message
			}
		}
	}
	e.following = false
	e.follow()
}

// play records m from the board, made at the instant at; it reports
// whether the game took it.
func (e *EBoard) play(m chess.Move, at time.Time) bool {
	s := e.s
	before := s.Game().PlyCount()
	if pr := s.Promotion(); pr != nil && m.Kind() == chess.Promotion && pr.From == m.From() && pr.To == m.To() {
		s.PromoteAt(m.Promotion(), at) // the piece placed answers the chooser
	} else {
		s.RecordMoveAt(m, at) // even against touch-move: noted, for the opponent to claim
	}
	ok := s.Game().PlyCount() > before
	if ok && (e.notice.Key == mBoardPromote || e.notice.Key == mBoardDiffers) {
		e.notice = msg.Text{}
	}
	if ok {
		e.stampClock() // the mover may have pressed before the move was read
	}
	return ok
}

// stampClock writes the DGT clock's time into the score, as [%clk] after
// the last move: the mover's time once his press gave the turn to the
// other player. The board's clock is the players' own: it stands over the
// laptop's clocks.
func (e *EBoard) stampClock() {
	if !e.hasClock || e.s.Phase() == Browsing {
		return
	}
	last := e.s.Game().End()
	if last.IsRoot() {
		return
	}
	c := e.clock
	d, pressed := c.Left, c.RightTurn // White on the clock's left
	if last.Mover() == chess.Black {
		d, pressed = c.Right, c.LeftTurn
	}
	if pressed {
		e.s.SetMoveClock(last, d)
	}
}

// follow sets the reader to the game's position (after a move here or on
// the screen, a takeback, a new game) and carries out what that decides.
func (e *EBoard) follow() {
	if e.r == nil || e.following {
		return
	}
	evs := e.r.SetPosition(e.position(), e.o.Now())
	if len(evs) > 0 {
		e.apply(evs)
	}
	e.schedule()
	e.changed()
}

// squareList writes squares as "e2, e4".
func squareList(b chess.Bitboard) string {
	var parts []string
	for ; b != 0; b &= b - 1 {
		parts = append(parts, b.First().String())
	}
	return strings.Join(parts, ", ")
}

// String says which board this is, for the command line.
func (st EBoardState) String() string {
	if !st.Connected {
		return fmt.Sprintf("%s: not connected", st.Port)
	}
	return fmt.Sprintf("%s: DGT board %s, version %s", st.Port, st.Info.Serial, st.Info.Version)
}

// BoardInfo is what an electronic board says of itself when probed: its
// serial number and version.
type BoardInfo = dgt.Info

// BoardPorts lists the serial ports an electronic board may be on (USB and
// paired Bluetooth), for the window's choice.
func BoardPorts() []string { return dgt.Ports() }

// BoardPortExample is a port a board may be on here (/dev/ttyUSB0, COM3),
// to show where a port is typed.
const BoardPortExample = dgt.PortExample

// ProbeBoard asks the board on port for its serial number and version; it
// gives up when ctx ends or the board has not answered in 1.5 s.
func ProbeBoard(ctx context.Context, port string) (BoardInfo, error) {
	return dgt.Probe(ctx, port, dgt.Options{Answer: 1500 * time.Millisecond})
}
