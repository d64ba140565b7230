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

// BenchmarkBuildTables is what loading the package costs every process,
// the window's start included.
func BenchmarkBuildTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		buildTables()
	}
}

// TestSliderTablesExhaustive checks every occupancy of every square's
// relevant squares against the slow ray walk, and that the table is the
// size the stored magics give.
func TestSliderTablesExhaustive(t *testing.T) {
	if len(tables.slider) != sliderSize {
		t.Errorf("slider table has %d slots, want %d", len(tables.slider), sliderSize)
	}
	for _, k := range []struct {
		name    string
		entries *[64]magicEntry
		dirs    [][2]int
		attacks func(Square, Bitboard) Bitboard
	}{
		{"rook", &tables.rook, [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, rookAttacks},
		{"bishop", &tables.bishop, [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, bishopAttacks},
	} {
		for sq := Square(0); sq < 64; sq++ {
			mask := k.entries[sq].mask
			sub := Bitboard(0)
			for {
				occ := sub | ^mask&Bitboard(0x8100000000000081) // corners outside the mask change nothing
				if got, want := k.attacks(sq, occ), slowAttacks(sq, k.dirs, occ); got != want {
					t.Fatalf("%s on %v, occupancy %#x: %#x, want %#x", k.name, sq, uint64(occ), uint64(got), uint64(want))
				}
				if sub = (sub - mask) & mask; sub == 0 {
					break
				}
			}
		}
	}
}

// TestPlaceMagicRefusesCollisions checks the fallback's trigger: a
// multiplier that maps two occupancies with different attacks to one slot
// is refused and the table left as it was.
func TestPlaceMagicRefusesCollisions(t *testing.T) {
	var rs [64][4]Bitboard
	for sq := Square(0); sq < 64; sq++ {
		rs[sq] = rays(sq, [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
	}
	table := []Bitboard{1, 2, 3}
	if _, ok := placeMagic(A1, &rs, &table, 0); ok { // 0 maps everything to slot 0
		t.Error("a zero multiplier was accepted")
	}
	if len(table) != 3 || table[2] != 3 {
		t.Errorf("table changed to %v", table)
	}
	e, ok := placeMagic(A1, &rs, &table, rookMagics[A1])
	if !ok || e.offset != 3 || len(table) != 3+1<<e.mask.Count() {
		t.Errorf("stored magic: ok %v, offset %d, table length %d", ok, e.offset, len(table))
	}
}
