package dgt

import "touchmove/core/chess"

// Code is a DGT piece code: 0 for an empty field, 1–12 for the pieces.
type Code byte

// Piece returns the chess piece of the code; NoPiece for an empty field and
// for the "magic pieces" 13–15 some boards have.
func (c Code) Piece() chess.Piece {
	p, _ := PieceOfCode(byte(c))
	return p
}

// Board is what a board dump reports: the piece code of each field, field 0
// first. Field 0 is a8 when White sits at the board's usual side (the
// connector on White's left), and h1 when the board is turned round.
type Board [64]Code

// Square returns the square of field f, on a board turned round or not.
func Square(f int, rotated bool) chess.Square {
	sq := chess.SquareAt(f%8, 7-f/8)
	if rotated {
		sq = 63 - sq
	}
	return sq
}

// Field returns the field of square sq: the inverse of Square.
func Field(sq chess.Square, rotated bool) int {
	if rotated {
		sq = 63 - sq
	}
	return (7-sq.Rank())*8 + sq.File()
}

// Pieces returns the pieces of the board by square.
func (b Board) Pieces(rotated bool) [64]chess.Piece {
	var out [64]chess.Piece
	for f, c := range b {
		out[Square(f, rotated)] = c.Piece()
	}
	return out
}

// BoardOf returns the board that shows pieces (by square), turned round or not.
func BoardOf(pieces [64]chess.Piece, rotated bool) Board {
	var b Board
	for sq, p := range pieces {
		b[Field(chess.Square(sq), rotated)] = Code(CodeOfPiece(p))
	}
	return b
}

// Orientation tells how the board lies from what it shows: rotated is true
// when White sits at the side of field 0 (a8 of the usual orientation).
// It is found when the board shows the standard start position, or else
// pieces that differ from want (the game's position) on fewer squares one
// way than the other; ok is false when neither way is nearer.
func Orientation(b Board, want [64]chess.Piece) (rotated, ok bool) {
	start := chess.StartPosition()
	if b.Pieces(false) == start.Board() {
		return false, true
	}
	if b.Pieces(true) == start.Board() {
		return true, true
	}
	plain, turned := differ(b.Pieces(false), want), differ(b.Pieces(true), want)
	if plain == turned {
		return false, false
	}
	return turned < plain, true
}

func differ(a, b [64]chess.Piece) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}
