package app

import (
	"errors"
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

// A decision the score or the clock cannot carry out is never dropped: the
// gesture or action reports it, Err keeps it, and the players are told.
func TestOutOfStep(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 3, 14, 19, 5, 0, 0, time.UTC) }
	blitz := clock.Fischer(3*time.Minute, 2*time.Second)
	tests := []struct {
		name string
		opts NewGameOptions
		// part puts the score or the clock out of step with the arbiter,
		// then acts; it returns the error of the action.
		part func(t *testing.T, s *Session) error
		also error // wrapped besides ErrOutOfStep
	}{
		{"a move the score cannot take", NewGameOptions{}, func(t *testing.T, s *Session) error {
			// The score goes on without the arbiter: e2-e4 no longer fits it.
			n, err := s.game.End().AddMove(chess.NewMove(chess.E2, chess.E4))
			if err != nil {
				t.Fatal(err)
			}
			s.cur = n
			s.Press(chess.E2)
			return s.Drop(chess.E2, chess.E4).Err
		}, chess.ErrIllegalMove},
		{"a clock that is stopped", NewGameOptions{Rules: arbiter.RulesArbiter, Time: &TimeSettings{White: blitz, Black: blitz}}, func(t *testing.T, s *Session) error {
			if _, err := s.live().clock.clk.Stop(); err != nil {
				t.Fatal(err)
			}
			return s.ArbiterAddTime(chess.White, time.Minute)
		}, clock.ErrStopped},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(WithClock(now))
			if err := s.NewGame(tc.opts); err != nil {
				t.Fatal(err)
			}
			if s.Err() != nil {
				t.Fatalf("a new game has Err %v", s.Err())
			}
			err := tc.part(t, s)
			if !errors.Is(err, ErrOutOfStep) || !errors.Is(err, tc.also) {
				t.Fatalf("error %v, want one wrapping ErrOutOfStep and %v", err, tc.also)
			}
			if !errors.Is(s.Err(), ErrOutOfStep) {
				t.Errorf("Err() = %v, want the failure kept", s.Err())
			}
			if s.Status().Message.IsZero() {
				t.Error("the players are not told")
			}
			if err := s.NewGame(NewGameOptions{}); err != nil || s.Err() != nil {
				t.Errorf("a new game: %v, Err %v; want a clean start", err, s.Err())
			}
		})
	}
}
