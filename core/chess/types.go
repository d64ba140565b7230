package chess

import (
	"fmt"
	"math/bits"
)

// Color is the colour of a side or a piece.
type Color uint8

// The two colours. NoColor stands for "neither", as the winner of a drawn game.
const (
	White Color = iota
	Black
	NoColor
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white", "black" or "none".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// PieceType is a kind of piece regardless of colour.
type PieceType uint8

// The piece types. NoPieceType marks an empty square.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// String returns the English name of the piece type, e.g. "knight".
func (t PieceType) String() string {
	switch t {
	case Pawn:
		return "pawn"
	case Knight:
		return "knight"
	case Bishop:
		return "bishop"
	case Rook:
		return "rook"
	case Queen:
		return "queen"
	case King:
		return "king"
	}
	return "none"
}

// Letter returns the upper-case SAN letter of the piece type ('P' for a pawn, 0 for none).
func (t PieceType) Letter() byte {
	if t > King {
		return 0
	}
	return " PNBRQK"[t]
}

// PieceTypeOfLetter returns the piece type of an upper-case SAN letter
// ('P', 'N', 'B', 'R', 'Q' or 'K'), or NoPieceType for any other byte.
func PieceTypeOfLetter(c byte) PieceType {
	switch c {
	case 'P':
		return Pawn
	case 'N':
		return Knight
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'Q':
		return Queen
	case 'K':
		return King
	}
	return NoPieceType
}

// Piece is a coloured piece, or NoPiece for an empty square.
type Piece uint8

// NoPiece is the value of an empty square.
const NoPiece Piece = 0

// The twelve pieces.
const (
	WhitePawn   = Piece(Pawn)
	WhiteKnight = Piece(Knight)
	WhiteBishop = Piece(Bishop)
	WhiteRook   = Piece(Rook)
	WhiteQueen  = Piece(Queen)
	WhiteKing   = Piece(King)
	BlackPawn   = Piece(8 | Pawn)
	BlackKnight = Piece(8 | Knight)
	BlackBishop = Piece(8 | Bishop)
	BlackRook   = Piece(8 | Rook)
	BlackQueen  = Piece(8 | Queen)
	BlackKing   = Piece(8 | King)
)

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; it is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// FENLetter returns the piece's FEN letter: upper case for White, lower case for Black, 0 for NoPiece.
func (p Piece) FENLetter() byte {
	l := p.Type().Letter()
	if l == 0 || p.Type() == NoPieceType {
		return 0
	}
	if p.Color() == Black {
		return l + 'a' - 'A'
	}
	return l
}

// String returns the FEN letter of the piece, or "." for NoPiece.
func (p Piece) String() string {
	if l := p.FENLetter(); l != 0 {
		return string(l)
	}
	return "."
}

// Square is one of the 64 squares, A1 = 0 … H8 = 63, or NoSquare.
type Square uint8

// Square constants.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	// NoSquare stands for "no square", as an absent en passant target.
	NoSquare Square = 64
)

// SquareAt returns the square on file (0 = a) and rank (0 = 1); both must be in 0..7.
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s >> 3) }

// Valid reports whether s is one of the 64 squares.
func (s Square) Valid() bool { return s < 64 }

// IsLight reports whether s is a light square (h1 and a8 are light).
func (s Square) IsLight() bool { return (s.File()+s.Rank())&1 == 1 }

// String returns the square's name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("chess: invalid square %q", s)
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), nil
}

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Bit returns the bitboard holding only s.
func (s Square) Bit() Bitboard { return 1 << (s & 63) }

// Has reports whether b contains s.
func (b Bitboard) Has(s Square) bool { return b&(1<<(s&63)) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b, or NoSquare when b is empty.
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Last returns the highest square in b, or NoSquare when b is empty.
func (b Bitboard) Last() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(63 - bits.LeadingZeros64(uint64(b)))
}

// MoveKind says what is special about a move.
type MoveKind uint8

// The move kinds.
const (
	Normal MoveKind = iota
	Promotion
	EnPassant
	Castling
)

// Move is a move as a small value: origin, destination, kind and promotion piece.
// A castling move goes from the king's square to the castling rook's square, in
// standard chess and in Chess960 alike. The zero Move is NoMove.
type Move uint16

// NoMove is the zero Move; NullMove is a pass ("--" in PGN), which only analysis uses.
const (
	NoMove   Move = 0
	NullMove Move = 1<<6 | 1
)

// NewMove returns a normal move from → to.
func NewMove(from, to Square) Move { return Move(uint16(from)<<6 | uint16(to)) }

// NewPromotion returns a promotion from → to into piece type t (Knight … Queen).
func NewPromotion(from, to Square, t PieceType) Move {
	return Move(uint16(Promotion)<<14 | uint16(t-Knight)<<12 | uint16(from)<<6 | uint16(to))
}

// NewEnPassant returns an en passant capture from → to (to is the empty target square).
func NewEnPassant(from, to Square) Move {
	return Move(uint16(EnPassant)<<14 | uint16(from)<<6 | uint16(to))
}

// NewCastling returns a castling move of the king on king with the rook on rook.
func NewCastling(king, rook Square) Move {
	return Move(uint16(Castling)<<14 | uint16(king)<<6 | uint16(rook))
}

// From returns the origin square (the king's square for castling).
func (m Move) From() Square { return Square(m>>6) & 63 }

// To returns the destination square (the rook's square for castling).
func (m Move) To() Square { return Square(m & 63) }

// Kind returns the move's kind.
func (m Move) Kind() MoveKind { return MoveKind(m >> 14) }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.Kind() != Promotion {
		return NoPieceType
	}
	return Knight + PieceType(m>>12&3)
}

// IsCastling reports whether m is a castling move.
func (m Move) IsCastling() bool { return m.Kind() == Castling }

// IsNull reports whether m is the null move.
func (m Move) IsNull() bool { return m == NullMove }

// KingTo returns where the king lands: for castling the g- or c-file square, else To.
func (m Move) KingTo() Square {
	if m.Kind() != Castling {
		return m.To()
	}
	if m.To() > m.From() {
		return SquareAt(6, m.From().Rank())
	}
	return SquareAt(2, m.From().Rank())
}

// RookTo returns where the castling rook lands (f- or d-file), or NoSquare if m is not castling.
func (m Move) RookTo() Square {
	if m.Kind() != Castling {
		return NoSquare
	}
	if m.To() > m.From() {
		return SquareAt(5, m.From().Rank())
	}
	return SquareAt(3, m.From().Rank())
}

// String returns the move in a debugging form: UCI-like, king onto rook for castling.
func (m Move) String() string {
	switch {
	case m == NoMove:
		return "(none)"
	case m == NullMove:
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string(p.Letter() + 'a' - 'A')
	}
	return s
}
