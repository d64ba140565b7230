package arbiter_test

import (
	"slices"
	"testing"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// Tests of rules.md §5 (FIDE Article 4), one per statement.

const (
	// 1.e4 d5 2.Nc3: d5 can be taken by the e-pawn and the knight.
	fenD5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 2"
	// Both sides may castle both ways.
	fenCastle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	// As fenCastle, but a black bishop on a6 covers e2 and f1: no O-O.
	fenNoShortCastle = "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1"
)

func TestRule5_2JAdoube(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Adjust(), arbiter.Accepted)
	if !a.Adjusting() {
		t.Fatal("Adjusting() = false after Adjust")
	}
	d := want(t, a.Touch(chess.White, chess.G1), arbiter.Accepted)
	if d.Bound != chess.NoSquare || len(d.Dests) != 0 {
		t.Fatalf("adjusting touch bound %v, dests %v", d.Bound, d.Dests)
	}
	if a.Adjusting() {
		t.Fatal("j'adoube still armed after the touch")
	}
	// The adjusting touch cannot move the piece …
	wantReason(t, a.Release(chess.G1, chess.F3), arbiter.Refused, "j'adoube")
	// … and creates no obligation.
	if ob := a.Obligation(); ob.Kind != arbiter.Free {
		t.Fatalf("obligation %v after j'adoube", ob.Kind)
	}
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
}

func TestRule5_2JAdoubeToggle(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	a.Adjust()
	a.Adjust()
	if a.Adjusting() {
		t.Fatal("second Adjust did not withdraw j'adoube")
	}
	want(t, a.Touch(chess.White, chess.G1), arbiter.Accepted)
	wantReason(t, a.Release(chess.E2, chess.E4), arbiter.Refused, "knight on g1")
}

func TestRule5_2JAdoubeAfterTouchDoesNotHelp(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Touch(chess.White, chess.G1), arbiter.Accepted)
	want(t, a.Adjust(), arbiter.Accepted)
	wantReason(t, a.Touch(chess.White, chess.G1), arbiter.Accepted, "does not help")
	wantReason(t, a.Release(chess.E2, chess.E4), arbiter.Refused, "knight on g1: it must move")
	want(t, a.Release(chess.G1, chess.F3), arbiter.Moved)
}

func TestRule5_2JAdoubeOnlyByPlayerHavingTheMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Adjust(), arbiter.Accepted) // White's announcement
	want(t, a.Touch(chess.Black, chess.E7), arbiter.Refused)
}

func TestRule5_3ArbiterCancelsAccidentalTouch(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	a.Touch(chess.White, chess.G1)
	d := want(t, a.CancelTouch(chess.G1), arbiter.Accepted)
	if d.Bound != chess.NoSquare {
		t.Fatalf("still bound to %v", d.Bound)
	}
	if c := lastEvent(t, a, arbiter.EventRuling).Comment; c != "Arbiter: touch of the knight on g1 cancelled as accidental" {
		t.Fatalf("comment %q", c)
	}
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)

	b := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	b.Touch(chess.White, chess.G1)
	want(t, b.CancelTouch(chess.G1), arbiter.Refused)
	want(t, b.Release(chess.E2, chess.E4), arbiter.Refused)
}

func TestRule5_4OwnPieceMustMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	d := want(t, a.Touch(chess.White, chess.G1), arbiter.Accepted)
	if d.Bound != chess.G1 || !slices.Equal(d.Dests, []chess.Square{chess.F3, chess.H3}) && !slices.Equal(d.Dests, []chess.Square{chess.H3, chess.F3}) {
		t.Fatalf("bound %v dests %v", d.Bound, d.Dests)
	}
	if d.Article != "4.3.1" {
		t.Fatalf("article %q", d.Article)
	}
	// Selection is locked to the knight: a second touch does not free it.
	wantReason(t, a.Touch(chess.White, chess.B1), arbiter.Refused, "You touched the knight on g1: it must move.")
	wantReason(t, a.Release(chess.B1, chess.C3), arbiter.Refused, "You touched the knight on g1: it must move.")
	wantAllowed(t, a, a.Release(chess.E2, chess.E4), "Nf3", "Nh3")
	want(t, a.Release(chess.G1, chess.F3), arbiter.Moved)
}

