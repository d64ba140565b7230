package arbiter_test

import (
	"strings"
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// Tests of rules.md §4 (draw offers), §3.5 and §3 N6 (claims).

func TestRule4_1OfferAnyTimeProperTimeNoted(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(a *arbiter.Arbiter)
		by     chess.Color
		ply    int
		timing string
	}{
		{"after the move, before the press", func(a *arbiter.Arbiter) { a.Release(chess.E2, chess.E4) }, chess.White, 1, "at the proper time"},
		{"before the move", func(a *arbiter.Arbiter) {}, chess.White, 1, "before making the move"},
		{"on the opponent's turn", func(a *arbiter.Arbiter) { play(t, a, "e4") }, chess.White, 1, "during Black's turn"},
		{"by Black before his first move", func(a *arbiter.Arbiter) {}, chess.Black, 0, "during White's turn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
			tt.setup(a)
			want(t, a.OfferDraw(tt.by), arbiter.Accepted)
			ev := lastEvent(t, a, arbiter.EventOffer)
			if ev.Comment != "(=)" || ev.Ply != tt.ply || ev.Side != tt.by {
				t.Fatalf("event %+v, want (=) at ply %d", ev, tt.ply)
			}
			if !strings.Contains(ev.Text, tt.timing) {
				t.Fatalf("text %q lacks %q", ev.Text, tt.timing)
			}
			if a.Offer() != tt.by {
				t.Fatalf("pending offer by %v", a.Offer())
			}
		})
	}
}

func TestRule4_2OfferLapsesOnTouch(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	want(t, a.OfferDraw(chess.White), arbiter.Accepted)
	want(t, a.Press(chess.White), arbiter.Completed)
	// Adjusting a piece is not touching it to move it: the offer stands.
	a.Adjust()
	a.Touch(chess.Black, chess.E7)
	a.Release(chess.E7, chess.E7)
	if a.Offer() != chess.White {
		t.Fatal("offer lapsed on j'adoube")
	}
	want(t, a.Touch(chess.Black, chess.E7), arbiter.Accepted)
	if a.Offer() != chess.NoColor {
		t.Fatal("offer still pending after Black touched a piece")
	}
	lastEvent(t, a, arbiter.EventOfferLapsed)
	want(t, a.AcceptDraw(chess.Black), arbiter.Refused)
}

func TestRule4_2OfferCannotBeWithdrawnAndStandsUntilAnswered(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, "e4", "e5")
	want(t, a.OfferDraw(chess.White), arbiter.Accepted)
	// The offerer playing on does not withdraw it.
	play(t, a, "Nf3")
	want(t, a.OfferDraw(chess.White), arbiter.Refused)
	want(t, a.DeclineDraw(chess.White), arbiter.Refused) // not his to decline
	if a.Offer() != chess.White {
		t.Fatal("offer withdrawn")
	}
	want(t, a.DeclineDraw(chess.Black), arbiter.Accepted)
	if a.Offer() != chess.NoColor {
		t.Fatal("offer pending after decline")
	}
	want(t, a.AcceptDraw(chess.Black), arbiter.Refused)
}

func TestRule4_2CasualOfferLapsesOnMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	play(t, a, "e4")
	want(t, a.OfferDraw(chess.White), arbiter.Accepted)
	a.Touch(chess.Black, chess.E7) // a selection, not a move
	if a.Offer() != chess.White {
		t.Fatal("offer lapsed on a casual touch")
	}
	play(t, a, "e5")
	if a.Offer() != chess.NoColor {
		t.Fatal("offer pending after Black moved")
	}
}

func TestRule4_3OfferRecordedOnOfferersMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, "e4")
	want(t, a.Release(chess.E7, chess.E5), arbiter.Moved)
	d := want(t, a.OfferDraw(chess.Black), arbiter.Accepted)
	if len(d.Events) != 1 || d.Events[0].Comment != "(=)" || d.Events[0].Ply != 2 {
		t.Fatalf("events %+v, want (=) on ply 2 (1...e5)", d.Events)
	}
}

