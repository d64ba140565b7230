package arbiter_test

import (
	"testing"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// A move read from a board against touch-move is made and noted for the
// opponent to claim (rules.md §5.13, issue 45 point 2); the claim takes it
// back and the touches bind again; a touch of the claimant's own loses it.
func TestRule4_8BoardBreach(t *testing.T) {
	const fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1"
	tests := []struct {
		name    string
		touches []chess.Square
		move    string
		note    string
		article string
		bound   chess.Square
	}{
		{"rook then king, castled", []chess.Square{chess.A8, chess.E8}, "O-O-O",
			"rook a8 touched before the king: castling not allowed, Art. 4.4.2 — a claim for White", "4.4.2", chess.A8},
		{"knight touched, pawn moved", []chess.Square{chess.C6}, "a6",
			"knight c6 touched, a6 played: Art. 4.3.1 — a claim for White", "4.3.1", chess.C6},
		{"bishop of White touched, not taken", []chess.Square{chess.C4}, "h6",
			"bishop c4 touched but not captured, h6 played: Art. 4.3.2 — a claim for White", "4.3.2", chess.C4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
			for _, sq := range tt.touches {
				a.Touch(chess.Black, sq)
			}
			m := parse(t, a, tt.move)
			d := want(t, a.BoardMove(m), arbiter.Moved)
			var note arbiter.Event
			for _, e := range d.Events {
				if e.Kind == arbiter.EventBreach {
					note = e
				}
			}
			if note.Comment != tt.note || note.Ply != 1 || note.Article != tt.article {
				t.Fatalf("breach noted %q at ply %d [%s], want %q at ply 1 [%s]", note.Comment, note.Ply, note.Article, tt.note, tt.article)
			}
			if note.Note.IsZero() {
				t.Error("the note has no keyed text for the window")
			}
			if _, ok := a.BreachToClaim(); ok {
				t.Error("claimable before the move is completed")
			}
			want(t, a.Press(chess.Black), arbiter.Completed)
			b, ok := a.BreachToClaim()
			if !ok || b.By != chess.Black || b.Move != m {
				t.Fatalf("BreachToClaim = %+v, %v", b, ok)
			}
			want(t, a.ClaimBreach(chess.Black), arbiter.Refused)
			d = want(t, a.ClaimBreach(chess.White), arbiter.Retracted)
			if a.Turn() != chess.Black || len(a.Moves()) != 0 {
				t.Fatalf("after the claim: %s to move, %d moves", a.Turn(), len(a.Moves()))
			}
			if ob := a.Obligation(); ob.Piece != tt.bound {
				t.Errorf("after the claim %v is bound, want %v (%q)", ob.Piece, tt.bound, ob.Reason.String())
			}
			if _, ok := a.BreachToClaim(); ok {
				t.Error("claimable twice")
			}
		})
	}
	t.Run("lost by a touch of the claimant", func(t *testing.T) {
		a := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
		a.Touch(chess.Black, chess.A8)
		a.Touch(chess.Black, chess.E8)
		want(t, a.BoardMove(parse(t, a, "O-O-O")), arbiter.Moved)
		want(t, a.Press(chess.Black), arbiter.Completed)
		a.Touch(chess.White, chess.A2)
		want(t, a.ClaimBreach(chess.White), arbiter.Refused)
	})
	t.Run("an obliged move is no breach", func(t *testing.T) {
		a := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
		a.Touch(chess.Black, chess.E8)
		a.Touch(chess.Black, chess.A8)
		d := want(t, a.BoardMove(parse(t, a, "O-O-O")), arbiter.Moved)
		for _, e := range d.Events {
			if e.Kind == arbiter.EventBreach {
				t.Errorf("noted %q", e.Comment)
			}
		}
	})
	t.Run("an illegal move is refused", func(t *testing.T) {
		a := newArbiter(t, fen, arbiter.RulesFIDE, arbiter.Settings{})
		want(t, a.BoardMove(chess.NewMove(chess.A8, chess.A1)), arbiter.Refused)
	})
}
