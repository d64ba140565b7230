package pgn

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"touchmove/core/chess"
	"touchmove/internal/corpus"
)

// TestFastSANReference checks fastSAN against the reference table of every
// legal move of 6,886 positions: when it answers, it must give the move
// the table gives.
func TestFastSANReference(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(corpus.Read(t, "san/san_reference.tsv.gz")))
	var (
		lastFEN string
		pos     chess.Position
		rows    int
		hits    int
	)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			continue
		}
		if parts[0] != lastFEN {
			setup, err := chess.ParseFEN(parts[0])
			if err != nil {
				t.Fatalf("FEN %q: %v", parts[0], err)
			}
			setup.RepairCastling() // a few rows give rights their position lacks
			if pos, err = setup.Position(); err != nil {
				t.Fatalf("FEN %q: %v", parts[0], err)
			}
			lastFEN = parts[0]
		}
		want, err := pos.ParseUCI(parts[1])
		if err != nil {
			t.Fatalf("%s %s: %v", parts[0], parts[1], err)
		}
		rows++
		got, ok := fastSAN(&pos, parts[2])
		if !ok {
			continue
		}
		hits++
		if got != want {
			t.Errorf("%s: fastSAN(%q) = %s, want %s", parts[0], parts[2], got, want)
		}
	}
	t.Logf("%d moves, %d resolved by the fast path", rows, hits)
}

// TestFastSANRejects checks that fastSAN gives up, rather than answering
// wrongly, on moves that are illegal or need the general parser.
func TestFastSANRejects(t *testing.T) {
	tests := []struct{ fen, san string }{
		{chess.StartFEN, "e5"},
		{chess.StartFEN, "Nd2"},
		{chess.StartFEN, "O-O"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kd1"},    // in check
		{"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "Bd3"},  // pinned
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"}, // en passant
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kg1"},   // castling as a king move
		{"4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Ne4"},  // ambiguous
		{"7k/P7/8/8/8/8/8/4K3 w - - 0 1", "a8"},       // promotion without piece
		{"4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "Kf1"},    // in check by the queen
		{"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rxa8"},   // fine: a legal capture
	}
	for _, tc := range tests {
		t.Run(tc.san, func(t *testing.T) {
			p, err := chess.FromFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, ok := fastSAN(&p, tc.san)
			if !ok {
				return
			}
			want, err := p.ParseSAN(tc.san)
			if err != nil || want != m {
				t.Errorf("fastSAN(%q) = %s, ParseSAN = %s, %v", tc.san, m, want, err)
			}
		})
	}
}
