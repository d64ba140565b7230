package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Setup is a position as written in a FEN, before any check of legality.
// Its fields are open; Position turns it into a legal Position or says why not.
type Setup struct {
	Board     [64]Piece
	Turn      Color
	Castling  Bitboard // squares of the rooks with a castling right
	EnPassant Square   // NoSquare if none
	HalfMove  int
	FullMove  int
	// Chess960 is set when the castling field names rook files (Shredder-FEN
	// or X-FEN). It chooses Chess960 notation; castling itself works the same.
	Chess960 bool
}

// FENError reports a FEN that cannot be read: which field, its text, and why.
type FENError struct {
	FEN    string
	Field  int    // 1-based field number, 1 = placement … 6 = full-move number
	Value  string // the text of the field
	Reason string
}

var fenFieldNames = [...]string{"", "piece placement", "side to move", "castling", "en passant", "half-move clock", "full-move number"}

// FENFieldName returns the English name of FEN field n, 1 (piece placement)
// to 6 (full-move number), or "" for another n.
func FENFieldName(n int) string {
	if n > 0 && n < len(fenFieldNames) {
		return fenFieldNames[n]
	}
	return ""
}

// Error implements error.
func (e *FENError) Error() string {
	name := FENFieldName(e.Field)
	if name == "" {
		name = "fen"
	}
	return fmt.Sprintf("fen: field %d (%s) %q: %s", e.Field, name, e.Value, e.Reason)
}

// ParseFEN reads a FEN or X-FEN/Shredder-FEN. The half-move and full-move
// fields may be missing (they default to 0 and 1). It checks syntax only;
// Setup.Position checks legality.
func ParseFEN(fen string) (Setup, error) {
	var s Setup
	s.EnPassant = NoSquare
	s.FullMove = 1
	fields := strings.Fields(fen)
	bad := func(i int, reason string, args ...any) (Setup, error) {
		v := ""
		if i-1 < len(fields) {
			v = fields[i-1]
		}
		return Setup{}, &FENError{FEN: fen, Field: i, Value: v, Reason: fmt.Sprintf(reason, args...)}
	}
	if len(fields) == 0 {
		return bad(1, "empty FEN")
	}
	if len(fields) > 6 {
		return Setup{}, &FENError{FEN: fen, Field: 7, Value: strings.Join(fields[6:], " "), Reason: "too many fields (a FEN has six)"}
	}
	if len(fields) < 4 {
		return bad(len(fields)+1, "missing field (a FEN needs at least placement, side, castling and en passant)")
	}
	// 1. Placement.
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return bad(1, "has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			default:
				pc, ok := pieceFromFEN(c)
				if !ok {
					return bad(1, "rank %d: invalid character %q", rank+1, rune(c))
				}
				if file > 7 {
					return bad(1, "rank %d has more than 8 squares", rank+1)
				}
				s.Board[SquareAt(file, rank)] = pc
				file++
			}
			if file > 8 {
				return bad(1, "rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return bad(1, "rank %d has %d squares, want 8", rank+1, file)
		}
	}
	// 2. Side to move.
	switch fields[1] {
	case "w", "W":
		s.Turn = White
	case "b", "B":
		s.Turn = Black
	default:
		return bad(2, `must be "w" or "b"`)
	}
	// 3. Castling.
	if c := fields[2]; c != "-" {
		for i := 0; i < len(c); i++ {
			ch := c[i]
			color, back := White, 0
			if ch >= 'a' && ch <= 'z' {
				color, back = Black, 7
			}
			king := NoSquare
			for f := 0; f < 8; f++ {
				if s.Board[SquareAt(f, back)] == NewPiece(color, King) {
					king = SquareAt(f, back)
				}
			}
			rook := NewPiece(color, Rook)
			var sq = NoSquare
			switch ch {
			case 'K', 'k', 'Q', 'q':
				if king == NoSquare {
					return bad(3, "%q: the %s king is not on its first rank", rune(ch), color)
				}
				if ch == 'K' || ch == 'k' {
					for f := 7; f > king.File(); f-- {
						if s.Board[SquareAt(f, back)] == rook {
							sq = SquareAt(f, back)
							break
						}
					}
				} else {
					for f := 0; f < king.File(); f++ {
						if s.Board[SquareAt(f, back)] == rook {
							sq = SquareAt(f, back)
							break
						}
					}
				}
				if sq == NoSquare {
					return bad(3, "%q: no %s rook on the %s side of the king", rune(ch), color, map[bool]string{true: "king", false: "queen"}[ch == 'K' || ch == 'k'])
				}
			default:
				lower := ch | 0x20
				if lower < 'a' || lower > 'h' {
					return bad(3, "invalid character %q", rune(ch))
				}
				sq = SquareAt(int(lower-'a'), back)
				if s.Board[sq] != rook {
					return bad(3, "%q: no %s rook on %s", rune(ch), color, sq)
				}
				s.Chess960 = true
			}
			if s.Castling.Has(sq) {
				return bad(3, "%q repeats a castling right", rune(ch))
			}
			s.Castling |= sq.Bit()
		}
	}
	// 4. En passant.
	if e := fields[3]; e != "-" {
		sq, err := ParseSquare(e)
		if err != nil {
			return bad(4, "not a square")
		}
		s.EnPassant = sq
	}
	// 5, 6. Counters.
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 10000 {
			return bad(5, "must be a whole number from 0")
		}
		s.HalfMove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 100000 {
			return bad(6, "must be a whole number from 1")
		}
		if n == 0 {
			n = 1 // common in the wild; move numbers start at 1
		}
		s.FullMove = n
	}
	return s, nil
}

