package chess_test

import (
	"testing"

	"touchmove/core/chess"
)

func TestOutcomeAutomatic(t *testing.T) {
	tests := []struct {
		name   string
		fen    string
		want   chess.Outcome
		ending bool
	}{
		{"checkmate (3.1)", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", chess.Outcome{}, false},
		{"back-rank mate", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", chess.Outcome{Winner: chess.White, Reason: chess.Checkmate}, true},
		{"stalemate (3.3)", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", chess.Outcome{Winner: chess.NoColor, Reason: chess.Stalemate}, true},
		{"K v K (N2a)", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", chess.Outcome{Winner: chess.NoColor, Reason: chess.DeadPosition}, true},
		{"K+B v K (N2b)", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", chess.Outcome{Winner: chess.NoColor, Reason: chess.DeadPosition}, true},
		{"K+N v K (N2c)", "8/8/4k3/8/8/3KN3/8/8 b - - 0 1", chess.Outcome{Winner: chess.NoColor, Reason: chess.DeadPosition}, true},
		{"bishops on one colour (N2d)", "8/8/2b1k3/8/8/3K4/4B3/5B2 w - - 0 1", chess.Outcome{Winner: chess.NoColor, Reason: chess.DeadPosition}, true},
		{"K+N v K+N is not dead", "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", chess.Outcome{}, false},
		{"opposite bishops are not dead", "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", chess.Outcome{}, false},
		{"K+B v K+N is not dead", "8/8/3nk3/8/8/3KB3/8/8 w - - 0 1", chess.Outcome{}, false},
		{"K+2N v K is not dead", "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", chess.Outcome{}, false},
		{"75 moves (3.9)", "8/8/4k3/8/8/R2K4/8/8 w - - 150 120", chess.Outcome{Winner: chess.NoColor, Reason: chess.SeventyFiveMoves}, true},
		{"mate on the 150th ply wins (3.9)", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 120", chess.Outcome{Winner: chess.White, Reason: chess.Checkmate}, true},
		{"149 plies: play on", "8/8/4k3/8/8/R2K4/8/8 w - - 149 120", chess.Outcome{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			got, ended := p.Outcome(nil)
			if ended != tc.ending || got != tc.want {
				t.Errorf("Outcome = %+v, %v; want %+v, %v", got, ended, tc.want, tc.ending)
			}
		})
	}
}

// play plays SAN moves from p and returns the final position and the
// RepetitionKey history of the positions before it.
func play(t *testing.T, p chess.Position, sans ...string) (chess.Position, []uint64) {
	t.Helper()
	var history []uint64
	for _, s := range sans {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.FEN(), err)
		}
		history = append(history, p.RepetitionKey())
		p.Play(m)
	}
	return p, history
}

func TestRepetition(t *testing.T) {
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	p := chess.StartPosition()
	var moves []string
	for i := 0; i < 4; i++ {
		moves = append(moves, shuffle...)
	}
	// After 2 shuffles the start position has occurred 3 times: claimable, not automatic.
	q, h := play(t, p, moves[:8]...)
	if o, ok := q.ClaimableDraw(h); !ok || o.Reason != chess.ThreefoldRepetition {
		t.Errorf("threefold: ClaimableDraw = %+v, %v", o, ok)
	}
	if _, ended := q.Outcome(h); ended {
		t.Error("threefold ended the game by itself")
	}
	// Claim with a declared move (N6 b): after 1 shuffle + Nf3 Nf6 Ng1, declaring Ng8 repeats thrice.
	q, h = play(t, p, moves[:7]...)
	if _, ok := q.ClaimableDraw(h); ok {
		t.Error("claimable one move early")
	}
	ng8, _ := q.ParseSAN("Ng8")
	if o, ok := q.ClaimableDrawAfter(ng8, h); !ok || o.Reason != chess.ThreefoldRepetition {
		t.Errorf("ClaimableDrawAfter(Ng8) = %+v, %v", o, ok)
	}
	// Fivefold ends the game (3.7).
	q, h = play(t, p, moves[:16]...)
	if o, ended := q.Outcome(h); !ended || o.Reason != chess.FivefoldRepetition {
		t.Errorf("fivefold: Outcome = %+v, %v", o, ended)
	}
}

// The e.p. square counts for repetition only when the capture is legal (N5).
func TestRepetitionEnPassant(t *testing.T) {
	// 1.e4 sets e3 only in FEN terms; nothing can capture, so after the knights
	// dance the position equals the one right after 1.e4.
	p := chess.StartPosition()
	a, _ := play(t, p, "e4")
	b, _ := play(t, p, "e4", "Nf6", "Nf3", "Ng8", "Ng1")
	if a.RepetitionKey() != b.RepetitionKey() {
		t.Error("a non-capturable e.p. square made positions differ")
	}
	// A double step next to an enemy pawn with a legal e.p. capture differs.
	s := mustFEN(t, "4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1")
	c, _ := play(t, s, "e4")
	d, _ := play(t, s, "e4", "Kd7", "Ng3", "Ke8", "Nh1")
	if c.EnPassant() == chess.NoSquare {
		t.Fatal("e.p. square not set after a capturable double step")
	}
	if c.RepetitionKey() == d.RepetitionKey() {
		t.Error("a legal e.p. capture did not make the position differ")
	}
	// The same placement, but the e.p. capture is illegal (pinned pawn): equal.
	s = mustFEN(t, "8/8/8/8/k2p3R/8/4P3/4K2N w - - 0 1")
	e, _ := play(t, s, "e4")
	f, _ := play(t, s, "e4", "Ka5", "Ng3", "Ka4", "Nh1")
	if e.RepetitionKey() != f.RepetitionKey() {
		t.Error("an illegal e.p. capture made positions differ")
	}
	// Castling rights count: same placement after the king went and came back differs.
	g := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	h, _ := play(t, g, "Kf1", "Kf8", "Ke1", "Ke8")
	if g.RepetitionKey() == h.RepetitionKey() {
		t.Error("lost castling rights did not make the position differ")
	}
}

func TestFiftyMoves(t *testing.T) {
	p := mustFEN(t, "8/8/4k3/8/8/R2K4/8/8 w - - 99 80")
	if _, ok := p.ClaimableDraw(nil); ok {
		t.Error("claimable at 99 plies")
	}
	m, _ := p.ParseSAN("Ra1")
	if o, ok := p.ClaimableDrawAfter(m, nil); !ok || o.Reason != chess.FiftyMoves {
		t.Errorf("declared move reaching 100 plies: %+v, %v", o, ok)
	}
	// A capture resets the count, so declaring it cannot claim.
	q := mustFEN(t, "8/8/4k3/8/4p3/3KR3/8/8 w - - 99 80")
	c, _ := q.ParseSAN("Rxe4+")
	if _, ok := q.ClaimableDrawAfter(c, nil); ok {
		t.Error("a capture declared for a 50-move claim")
	}
	r := mustFEN(t, "8/8/4k3/8/8/R2K4/8/8 b - - 100 80")
	if o, ok := r.ClaimableDraw(nil); !ok || o.Reason != chess.FiftyMoves {
		t.Errorf("100 plies: %+v, %v", o, ok)
	}
}

func TestCannotMate(t *testing.T) {
	tests := []struct {
		fen          string
		white, black bool // CannotMate(White), CannotMate(Black)
	}{
		{"8/8/4k3/8/8/Q2K4/8/8 w - - 0 1", false, true},    // N4 a: bare king
		{"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true, true},     // N4 b
		{"8/8/4kq2/8/8/3KN3/8/8 w - - 0 1", true, false},   // K+N v K+Q: the knight side cannot mate (rules.md)
		{"8/8/4kp2/8/8/3KN3/8/8 w - - 0 1", false, false},  // K+N v K+P: helpmate possible
		{"8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", false, false}, // opposite bishops
		{"8/8/3bk3/8/8/3KB3/8/8 w - - 0 1", true, true},    // same-colour bishops (d6 dark, e3 dark)
		{"8/8/4k3/8/8/3KBB2/8/8 w - - 0 1", false, true},   // bishop pair
		{"8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", false, true},   // two knights
		{"8/8/4kr2/8/8/3K4/8/8 w - - 0 1", true, false},    // rook
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		if got := p.CannotMate(chess.White); got != tc.white {
			t.Errorf("%s: CannotMate(White) = %v, want %v", tc.fen, got, tc.white)
		}
		if got := p.CannotMate(chess.Black); got != tc.black {
			t.Errorf("%s: CannotMate(Black) = %v, want %v", tc.fen, got, tc.black)
		}
	}
}

func TestChess960Start(t *testing.T) {
	known := map[int]string{
		0:   "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		518: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		959: "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
		405: "rqbbnnkr/pppppppp/8/8/8/8/PPPPPPPP/RQBBNNKR w KQkq - 0 1", // pgn.md §12 "SP 405"
	}
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		p, err := chess.Chess960Start(n)
		if err != nil {
			t.Fatalf("%d: %v", n, err)
		}
		fen := p.FEN()
		if want, ok := known[n]; ok && fen != want {
			t.Errorf("Chess960Start(%d) = %s, want %s", n, fen, want)
		}
		if seen[fen] {
			t.Errorf("Chess960Start(%d) repeats %s", n, fen)
		}
		seen[fen] = true
		if got := len(p.LegalMoves()); got < 18 {
			t.Errorf("%d: %d legal moves", n, got)
		}
	}
	if _, err := chess.Chess960Start(960); err == nil {
		t.Error("960 accepted")
	}
}
