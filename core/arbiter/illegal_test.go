package arbiter_test

import (
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

// Tests of rules.md §6 (illegal moves, Article 7.5).

// illegalKnight drops the g1 knight on g4 and presses the clock.
func illegalKnight(t *testing.T, a *arbiter.Arbiter) arbiter.Decision {
	t.Helper()
	want(t, a.Release(chess.G1, chess.G4), arbiter.Provisional)
	return a.Press(chess.White)
}

func TestRule6_1ReplacementMoveSamePiece(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	d := want(t, illegalKnight(t, a), arbiter.Penalized)
	if pos := a.Position(); pos.FEN() != chess.StartFEN || len(a.Moves()) != 0 {
		t.Fatalf("position not restored: %s", pos.FEN())
	}
	// The knight was touched: it must make the replacement move [7.5.1, 4.3].
	if d.Bound != chess.G1 {
		t.Fatalf("bound %v", d.Bound)
	}
	wantReason(t, a.Release(chess.E2, chess.E4), arbiter.Refused, "knight on g1")
	want(t, a.Release(chess.G1, chess.F3), arbiter.Moved)
}

func TestRule6_1ReplacementAnyMoveWhenPieceCannotMove(t *testing.T) {
	// The e2 knight is pinned by the e8 rook: its illegal move leaves White
	// free to make any move.
	a := newArbiter(t, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", arbiter.RulesArbiter, arbiter.Settings{})
	want(t, a.Release(chess.E2, chess.C3), arbiter.Provisional)
	d := want(t, a.Press(chess.White), arbiter.Penalized)
	if d.Bound != chess.NoSquare {
		t.Fatalf("bound %v", d.Bound)
	}
	want(t, a.Release(chess.E1, chess.D2), arbiter.Moved)
}

func TestRule6_1IllegalCastlingThenKingMove(t *testing.T) {
	a := newArbiter(t, fenNoShortCastle, arbiter.RulesArbiter, arbiter.Settings{})
	d := want(t, a.Release(chess.E1, chess.G1), arbiter.Provisional)
	if b := a.Board(); b[chess.G1] != chess.WhiteKing || b[chess.F1] != chess.WhiteRook {
		t.Fatal("board does not show the provisional castling")
	}
	if !d.Move.IsCastling() {
		t.Fatalf("provisional move %v", d.Move)
	}
	d = want(t, a.Press(chess.White), arbiter.Penalized)
	wantAllowed(t, a, d, "Kd1", "Kd2", "Kf2", "O-O-O")
	want(t, a.Release(chess.H1, chess.H5), arbiter.Refused)
	want(t, a.Release(chess.E1, chess.D1), arbiter.Moved)
}

func TestRule6_1PressWithoutMoveIsIllegal(t *testing.T) {
	for _, tt := range []struct {
		mode arbiter.Rules
		kind arbiter.Kind
	}{
		{arbiter.RulesCasual, arbiter.Ignored},
		{arbiter.RulesFIDE, arbiter.Ignored},
		{arbiter.RulesArbiter, arbiter.Penalized},
	} {
		t.Run(tt.mode.String(), func(t *testing.T) {
			a := newArbiter(t, "", tt.mode, arbiter.Settings{})
			d := want(t, a.Press(chess.White), tt.kind)
			if tt.kind == arbiter.Penalized {
				if a.IllegalMoves(chess.White) != 1 || d.Article != "7.5.3, 7.5.5" {
					t.Fatalf("count %d, article %q", a.IllegalMoves(chess.White), d.Article)
				}
				wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPenalty, Side: chess.Black, Delta: 2 * time.Minute})
			}
			if a.Turn() != chess.White {
				t.Fatal("the turn passed without a move")
			}
		})
	}
}