func pieceFromFEN(c byte) (Piece, bool) {
	color := White
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if t.Letter() == c {
			return NewPiece(color, t), true
		}
	}
	return NoPiece, false
}

// PositionErrorKind flags one reason a set-up position is not legal.
type PositionErrorKind uint16

// The kinds of illegal set-up positions.
const (
	ErrKings           PositionErrorKind = 1 << iota // not exactly one king per side
	ErrPawnsOnBackRank                               // a pawn on rank 1 or 8
	ErrOppositeCheck                                 // the side not to move is in check
	ErrImpossibleCheck                               // more than two checkers
	ErrTooManyPieces                                 // more than 16 pieces of a side: impossible, yet playable
	ErrCastling                                      // a castling right without its king and rook at home
	ErrEnPassant                                     // an en passant square that no double step explains
	ErrTooManyPawns                                  // more than 8 pawns of a side: impossible, yet playable
	ErrBadPiece                                      // a square holds a value that is no piece
)

// playableKinds are the problems of a position no game reaches that can be
// played all the same.
const playableKinds = ErrTooManyPieces | ErrTooManyPawns

var positionErrorText = []struct {
	k PositionErrorKind
	s string
}{
	{ErrKings, "each side needs exactly one king"},
	{ErrPawnsOnBackRank, "a pawn stands on the first or last rank"},
	{ErrOppositeCheck, "the side not to move is in check"},
	{ErrImpossibleCheck, "more than two pieces give check"},
	{ErrTooManyPieces, "a side has more than 16 pieces"},
	{ErrTooManyPawns, "a side has more than 8 pawns"},
	{ErrCastling, "a castling right needs its king and rook on their first rank, the king between its rooks"},
	{ErrEnPassant, "the en passant square does not follow a double pawn step"},
	{ErrBadPiece, "a square holds no valid piece"},
}

// PositionError lists why a Setup is not a legal position.
type PositionError struct {
	Kinds PositionErrorKind
}

// Error implements error.
func (e *PositionError) Error() string {
	var parts []string
	for _, t := range positionErrorText {
		if e.Kinds&t.k != 0 {
			parts = append(parts, t.s)
		}
	}
	return "chess: illegal position: " + strings.Join(parts, "; ")
}

// Is makes errors.Is(err, &PositionError{Kinds: k}) true when err has all of k.
func (e *PositionError) Is(target error) bool {
	var t *PositionError
	if !errors.As(target, &t) {
		return false
	}
	return e.Kinds&t.Kinds == t.Kinds
}

// RepairCastling removes the castling rights that Position would reject (a
// right without its rook on the first rank, a king off that rank or not
// between its rooks) and reports whether it removed any. Tolerant readers
// call it before Position and warn.
func (s *Setup) RepairCastling() bool {
	before := s.Castling
	for c := s.Castling; c != 0; c &= c - 1 {
		sq := c.First()
		pc := s.Board[sq]
		color := pc.Color()
		if pc.Type() != Rook || (color == White) != (sq.Rank() == 0) || (sq.Rank() != 0 && sq.Rank() != 7) {
			s.Castling &^= sq.Bit()
			continue
		}
		king := NoSquare
		for f := 0; f < 8; f++ {
			if s.Board[SquareAt(f, sq.Rank())] == NewPiece(color, King) {
				king = SquareAt(f, sq.Rank())
			}
		}
		if king == NoSquare || king.File() == 0 || king.File() == 7 {
			s.Castling &^= sq.Bit()
		}
	}
	return s.Castling != before
}

