package arbiter_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// TestSnapshotRestoreKeepsTouchOfferAndCounts takes an arbiter through a
// JSON round trip, as the crash journal does, in the middle of a turn: the
// touched piece stays bound, the pending offer stands and the count of
// illegal moves goes on.
func TestSnapshotRestoreKeepsTouchOfferAndCounts(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesArbiter, arbiter.Settings{})
	want(t, a.Touch(chess.White, chess.E2), arbiter.Accepted)
	want(t, a.Release(chess.E2, chess.E4), arbiter.Moved)
	want(t, a.Press(chess.White), arbiter.Completed)
	// Black completes an illegal move: the first, with its penalty.
	want(t, a.Touch(chess.Black, chess.E7), arbiter.Accepted)
	want(t, a.Release(chess.E7, chess.E4), arbiter.Provisional)
	want(t, a.Press(chess.Black), arbiter.Penalized)
	if a.IllegalMoves(chess.Black) != 1 {
		t.Fatalf("illegal moves of Black = %d, want 1", a.IllegalMoves(chess.Black))
	}
	want(t, a.OfferDraw(chess.Black), arbiter.Accepted)

	data, err := json.Marshal(a.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var sn arbiter.Snapshot
	if err := json.Unmarshal(data, &sn); err != nil {
		t.Fatal(err)
	}
	b, err := arbiter.Restore(sn)
	if err != nil {
		t.Fatalf("Restore: %v", err)
	}
	if !reflect.DeepEqual(b.Snapshot(), a.Snapshot()) {
		t.Fatalf("restored snapshot differs:\n got %+v\nwant %+v", b.Snapshot(), a.Snapshot())
	}
	if b.Obligation().Piece != chess.E7 || b.Offer() != chess.Black || b.IllegalMoves(chess.Black) != 1 {
		t.Fatalf("restored: bound %v, offer %v, illegal %d", b.Obligation().Piece, b.Offer(), b.IllegalMoves(chess.Black))
	}
	// The touched pawn must still move: the knight may not.
	wantReason(t, b.Release(chess.G8, chess.F6), arbiter.Refused, "pawn on e7")
	if pb, pa := b.Position(), a.Position(); pb.FEN() != pa.FEN() {
		t.Fatalf("position %s, want %s", pb.FEN(), pa.FEN())
	}
}

func TestRestoreRejectsBrokenSnapshots(t *testing.T) {
	a := newArbiter(t, "", arbiter.RulesCasual, arbiter.Settings{})
	a.Release(chess.E2, chess.E4)
	good := a.Snapshot()
	for name, change := range map[string]func(*arbiter.Snapshot){
		"bad FEN":      func(s *arbiter.Snapshot) { s.StartFEN = "8/8/8 w" },
		"illegal move": func(s *arbiter.Snapshot) { s.Moves = append(s.Moves, chess.NewMove(chess.E1, chess.E8)) },
		"bad mode":     func(s *arbiter.Snapshot) { s.Mode = 9 },
	} {
		sn := good
		sn.Moves = append([]chess.Move(nil), good.Moves...)
		change(&sn)
		if _, err := arbiter.Restore(sn); err == nil {
			t.Errorf("%s: Restore accepted it", name)
		}
	}
}
