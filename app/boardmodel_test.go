//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package app_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/boardread"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
)

// boardModel is the session model with the electronic board's seat: one
// simulated board, read by whichever session the model holds (a kill -9
// and restart reads it again), its calls run on the test's goroutine.
type boardModel struct {
	*model
	sim   *dgtsim.Board
	calls chan func()
}

// connect reads the simulated board in the model's session, with short
// waits so that a move counts in tens of milliseconds.
func (b *boardModel) connect() {
	calls := make(chan func(), 4096) // a dropped session's late calls go to the old one
	b.calls = calls
	b.s.ConnectEBoard(b.sim.Path(), app.EBoardConnection{
		Do:     func(f func()) { calls <- f },
		Device: dgt.Options{Retry: 20 * time.Millisecond},
		Timing: boardread.Timing{Settle: 30 * time.Millisecond, CastleHold: 60 * time.Millisecond, Mismatch: 150 * time.Millisecond},
	})
	b.until("the board connected", func() bool { st := b.s.EBoardState(); return st.Connected && b.sim.Updating() })
}

// until runs the board's calls until cond holds, checking the model after
// each.
func (b *boardModel) until(what string, cond func() bool) {
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			b.fatalf("never %s; board %+v, message %q", what, b.s.EBoardState(), b.s.Status().Message.String())
		}
		select {
		case f := <-b.calls:
			f()
			b.check()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// pump runs the board's calls for d.
func (b *boardModel) pump(d time.Duration) {
	end := time.After(d)
	for {
		select {
		case f := <-b.calls:
			f()
			b.check()
		case <-end:
			return
		}
	}
}

// play makes m on the board as hands do: the piece lifted, what it takes
// lifted, the piece placed; a castling's king, then its rook.
func (b *boardModel) play(p chess.Position, m chess.Move) {
	pc := p.PieceAt(m.From())
	var us []dgtsim.Update
	lift := func(sq chess.Square) { us = append(us, dgtsim.Update{Square: sq, Piece: chess.NoPiece}) }
	put := func(sq chess.Square, pc chess.Piece) { us = append(us, dgtsim.Update{Square: sq, Piece: pc}) }
	switch {
	case m.IsCastling():
		rook := p.PieceAt(m.To())
		rank := m.From().Rank()
		rookTo := chess.SquareAt(3, rank) // d-file
		if m.KingTo().File() == 6 {
			rookTo = chess.SquareAt(5, rank) // f-file
		}
		lift(m.From())
		lift(m.To())
		put(m.KingTo(), pc)
		put(rookTo, rook)
	case m.Kind() == chess.EnPassant:
		lift(m.From())
		lift(chess.SquareAt(m.To().File(), m.From().Rank()))
		put(m.To(), pc)
	default:
		lift(m.From())
		if p.PieceAt(m.To()) != chess.NoPiece {
			lift(m.To())
		}
		if m.Kind() == chess.Promotion {
			pc = chess.NewPiece(p.Turn(), m.Promotion())
		}
		put(m.To(), pc)
	}
	b.sim.Apply(us, func() { b.pump(gap) })
}

// syncBoard sets the simulated board up as the game stands (after a
// takeback, a new game, a restore), as the players do by hand.
func (b *boardModel) syncBoard() {
	end := b.s.Game().End().Position()
	want := end.Board()
	if a := b.s.Arbiter(); a != nil {
		want = a.Board()
	}
	have := b.sim.Pieces()
	for sq := range chess.Square(64) {
		if have[sq] != want[sq] {
			b.sim.Set(sq, want[sq])
			b.pump(gap)
		}
	}
	b.until("the board agreeing with the game", func() bool { return b.s.EBoardState().Diff == 0 })
}

// checkBoard verifies that the board's seat and the game agree: the
// electronic board moves for both sides of a game played here, and a board
// that does not differ stands as the game does.
func (b *boardModel) checkBoard() {
	s := b.s
	if s.Phase() == app.Playing {
		for _, c := range []chess.Color{chess.White, chess.Black} {
			if got := s.Seat(c); got != app.SeatBoard {
				b.fatalf("%v is played by %v while the board is read", c, got)
			}
		}
	}
	if st := s.EBoardState(); st.Connected && st.Diff == 0 && s.Arbiter() != nil && s.Phase() == app.Playing {
		if got, want := b.sim.Pieces(), s.Arbiter().Board(); got != want {
			b.fatalf("the board agrees, but does not stand as the game: %v, the game %v", got, want)
		}
	}
}

// TestSessionModelBoard drives games recorded from a simulated electronic
// board: moves made on the board (castlings, captures en passant and
// promotions too), draw offers and their answers, claims, resignations,
// takebacks in casual games, new games and kill -9 restarts that read the
// board again; after every action and every call of the board, the
// session model's invariants, the journal, and the board's seat hold.
func TestSessionModelBoard(t *testing.T) {
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "ttyDGT"), start.Board(), false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	did := map[string]int{}
	actions := 0
	for seed := uint64(1); seed <= 3; seed++ {
		b := &boardModel{model: &model{t: t, seed: seed, rng: rand.New(rand.NewPCG(seed, 13)), ft: &fakeTime{t: fixedNow()}, jdir: fastDir(t), did: did}, sim: sim}
		b.newSession()
		b.newBoardGame()
		b.connect()
		b.syncBoard()
		for b.step = 0; b.step < 120; b.step++ {
			b.boardAction()
			b.check()
			b.checkBoard()
			actions++
		}
		b.s.DisconnectEBoard()
	}
	t.Logf("%d actions on the board: %v", actions, did)
	for _, name := range []string{"board move", "castling", "offer", "takeback", "restart", "new game"} {
		if did[name] == 0 {
			t.Errorf("%q never happened in %d actions", name, actions)
		}
	}
}