func TestRule6_1PressBeforePromotionMakesQueen(t *testing.T) {
	a := newArbiter(t, "8/p3P3/8/8/8/8/k7/4K3 w - - 0 1", arbiter.RulesArbiter, arbiter.Settings{})
	want(t, a.Release(chess.E7, chess.E8), arbiter.NeedsPromotion)
	d := want(t, a.Press(chess.White), arbiter.Penalized)
	if !d.Scored || d.SAN != "e8=Q" {
		t.Fatalf("scored %v %q", d.Scored, d.SAN)
	}
	wantClock(t, d,
		arbiter.ClockAction{Kind: arbiter.ClockPenalty, Side: chess.Black, Delta: 2 * time.Minute},
		arbiter.ClockAction{Kind: arbiter.ClockPress, Side: chess.White})
	if pos := a.Position(); pos.PieceAt(chess.E8) != chess.WhiteQueen || a.Turn() != chess.Black {
		t.Fatal("the pawn did not become a queen")
	}
	if a.IllegalMoves(chess.White) != 1 {
		t.Fatal("not counted as an illegal move")
	}
	// In FIDE mode without an arbiter the press just waits for the piece.
	b := newArbiter(t, "8/p3P3/8/8/8/8/k7/4K3 w - - 0 1", arbiter.RulesFIDE, arbiter.Settings{})
	b.Release(chess.E7, chess.E8)
	want(t, b.Press(chess.White), arbiter.Refused)
}

func TestRule6_2FirstIllegalMovePenalty(t *testing.T) {
	tests := []struct {
		name    string
		set     arbiter.Settings
		comment string
		delta   time.Duration
		article string
	}{
		{"standard", arbiter.Settings{Category: clock.Standard}, "Illegal move by White (1st); Black +2:00", 2 * time.Minute, "7.5.1, 7.5.5"},
		{"rapid", arbiter.Settings{Category: clock.Rapid}, "Illegal move by White (1st); Black +1:00", time.Minute, "7.5.1, 7.5.5, A.3"},
		{"blitz", arbiter.Settings{Category: clock.Blitz}, "Illegal move by White (1st); Black +1:00", time.Minute, "7.5.1, 7.5.5, B.3"},
		{"set by the event", arbiter.Settings{Penalty: 90 * time.Second}, "Illegal move by White (1st); Black +1:30", 90 * time.Second, "7.5.1, 7.5.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, "", arbiter.RulesArbiter, tt.set)
			d := want(t, illegalKnight(t, a), arbiter.Penalized)
			wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPenalty, Side: chess.Black, Delta: tt.delta})
			ev := lastEvent(t, a, arbiter.EventIllegalMove)
			if ev.Comment != tt.comment || ev.Ply != 0 || ev.Article != tt.article || d.Article != tt.article {
				t.Fatalf("event %+v", ev)
			}
			if a.IllegalMoves(chess.White) != 1 || a.IllegalMoves(chess.Black) != 0 {
				t.Fatal("wrong counters")
			}
		})
	}
}

func TestRule6_2SecondIllegalMoveLoses(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	want(t, illegalKnight(t, a), arbiter.Penalized)
	play(t, a, "Nf3")
	want(t, a.Release(chess.E7, chess.E4), arbiter.Provisional)
	want(t, a.Press(chess.Black), arbiter.Penalized) // Black's first
	play(t, a, "e5")
	// White's second.
	want(t, a.Release(chess.F3, chess.F6), arbiter.Provisional)
	const loses = "Illegal move by White (2nd): White loses"
	wantEnded(t, a, a.Press(chess.White), ending{
		result: "0-1", termination: arbiter.TerminationRulesInfraction,
		reason: loses, article: "7.5.1, 7.5.5",
		event: arbiter.EventIllegalMove, comment: loses,
	})
}

func TestRule6_2SecondIllegalMoveDrawWhenOpponentCannotMate(t *testing.T) {
	// White has a queen; Black only his king: Black cannot mate.
	a := newArbiter(t, "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", arbiter.RulesArbiter, arbiter.Settings{})
	for i := 0; i < 2; i++ {
		want(t, a.Release(chess.D2, chess.E4), arbiter.Provisional) // not a queen move
		a.Press(chess.White)
	}
	o := wantOutcome(t, a, "1/2-1/2", arbiter.TerminationRulesInfraction)
	if o.Reason.String() != "Illegal move by White (2nd): draw, Black cannot checkmate" {
		t.Fatalf("reason %q", o.Reason.String())
	}
}

