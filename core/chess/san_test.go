package chess_test

import (
	"bufio"
	"bytes"
	"errors"
	"strings"
	"testing"

	"touchmove/core/chess"
	"touchmove/internal/corpus"
)

// TestSANOracle checks SAN and UCI, both ways, on every legal move of 6,886
// positions written by an independent library.
func TestSANOracle(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(corpus.Read(t, "san/san_reference.tsv.gz")))
	var p chess.Position
	lastFEN := ""
	lines, failures := 0, 0
	fail := func(format string, args ...any) {
		failures++
		if failures <= 20 {
			t.Errorf(format, args...)
		}
	}
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 3 {
			continue
		}
		lines++
		if parts[0] != lastFEN {
			s, err := chess.ParseFEN(parts[0])
			if err != nil {
				t.Fatal(err)
			}
			s.RepairCastling() // a few oracle FENs carry rights no king can use
			if p, err = s.Position(); err != nil {
				t.Fatalf("%s: %v", parts[0], err)
			}
			lastFEN = parts[0]
		}
		m, err := p.ParseUCI(parts[1])
		if err != nil {
			fail("%s: ParseUCI(%s): %v", parts[0], parts[1], err)
			continue
		}
		if got := p.SAN(m); got != parts[2] {
			fail("%s: SAN(%s) = %s, want %s", parts[0], parts[1], got, parts[2])
		}
		if got := p.UCI(m); got != parts[1] {
			fail("%s: UCI = %s, want %s", parts[0], got, parts[1])
		}
		if back, err := p.ParseSAN(parts[2]); err != nil || back != m {
			fail("%s: ParseSAN(%s) = %v, %v; want %v", parts[0], parts[2], back, err, m)
		}
	}
	if lines < 178_000 {
		t.Errorf("read %d lines, want the whole file", lines)
	}
}

func TestSANDisambiguation(t *testing.T) {
	// pgn.md §6.3: queens e4, h4, h1; knights b1/f3.
	p := mustFEN(t, "r5k1/1P3ppp/8/8/4Q2Q/8/8/1K5Q w - - 0 1")
	for uci, want := range map[string]string{
		"e4e1": "Qee1", "h1e1": "Q1e1", "h4e1": "Qh4e1", "h4h2": "Q4h2", "e4f4": "Qef4",
		"b7a8q": "bxa8=Q#", "b7b8q": "b8=Q+", "b7b8n": "b8=N",
	} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatalf("%s: %v", uci, err)
		}
		if got := p.SAN(m); got != want {
			t.Errorf("SAN(%s) = %s, want %s", uci, got, want)
		}
	}
	// A pinned knight does not count for disambiguation.
	q := mustFEN(t, "4k3/8/8/8/1b6/8/3N1N2/4K3 w - - 0 1")
	m, _ := q.ParseUCI("f2e4")
	if got := q.SAN(m); got != "Ne4" {
		t.Errorf("SAN with a pinned twin = %s, want Ne4", got)
	}
	n := mustFEN(t, "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1")
	if m, _ := n.ParseUCI("b1d2"); n.SAN(m) != "Nd2" {
		t.Errorf("Nd2: %s", n.SAN(m))
	}
}

func TestSANMarks(t *testing.T) {
	p := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	m, _ := p.ParseUCI("a1a8")
	if got := p.SAN(m); got != "Ra8#" {
		t.Errorf("mate: %s", got)
	}
	q := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for uci, want := range map[string]string{"e1g1": "O-O", "e1c1": "O-O-O", "a1a8": "Rxa8+"} {
		m, _ := q.ParseUCI(uci)
		if got := q.SAN(m); got != want {
			t.Errorf("SAN(%s) = %s, want %s", uci, got, want)
		}
	}
}

