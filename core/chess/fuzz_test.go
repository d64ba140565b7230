package chess_test

import (
	"math/rand/v2"
	"testing"

	"touchmove/core/chess"
)

// FuzzFEN: parsing never panics, and a FEN we write reads back to itself.
func FuzzFEN(f *testing.F) {
	for _, s := range []string{chess.StartFEN, "8/8/8/8/8/8/8/K1k5 b - - 99 120",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3", "", "8/8/8 w", "K7/8/8/8/8/8/8/7k w Aa - 0 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := chess.FromFEN(s)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := chess.FromFEN(out)
		if err != nil {
			t.Fatalf("FEN %q of %q does not read back: %v", out, s, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("round trip %q → %q → %q", s, out, q.FEN())
		}
		p.LegalMoves() // must not panic on any legal position
	})
}

// FuzzSAN: ParseSAN never panics on arbitrary text, and what it accepts is
// legal and has a SAN that parses back to the same move.
func FuzzSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6 e.p.", "e8=Q+", "♘f3", "Qh4e1", "--", "e2e4", "a8(Q)", "\xff"} {
		f.Add(s)
	}
	positions := []chess.Position{chess.StartPosition()}
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r5k1/1P3ppp/8/8/4Q2Q/8/8/1K5Q w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	} {
		p, _ := chess.FromFEN(fen)
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			m, err := p.ParseSAN(s)
			if err != nil || m == chess.NullMove {
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("ParseSAN(%q) gave illegal %v in %s", s, m, p.FEN())
			}
			if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
				t.Fatalf("SAN %q of %v does not parse back: %v", p.SAN(m), m, err)
			}
		}
	})
}

// FuzzPlay walks random games: every generated move is legal by an
// independent test (the mover's king is not attacked afterwards), copy-make
// leaves the original untouched, and the incremental key equals a fresh one.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), uint8(80))
	f.Add(uint64(42), uint8(200))
	f.Fuzz(func(t *testing.T, seed uint64, plies uint8) {
		rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		p := chess.StartPosition()
		if seed%3 == 0 {
			p, _ = chess.Chess960Start(int(seed % 960))
		}
		for i := 0; i < int(plies); i++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				return
			}
			before := p
			fen := p.FEN()
			for _, m := range moves {
				q := p
				q.Play(m)
				if q.IsAttacked(q.KingSquare(p.Turn()), q.Turn()) {
					t.Fatalf("%s: %s leaves the king in check", fen, p.UCI(m))
				}
			}
			if p != before || p.FEN() != fen {
				t.Fatalf("generating moves changed the position %s", fen)
			}
			m := moves[rng.IntN(len(moves))]
			p.Play(m)
			fresh, err := chess.FromFEN(p.FEN())
			if err != nil {
				t.Fatalf("after %s: %v", before.UCI(m), err)
			}
			if fresh.Key() != p.Key() {
				t.Fatalf("%s after %s: incremental key differs from a fresh one", p.FEN(), before.UCI(m))
			}
		}
	})
}
