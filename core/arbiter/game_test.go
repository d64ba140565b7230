package arbiter_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

func TestCasualTouchBindsNothing(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	d := want(t, a.Touch(chess.White, chess.G1), arbiter.Accepted)
	if d.Bound != chess.NoSquare || len(d.Dests) != 2 {
		t.Fatalf("bound %v dests %v", d.Bound, d.Dests)
	}
	want(t, a.Touch(chess.White, chess.E7), arbiter.Ignored) // not his piece
	want(t, a.Touch(chess.White, chess.B1), arbiter.Accepted)
	want(t, a.Touch(chess.White, chess.A1), arbiter.Refused) // no move: nothing to select
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	want(t, a.Press(chess.White), arbiter.Completed)
	want(t, a.Adjust(), arbiter.Ignored)
	for _, e := range a.Events() {
		if e.Kind == arbiter.EventTouch {
			t.Fatalf("casual touch logged: %v", e)
		}
	}
}

func TestCasualTakeback(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	play(t, a, "e4", "e5")
	d := want(t, a.Takeback(), arbiter.Retracted)
	if d.SAN != "e5" || a.Turn() != chess.Black || len(a.Moves()) != 1 || len(a.History()) != 1 {
		t.Fatalf("after takeback: %q, turn %v, %d moves", d.SAN, a.Turn(), len(a.Moves()))
	}
	// A move on the board, not yet completed, can be taken back too.
	want(t, a.Release(chess.C7, chess.C5), arbiter.Moved)
	want(t, a.Takeback(), arbiter.Retracted)
	want(t, a.Takeback(), arbiter.Retracted) // 1.e4
	if pos := a.Position(); pos.FEN() != chess.StartFEN {
		t.Fatalf("position %s", pos.FEN())
	}
	want(t, a.Takeback(), arbiter.Refused)
	play(t, a, "d4")
}

func TestCasualTakebackReopensMate(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	play(t, a, foolsMate...)
	want(t, a.Takeback(), arbiter.Retracted)
	if a.Over() || a.Turn() != chess.Black {
		t.Fatalf("over %v, turn %v", a.Over(), a.Turn())
	}
	play(t, a, "d6")
	// Resignation cannot be taken back.
	a.Resign(chess.White)
	want(t, a.Takeback(), arbiter.Refused)
}

func TestTakebackOnlyInCasual(t *testing.T) {
	for _, mode := range []arbiter.Rules{arbiter.RulesFIDE, arbiter.RulesArbiter} {
		a := newArbiter(t, "", mode, arbiter.Settings{})
		play(t, a, "e4")
		want(t, a.Takeback(), arbiter.Refused)
	}
}

func TestNewRejectsBadSettings(t *testing.T) {
	start := chess.StartPosition()
	tests := []struct {
		name string
		pos  chess.Position
		mode arbiter.Rules
		set  arbiter.Settings
	}{
		{"unknown mode", start, arbiter.Rules(7), arbiter.Settings{}},
		{"unknown category", start, arbiter.RulesFIDE, arbiter.Settings{Category: clock.Category(9)}},
		{"negative penalty", start, arbiter.RulesFIDE, arbiter.Settings{Penalty: -time.Second}},
		{"negative losing number", start, arbiter.RulesFIDE, arbiter.Settings{LosingIllegalMove: -1}},
		{"negative agreement moves", start, arbiter.RulesFIDE, arbiter.Settings{AgreementAfterMoves: -1}},
		{"claimed flags outside casual", start, arbiter.RulesFIDE, arbiter.Settings{FlagsMustBeClaimed: true}},
		{"empty position", chess.Position{}, arbiter.RulesCasual, arbiter.Settings{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := arbiter.New(tt.pos, nil, tt.mode, tt.set)
			if err == nil || a != nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), "arbiter: ") {
				t.Fatalf("error %q lacks the prefix", err)
			}
		})
	}
}

func TestSettingsDefaults(t *testing.T) {
	tests := []struct {
		cat clock.Category
		pen time.Duration
	}{{clock.Standard, 2 * time.Minute}, {clock.Rapid, time.Minute}, {clock.Blitz, time.Minute}}
	for _, tt := range tests {
		a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{Category: tt.cat})
		s := a.Settings()
		if s.Penalty != tt.pen || s.LosingIllegalMove != 2 || s.AgreementAfterMoves != 1 {
			t.Fatalf("%v: settings %+v", tt.cat, s)
		}
	}
}

