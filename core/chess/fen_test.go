package chess_test

import (
	"errors"
	"strings"
	"testing"

	"touchmove/core/chess"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
		"8/8/8/8/8/8/8/K1k5 b - - 99 120",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	} {
		p := mustFEN(t, fen)
		got := p.FEN()
		q, err := chess.FromFEN(got)
		if err != nil {
			t.Fatalf("re-read %s: %v", got, err)
		}
		if q.FEN() != got || q.Key() != p.Key() {
			t.Errorf("%s: round trip gave %s then %s", fen, got, q.FEN())
		}
	}
}

func TestFENFormats(t *testing.T) {
	tests := []struct{ in, want string }{
		// The e.p. square is kept only when a pawn could capture.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// Missing counters default to 0 1.
		{"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		// Shredder-FEN reads; X-FEN is written (outermost rooks as KQkq).
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		// X-FEN: an inner rook keeps its file letter.
		{"rk2r3/8/8/8/8/8/8/RK2R2R w Ee - 0 1", "rk2r3/8/8/8/8/8/8/RK2R2R w Ek - 0 1"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.in)
		if got := p.FEN(); got != tc.want {
			t.Errorf("FEN(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		fen   string
		field int
		words string
	}{
		{"", 1, "empty"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1, "7 ranks"},
		{"rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "more than 8"},
		{"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "invalid character"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2, `"w" or "b"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", 3, "invalid character"},
		{"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, "no black rook"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1", 3, "repeats"},
		{"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", 3, "no white rook on the king side"},
		{"4k3/8/8/8/8/8/4K3/R6R w Q - 0 1", 3, "not on its first rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 4, "not a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5, "whole number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", 6, "whole number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 3, "missing field"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", 7, "too many fields"},
	}
	for _, tc := range tests {
		_, err := chess.ParseFEN(tc.fen)
		var fe *chess.FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFEN(%q) = %v, want a *FENError", tc.fen, err)
			continue
		}
		if fe.Field != tc.field || !strings.Contains(err.Error(), tc.words) {
			t.Errorf("ParseFEN(%q) = %v (field %d), want field %d saying %q", tc.fen, err, fe.Field, tc.field, tc.words)
		}
	}
}

func TestIllegalPositions(t *testing.T) {
	tests := []struct {
		fen  string
		kind chess.PositionErrorKind
	}{
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", chess.ErrKings},
		{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", chess.ErrKings},
		{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", chess.ErrPawnsOnBackRank},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", chess.ErrPawnsOnBackRank},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", chess.ErrOppositeCheck},
		{"4k3/8/8/8/8/8/8/K6R w H - 0 1", chess.ErrCastling},
		{"4k3/8/8/8/8/8/8/R1K1R1R1 w GE - 0 1", chess.ErrCastling},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", 0},
		{"4k3/8/8/8/8/4P3/8/4K3 b - e3 0 1", chess.ErrEnPassant},
		{"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", chess.ErrEnPassant},
		{"4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1", chess.ErrTooManyPawns | chess.ErrPawnsOnBackRank},
		{"4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1", chess.ErrTooManyPieces | chess.ErrOppositeCheck},
		{"4k3/8/8/1q3b2/8/3N4/4K3/8 w - - 0 1", 0},
		{"7k/8/8/8/1b6/3n4/8/r3K3 w - - 0 1", chess.ErrImpossibleCheck},
	}
	for _, tc := range tests {
		_, err := chess.FromFEN(tc.fen)
		if tc.kind == 0 {
			if err != nil {
				t.Errorf("%s: %v, want legal", tc.fen, err)
			}
			continue
		}
		var pe *chess.PositionError
		if !errors.As(err, &pe) {
			t.Errorf("%s: got %v, want a *PositionError", tc.fen, err)
			continue
		}
		if pe.Kinds&tc.kind != tc.kind {
			t.Errorf("%s: kinds %b (%v), want %b", tc.fen, pe.Kinds, err, tc.kind)
		}
	}
}

// refusedSetup returns the setup of fen, which Position must refuse for
// what is wrong with it.
func refusedSetup(t *testing.T, fen, what string) chess.Setup {
	t.Helper()
	s, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Position(); err == nil {
		t.Fatalf("Position accepted %s", what)
	}
	return s
}

func TestRepairCastling(t *testing.T) {
	s := refusedSetup(t, "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1", "a castling right with the king on h8")
	if !s.RepairCastling() {
		t.Fatal("RepairCastling removed nothing")
	}
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(); got != "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQ - 0 1" {
		t.Errorf("repaired FEN %s", got)
	}
}

// A side with nine pawns cannot arise in a game but can be played, with a
// warning; so can seventeen pieces.
func TestSetupPlayable(t *testing.T) {
	s := refusedSetup(t, "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "nine pawns")
	p, warn, err := s.Playable()
	if err != nil || warn == nil || warn.Kinds != chess.ErrTooManyPawns {
		t.Fatalf("Playable: warning %v, error %v", warn, err)
	}
	if n := len(p.LegalMoves()); n == 0 {
		t.Fatal("no legal moves in the playable position")
	}
	// Seventeen pieces too (lichess "From Position", pgn-extract and
	// python-chess play them); a side not to move in check, never.
	s2, _ := chess.ParseFEN("4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 b - - 0 1")
	if _, warn, err := s2.Playable(); err != nil || warn == nil || warn.Kinds != chess.ErrTooManyPieces {
		t.Fatalf("seventeen pieces: warning %v, error %v", warn, err)
	}
	s2.Turn = chess.White
	if _, _, err := s2.Playable(); err == nil {
		t.Fatal("the side not to move in check accepted as playable")
	}
	// FEN of a setup that is no position at all: written all the same.
	s3 := chess.Setup{Turn: chess.Black, EnPassant: chess.NoSquare, FullMove: 7}
	s3.Board[chess.E1] = chess.NewPiece(chess.White, chess.King)
	if got := s3.FEN(); got != "8/8/8/8/8/8/8/4K3 b - - 0 7" {
		t.Fatalf("FEN of a board with one king: %q", got)
	}
}
