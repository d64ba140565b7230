package app_test

import (
	"errors"
	"testing"

	"touchmove/app"
	"touchmove/core/chess"
	"touchmove/core/msg"
)

// A refused action returns a *RefusedError: errors.Is finds ErrRefused,
// errors.As the action and the players' text, the same as Can gives.
func TestRefusedError(t *testing.T) {
	s := newSession(t)
	tests := []struct {
		action app.Action
		do     func() error
	}{
		{app.ActionUndo, s.Undo},
		{app.ActionRedo, s.Redo},
		{app.ActionConfirmResult, func() error { return s.ConfirmResult(chess.White) }},
		{app.ActionArbiter, s.ArbiterPause},
		{app.ActionRetract, s.RetractProvisional},
		{app.ActionPressClock, func() error { return s.PressClock(chess.Black) }},
	}
	for _, tc := range tests {
		want := s.Can(tc.action)
		if want.Enabled {
			t.Fatalf("action %d is enabled in a fresh session", tc.action)
		}
		err := tc.do()
		var r *app.RefusedError
		if !errors.Is(err, app.ErrRefused) || !errors.As(err, &r) {
			t.Errorf("action %d: error %v, want a *RefusedError", tc.action, err)
			continue
		}
		if r.Action != tc.action || r.Why.Key != want.Why.Key || err.Error() != want.Why.String() {
			t.Errorf("action %d: refused as %+v (%q), want action %d, %q", tc.action, *r, err, tc.action, want.Why)
		}
		// The window finds the text to say in the players' language.
		if got := msg.TextOf(err); got.Key != want.Why.Key {
			t.Errorf("action %d: msg.TextOf gives key %q, want %q", tc.action, got.Key, want.Why.Key)
		}
	}
}
