package arbiter_test

import (
	"strings"
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// Every event written to the score carries the keyed message it is the
// English of (design.md §7), so that the window words it in the players'
// language; only the draw offer's "(=)" is a symbol without one.
func TestEventNotes(t *testing.T) {
	check := func(t *testing.T, a *arbiter.Arbiter, wantComments int) {
		t.Helper()
		n := 0
		for _, ev := range a.Events() {
			if ev.Comment == "" {
				continue
			}
			n++
			if ev.Comment == "(=)" {
				if !ev.Note.IsZero() {
					t.Errorf("%v: the offer's symbol has a note %q", ev.Kind, ev.Note.Key)
				}
				continue
			}
			if got := strings.TrimSuffix(ev.Note.String(), "."); got != ev.Comment {
				t.Errorf("%v: comment %q, note %q (%q)", ev.Kind, ev.Comment, got, ev.Note.Key)
			}
		}
		if n != wantComments {
			t.Errorf("%d events with comments, want %d: %v", n, wantComments, a.Events())
		}
	}
	t.Run("arbiter", func(t *testing.T) {
		a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
		want(t, a.AddTime(chess.White, time.Minute), arbiter.Accepted)
		want(t, a.SetTime(chess.Black, 5*time.Minute), arbiter.Accepted)
		want(t, illegalKnight(t, a), arbiter.Penalized)
		play(t, a, "Nf3")
		want(t, a.Touch(chess.Black, chess.G8), arbiter.Accepted)
		want(t, a.CancelTouch(chess.G8), arbiter.Accepted)
		want(t, a.ClaimDraw(chess.Black, chess.NoMove), arbiter.Penalized)
		want(t, a.DeclareResult(chess.White, "", "12.9"), arbiter.Ended)
		check(t, a, 6) // time, time, illegal, cancel, claim, the ruling that ends it
	})
	t.Run("casual", func(t *testing.T) {
		a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
		want(t, a.OfferDraw(chess.White), arbiter.Accepted)
		want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Refused)
		want(t, a.ClaimDraw(chess.White, parse(t, a, "Nf3")), arbiter.Refused)
		check(t, a, 3) // (=), the two claims
	})
}