// Position checks the setup per rules.md §1.5 and returns the position, or a
// *PositionError that names every problem found.
func (s Setup) Position() (Position, error) {
	p, kinds := s.position()
	if kinds != 0 {
		return Position{}, &PositionError{Kinds: kinds}
	}
	return p, nil
}

// Playable returns the position of a setup that no legal game can reach
// but that can be played all the same: a side with more than 8 pawns or 16
// pieces (as lichess "From Position" games have). warning names what is
// impossible; err is as Position's for every other problem.
func (s Setup) Playable() (p Position, warning *PositionError, err error) {
	p, kinds := s.position()
	if kinds&^playableKinds != 0 {
		return Position{}, nil, &PositionError{Kinds: kinds}
	}
	if kinds != 0 {
		warning = &PositionError{Kinds: kinds}
	}
	return p, warning, nil
}

// position builds the position of s and the kinds of problem it has.
func (s Setup) position() (Position, PositionErrorKind) {
	var p Position
	p.ep = NoSquare
	p.kings = [2]Square{NoSquare, NoSquare}
	var kinds PositionErrorKind
	for sq := Square(0); sq < 64; sq++ {
		pc := s.Board[sq]
		if pc == NoPiece {
			continue
		}
		if pc.Type() == NoPieceType || pc.Type() > King || pc&^15 != 0 {
			kinds |= ErrBadPiece
			continue
		}
		p.put(pc, sq)
		if pc.Type() == King {
			p.kings[pc.Color()] = sq
		}
		if pc.Type() == Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
			kinds |= ErrPawnsOnBackRank
		}
	}
	for c := White; c <= Black; c++ {
		if p.Pieces(c, King).Count() != 1 {
			kinds |= ErrKings
		}
		if p.byColor[c].Count() > 16 {
			kinds |= ErrTooManyPieces
		}
		if p.Pieces(c, Pawn).Count() > 8 {
			kinds |= ErrTooManyPawns
		}
	}
	p.turn = s.Turn & 1
	if p.turn == Black {
		p.key ^= tables.zBlack
	}
	p.halfmove = int32(s.HalfMove)
	p.fullmove = int32(max(1, s.FullMove))
	p.chess960 = s.Chess960
	if kinds&ErrKings == 0 {
		if p.attackersTo(p.kings[p.turn^1], p.byType[0])&p.byColor[p.turn] != 0 {
			kinds |= ErrOppositeCheck
		}
		if p.Checkers().Count() > 2 {
			kinds |= ErrImpossibleCheck
		}
		// Castling: rook on its first rank, king on the same rank between it and … the other side.
		for c := s.Castling; c != 0; c &= c - 1 {
			sq := c.First()
			pc := p.board[sq]
			if pc.Type() != Rook || (sq.Rank() != 0 && sq.Rank() != 7) {
				kinds |= ErrCastling
				continue
			}
			color := pc.Color()
			if (color == White) != (sq.Rank() == 0) {
				kinds |= ErrCastling
				continue
			}
			k := p.kings[color]
			if k.Rank() != sq.Rank() || k.File() == 0 || k.File() == 7 {
				kinds |= ErrCastling
			}
		}
		// At most one castling rook on each side of each king.
		for color := White; color <= Black; color++ {
			k := p.kings[color]
			rs := s.Castling & backRank(color)
			var left, right int
			for b := rs; b != 0; b &= b - 1 {
				if b.First() < k {
					left++
				} else {
					right++
				}
			}
			if left > 1 || right > 1 {
				kinds |= ErrCastling
			}
		}
		if kinds&ErrCastling == 0 {
			p.setCastling(s.Castling)
		}
		if s.EnPassant != NoSquare {
			ep := s.EnPassant
			wantRank, dir := 5, -8
			if p.turn == Black {
				wantRank, dir = 2, 8
			}
			pawnSq := Square(int(ep) + dir)
			origin := Square(int(ep) - dir)
			if ep.Rank() != wantRank || p.board[pawnSq] != NewPiece(p.turn^1, Pawn) ||
				p.board[ep] != NoPiece || p.board[origin] != NoPiece {
				kinds |= ErrEnPassant
			} else if tables.pawn[p.turn^1][ep]&p.Pieces(p.turn, Pawn) != 0 {
				p.setEP(ep)
			}
		}
	}
	return p, kinds
}

