package app_test

import (
	"slices"
	"strings"
	"testing"

	"touchmove/app"
	"touchmove/core/chess"
)

func TestPositionEditor(t *testing.T) {
	e := app.NewPositionEditor()
	if e.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Fatalf("start: %s", e.FEN())
	}
	// Moving the h1 rook takes White's short castling right away.
	e.Move(chess.H1, chess.H4)
	if got := e.FEN(); !strings.Contains(got, " Qkq ") {
		t.Fatalf("after Rh1-h4: %s", got)
	}
	// A second white king is named in words.
	e.Put(chess.D4, chess.NewPiece(chess.White, chess.King))
	if problem, _ := e.Check(); !strings.HasPrefix(problem.String(), "White has 2 kings. ") || problem.Key != "{{.Side}} has {{.Count}} kings." {
		t.Fatalf("two kings: %q (key %q)", problem, problem.Key)
	}
	e.Put(chess.D4, chess.NoPiece)
	if problem, warning := e.Check(); !problem.IsZero() || !warning.IsZero() {
		t.Fatalf("legal position: %q %q", problem, warning)
	}
	// The side not to move in check.
	e.Put(chess.E2, chess.NewPiece(chess.Black, chess.Queen))
	e.SetTurn(chess.Black)
	if problem, _ := e.Check(); !strings.HasPrefix(problem.String(), "The side not to move is in check. ") {
		t.Fatalf("opposite check: %q", problem)
	}
	e.CycleColor(chess.E2) // now a white queen
	if e.Setup().Board[chess.E2] != chess.NewPiece(chess.White, chess.Queen) {
		t.Fatal("cycle colour")
	}
	// Nine pawns: allowed, with a warning.
	e.Put(chess.E2, chess.NewPiece(chess.White, chess.Pawn))
	e.Put(chess.B1, chess.NoPiece)
	e.Put(chess.A3, chess.NewPiece(chess.White, chess.Pawn))
	if problem, warning := e.Check(); !problem.IsZero() || warning.String() != "A side has more than 8 pawns. No game can reach this position, but it can be played." {
		t.Fatalf("nine pawns: problem %q, warning %q", problem, warning)
	}
}

func TestPositionEditorEnPassantAndCastling(t *testing.T) {
	e := app.NewPositionEditor()
	if err := e.SetFEN("4k3/8/8/3pP3/8/8/8/R3K2R w KQ - 0 12"); err != nil {
		t.Fatal(err)
	}
	if got := e.EnPassantSquares(); !slices.Equal(got, []chess.Square{chess.D6}) {
		t.Fatalf("en passant squares %v, want [d6]", got)
	}
	e.SetEnPassant(chess.D6)
	e.SetEnPassant(chess.A6) // impossible: ignored, d6 cleared too
	if e.Setup().EnPassant != chess.NoSquare {
		t.Fatalf("an impossible en passant square was kept")
	}
	e.SetEnPassant(chess.D6)
	if got := e.FEN(); got != "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 12" {
		t.Fatalf("FEN %s", got)
	}
	want := []app.CastlingRight{{Color: chess.White, Rook: chess.H1, On: true}, {Color: chess.White, Rook: chess.A1, Long: true, On: true}}
	if got := e.CastlingRights(); !slices.Equal(got, want) {
		t.Fatalf("castling rights offered: %+v, want %+v", got, want)
	}
	e.SetCastling(chess.H8, true) // no black rook: not given
	if strings.Contains(e.FEN(), "k") && strings.Contains(strings.Fields(e.FEN())[2], "k") {
		t.Fatalf("a right without its rook: %s", e.FEN())
	}
	if err := e.SetFEN("not a fen"); err == nil {
		t.Fatal("garbage FEN accepted")
	}
}