func TestRule5_5EnemyPieceMustBeCaptured(t *testing.T) {
	a := newArbiter(t, fenD5, arbiter.RulesFIDE, arbiter.Settings{})
	d := wantReason(t, a.Touch(chess.White, chess.D5), arbiter.Accepted, "You touched the pawn on d5: you must capture it.")
	if d.Bound != chess.D5 || d.Article != "4.3.2" {
		t.Fatalf("bound %v article %q", d.Bound, d.Article)
	}
	wantAllowed(t, a, d, "exd5", "Nxd5")
	wantReason(t, a.Release(chess.G1, chess.F3), arbiter.Refused, "must capture")
	// Any piece that can capture it may: here the knight.
	want(t, a.Release(chess.C3, chess.D5), arbiter.Moved)
}

func TestRule5_6BothColours(t *testing.T) {
	tests := []struct {
		name    string
		touches []chess.Square
		allowed []string
		article string
	}{
		{"own then enemy: capture with the own piece", []chess.Square{chess.C3, chess.D5}, []string{"Nxd5"}, "4.3.3"},
		{"enemy then own: capture with the own piece", []chess.Square{chess.D5, chess.C3}, []string{"Nxd5"}, "4.3.3"},
		{"own cannot capture: the own piece, touched first, moves", []chess.Square{chess.G1, chess.D5}, []string{"Nf3", "Nh3", "Nge2"}, "4.3.3"},
		{"own cannot capture: the enemy piece, touched first, is captured", []chess.Square{chess.D5, chess.G1}, []string{"exd5", "Nxd5"}, "4.3.3"},
		{"immobile own piece first: the enemy piece is captured", []chess.Square{chess.H1, chess.D5}, []string{"exd5", "Nxd5"}, "4.3.3"},
		{"uncapturable enemy piece first: the own piece moves", []chess.Square{chess.E8, chess.G1}, []string{"Nf3", "Nh3", "Nge2"}, "4.3.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, fenD5, arbiter.RulesFIDE, arbiter.Settings{})
			for _, sq := range tt.touches {
				a.Touch(chess.White, sq)
			}
			ob := a.Obligation()
			wantAllowed(t, a, arbiter.Decision{Allowed: ob.Moves}, tt.allowed...)
			if ob.Article != tt.article {
				t.Fatalf("article %q, want %q", ob.Article, tt.article)
			}
			m := parse(t, a, tt.allowed[0])
			want(t, a.Release(m.From(), m.To()), arbiter.Moved)
		})
	}
}

func TestRule5_7KingThenRookMustCastle(t *testing.T) {
	a := newArbiter(t, fenCastle, arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Touch(chess.White, chess.E1), arbiter.Accepted)
	d := wantReason(t, a.Touch(chess.White, chess.H1), arbiter.Accepted, "must castle")
	wantAllowed(t, a, d, "O-O")
	if d.Article != "4.4.1" {
		t.Fatalf("article %q", d.Article)
	}
	want(t, a.Release(chess.E1, chess.F1), arbiter.Refused)
	want(t, a.Release(chess.H1, chess.H5), arbiter.Refused)
	wantMoved(t, a.Release(chess.E1, chess.G1), "O-O")
}

func TestRule5_7IllegalCastlingAnotherKingMove(t *testing.T) {
	a := newArbiter(t, fenNoShortCastle, arbiter.RulesFIDE, arbiter.Settings{})
	a.Touch(chess.White, chess.E1)
	d := wantReason(t, a.Touch(chess.White, chess.H1), arbiter.Accepted, "another king move")
	// Castling with the other rook is a king move too [4.4.3].
	wantAllowed(t, a, d, "Kd1", "Kd2", "Kf2", "O-O-O")
	want(t, a.Release(chess.H1, chess.H2), arbiter.Refused)
	want(t, a.Release(chess.E1, chess.C1), arbiter.Moved)
}

func TestRule5_7KingCannotMoveAnyMove(t *testing.T) {
	// O-O is blocked and the king has no move: any legal move [4.4.3].
	a := newArbiter(t, "4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1", arbiter.RulesFIDE, arbiter.Settings{})
	a.Touch(chess.White, chess.E1)
	a.Touch(chess.White, chess.H1)
	if ob := a.Obligation(); ob.Kind != arbiter.Free || ob.Article != "4.4.3" {
		t.Fatalf("obligation %v [%s]", ob.Kind, ob.Article)
	}
	want(t, a.Release(chess.D2, chess.D4), arbiter.Moved)
}

