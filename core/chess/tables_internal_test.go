package chess

import "testing"

// The stored magics must all work: a fallback search would cost every
// process half a second at start-up.
func TestStoredMagicsAreUsed(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		if tables.rook[sq].magic != rookMagics[sq] || tables.bishop[sq].magic != bishopMagics[sq] {
			t.Errorf("square %v: a stored magic was rejected", Square(sq))
		}
	}
	// And the attacks agree with a slow ray walk on random occupancies.
	rng := splitMix64(1)
	for i := 0; i < 2000; i++ {
		occ := Bitboard(rng.next() & rng.next())
		sq := Square(rng.next() % 64)
		if got, want := rookAttacks(sq, occ), slowAttacks(sq, [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, occ); got != want {
			t.Fatalf("rook attacks from %v wrong", sq)
		}
		if got, want := bishopAttacks(sq, occ), slowAttacks(sq, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, occ); got != want {
			t.Fatalf("bishop attacks from %v wrong", sq)
		}
	}
}
