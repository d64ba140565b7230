package posindex

import "touchmove/core/chess"

// A move is kept in one byte, its code: the destination square in the low
// six bits, and in the top two the place of the origin among the pieces of
// the side to move that could reach the destination by the shape of their
// move (sources), in square order. A move that this cannot say — castling,
// a promotion, a null move, an origin past the third — has the code
// escapeBits|to and is kept whole in the game's exceptions.
//
// The code slot of a game's last position, which has no move, holds a
// second fingerprint of it (endFingerprint), so that the scan passes over
// most of the games that end elsewhere without a replay.
const escapeBits = 3 << 6

// fingerprint is the byte of a position's key that the scan compares.
func fingerprint(key uint64) byte { return byte(key >> 56) }

// endFingerprint is the byte of the key of a game's last position kept in
// its code slot.
func endFingerprint(key uint64) byte { return byte(key >> 48) }

// sources returns the pieces of the side to move that could go to to by
// the shape of their move: a knight, king or slider that attacks it, a pawn
// that captures there (an enemy piece or the en passant square), or one that
// pushes there (an empty square).
func sources(p *chess.Position, to chess.Square) chess.Bitboard {
	us := p.Turn()
	occ := p.Occupied()
	queens := p.Pieces(us, chess.Queen)
	b := chess.Attacks(chess.Knight, us, to, occ)&p.Pieces(us, chess.Knight) |
		chess.Attacks(chess.King, us, to, occ)&p.Pieces(us, chess.King) |
		chess.Attacks(chess.Bishop, us, to, occ)&(p.Pieces(us, chess.Bishop)|queens) |
		chess.Attacks(chess.Rook, us, to, occ)&(p.Pieces(us, chess.Rook)|queens)
	pawns := p.Pieces(us, chess.Pawn)
	if pawns == 0 {
		return b
	}
	target := p.PieceAt(to)
	if target != chess.NoPiece || to == p.EnPassant() {
		b |= chess.Attacks(chess.Pawn, us.Other(), to, occ) & pawns
	}
	if target == chess.NoPiece {
		step, double := -8, 3
		if us == chess.Black {
			step, double = 8, 4
		}
		one := int(to) + step
		if one >= 0 && one < 64 {
			switch {
			case pawns.Has(chess.Square(one)):
				b |= chess.Square(one).Bit()
			case to.Rank() == double && p.PieceAt(chess.Square(one)) == chess.NoPiece && pawns.Has(chess.Square(one+step)):
				b |= chess.Square(one + step).Bit()
			}
		}
	}
	return b
}

// encodeMove returns the code of m, a legal move in p, and whether the
// code says it all (false: keep m in the exceptions).
func encodeMove(p *chess.Position, m chess.Move) (byte, bool) {
	to := m.To()
	if m == chess.NullMove || m.Kind() == chess.Castling || m.Kind() == chess.Promotion {
		return escapeBits | byte(to&63), false
	}
	src := sources(p, to)
	from := m.From()
	if !src.Has(from) {
		return escapeBits | byte(to), false
	}
	n := (src & (from.Bit() - 1)).Count()
	if n >= 3 {
		return escapeBits | byte(to), false
	}
	return byte(n<<6) | byte(to), true
}

// decodeMove returns the move of code c (not an escape) in p, or NoMove if
// no piece fits it.
func decodeMove(p *chess.Position, c byte) chess.Move {
	to := chess.Square(c & 63)
	src := sources(p, to)
	for n := c >> 6; n > 0 && src != 0; n-- {
		src &= src - 1
	}
	if src == 0 {
		return chess.NoMove
	}
	from := src.First()
	if to == p.EnPassant() && from.File() != to.File() && p.PieceAt(from).Type() == chess.Pawn {
		return chess.NewEnPassant(from, to)
	}
	return chess.NewMove(from, to)
}