func TestRule4_4AgreementNeedsBothMoved(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	a.OfferDraw(chess.White)
	wantReason(t, a.AcceptDraw(chess.Black), arbiter.Refused, "both players")
	if a.Offer() != chess.White {
		t.Fatal("a refused acceptance cancelled the offer")
	}
	a.Press(chess.White)
	a.DeclineDraw(chess.Black)
	want(t, a.Release(chess.E7, chess.E5), arbiter.Moved)
	want(t, a.OfferDraw(chess.Black), arbiter.Accepted)
	// Accepted before Black pressed: his move stands and enters the score.
	d := want(t, a.AcceptDraw(chess.White), arbiter.Ended)
	if !d.Scored || d.SAN != "e5" {
		t.Fatalf("scored %v %q", d.Scored, d.SAN)
	}
	wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockStop})
	o := wantOutcome(t, a, "1/2-1/2", arbiter.TerminationNormal)
	if o.Reason.String() != "Draw by agreement" || o.Article != "5.2.3, 9.1.1" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestRule4_4AgreementFromMoveN(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{AgreementAfterMoves: 3})
	play(t, a, "e4", "e5", "Nf3", "Nc6")
	a.OfferDraw(chess.White)
	wantReason(t, a.AcceptDraw(chess.Black), arbiter.Refused, "3 moves")
	play(t, a, "Bb5", "a6") // Black's touch lapsed the offer
	want(t, a.AcceptDraw(chess.Black), arbiter.Refused)
	a.OfferDraw(chess.White)
	want(t, a.AcceptDraw(chess.Black), arbiter.Ended)
}

func TestRule4_4OnePendingOffer(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, "e4", "e5")
	want(t, a.OfferDraw(chess.White), arbiter.Accepted)
	wantReason(t, a.OfferDraw(chess.Black), arbiter.Refused, "accept or decline")
	want(t, a.OfferDraw(chess.White), arbiter.Refused)
}

// The knights go out and back twice: the start position occurs for the third
// time after 8 plies, White to move.
var knightDance = []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}

func TestRule3N6ClaimThreefoldCorrect(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance...)
	d := want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Ended)
	wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPause}, arbiter.ClockAction{Kind: arbiter.ClockStop})
	o := wantOutcome(t, a, "1/2-1/2", arbiter.TerminationNormal)
	if o.Article != "9.2" {
		t.Fatalf("article %q", o.Article)
	}
	if c := lastEvent(t, a, arbiter.EventClaim).Comment; c != "Threefold repetition claimed by White: correct" {
		t.Fatalf("comment %q", c)
	}
}

func TestRule3N6ClaimThreefoldWrong(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  arbiter.Settings
		pen  time.Duration
	}{
		{"standard", arbiter.Settings{}, 2 * time.Minute},
		{"rapid", arbiter.Settings{Category: 1}, time.Minute},
		{"blitz", arbiter.Settings{Category: 2}, time.Minute},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, "", arbiter.RulesFIDE, tt.set)
			play(t, a, knightDance[:4]...) // only twice
			d := want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Penalized)
			wantClock(t, d,
				arbiter.ClockAction{Kind: arbiter.ClockPause},
				arbiter.ClockAction{Kind: arbiter.ClockPenalty, Side: chess.Black, Delta: tt.pen},
				arbiter.ClockAction{Kind: arbiter.ClockResume})
			ev := lastEvent(t, a, arbiter.EventClaim)
			if want := "Draw claimed by White: incorrect; Black +" + map[time.Duration]string{time.Minute: "1:00", 2 * time.Minute: "2:00"}[tt.pen]; ev.Comment != want {
				t.Fatalf("comment %q, want %q", ev.Comment, want)
			}
			if a.Over() {
				t.Fatal("game over after a wrong claim")
			}
			// The claim cannot be repeated on this move; play goes on.
			want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Refused)
			play(t, a, "e4")
		})
	}
}

func TestRule3N6ClaimCountsAsOffer(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance[:4]...)
	want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Penalized)
	if a.Offer() != chess.White {
		t.Fatalf("offer by %v, want the claimant", a.Offer())
	}
	want(t, a.AcceptDraw(chess.Black), arbiter.Ended)
	wantOutcome(t, a, "1/2-1/2", arbiter.TerminationNormal)
}

