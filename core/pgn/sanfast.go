package pgn

import "touchmove/core/chess"

// fastSAN finds the move that plain SAN names in p ("Nf3", "exd5", "Rae1",
// "e8=Q+") by looking only at the pieces that can reach the destination,
// instead of generating every legal move as chess.ParseSAN does. It answers
// ok only when it is sure: when the side to move is in check, for castling,
// en passant, any notation other than plain SAN, and when no move or more
// than one move fits, it gives up and the caller uses chess.ParseSAN, which
// accepts every tolerated form and explains errors. Tests check it against
// ParseSAN on every move of the reference files.
func fastSAN(p *chess.Position, s string) (chess.Move, bool) {
	n := len(s)
	for n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		n--
	}
	if n < 2 || n > 7 {
		return chess.NoMove, false
	}
	promo := chess.NoPieceType
	if n >= 4 && s[n-2] == '=' {
		promo = chess.PieceTypeOfLetter(s[n-1])
		if promo < chess.Knight || promo > chess.Queen {
			return chess.NoMove, false
		}
		n -= 2
	}
	if n < 2 {
		return chess.NoMove, false
	}
	tf, tr := s[n-2]-'a', s[n-1]-'1'
	if tf > 7 || tr > 7 {
		return chess.NoMove, false
	}
	to := chess.SquareAt(int(tf), int(tr))
	body := s[:n-2]
	if p.InCheck() {
		return chess.NoMove, false
	}
	if c := s[0]; c >= 'a' && c <= 'h' {
		return fastPawn(p, body, to, promo)
	}
	pt := chess.PieceTypeOfLetter(s[0])
	if pt <= chess.Pawn || promo != chess.NoPieceType {
		return chess.NoMove, false
	}
	body = body[1:]
	if k := len(body); k > 0 && body[k-1] == 'x' {
		body = body[:k-1]
	}
	us := p.Turn()
	occ := p.Occupied()
	if target := p.PieceAt(to); target != chess.NoPiece && (target.Color() == us || target.Type() == chess.King) {
		return chess.NoMove, false
	}
	cands := chess.Attacks(pt, us, to, occ) & p.Pieces(us, pt)
	for _, c := range []byte(body) {
		switch {
		case c >= 'a' && c <= 'h':
			cands &= fileMask(int(c - 'a'))
		case c >= '1' && c <= '8':
			cands &= rankMask(int(c - '1'))
		default:
			return chess.NoMove, false
		}
	}
	if len(body) > 2 {
		return chess.NoMove, false
	}
	var found chess.Move
	count := 0
	for b := cands; b != 0; b &= b - 1 {
		from := b.First()
		var legal bool
		if pt == chess.King {
			// Not in check: the king's own square shields nothing.
			legal = p.AttackersTo(to, us.Other()) == 0
		} else {
			legal = !exposesKing(p, from, to, us)
		}
		if legal {
			found = chess.NewMove(from, to)
			count++
		}
	}
	if count != 1 {
		return chess.NoMove, false
	}
	return found, true
}

// fastPawn handles pawn pushes and ordinary pawn captures.
func fastPawn(p *chess.Position, body string, to chess.Square, promo chess.PieceType) (chess.Move, bool) {
	us := p.Turn()
	pawn := chess.NewPiece(us, chess.Pawn)
	back, last, double := -1, 7, 3 // rank steps for White
	if us == chess.Black {
		back, last, double = 1, 0, 4
	}
	if (to.Rank() == last) != (promo != chess.NoPieceType) {
		return chess.NoMove, false
	}
	fromRank := to.Rank() + back
	if fromRank < 0 || fromRank > 7 {
		return chess.NoMove, false
	}
	var from chess.Square
	switch {
	case len(body) == 0:
		if p.PieceAt(to) != chess.NoPiece {
			return chess.NoMove, false
		}
		from = chess.SquareAt(to.File(), fromRank)
		switch p.PieceAt(from) {
		case pawn:
		case chess.NoPiece:
			if to.Rank() != double {
				return chess.NoMove, false
			}
			from = chess.SquareAt(to.File(), fromRank+back)
			if p.PieceAt(from) != pawn {
				return chess.NoMove, false
			}
		default:
			return chess.NoMove, false
		}
	case len(body) == 2 && body[1] == 'x' && body[0] >= 'a' && body[0] <= 'h':
		ff := int(body[0] - 'a')
		if d := ff - to.File(); d != 1 && d != -1 {
			return chess.NoMove, false
		}
		target := p.PieceAt(to)
		if target == chess.NoPiece || target.Color() == us || target.Type() == chess.King {
			return chess.NoMove, false // en passant and the odd cases go to ParseSAN
		}
		from = chess.SquareAt(ff, fromRank)
		if p.PieceAt(from) != pawn {
			return chess.NoMove, false
		}
	default:
		return chess.NoMove, false
	}
	if exposesKing(p, from, to, us) {
		return chess.NoMove, false
	}
	if promo != chess.NoPieceType {
		return chess.NewPromotion(from, to, promo), true
	}
	return chess.NewMove(from, to), true
}

// exposesKing reports whether moving a piece of us (not the king) from → to
// leaves us's king attacked, in a position where it is not in check: only a
// slider's line through from can open.
func exposesKing(p *chess.Position, from, to chess.Square, us chess.Color) bool {
	k := p.KingSquare(us)
	df, dr := from.File()-k.File(), from.Rank()-k.Rank()
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return false // not on a line with the king: nothing opens
	}
	them := us.Other()
	occ := p.Occupied()&^from.Bit() | to.Bit()
	keep := ^to.Bit() // a captured piece attacks no more
	queens := p.Pieces(them, chess.Queen)
	rq := (p.Pieces(them, chess.Rook) | queens) & keep
	bq := (p.Pieces(them, chess.Bishop) | queens) & keep
	return chess.Attacks(chess.Rook, us, k, occ)&rq != 0 || chess.Attacks(chess.Bishop, us, k, occ)&bq != 0
}

func fileMask(f int) chess.Bitboard { return chess.Bitboard(0x0101010101010101) << f }

func rankMask(r int) chess.Bitboard { return chess.Bitboard(0xFF) << (8 * r) }