func TestRule5_8RookThenKingNoCastling(t *testing.T) {
	a := newArbiter(t, fenCastle, arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Touch(chess.White, chess.H1), arbiter.Accepted)
	wantReason(t, a.Touch(chess.White, chess.E1), arbiter.Refused, "no castling on that side")
	if ob := a.Obligation(); ob.Kind != arbiter.MovePiece || ob.Piece != chess.H1 || ob.Article != "4.4.2" {
		t.Fatalf("obligation %+v", ob)
	}
	want(t, a.Release(chess.E1, chess.G1), arbiter.Refused)
	want(t, a.Release(chess.E1, chess.H1), arbiter.Refused)
	want(t, a.Release(chess.H1, chess.G1), arbiter.Moved)
}

func TestRule5_9PromotionChoiceFinal(t *testing.T) {
	const fen = "8/p3P3/8/8/8/8/k7/4K3 w - - 0 1"
	a := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
	d := want(t, a.Release(chess.E7, chess.E8), arbiter.NeedsPromotion)
	wantAllowed(t, a, d, "e8=Q", "e8=R", "e8=B", "e8=N")
	from, to, ok := a.PendingPromotion()
	if !ok || from != chess.E7 || to != chess.E8 {
		t.Fatalf("pending promotion %v %v %v", from, to, ok)
	}
	if b := a.Board(); b[chess.E8] != chess.WhitePawn || b[chess.E7] != chess.NoPiece {
		t.Fatal("board does not show the pawn on e8")
	}
	want(t, a.CancelPromotion(), arbiter.Refused)
	want(t, a.Touch(chess.White, chess.E1), arbiter.Refused)
	want(t, a.Release(chess.E1, chess.D2), arbiter.Refused)
	want(t, a.Promote(chess.King), arbiter.Refused)
	wantMoved(t, a.Promote(chess.Knight), "e8=N")
	want(t, a.Promote(chess.Queen), arbiter.Refused)
	d = want(t, a.Press(chess.White), arbiter.Completed)
	if pos := a.Position(); d.SAN != "e8=N" || pos.PieceAt(chess.E8) != chess.WhiteKnight {
		t.Fatalf("completed %q", d.SAN)
	}
}

func TestRule5_9CasualPromotionCanBeCancelled(t *testing.T) {
	a := newArbiter(t, "8/p3P3/8/8/8/8/k7/4K3 w - - 0 1", arbiter.RulesCasual, arbiter.Settings{})
	want(t, a.Release(chess.E7, chess.E8), arbiter.NeedsPromotion)
	want(t, a.CancelPromotion(), arbiter.PutBack)
	want(t, a.Release(chess.E1, chess.D2), arbiter.Moved)
}

func TestRule5_10ImmobilePieceBindsNothing(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	wantReason(t, a.Touch(chess.White, chess.A1), arbiter.Refused, "binds nothing")
	wantReason(t, a.Touch(chess.White, chess.E7), arbiter.Refused, "binds nothing") // cannot be captured
	if ob := a.Obligation(); ob.Kind != arbiter.Free || ob.Article != "4.5" {
		t.Fatalf("obligation %v [%s]", ob.Kind, ob.Article)
	}
	// The next touched piece that can move binds.
	want(t, a.Touch(chess.White, chess.B1), arbiter.Accepted)
	want(t, a.Release(chess.E2, chess.E4), arbiter.Refused)
	want(t, a.Release(chess.B1, chess.C3), arbiter.Moved)
}

func TestRule5_12ReleaseCompletesMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	if a.Placed() == chess.NoMove {
		t.Fatal("no placed move")
	}
	wantReason(t, a.Release(chess.E4, chess.E5), arbiter.Refused, "cannot be changed")
	wantReason(t, a.Release(chess.E2, chess.E3), arbiter.Refused, "cannot be changed")
	want(t, a.Touch(chess.White, chess.D2), arbiter.Refused)
	if b := a.Board(); b[chess.E4] != chess.WhitePawn || b[chess.E2] != chess.NoPiece {
		t.Fatal("board does not show the move")
	}
	if a.Turn() != chess.White || len(a.Moves()) != 0 {
		t.Fatal("position advanced before the press")
	}
}

func TestRule5_12DroppedBackIsNotAMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	d := want(t, a.Release(chess.G1, chess.G1), arbiter.PutBack)
	if d.Bound != chess.G1 {
		t.Fatalf("bound %v", d.Bound)
	}
	want(t, a.Release(chess.E2, chess.E4), arbiter.Refused)
	want(t, a.Release(chess.G1, chess.H3), arbiter.Moved)
}

