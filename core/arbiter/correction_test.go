package arbiter_test

import (
	"strings"
	"testing"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// The arbiter takes back a move the board misread: the position before it
// stands, its player has the move, the ruling is logged for the score; a
// note is logged as typed; both are the arbiter's only.
func TestTakeBackMisreadAndNote(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	want(t, a.TakeBackMisread(), arbiter.Refused) // no move yet
	play(t, a, "e4", "e5")
	d := wantReason(t, a.TakeBackMisread(), arbiter.Retracted, "e5 taken back, misread by the board")
	if d.SAN != "e5" || a.Turn() != chess.Black || len(a.Moves()) != 1 {
		t.Errorf("after the takeback: %+v, turn %v, moves %v", d, a.Turn(), a.Moves())
	}
	if ev := d.Events[len(d.Events)-1]; ev.Ply != 1 || ev.Comment != "Arbiter: e5 taken back, misread by the board" {
		t.Errorf("event %+v", ev)
	}
	play(t, a, "c5")
	d = wantReason(t, a.Note("  Board 3 re-set by the arbiter  "), arbiter.Accepted, "Arbiter: Board 3 re-set by the arbiter")
	if ev := d.Events[0]; ev.Ply != 2 || !strings.HasPrefix(ev.Comment, "Arbiter: Board 3") {
		t.Errorf("note %+v", ev)
	}
	want(t, a.Note(" "), arbiter.Refused)
	fide := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, fide, "e4")
	want(t, fide.TakeBackMisread(), arbiter.Refused)
	want(t, fide.Note("x"), arbiter.Refused)
}
