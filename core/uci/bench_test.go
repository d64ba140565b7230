package uci_test

import (
	"strings"
	"testing"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// BenchmarkInfoLine measures what the client spends on one typical info
// line of stockfish: parsing it and reading its 14-move PV into SAN.
func BenchmarkInfoLine(b *testing.B) {
	const line = "info depth 14 seldepth 20 multipv 1 score cp 31 wdl 61 902 37 nodes 151245 nps 1101201 hashfull 58 tbhits 0 time 137 " +
		"pv e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 f1e1 e4d6 f3e5 f8e7 b5f1 c6e5"
	pos := chess.StartPosition()
	b.ReportAllocs()
	for b.Loop() {
		in, err := uci.ParseInfo(line)
		if err != nil {
			b.Fatal(err)
		}
		if _, san, err := uci.ReadPV(pos, in.PV); err != nil || len(san) != 14 || !strings.HasPrefix(san[0], "e4") {
			b.Fatal(san, err)
		}
	}
}