// FromFEN parses fen and checks that it is a legal position.
func FromFEN(fen string) (Position, error) {
	s, err := ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	p, err := s.Position()
	if err != nil {
		return Position{}, fmt.Errorf("fen %q: %w", fen, err)
	}
	return p, nil
}

// Setup returns the position's fields as an unchecked Setup.
func (p *Position) Setup() Setup {
	return Setup{Board: p.board, Turn: p.turn, Castling: p.castling, EnPassant: p.ep,
		HalfMove: int(p.halfmove), FullMove: int(p.fullmove), Chess960: p.chess960}
}

// SetChess960 switches Chess960 castling notation (UCI king-onto-rook, X-FEN
// rook letters) on or off; the rules of castling are the same either way.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// FEN returns the position as a FEN. Castling is written KQkq for standard
// chess and as X-FEN in Chess960 (a rook's file letter when it is not the
// outermost rook on its side). The en passant square is written only when an
// enemy pawn could capture there.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[SquareAt(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(p.castlingField())
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.halfmove)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.fullmove)))
	return b.String()
}

func (p *Position) castlingField() string {
	if p.castling == 0 {
		return "-"
	}
	var out []byte
	for _, color := range []Color{White, Black} {
		rooks := p.castling & backRank(color)
		k := p.kings[color]
		letter := func(sq Square, outer bool, kq byte) byte {
			if !p.chess960 || outer {
				if color == Black {
					return kq + 'a' - 'A'
				}
				return kq
			}
			if color == Black {
				return byte('a' + sq.File())
			}
			return byte('A' + sq.File())
		}
		// King side first, then queen side, as KQkq.
		for b := rooks; b != 0; b &= b - 1 {
			sq := b.First()
			if sq > k {
				outer := p.Pieces(color, Rook)&backRank(color)&^(tables.between[k][sq]|sq.Bit())&aboveFile(sq) == 0
				out = append(out, letter(sq, outer, 'K'))
			}
		}
		for b := rooks; b != 0; b &= b - 1 {
			sq := b.First()
			if sq < k {
				outer := p.Pieces(color, Rook)&backRank(color)&belowFile(sq) == 0
				out = append(out, letter(sq, outer, 'Q'))
			}
		}
	}
	return string(out)
}

// aboveFile returns the squares on files right of sq's file; belowFile, left of it.
func aboveFile(sq Square) Bitboard {
	var b Bitboard
	for f := sq.File() + 1; f < 8; f++ {
		b |= fileA << f
	}
	return b
}

func belowFile(sq Square) Bitboard {
	var b Bitboard
	for f := 0; f < sq.File(); f++ {
		b |= fileA << f
	}
	return b
}

// FEN writes the setup as a FEN, whether or not it is a legal position: a
// legal one as Position.FEN does; otherwise its castling rooks are KQkq on
// the corner files and file letters elsewhere.
func (s Setup) FEN() string {
	if p, _, err := s.Playable(); err == nil {
		return p.FEN()
	}
	p := Position{board: s.Board, turn: s.Turn & 1, ep: s.EnPassant, halfmove: int32(s.HalfMove), fullmove: int32(max(1, s.FullMove))}
	f := p.FEN() // placement and the fields after castling; castling is "-" here
	fields := strings.Fields(f)
	var c []byte
	for _, color := range []Color{White, Black} {
		for b := s.Castling & backRank(color); b != 0; b &= b - 1 {
			sq := b.First()
			l := byte('A' + sq.File())
			switch {
			case sq.File() == 7 && !s.Chess960:
				l = 'K'
			case sq.File() == 0 && !s.Chess960:
				l = 'Q'
			}
			if color == Black {
				l += 'a' - 'A'
			}
			c = append(c, l)
		}
	}
	if len(c) > 0 {
		fields[2] = string(c)
	}
	return strings.Join(fields, " ")
}
