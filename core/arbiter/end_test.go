package arbiter_test

import (
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// Tests of rules.md §3: automatic ends (N1), resignation (3.2), flags
// (3.11), the arbiter's rulings (N3) and the confirmation of the result (§7.2).

// foolsMate is the shortest mate: 1.f3 e5 2.g4 Qh4#.
var foolsMate = []string{"f3", "e5", "g4", "Qh4#"}

func TestRule3N1GameEndingMoveEndsBeforePress(t *testing.T) {
	for _, mode := range []arbiter.Rules{arbiter.RulesCasual, arbiter.RulesFIDE, arbiter.RulesArbiter} {
		t.Run(mode.String(), func(t *testing.T) {
			a := newArbiter(t, "", mode, arbiter.Settings{})
			d := want(t, play(t, a, foolsMate...), arbiter.Ended)
			if !d.Scored || d.SAN != "Qh4#" {
				t.Fatalf("scored %v %q", d.Scored, d.SAN)
			}
			wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPressFinal, Side: chess.Black})
			o := wantOutcome(t, a, "0-1", arbiter.TerminationNormal)
			if o.Reason.String() != "Checkmate" || o.Article != "5.1.1" || o.Winner != chess.Black {
				t.Fatalf("outcome %+v", o)
			}
			if ev := lastEvent(t, a, arbiter.EventEnd); ev.Ply != 4 || ev.Comment != "Checkmate" {
				t.Fatalf("end event %+v", ev)
			}
			// Nothing after it counts.
			want(t, a.Press(chess.Black), arbiter.Ignored)
			want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Refused)
			want(t, a.OfferDraw(chess.White), arbiter.Refused)
			want(t, a.Resign(chess.Black), arbiter.Refused)
			want(t, a.Touch(chess.White, chess.E2), arbiter.Refused)
		})
	}
}

func TestRule3N1StalemateAndDeadPosition(t *testing.T) {
	tests := []struct {
		name, fen, san, reason string
	}{
		{"stalemate", "7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "Qf7", "Stalemate"},
		{"dead position by material", "7k/8/8/8/8/8/5r2/K5B1 w - - 0 1", "Bxf2", "Dead position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, tt.fen, arbiter.RulesFIDE, arbiter.Settings{})
			d := want(t, makeMove(t, a, parse(t, a, tt.san)), arbiter.Ended)
			if d.Outcome.Reason.String() != tt.reason || d.Outcome.Result != chess.Draw {
				t.Fatalf("outcome %+v", d.Outcome)
			}
		})
	}
}

func TestRule3N1StartPositionAlreadyOver(t *testing.T) {
	a := newArbiter(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", arbiter.RulesFIDE, arbiter.Settings{})
	if o := a.Outcome(); o.Reason.String() != "Stalemate" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestRule3_2Resignation(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, "e4")
	// Any time, even on the opponent's turn.
	wantEnded(t, a, a.Resign(chess.White), ending{
		result: "0-1", termination: arbiter.TerminationNormal,
		reason: "White resigns", article: "5.1.2",
		event: arbiter.EventResign, comment: "White resigns",
	})
}

func TestRule3_2ResignationDrawWhenOpponentCannotMate(t *testing.T) {
	// White K+Q, Black K+N: Black cannot mate.
	const fen = "4k3/8/8/8/8/8/3Q4/4K1n1 w - - 0 1"
	a := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Resign(chess.White), arbiter.Ended)
	o := wantOutcome(t, a, "1/2-1/2", arbiter.TerminationNormal)
	if o.Reason.String() != "White resigns, but Black cannot checkmate: draw" {
		t.Fatalf("reason %q", o.Reason.String())
	}
	b := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
	want(t, b.Resign(chess.Black), arbiter.Ended)
	wantOutcome(t, b, "1-0", arbiter.TerminationNormal)
}

func TestRule3_11FlagLoss(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, "e4")
	wantEnded(t, a, a.Flag(chess.Black, false), ending{
		result: "1-0", termination: arbiter.TerminationTimeForfeit,
		reason: "Black lost on time", article: "6.9",
		event: arbiter.EventFlag, comment: "Black lost on time",
	})
}

