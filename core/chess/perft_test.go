package chess_test

import (
	"bufio"
	"bytes"
	"flag"
	"strconv"
	"strings"
	"testing"

	"touchmove/core/chess"
	"touchmove/internal/corpus"
)

var deepPerft = flag.Bool("perft.deep", false, "run perft to the published depths (slow)")

// The six positions of the chessprogramming perft table, with counts.
var perftPositions = []struct {
	name  string
	fen   string
	nodes []uint64 // nodes[d-1] is perft(d)
	fast  int      // depth run by default
}{
	{"start", chess.StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}, 4},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603, 193690690}, 3},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624, 11030083}, 5},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487, 89941194}, 3},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594, 164075551}, 3},
}

func TestPerftStandardPositions(t *testing.T) {
	for _, tc := range perftPositions {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			max := tc.fast
			if *deepPerft {
				max = len(tc.nodes)
			}
			for d := 1; d <= max; d++ {
				if got := p.Perft(d); got != tc.nodes[d-1] {
					t.Errorf("perft(%d) = %d, want %d", d, got, tc.nodes[d-1])
				}
			}
		})
	}
}

// Edge cases that other Go move generators get wrong, and the classic traps.
func TestPerftEdgeCases(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"ep discovered check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
		{"short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
		{"long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},
		{"castle rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
		{"castling prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
		{"promote out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
		{"discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
		{"promote to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
		{"under-promote to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
		{"self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
		{"stalemate and checkmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
		{"double check", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			if got := p.Perft(tc.depth); got != tc.nodes {
				t.Errorf("perft(%d) = %d, want %d", tc.depth, got, tc.nodes)
			}
		})
	}
}

func TestEnPassantPins(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		uci  string
		want bool
	}{
		// dragontoothmg misses these: a pawn pinned along a diagonal may still
		// capture en passant when it stays on the pin line.
		{"white pawn pinned on a diagonal, capture along the pin", "8/5b2/8/3Pp3/8/1K6/8/7k w - e6 0 1", "d5e6", true},
		{"white pawn pinned on a diagonal, capture off the pin", "8/5b2/8/2pP4/8/1K6/8/7k w - c6 0 1", "d5c6", false},
		{"black pawn pinned on a diagonal, capture along the pin", "8/8/8/1k6/2pP4/8/8/5B1K b - d3 0 1", "c4d3", true},
		{"black pawn pinned on a diagonal, capture off the pin", "8/8/4k3/8/2pP4/8/B7/7K b - d3 0 1", "c4d3", false},
		{"rank pin through both pawns", "8/8/8/KPp4r/8/8/8/7k w - c6 0 1", "b5c6", false},
		{"capture resolves the check", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", true},
		{"capture does not resolve a rook check", "8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1", "e4d3", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			found := false
			for _, m := range p.LegalMoves() {
				if p.UCI(m) == tc.uci {
					found = true
				}
			}
			if found != tc.want {
				t.Errorf("%s legal = %v, want %v; moves %v", tc.uci, found, tc.want, ucis(&p))
			}
		})
	}
}

func TestNoCastlingOutOfCheck(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/8/8/8/8/8/3p4/R3K2R w KQkq - 0 1", // pawn check
		"r3k2r/8/8/8/8/5n2/8/R3K2R w KQkq - 0 1", // knight check
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",   // control: castling allowed
	} {
		p := mustFEN(t, fen)
		castles := 0
		for _, m := range p.LegalMoves() {
			if m.IsCastling() {
				castles++
			}
		}
		want := 0
		if !p.InCheck() {
			want = 2
		}
		if castles != want {
			t.Errorf("%s: %d castling moves, want %d", fen, castles, want)
		}
	}
}

func TestPerftSuite(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(corpus.Read(t, "perft/perftsuite.epd")))
	limit := uint64(100_000)
	if *deepPerft {
		limit = 1 << 62
	}
	n := 0
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) < 2 {
			continue
		}
		p := mustFEN(t, strings.TrimSpace(parts[0]))
		n++
		for _, d := range parts[1:] {
			fs := strings.Fields(d)
			depth, _ := strconv.Atoi(strings.TrimPrefix(fs[0], "D"))
			want, _ := strconv.ParseUint(fs[1], 10, 64)
			if want > limit && depth > 1 {
				break
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", parts[0], depth, got, want)
			}
		}
	}
	if n != 126 {
		t.Errorf("read %d positions, want 126", n)
	}
}

func TestPerftChess960(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(corpus.Read(t, "perft/chess960.perft.gz")))
	var p chess.Position
	id := -1
	positions := 0
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "epd "):
			p = mustFEN(t, strings.TrimPrefix(line, "epd "))
			if fields := strings.Fields(line); fields[3] != "-" && !p.Chess960() {
				t.Errorf("%s: Shredder-FEN castling did not select Chess960", line)
			}
			id++
			positions++
		case strings.HasPrefix(line, "perft "):
			fs := strings.Fields(line)
			depth, _ := strconv.Atoi(fs[1])
			want, _ := strconv.ParseUint(fs[2], 10, 64)
			// Every position to depth 2; every 24th deeper, within a budget.
			if depth > 2 && (id%24 != 0 || (want > 200_000 && !*deepPerft)) {
				continue
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("position %d %s: perft(%d) = %d, want %d", id, p.FEN(), depth, got, want)
			}
		}
	}
	if positions != 960 {
		t.Errorf("read %d positions, want 960", positions)
	}
}

func mustFEN(t testing.TB, fen string) chess.Position {
	t.Helper()
	p, err := chess.FromFEN(fen)
	if err != nil {
		t.Fatalf("FromFEN(%q): %v", fen, err)
	}
	return p
}

func ucis(p *chess.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.UCI(m))
	}
	return out
}
