package chess

// Position is a chess position: the pieces, the side to move, castling rights,
// the en passant square and the move counters. It is a value: copying it
// gives an independent position, and the zero value is an empty board, not a
// legal position (use StartPosition, FromFEN or Chess960Start).
type Position struct {
	board    [64]Piece
	byColor  [2]Bitboard
	byType   [7]Bitboard // index 0 holds every occupied square
	castling Bitboard    // squares of the rooks that keep a castling right
	key      uint64
	halfmove int32
	fullmove int32
	ep       Square // set only when an enemy pawn stands ready to capture there
	turn     Color
	chess960 bool
	kings    [2]Square
}

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() Position {
	p, err := FromFEN(StartFEN)
	if err != nil {
		panic("chess: start position: " + err.Error()) // unreachable: StartFEN is a constant
	}
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece {
	if !sq.Valid() {
		return NoPiece
	}
	return p.board[sq]
}

// Board returns the 64 squares, A1 first.
func (p *Position) Board() [64]Piece { return p.board }

// Pieces returns the squares of the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c&1] & p.byType[t] }

// Occupied returns the squares that hold a piece.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ColorPieces returns the squares of all pieces of colour c.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c&1] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c&1] }

// Chess960 reports whether the position is played under Chess960 castling
// rules and notation.
func (p *Position) Chess960() bool { return p.chess960 }

// CastlingRooks returns the squares of the rooks that keep a castling right.
func (p *Position) CastlingRooks() Bitboard { return p.castling }

// EnPassant returns the en passant target square, or NoSquare. It is set only
// after a double step next to an enemy pawn that could capture it.
func (p *Position) EnPassant() Square { return p.ep }

// HalfMoveClock returns the number of plies since the last capture or pawn move.
func (p *Position) HalfMoveClock() int { return int(p.halfmove) }

// FullMoveNumber returns the number of the current move, starting at 1.
func (p *Position) FullMoveNumber() int { return int(p.fullmove) }

// Key returns the Zobrist hash of the position (placement, side, castling
// rights and en passant square); the counters are not part of it.
func (p *Position) Key() uint64 { return p.key }

// RepetitionKey returns the key that decides "the same position" under FIDE
// Article 9.2.3: like Key, but an en passant square counts only when an en
// passant capture is actually legal.
func (p *Position) RepetitionKey() uint64 {
	if p.ep != NoSquare && !p.hasLegalEnPassant() {
		return p.key ^ tables.zEP[p.ep.File()]
	}
	return p.key
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attackersTo(p.kings[p.turn], p.byType[0])&p.byColor[p.turn^1] != 0
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.attackersTo(p.kings[p.turn], p.byType[0]) & p.byColor[p.turn^1]
}

// AttackersTo returns the pieces of colour c that attack sq.
func (p *Position) AttackersTo(sq Square, c Color) Bitboard {
	if !sq.Valid() {
		return 0
	}
	return p.attackersTo(sq, p.byType[0]) & p.byColor[c&1]
}

// IsAttacked reports whether a piece of colour c attacks sq.
func (p *Position) IsAttacked(sq Square, c Color) bool { return p.AttackersTo(sq, c) != 0 }

// attackersTo returns the pieces of both colours attacking sq with occupancy occ.
func (p *Position) attackersTo(sq Square, occ Bitboard) Bitboard {
	return (tables.pawn[White][sq] & p.byColor[Black] & p.byType[Pawn]) |
		(tables.pawn[Black][sq] & p.byColor[White] & p.byType[Pawn]) |
		(tables.knight[sq] & p.byType[Knight]) |
		(tables.king[sq] & p.byType[King]) |
		(bishopAttacks(sq, occ) & (p.byType[Bishop] | p.byType[Queen])) |
		(rookAttacks(sq, occ) & (p.byType[Rook] | p.byType[Queen]))
}

func (p *Position) put(pc Piece, sq Square) {
	b := sq.Bit()
	p.board[sq] = pc
	p.byColor[pc.Color()] |= b
	p.byType[pc.Type()] |= b
	p.byType[0] |= b
	p.key ^= tables.zPiece[pc][sq]
}

func (p *Position) remove(sq Square) Piece {
	pc := p.board[sq]
	b := sq.Bit()
	p.board[sq] = NoPiece
	p.byColor[pc.Color()] &^= b
	p.byType[pc.Type()] &^= b
	p.byType[0] &^= b
	p.key ^= tables.zPiece[pc][sq]
	return pc
}

func (p *Position) setCastling(c Bitboard) {
	for x := p.castling ^ c; x != 0; x &= x - 1 {
		p.key ^= tables.zCastle[x.First()]
	}
	p.castling = c
}

func (p *Position) setEP(sq Square) {
	if p.ep != NoSquare {
		p.key ^= tables.zEP[p.ep.File()]
	}
	p.ep = sq
	if sq != NoSquare {
		p.key ^= tables.zEP[sq.File()]
	}
}

// Play makes move m, which must be legal in p (or NullMove, which passes the
// turn). Playing an illegal move leaves p in an unspecified state.
func (p *Position) Play(m Move) {
	us := p.turn
	them := us ^ 1
	p.setEP(NoSquare)
	p.halfmove++
	if m == NullMove {
		p.turn = them
		p.key ^= tables.zBlack
		if us == Black {
			p.fullmove++
		}
		return
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	rights := p.castling
	switch m.Kind() {
	case Castling:
		rook := p.remove(to)
		p.remove(from)
		kt, rt := m.KingTo(), m.RookTo()
		p.put(pc, kt)
		p.put(rook, rt)
		p.kings[us] = kt
		rights &^= backRank(us)
	case EnPassant:
		p.remove(SquareAt(to.File(), from.Rank()))
		p.remove(from)
		p.put(pc, to)
		p.halfmove = 0
	default:
		if p.board[to] != NoPiece {
			p.remove(to)
			p.halfmove = 0
		}
		p.remove(from)
		if m.Kind() == Promotion {
			pc = NewPiece(us, m.Promotion())
		}
		p.put(pc, to)
		switch pc.Type() {
		case Pawn:
			p.halfmove = 0
			if d := int(to) - int(from); d == 16 || d == -16 {
				mid := Square((int(from) + int(to)) / 2)
				if tables.pawn[us][mid]&p.byColor[them]&p.byType[Pawn] != 0 {
					p.setEP(mid)
				}
			}
		case King:
			p.kings[us] = to
			rights &^= backRank(us)
		}
		rights &^= from.Bit() | to.Bit()
	}
	if rights != p.castling {
		p.setCastling(rights)
	}
	p.turn = them
	p.key ^= tables.zBlack
	if us == Black {
		p.fullmove++
	}
}

// hasLegalEnPassant reports whether an en passant capture is legal now.
func (p *Position) hasLegalEnPassant() bool {
	if p.ep == NoSquare {
		return false
	}
	us := p.turn
	for b := tables.pawn[us^1][p.ep] & p.byColor[us] & p.byType[Pawn]; b != 0; b &= b - 1 {
		if p.epLegal(b.First()) {
			return true
		}
	}
	return false
}

// epLegal reports whether the pawn on from may capture en passant without
// leaving its king in check.
func (p *Position) epLegal(from Square) bool {
	us := p.turn
	capSq := SquareAt(p.ep.File(), from.Rank())
	occ := p.byType[0] ^ from.Bit() ^ capSq.Bit() | p.ep.Bit()
	k := p.kings[us]
	them := p.byColor[us^1] &^ capSq.Bit()
	return (bishopAttacks(k, occ)&(p.byType[Bishop]|p.byType[Queen])&them) == 0 &&
		(rookAttacks(k, occ)&(p.byType[Rook]|p.byType[Queen])&them) == 0 &&
		(tables.knight[k]&p.byType[Knight]&them) == 0 &&
		(tables.pawn[us][k]&p.byType[Pawn]&them) == 0
}

// backRank returns the first rank of colour c.
func backRank(c Color) Bitboard {
	if c == White {
		return rank1
	}
	return rank8
}