func TestParseSANTolerance(t *testing.T) {
	start := chess.StartFEN
	castle := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	promo := "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
	ep := "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
	tests := []struct{ fen, san, uci string }{
		{start, "e4", "e2e4"},
		{start, "Pe4", "e2e4"},
		{start, "e2e4", "e2e4"},
		{start, "e2-e4", "e2e4"},
		{start, "Nf3", "g1f3"},
		{start, "nf3", "g1f3"},
		{start, "Ng1-f3", "g1f3"},
		{start, "Ng1f3", "g1f3"},
		{start, "Ngf3", "g1f3"},
		{start, "N1f3", "g1f3"},
		{start, "Nxf3", "g1f3"}, // extra x
		{start, "Nf3+", "g1f3"}, // wrong check mark
		{start, "Nf3#", "g1f3"},
		{start, "♘f3", "g1f3"},
		{start, "g1f3", "g1f3"},
		{castle, "O-O", "e1g1"},
		{castle, "0-0", "e1g1"},
		{castle, "o-o", "e1g1"},
		{castle, "O-O-O", "e1c1"},
		{castle, "0-0-0", "e1c1"},
		{castle, "Ke1g1", "e1g1"},
		{castle, "Kg1", "e1g1"},
		{castle, "e1h1", "e1g1"},
		{castle, "e1g1", "e1g1"},
		{castle, "Kc1", "e1c1"},
		{castle, "Rxa8+", "a1a8"},
		{castle, "Ra1xa8", "a1a8"},
		{castle, "Ra1:a8", "a1a8"},
		{castle, "Ra8++", "a1a8"},
		{promo, "a8=Q", "a7a8q"},
		{promo, "a8Q", "a7a8q"},
		{promo, "a8=q", "a7a8q"},
		{promo, "a8(Q)", "a7a8q"},
		{promo, "a8/Q", "a7a8q"},
		{promo, "a8=N", "a7a8n"},
		{promo, "axb8=R+", "a7b8r"},
		{promo, "axb8R", "a7b8r"},
		{promo, "ab8N", "a7b8n"},
		{promo, "a8", "a7a8q"}, // no piece: a queen
		{ep, "exf6", "e5f6"},
		{ep, "exf6 e.p.", "e5f6"},
		{ep, "exf6e.p.", "e5f6"},
		{ep, "exf6ep", "e5f6"},
		{ep, "ef6", "e5f6"},
		{"4k3/8/8/8/8/2p5/1P6/B3K3 w - - 0 1", "bxc3", "b2c3"},
		{"4k3/8/8/8/8/2p5/8/1B2K3 w - - 0 1", "bxc2", "b1c2"},
		{"4k3/8/8/8/8/8/8/1B2K3 w - - 0 1", "bc2", "b1c2"},
		// Long algebraic from the b-file names its square, not a bishop of
		// that rank: b1d2 is the knight's move though Bc1-d2 is legal too.
		{"rnbqkbnr/pp1ppppp/8/2p5/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", "b1d2", "b1d2"},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2", "b8d7", "b8d7"},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2", "b8-d7", "b8d7"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if err != nil {
			t.Errorf("ParseSAN(%q) in %s: %v", tc.san, tc.fen, err)
			continue
		}
		if got := p.UCI(m); got != tc.uci {
			t.Errorf("ParseSAN(%q) = %s, want %s", tc.san, got, tc.uci)
		}
	}
	for _, s := range []string{"--", "Z0", "0000"} {
		sp := mustFEN(t, start)
		if m, err := sp.ParseSAN(s); err != nil || m != chess.NullMove {
			t.Errorf("ParseSAN(%q) = %v, %v; want the null move", s, m, err)
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/RN2KN1R w KQkq - 0 1")
	tests := []struct {
		san  string
		want error
	}{
		{"", chess.ErrInvalidSAN},
		{"Xe4", chess.ErrInvalidSAN},
		{"e9", chess.ErrInvalidSAN},
		{"Nf3g", chess.ErrInvalidSAN},
		{"hello world", chess.ErrInvalidSAN},
		{"e4", chess.ErrIllegalMove},
		{"Qd4", chess.ErrIllegalMove},
		{"O-O-O", chess.ErrIllegalMove}, // b1 knight in the way
		{"Nd2", chess.ErrAmbiguousMove},
		{"N1d2+", chess.ErrAmbiguousMove},
	}
	for _, tc := range tests {
		_, err := p.ParseSAN(tc.san)
		if !errors.Is(err, tc.want) {
			t.Errorf("ParseSAN(%q) = %v, want %v", tc.san, err, tc.want)
		}
	}
}

func TestUCIChess960(t *testing.T) {
	// King f1, rook h1: O-O lands the king on g1, where a plain king move also goes.
	p := mustFEN(t, "5k2/8/8/8/8/8/8/5K1R w H - 0 1")
	m, err := p.ParseSAN("O-O")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.UCI(m); got != "f1h1" {
		t.Errorf("Chess960 O-O in UCI = %s, want king onto rook f1h1", got)
	}
	if back, err := p.ParseUCI("f1h1"); err != nil || back != m {
		t.Errorf("ParseUCI(f1h1) = %v, %v", back, err)
	}
	if back, err := p.ParseUCI("f1g1"); err != nil || back.IsCastling() {
		t.Errorf("ParseUCI(f1g1) = %v, %v; want the plain king move", back, err)
	}
	if back, err := p.ParseSAN("Kg1"); err != nil || back.IsCastling() {
		t.Errorf("ParseSAN(Kg1) = %v, %v; want the plain king move", back, err)
	}
	q := p
	q.Play(m)
	if q.PieceAt(chess.G1) != chess.WhiteKing || q.PieceAt(chess.F1) != chess.WhiteRook || q.PieceAt(chess.H1) != chess.NoPiece {
		t.Errorf("after O-O: %s", q.FEN())
	}
}
