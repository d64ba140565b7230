package app

import (
	"fmt"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/msg"
)

// The arbiter's corrections of a game read from an electronic board (the
// hall's boards, View › Hall): a misread move taken back, the moves the
// board shows replayed into the game, a note in the score. Each is written
// into the game as the arbiter's event, as the arbiter's other rulings are
// (otb.go).

// ArbiterTakeBack takes back the last move recorded, misread by the
// board, as the arbiter's correction: out of the score, the position
// before it standing and its player to move, the ruling written after the
// move before. The board is read again against the game (the e-board
// follows the game's changes): a board still showing the move records it
// again; set right, it agrees.
func (s *Session) ArbiterTakeBack() error {
	g := s.playing()
	if err := s.refused(ActionArbiter); err != nil || g == nil {
		return cmpErr(err, refusal(ActionArbiter, text(mNotLive)))
	}
	var d arbiter.Decision
	var err error
	s.play("misread move taken back", func() {
		s.message = msg.Text{}
		d = g.arb.TakeBackMisread()
		if d.Kind == arbiter.Retracted {
			err = s.takeBackScore(g)
			if err == nil {
				err = s.turnClockBack(g)
			}
		}
		if e := s.applyDecision(d); err == nil {
			err = e
		}
		s.message = d.Reason
		s.changed()
	})
	if err != nil {
		return fmt.Errorf("misread move taken back: %w", err)
	}
	if d.Kind == arbiter.Refused {
		return refusal(ActionArbiter, d.Reason)
	}
	return nil
}

// turnClockBack gives the clock back to the player whose move was taken
// back: his clock runs again, the move counted off; the times stand (the
// arbiter sets them when they must change).
func (s *Session) turnClockBack(g *liveGame) error {
	if !g.timed() {
		return nil
	}
	t := g.clock
	side := clock.Side(g.arb.Turn())
	sn := t.clk.Snapshot()
	if !t.clk.Started() || t.clk.Stopped() || sn.Turn == side {
		return nil
	}
	sn.Turn, sn.TurnUsed = side, 0
	if sn.Moves[side] > 0 {
		sn.Moves[side]--
	}
	paused := t.clk.Paused()
	clk, err := clock.Restore(t.settings.White, t.settings.Black, sn, s.now)
	if err != nil {
		return fmt.Errorf("give the clock back: %w", err)
	}
	if clk.Paused() && !paused {
		if _, err := clk.Resume(); err != nil {
			return fmt.Errorf("give the clock back: %w", err)
		}
	}
	t.clk = clk
	return nil
}

// ArbiterNote writes the arbiter's note into the score after the last move.
func (s *Session) ArbiterNote(note string) error {
	return s.decide(ActionArbiter, "arbiter's note", func(a *arbiter.Arbiter) arbiter.Decision { return a.Note(note) })
}

// ArbiterReplayBoard takes the position the electronic board shows as the
// game's, when one or two legal moves reach it from the game's: they are
// recorded as if read from the board, and the arbiter's ruling is written
// after them. A board that agrees already, or that no two moves reach, is
// refused with the players' words for why.
func (s *Session) ArbiterReplayBoard() error {
	g := s.playing()
	if err := s.refused(ActionArbiter); err != nil || g == nil {
		return cmpErr(err, refusal(ActionArbiter, text(mNotLive)))
	}
	st := s.EBoardState()
	if !st.Connected {
		return s.refuseErr(ActionArbiter, text(mReplayNoBoard))
	}
	from := g.arb.Position()
	if from.Board() == st.Pieces {
		return s.refuseErr(ActionArbiter, text(mReplayAgrees))
	}
	moves, ok := movesTo(from, st.Pieces, 2)
	if !ok {
		return s.refuseErr(ActionArbiter, text(mReplayUnreachable))
	}
	p := from
	sans := ""
	for _, m := range moves {
		if sans != "" {
			sans += " "
		}
		sans += p.SAN(m)
		p.Play(m)
		before := s.game.PlyCount()
		s.RecordMoveAt(m, s.now())
		if s.game.PlyCount() == before {
			return fmt.Errorf("replay %s from the board: %w", sans, s.refuseErr(ActionArbiter, s.Status().Message))
		}
	}
	return s.decide(ActionArbiter, "replayed from the board", func(a *arbiter.Arbiter) arbiter.Decision {
		return a.Note(text(mReplayed, msg.SAN("Line", sans)).String())
	})
}

// cmpErr returns err, or else other.
func cmpErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}

// movesTo returns the legal moves, depth at most, that take from to a
// position whose pieces stand as board; ok is false when none do.
func movesTo(from chess.Position, board [64]chess.Piece, depth int) ([]chess.Move, bool) {
	if depth == 0 {
		return nil, false
	}
	for _, m := range from.LegalMoves() {
		p := from
		p.Play(m)
		if p.Board() == board {
			return []chess.Move{m}, true
		}
	}
	for _, m := range from.LegalMoves() {
		p := from
		p.Play(m)
		if rest, ok := movesTo(p, board, depth-1); ok {
			return append([]chess.Move{m}, rest...), true
		}
	}
	return nil, false
}
