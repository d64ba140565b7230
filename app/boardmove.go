package app

import (
	"fmt"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/msg"
)

// RecordMoveAt records the move m that stands on an electronic board, made
// at the instant at (PlayMoveAt). In a game under touch-move rules the board
// cannot refuse what the hands did: a move against the touches of the turn
// is made all the same, with the breach noted in the score and on the
// message line, for the opponent to claim (ClaimTouchMove) until he touches
// a piece [4.8] (rules.md §5.13). Elsewhere it is PlayMoveAt.
func (s *Session) RecordMoveAt(m chess.Move, at time.Time) Feedback {
	g := s.playing()
	if g == nil || g.arb.Rules() == arbiter.RulesCasual || s.promo != nil {
		return s.PlayMoveAt(m, at)
	}
	return s.stamped(at, func() Feedback {
		return s.gesture("move", func() Feedback {
			a := g.arb
			mover := a.Turn()
			var before *clock.Snapshot // the clocks to turn back to, if they run
			if c := g.clock; g.timed() && c.clk.Started() && !c.clk.Paused() && !c.clk.Stopped() {
				sn := c.clk.Snapshot()
				before = &sn
			}
			d := a.BoardMove(m)
			s.selected, g.dests = chess.NoSquare, 0
			fb := s.afterRelease(mover, d)
			if breach(d) {
				g.breachClock = before
				s.message = d.Reason
			}
			return fb
		})
	})
}

// breach reports whether d made a move against touch-move.
func breach(d arbiter.Decision) bool {
	for _, e := range d.Events {
		if e.Kind == arbiter.EventBreach {
			return true
		}
	}
	return false
}

// TouchMoveClaim returns the touch-move breach read from the board that
// the player having the move may claim now, if any.
func (s *Session) TouchMoveClaim() (arbiter.Breach, bool) {
	g := s.playing()
	if g == nil {
		return arbiter.Breach{}, false
	}
	return g.arb.BreachToClaim()
}

// ClaimTouchMove is the claim by player by of the opponent's touch-move
// breach read from the board (TouchMoveClaim). Upheld, the move is taken
// back as an arbiter's correction: out of the score, the clocks back to the
// breaching player as they stood when he made it, his touches binding
// again (the rook touched first must move), and the ruling written in the
// score. A claim with nothing to claim is refused (a RefusedError of
// ActionClaimDraw).
func (s *Session) ClaimTouchMove(by chess.Color) error {
	g := s.playing()
	if g == nil {
		return refusal(ActionClaimDraw, text(mNotLive))
	}
	var d arbiter.Decision
	var err error
	s.play("touch-move claim", func() {
		s.message = msg.Text{}
		d = g.arb.ClaimBreach(by)
		if d.Kind == arbiter.Retracted {
			err = s.takeBackBreach(g)
		}
		if e := s.applyDecision(d); err == nil {
			err = e
		}
		s.message = d.Reason
		s.changed()
	})
	if err != nil {
		return fmt.Errorf("touch-move claim: %w", err)
	}
	if d.Kind == arbiter.Refused {
		return refusal(ActionClaimDraw, d.Reason)
	}
	return nil
}

// takeBackScore takes the last move out of the score, after the arbiter
// took it back.
func (s *Session) takeBackScore(g *liveGame) error {
	end := s.game.End()
	if end.IsRoot() || end == g.base {
		return fmt.Errorf("%w: no move to take back", ErrOutOfStep)
	}
	s.cur = end.Parent()
	end.Delete()
	s.resetGesture()
	s.treeChanged()
	return nil
}

// takeBackBreach takes the last move out of the score and turns the clocks
// back to before it, after the arbiter upheld a claim of it.
func (s *Session) takeBackBreach(g *liveGame) error {
	if err := s.takeBackScore(g); err != nil {
		return err
	}
	sn := g.breachClock
	g.breachClock = nil
	if !g.timed() || sn == nil {
		return nil
	}
	t := g.clock
	clk, err := clock.Restore(t.settings.White, t.settings.Black, *sn, s.now)
	if err != nil {
		return fmt.Errorf("turn the clocks back: %w", err)
	}
	if clk.Paused() {
		if _, err := clk.Resume(); err != nil {
			return fmt.Errorf("turn the clocks back: %w", err)
		}
	}
	t.clk = clk
	return nil
}