func TestRule5_12KingReleasedOnCastlingSquare(t *testing.T) {
	a := newArbiter(t, fenNoShortCastle, arbiter.RulesFIDE, arbiter.Settings{})
	d := wantReason(t, a.Release(chess.E1, chess.G1), arbiter.Refused, "another king move")
	wantAllowed(t, a, d, "Kd1", "Kd2", "Kf2", "O-O-O")
	want(t, a.Release(chess.H1, chess.H5), arbiter.Refused)
	want(t, a.Release(chess.E1, chess.D2), arbiter.Moved)
}

func TestRule5_12CastlingByDroppingOnRook(t *testing.T) {
	a := newArbiter(t, fenCastle, arbiter.RulesFIDE, arbiter.Settings{})
	wantDests(t, want(t, a.Touch(chess.White, chess.E1), arbiter.Accepted), chess.G1, chess.H1, chess.C1, chess.A1)
	wantMoved(t, a.Release(chess.E1, chess.A1), "O-O-O")
}

func TestRule5_12Chess960CastlingOnTheRook(t *testing.T) {
	// King c1, rooks b1 and h1: O-O-O leaves the king on c1 (drop on b1);
	// d1 is an ordinary king move; g1 is O-O.
	a := newArbiter(t, "4k3/8/8/8/8/8/8/1RK4R w HB - 0 1", arbiter.RulesFIDE, arbiter.Settings{})
	wantDests(t, want(t, a.Touch(chess.White, chess.C1), arbiter.Accepted), chess.B1, chess.G1, chess.H1, chess.D1)
	wantMoved(t, a.Release(chess.C1, chess.D1), "Kd1")

	a = newArbiter(t, "4k3/8/8/8/8/8/8/1RK4R w HB - 0 1", arbiter.RulesFIDE, arbiter.Settings{})
	wantMoved(t, a.Release(chess.C1, chess.B1), "O-O-O")
	a = newArbiter(t, "4k3/8/8/8/8/8/8/1RK4R w HB - 0 1", arbiter.RulesFIDE, arbiter.Settings{})
	wantMoved(t, a.Release(chess.C1, chess.G1), "O-O")
}

func TestRule5_14PressCompletesMove(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	want(t, a.Press(chess.White), arbiter.Ignored) // no move: nothing in FIDE mode
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	want(t, a.Press(chess.Black), arbiter.Ignored)
	d := want(t, a.Press(chess.White), arbiter.Completed)
	if !d.Scored || d.SAN != "e4" {
		t.Fatalf("scored %v SAN %q", d.Scored, d.SAN)
	}
	wantClock(t, d, arbiter.ClockAction{Kind: arbiter.ClockPress, Side: chess.White})
	if a.Turn() != chess.Black || len(a.Moves()) != 1 || len(a.History()) != 1 {
		t.Fatalf("turn %v, moves %v, history %d", a.Turn(), a.Moves(), len(a.History()))
	}
	// The obligations of the finished turn are gone.
	if ob := a.Obligation(); ob.Kind != arbiter.Free || len(ob.Moves) != 20 {
		t.Fatalf("obligation %v with %d moves", ob.Kind, len(ob.Moves))
	}
}

func TestRule5_15OpponentCannotTouch(t *testing.T) {
	for _, mode := range []arbiter.Rules{arbiter.RulesCasual, arbiter.RulesFIDE, arbiter.RulesArbiter} {
		t.Run(mode.String(), func(t *testing.T) {
			a := newArbiter(t, "", mode, arbiter.Settings{})
			d := wantReason(t, a.Touch(chess.Black, chess.E7), arbiter.Refused, "White's move")
			if d.Article != "6.2.5" {
				t.Fatalf("article %q", d.Article)
			}
			want(t, a.Release(chess.E7, chess.E5), arbiter.Refused)
			// Black's touch bound nothing for White.
			want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
			// Until White presses, it is still White's move.
			want(t, a.Touch(chess.Black, chess.E7), arbiter.Refused)
		})
	}
}

func TestRule5_2AdjustedPieceFreedByNextTouch(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesFIDE, arbiter.Settings{})
	a.Adjust()
	a.Touch(chess.White, chess.G1) // adjusted
	a.Touch(chess.White, chess.G1) // now touched to move it
	want(t, a.Release(chess.G1, chess.F3), arbiter.Moved)
}