// newBoardGame starts a game without clocks under random rules (clocks
// would wait for a press the board does not make).
func (b *boardModel) newBoardGame() {
	if err := b.s.NewGame(app.NewGameOptions{Rules: arbiter.Rules(b.rng.IntN(3))}); err != nil {
		b.fatalf("new game: %v", err)
	}
	b.baseline = ""
}

// boardAction is one random action of a game recorded from the board.
func (b *boardModel) boardAction() {
	s := b.s
	r := b.rng.IntN(100)
	switch {
	case r < 60: // a move made on the board
		if s.Phase() != app.Playing || s.Promotion() != nil || s.EBoardState().Diff != 0 {
			b.syncBoard()
			return
		}
		p := s.Arbiter().Position()
		ms := p.LegalMoves()
		// Castlings and the special moves, when there are any, half the time.
		var special []chess.Move
		for _, m := range ms {
			if m.IsCastling() || m.Kind() == chess.EnPassant || m.Kind() == chess.Promotion {
				special = append(special, m)
			}
		}
		m := ms[b.rng.IntN(len(ms))]
		if len(special) > 0 && b.rng.IntN(2) == 0 {
			m = special[b.rng.IntN(len(special))]
		}
		plies := s.Game().PlyCount()
		b.play(p, m)
		b.until("the move recorded", func() bool { return s.Game().PlyCount() > plies || s.Status().Over })
		b.did["board move"]++
		if m.IsCastling() {
			b.did["castling"]++
		}
	case r < 68:
		if s.Phase() == app.Playing && s.Can(app.ActionOfferDraw).Enabled {
			if s.OfferDraw(s.Arbiter().Turn()) == nil {
				b.did["offer"]++
			}
		}
	case r < 74:
		if by := s.PendingOffer(); by != chess.NoColor {
			if b.rng.IntN(2) == 0 {
				s.AcceptDraw(by.Other()) // may be refused: too early to agree
			} else if err := s.DeclineDraw(by.Other()); err != nil {
				b.fatalf("decline: %v", err)
			}
		}
	case r < 77:
		if s.Can(app.ActionClaimDraw).Enabled {
			s.ClaimDraw()
		}
	case r < 80:
		if s.Can(app.ActionResign).Enabled {
			if err := s.Resign(chess.Color(b.rng.IntN(2))); err != nil {
				b.fatalf("resign: %v", err)
			}
		}
	case r < 88:
		if s.Can(app.ActionTakeback).Enabled {
			if err := s.Takeback(); err != nil {
				b.fatalf("takeback: %v", err)
			}
			b.did["takeback"]++
			b.syncBoard()
		}
	case r < 94: // a new game, set up on the board
		b.newBoardGame()
		b.did["new game"]++
		b.syncBoard()
	default: // kill -9 and restart: the journal, and the board read again
		e, ok, err := app.LoadJournal(app.NewJournal(b.jdir))
		if err != nil || !ok {
			b.fatalf("journal: %v %v", ok, err)
		}
		s.DisconnectEBoard()
		b.newSession()
		if err := b.s.Restore(e); err != nil {
			b.fatalf("restore: %v", err)
		}
		b.connect()
		b.did["restart"]++
		b.syncBoard()
	}
}