func TestRule3N6ClaimWithDeclaredMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance[:7]...)
	// Black declares Ng8, which repeats the start position a third time.
	m := parse(t, a, "Ng8")
	d := want(t, a.ClaimDraw(chess.Black, m), arbiter.Ended)
	if !d.Scored || d.Move != m || d.SAN != "Ng8" {
		t.Fatalf("declared move not scored: %+v", d)
	}
	if len(a.Moves()) != 8 {
		t.Fatalf("%d moves in the score, want 8", len(a.Moves()))
	}
	if c := lastEvent(t, a, arbiter.EventClaim).Comment; c != "Threefold repetition claimed by Black with Ng8: correct" {
		t.Fatalf("comment %q", c)
	}
}

func TestRule3N6WrongClaimDeclaredMoveMustBePlayed(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance[:7]...)
	m := parse(t, a, "Nc6")
	d := wantReason(t, a.ClaimDraw(chess.Black, m), arbiter.Penalized, "You must play Nc6")
	wantAllowed(t, a, d, "Nc6")
	wantReason(t, a.Release(chess.E7, chess.E5), arbiter.Refused, "you must play it")
	want(t, a.Release(chess.B8, chess.C6), arbiter.Moved)
}

func TestRule3N6FiftyMove(t *testing.T) {
	const fen99 = "8/8/4k3/8/8/4K3/8/R7 w - - 99 80"
	a := newArbiter(t, fen99, arbiter.RulesFIDE, arbiter.Settings{})
	// Now only 99 plies: a claim about the present position is wrong …
	want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Penalized)

	// … but declaring a quiet move reaches 100.
	a = newArbiter(t, fen99, arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.ClaimDraw(chess.White, parse(t, a, "Ra2")), arbiter.Ended)
	if o := a.Outcome(); o.Article != "9.3" || o.Reason.String() != "50-move rule claimed by White with Ra2: correct" {
		t.Fatalf("outcome %+v", o)
	}

	a = newArbiter(t, "8/8/4k3/8/8/4K3/8/R7 w - - 100 80", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Ended)
}

func TestRule3N6TouchLosesClaim(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance...)
	a.Touch(chess.White, chess.A1) // even a piece that cannot move
	d := wantReason(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Refused, "lost the right")
	if d.Article != "9.4" {
		t.Fatalf("article %q", d.Article)
	}
	// j'adoube does not lose it.
	b := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, b, knightDance...)
	b.Adjust()
	b.Touch(chess.White, chess.A1)
	want(t, b.ClaimDraw(chess.White, chess.NoMove), arbiter.Ended)
}

func TestRule3N6OnlyPlayerHavingTheMoveClaims(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance...)
	want(t, a.ClaimDraw(chess.Black, chess.NoMove), arbiter.Refused)
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	wantReason(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Refused, "before making it")
}

func TestRule3N6CasualWrongClaimNoPenalty(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	play(t, a, "e4")
	d := want(t, a.ClaimDraw(chess.Black, chess.NoMove), arbiter.Refused)
	if len(d.Clock) != 0 {
		t.Fatalf("clock actions %v in a casual game", d.Clock)
	}
	play(t, a, "e5")
}

func TestRule3N6FivefoldEndsByItself(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	play(t, a, knightDance...)
	play(t, a, knightDance[:7]...)
	d := play(t, a, "Ng8") // the fifth occurrence ends the game at the release
	want(t, d, arbiter.Ended)
	wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPressFinal, Side: chess.Black})
	if !d.Scored || d.Outcome.Reason.String() != "Fivefold repetition" || d.Outcome.Article != "9.6.1" {
		t.Fatalf("decision %+v", d)
	}
}

func TestRule3_5DrawAgreementResult(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	play(t, a, "d4", "d5")
	want(t, a.OfferDraw(chess.Black), arbiter.Accepted)
	d := want(t, a.AcceptDraw(chess.White), arbiter.Ended)
	if d.Outcome.Result != chess.Draw || d.Scored {
		t.Fatalf("decision %+v", d)
	}
	if c := lastEvent(t, a, arbiter.EventAgreement).Comment; c != "Draw by agreement" {
		t.Fatalf("closing comment %q", c)
	}
}