func TestHistoryFromEarlierPositions(t *testing.T) {
	// The repetition history handed to New counts: two earlier occurrences
	// of the start position make a claim correct at once.
	start := chess.StartPosition()
	k := start.RepetitionKey()
	a, err := arbiter.New(start, []uint64{k, 1, k, 2}, arbiter.RulesFIDE, arbiter.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	want(t, a.ClaimDraw(chess.White, chess.NoMove), arbiter.Ended)
}

// TestWholeGames plays short games through the API in each mode. A step is
// a SAN move, "!a1b2" for an illegal drop completed by the press (RulesArbiter),
// "?a1b2" for an illegal drop taken back, "=" for a draw offer by the player
// who just moved, or "+" for its acceptance by the other.
func TestWholeGames(t *testing.T) {
	games := []struct {
		name     string
		mode     arbiter.Rules
		fen      string
		steps    []string
		result   string
		term     string
		comments []string
	}{
		{
			name:   "casual scholar's mate",
			mode:   arbiter.RulesCasual,
			steps:  []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"},
			result: "1-0", term: arbiter.TerminationNormal,
			comments: []string{"Checkmate"},
		},
		{
			name:   "tournament: en passant and castling, then agreement",
			mode:   arbiter.RulesFIDE,
			steps:  []string{"e4", "Nf6", "e5", "d5", "exd6", "exd6", "Nf3", "Be7", "Bc4", "O-O", "O-O", "=", "+"},
			result: "1/2-1/2", term: arbiter.TerminationNormal,
			comments: []string{"(=)", "Draw by agreement"},
		},
		{
			name:   "tournament: mate by underpromotion",
			mode:   arbiter.RulesFIDE,
			fen:    "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
			steps:  []string{"c8=R#"},
			result: "1-0", term: arbiter.TerminationNormal,
			comments: []string{"Checkmate"},
		},
		{
			name:   "arbiter: one illegal move each, then mate",
			mode:   arbiter.RulesArbiter,
			steps:  []string{"e4", "!e7e4", "e5", "Bc4", "Nc6", "?d1h6", "!d1h6", "Qh5", "Nf6", "Qxf7#"},
			result: "1-0", term: arbiter.TerminationNormal,
			comments: []string{"Illegal move by Black (1st); White +2:00", "Illegal move by White (1st); Black +2:00", "Checkmate"},
		},
		{
			name:   "arbiter: a second illegal move loses",
			mode:   arbiter.RulesArbiter,
			steps:  []string{"!e2e5", "e4", "e5", "!g1g3"},
			result: "0-1", term: arbiter.TerminationRulesInfraction,
			comments: []string{"Illegal move by White (1st); Black +2:00", "Illegal move by White (2nd): White loses"},
		},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			a := newArbiter(t, g.fen, g.mode, arbiter.Settings{})
			var sans []string
			for _, step := range g.steps {
				by := a.Turn()
				switch {
				case step == "=":
					want(t, a.OfferDraw(by.Other()), arbiter.Accepted)
				case step == "+":
					want(t, a.AcceptDraw(by), arbiter.Ended)
				case step[0] == '!' || step[0] == '?':
					m, err := chess.ParseSquare(step[1:3])
					n, err2 := chess.ParseSquare(step[3:5])
					if err != nil || err2 != nil {
						t.Fatalf("bad step %q", step)
					}
					want(t, a.Release(m, n), arbiter.Provisional)
					if step[0] == '?' {
						want(t, a.Retract(), arbiter.Retracted)
						continue
					}
					a.Press(by)
				default:
					play(t, a, step)
					sans = append(sans, step)
				}
			}
			wantOutcome(t, a, g.result, g.term)
			// The score replays as the same SAN moves.
			var got []string
			replay := newArbiter(t, g.fen, arbiter.RulesCasual, arbiter.Settings{})
			for _, m := range a.Moves() {
				p := replay.Position()
				got = append(got, p.SAN(m))
				makeMove(t, replay, m)
				replay.Press(p.Turn())
			}
			if !slices.Equal(got, sans) {
				t.Fatalf("score %v, want %v", got, sans)
			}
			var comments []string
			for _, e := range a.Events() {
				if e.Comment != "" {
					comments = append(comments, e.Comment)
				}
			}
			if !slices.Equal(comments, g.comments) {
				t.Fatalf("comments %q, want %q", comments, g.comments)
			}
		})
	}
}