func TestRule6_2OlderRuleThirdIllegalMoveLoses(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{LosingIllegalMove: 3})
	for i := 1; i <= 2; i++ {
		want(t, a.Press(chess.White), arbiter.Penalized)
	}
	if c := lastEvent(t, a, arbiter.EventIllegalMove).Comment; c != "Illegal move by White (2nd, clock pressed without a move); Black +2:00" {
		t.Fatalf("comment %q", c)
	}
	want(t, a.Press(chess.White), arbiter.Ended)
	wantOutcome(t, a, "0-1", arbiter.TerminationRulesInfraction)
}

func TestRule6_3AppActsAtOnce(t *testing.T) {
	// The app always observes: the penalty comes with the press, before the
	// opponent moves, even in Blitz [A.5.2].
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{Category: clock.Blitz})
	d := want(t, illegalKnight(t, a), arbiter.Penalized)
	if a.Turn() != chess.White || len(d.Clock) != 1 {
		t.Fatalf("turn %v, clock %v", a.Turn(), d.Clock)
	}
}

func TestRule6_4IllegalDropRefusedWithoutArbiter(t *testing.T) {
	for _, mode := range []arbiter.Rules{arbiter.RulesCasual, arbiter.RulesFIDE} {
		t.Run(mode.String(), func(t *testing.T) {
			a := newArbiter(t, "", mode, arbiter.Settings{})
			wantReason(t, a.Release(chess.G1, chess.G4), arbiter.Refused, "That move is illegal.")
			if a.ProvisionalMove() != chess.NoMove || a.Board() != positionBoard(a) {
				t.Fatal("an illegal move reached the board")
			}
			// The touch obligation stays in FIDE mode only.
			d := a.Release(chess.E2, chess.E4)
			if mode == arbiter.RulesFIDE {
				want(t, d, arbiter.Refused)
			} else {
				want(t, d, arbiter.Moved)
			}
			if n := a.IllegalMoves(chess.White); n != 0 {
				t.Fatalf("%d illegal moves counted", n)
			}
		})
	}
}

func TestRule6_4ProvisionalIllegalMoveTakenBack(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	d := wantReason(t, a.Release(chess.G1, chess.G4), arbiter.Provisional, "That move is illegal.")
	if d.Move != chess.NewMove(chess.G1, chess.G4) || a.ProvisionalMove() != d.Move {
		t.Fatalf("provisional %v", d.Move)
	}
	if b := a.Board(); b[chess.G4] != chess.WhiteKnight || b[chess.G1] != chess.NoPiece {
		t.Fatal("board does not show the provisional move")
	}
	if pos := a.Position(); pos.FEN() != chess.StartFEN {
		t.Fatal("the provisional move was applied")
	}
	want(t, a.Release(chess.E2, chess.E4), arbiter.Refused)
	want(t, a.Retract(), arbiter.Retracted)
	if a.Board() != positionBoard(a) {
		t.Fatal("board still shows the illegal move")
	}
	want(t, a.Retract(), arbiter.Refused)
	// Touch-move still binds the knight.
	want(t, a.Release(chess.E2, chess.E4), arbiter.Refused)
	want(t, a.Release(chess.G1, chess.F3), arbiter.Moved)
	want(t, a.Press(chess.White), arbiter.Completed)
	if a.IllegalMoves(chess.White) != 0 {
		t.Fatal("a retracted move was counted")
	}
}

func TestRule6_4IllegalDropWithOtherPieceIsTouchMoveBreach(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	a.Touch(chess.White, chess.G1)
	// An illegal drop of another piece is refused by touch-move, not shown.
	wantReason(t, a.Release(chess.B1, chess.B4), arbiter.Refused, "knight on g1")
	if a.ProvisionalMove() != chess.NoMove {
		t.Fatal("provisional move from an unbound piece")
	}
}

func positionBoard(a *arbiter.Arbiter) [64]chess.Piece {
	pos := a.Position()
	return pos.Board()
}
