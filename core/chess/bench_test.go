package chess_test

import (
	"testing"

	"touchmove/core/chess"
)

// BenchmarkPerft reports nodes per second on the six reference positions.
// Compare with other generators in one run (see the closing notes of the
// rules-engine issue for the harness).
func BenchmarkPerft(b *testing.B) {
	depths := map[string]int{"start": 5, "kiwipete": 4, "position3": 6, "position4": 5, "position5": 4, "position6": 4}
	for _, tc := range perftPositions {
		d := depths[tc.name]
		b.Run(tc.name, func(b *testing.B) {
			p := mustFEN(b, tc.fen)
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(d)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

func BenchmarkGenerateLegal(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml chess.MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateLegal(&ml)
	}
}

func BenchmarkSAN(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	moves := p.LegalMoves()
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			buf = p.AppendSAN(buf[:0], m)
		}
	}
}

func BenchmarkParseSAN(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var sans []string
	for _, m := range p.LegalMoves() {
		sans = append(sans, p.SAN(m))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sans {
			if _, err := p.ParseSAN(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