func TestRule3_11FlagDrawBareKing(t *testing.T) {
	tests := []struct {
		name, fen, result string
	}{
		{"K+Q flags against a bare king: draw", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "1/2-1/2"},
		{"K+Q flags against K+N+P: loss", "4k3/4p3/8/8/8/8/3Q4/4K1n1 w - - 0 1", "0-1"},
		{"K+Q flags against K+N: draw", "4k3/8/8/8/8/8/3Q4/4K1n1 w - - 0 1", "1/2-1/2"},
		{"K+Q flags against K+B: draw", "4k3/8/8/8/8/8/3Q4/4K1b1 w - - 0 1", "1/2-1/2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, tt.fen, arbiter.RulesFIDE, arbiter.Settings{})
			want(t, a.Flag(chess.White, false), arbiter.Ended)
			term := arbiter.TerminationTimeForfeit
			if tt.result == "1/2-1/2" {
				term = arbiter.TerminationNormal // clocks.md §7: a draw on time keeps "normal"
			}
			wantOutcome(t, a, tt.result, term)
		})
	}
}

func TestRule3_11MateBeforeFlagStands(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, foolsMate...)
	d := want(t, a.Flag(chess.Black, false), arbiter.Ignored)
	if d.Article != "6.9" {
		t.Fatalf("article %q", d.Article)
	}
	wantOutcome(t, a, "0-1", arbiter.TerminationNormal)
}

func TestRule3_11BothFlagsFirstDecides(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Flag(chess.Black, false), arbiter.Ended)
	want(t, a.Flag(chess.White, false), arbiter.Ignored)
	wantOutcome(t, a, "1-0", arbiter.TerminationTimeForfeit)
}

func TestRule3_11PeriodMovesCompletedIsNoLoss(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	d := want(t, a.Flag(chess.White, true), arbiter.Accepted)
	if a.Over() || d.Article != "6.4" {
		t.Fatalf("over %v, article %q", a.Over(), d.Article)
	}
	play(t, a, "e4")
}

func TestRule3_11FlagsMustBeClaimed(t *testing.T) {
	s := arbiter.Settings{FlagsMustBeClaimed: true}
	a := newArbiter(t, "", arbiter.RulesCasual, s)
	want(t, a.ClaimFlag(chess.White), arbiter.Refused) // no flag yet
	want(t, a.Flag(chess.Black, false), arbiter.Accepted)
	if a.Over() {
		t.Fatal("an unclaimed flag ended the game")
	}
	play(t, a, "e4") // play goes on
	want(t, a.Flag(chess.White, false), arbiter.Accepted)
	// Black's flag fell first: it decides, whoever claims.
	want(t, a.ClaimFlag(chess.Black), arbiter.Refused)
	want(t, a.ClaimFlag(chess.White), arbiter.Ended)
	wantOutcome(t, a, "1-0", arbiter.TerminationTimeForfeit)

	// A mate before the claim stands.
	b := newArbiter(t, "", arbiter.RulesCasual, s)
	play(t, b, foolsMate[:3]...)
	b.Flag(chess.Black, false)
	play(t, b, foolsMate[3])
	want(t, b.ClaimFlag(chess.White), arbiter.Refused)
	wantOutcome(t, b, "0-1", arbiter.TerminationNormal)

	// Without the option there is nothing to claim.
	c := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	want(t, c.ClaimFlag(chess.White), arbiter.Refused)
}

func TestRule3N3ArbiterDeclaresDeadPosition(t *testing.T) {
	const locked = "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 45"
	a := newArbiter(t, locked, arbiter.RulesArbiter, arbiter.Settings{})
	if a.Over() {
		t.Fatal("a locked position is not dead by material")
	}
	wantEnded(t, a, a.DeclareDeadPosition(45), ending{
		result: "1/2-1/2", termination: arbiter.TerminationAdjudication,
		reason: "Dead position from move 45", article: "5.2.2",
		event: arbiter.EventRuling, comment: "Arbiter: Dead position from move 45",
	})
	b := newArbiter(t, locked, arbiter.RulesFIDE, arbiter.Settings{})
	want(t, b.DeclareDeadPosition(45), arbiter.Refused)
	want(t, b.DeclareResult(chess.White, "forfeit", "6.7"), arbiter.Refused)
}

