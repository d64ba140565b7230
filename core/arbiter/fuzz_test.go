package arbiter_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// drive runs the calls encoded in data on a new Arbiter and checks the
// invariants after each: no panic, a legal position, a history as long as
// the score, a well-formed result, and a board equal to the position when no
// move is on it.
func drive(t *testing.T, data []byte) {
	if len(data) == 0 {
		return
	}
	a, err := arbiter.New(chess.StartPosition(), nil, arbiter.Rules(data[0]%3), arbiter.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	next := func(i *int) byte {
		*i++
		if *i < len(data) {
			return data[*i]
		}
		return 0
	}
	for i := 1; i < len(data); i++ {
		op := data[i]
		x, y := next(&i), next(&i)
		c := chess.Color(x % 3) // sometimes NoColor
		sq, to := chess.Square(x%70), chess.Square(y%70)
		var d arbiter.Decision
		switch op % 24 {
		case 0, 1, 2:
			d = a.Touch(a.Turn(), sq)
		case 3, 4, 5, 6:
			d = a.Release(sq, to)
		case 7:
			// A legal move of the player on move, so games get somewhere.
			pos := a.Position()
			if ms := pos.LegalMoves(); len(ms) > 0 {
				m := ms[int(x)%len(ms)]
				a.Touch(a.Turn(), m.From())
				d = a.Release(m.From(), dropSquare(m))
			}
		case 8:
			d = a.Promote(chess.PieceType(x % 8))
		case 9, 10:
			d = a.Press(c)
		case 11:
			d = a.Adjust()
		case 12:
			d = a.Retract()
		case 13:
			d = a.OfferDraw(c)
		case 14:
			d = a.AcceptDraw(c)
		case 15:
			d = a.DeclineDraw(c)
		case 16:
			d = a.ClaimDraw(c, chess.Move(uint16(x)<<8|uint16(y)))
		case 17:
			d = a.Takeback()
		case 18:
			d = a.CancelPromotion()
		case 19:
			d = a.CancelTouch(sq)
		case 20:
			switch y % 6 {
			case 0:
				d = a.Pause()
			case 1:
				d = a.Resume()
			case 2:
				d = a.AddTime(c, time.Duration(int8(x))*time.Second)
			case 3:
				d = a.SetMoves(c, int(int8(x)))
			default:
				d = a.ConfirmResult(c)
			}
		case 21:
			if y%8 == 0 {
				d = a.Flag(c, x%2 == 0)
			}
		case 22:
			if y%16 == 0 {
				d = a.Resign(c)
			}
		case 23:
			if y%16 == 0 {
				d = a.DeclareResult(c, "test", "")
			}
		}
		check(t, a, d)
	}
}

func check(t *testing.T, a *arbiter.Arbiter, d arbiter.Decision) {
	t.Helper()
	pos := a.Position()
	if _, err := chess.FromFEN(pos.FEN()); err != nil {
		t.Fatalf("illegal position %s: %v", pos.FEN(), err)
	}
	if len(a.History()) != len(a.Moves()) {
		t.Fatalf("history %d, moves %d", len(a.History()), len(a.Moves()))
	}
	if o := a.Outcome(); o.Result > chess.Draw {
		t.Fatalf("result %d", o.Result)
	}
	if d.Over() && !a.Over() {
		t.Fatal("decision ended a game that goes on")
	}
	if d.Kind == arbiter.Refused && d.Reason.String() == "" {
		t.Fatal("refusal without a reason")
	}
	checkText(t, d.Reason)
	checkText(t, d.Outcome.Reason)
	_, _, promo := a.PendingPromotion()
	if a.Placed() == chess.NoMove && a.ProvisionalMove() == chess.NoMove && !promo && a.Board() != pos.Board() {
		t.Fatal("board differs from the position with no move on it")
	}
	for _, m := range d.Allowed {
		if !pos.IsLegal(m) {
			t.Fatalf("allowed move %v is illegal", m)
		}
	}
}

func FuzzArbiter(f *testing.F) {
	f.Add([]byte{0, 7, 1, 2, 9, 0, 0, 7, 3, 4, 10, 1, 1})
	f.Add([]byte{1, 0, 6, 0, 3, 6, 21, 11, 0, 0, 0, 12, 9, 0, 7, 9, 0})
	f.Add([]byte{2, 3, 6, 30, 9, 0, 0, 12, 0, 0, 20, 0, 0, 16, 0, 0})
	f.Fuzz(drive)
}

// TestRandomCalls drives many arbiters with random calls.
func TestRandomCalls(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 300
	if testing.Short() {
		n = 30
	}
	data := make([]byte, 900)
	for range n {
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		drive(t, data)
	}
}