func TestRule7_2BothConfirmResult(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	want(t, a.ConfirmResult(chess.White), arbiter.Refused) // not over yet
	a.Resign(chess.Black)
	want(t, a.ConfirmResult(chess.White), arbiter.Accepted)
	if a.Confirmed() {
		t.Fatal("confirmed by one player")
	}
	want(t, a.ConfirmResult(chess.White), arbiter.Ignored)
	want(t, a.ConfirmResult(chess.Black), arbiter.Accepted)
	if !a.Confirmed() {
		t.Fatal("not confirmed by both")
	}
	// Arbiter mode may change a confirmed result; it must be confirmed again.
	d := want(t, a.DeclareResult(chess.NoColor, "Resignation withdrawn by mistake was not valid; draw agreed", "8.7"), arbiter.Ended)
	if len(d.Clock) != 0 || a.Confirmed() {
		t.Fatalf("clock %v, confirmed %v", d.Clock, a.Confirmed())
	}
	wantOutcome(t, a, "1/2-1/2", arbiter.TerminationAdjudication)
}

func TestRule8_4ArbiterPausesAndAdjustsClocks(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	d := want(t, a.Pause(), arbiter.Accepted)
	wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPause})
	if !a.Paused() {
		t.Fatal("not paused")
	}
	want(t, a.Pause(), arbiter.Refused)
	want(t, a.Touch(chess.White, chess.E2), arbiter.Refused)
	want(t, a.Release(chess.E2, chess.E4), arbiter.Refused)
	want(t, a.Press(chess.White), arbiter.Refused)

	tests := []struct {
		d       arbiter.Decision
		act     arbiter.ClockAction
		comment string
	}{
		{a.AddTime(chess.Black, time.Minute), arbiter.ClockAction{Kind: arbiter.ClockAddTime, Side: chess.Black, Delta: time.Minute}, "Arbiter: Black +1:00"},
		{a.AddTime(chess.White, -30*time.Second), arbiter.ClockAction{Kind: arbiter.ClockAddTime, Side: chess.White, Delta: -30 * time.Second}, "Arbiter: White -0:30"},
		{a.SetTime(chess.White, 90*time.Minute), arbiter.ClockAction{Kind: arbiter.ClockSetTime, Side: chess.White, Delta: 90 * time.Minute}, "Arbiter: White's clock set to 1:30:00"},
		{a.SetMoves(chess.Black, 40), arbiter.ClockAction{Kind: arbiter.ClockSetMoves, Side: chess.Black, Moves: 40}, "Arbiter: Black's move counter set to 40"},
		{a.Resume(), arbiter.ClockAction{Kind: arbiter.ClockResume}, "Clocks restarted by the arbiter"},
	}
	for _, tt := range tests {
		want(t, tt.d, arbiter.Accepted)
		wantClock(t, tt.d, tt.act)
		if len(tt.d.Events) != 1 || tt.d.Events[0].Comment != tt.comment {
			t.Fatalf("events %+v, want comment %q", tt.d.Events, tt.comment)
		}
	}
	want(t, a.AddTime(chess.White, 0), arbiter.Refused)
	want(t, a.AddTime(chess.NoColor, time.Minute), arbiter.Refused)
	want(t, a.SetTime(chess.White, -time.Second), arbiter.Refused)
	want(t, a.SetMoves(chess.White, -1), arbiter.Refused)
	play(t, a, "e4")

	b := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	for _, d := range []arbiter.Decision{b.Pause(), b.Resume(), b.AddTime(chess.White, time.Minute),
		b.SetTime(chess.White, time.Minute), b.SetMoves(chess.White, 1), b.CancelTouch(chess.E2)} {
		want(t, d, arbiter.Refused)
	}
}
