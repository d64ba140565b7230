package chess

// MoveList holds generated moves without allocating: Moves[:N] are valid.
type MoveList struct {
	Moves [256]Move
	N     int
}

// Slice returns the generated moves as a slice of the list's own array.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N] = m
	ml.N++
}

// addAll adds a move from from to each square of to.
func (ml *MoveList) addAll(from Square, to Bitboard) {
	for ; to != 0; to &= to - 1 {
		ml.add(NewMove(from, to.First()))
	}
}

// LegalMoves returns the legal moves in p in a new slice.
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]Move, ml.N)
	copy(out, ml.Moves[:ml.N])
	return out
}

// HasLegalMoves reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMoves() bool {
	var ml MoveList
	p.GenerateLegal(&ml)
	return ml.N > 0
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || m == NullMove {
		return false
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, x := range ml.Moves[:ml.N] {
		if x == m {
			return true
		}
	}
	return false
}

// pinRay returns the squares a piece on from may move to as far as pins go:
// all of them, or the line through its king k when it is in pinned.
func pinRay(pinned Bitboard, k, from Square) Bitboard {
	if pinned.Has(from) {
		return tables.line[k][from]
	}
	return ^Bitboard(0)
}

// pinned returns the pieces of colour us pinned against their king.
func (p *Position) pinned(us Color) Bitboard {
	k := p.kings[us]
	them := p.byColor[us^1]
	snipers := (rookAttacks(k, 0) & (p.byType[Rook] | p.byType[Queen]) & them) |
		(bishopAttacks(k, 0) & (p.byType[Bishop] | p.byType[Queen]) & them)
	var pinned Bitboard
	occ := p.byType[0]
	for ; snipers != 0; snipers &= snipers - 1 {
		s := snipers.First()
		b := tables.between[k][s] & occ
		if b != 0 && b&(b-1) == 0 {
			pinned |= b & p.byColor[us]
		}
	}
	return pinned
}

// GenerateLegal writes the legal moves of p into ml, replacing its contents.
// Pins and check evasions are computed directly, not by playing each move.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.N = 0
	us := p.turn
	them := us ^ 1
	k := p.kings[us]
	if !k.Valid() || p.byType[King]&p.byColor[us] == 0 {
		return
	}
	occ := p.byType[0]
	own := p.byColor[us]
	enemy := p.byColor[them]
	checkers := p.attackersTo(k, occ) & enemy

	// King moves: the destination must be safe with the king lifted off the board.
	occNoK := occ ^ k.Bit()
	for t := tables.king[k] &^ own; t != 0; t &= t - 1 {
		to := t.First()
		if p.attackersTo(to, occNoK)&enemy == 0 {
			ml.add(NewMove(k, to))
		}
	}
	if checkers&(checkers-1) != 0 {
		return // double check: only the king moves
	}
	target := ^own
	if checkers != 0 {
		c := checkers.First()
		target = tables.between[k][c] | checkers
	}
	pinned := p.pinned(us)

	// Knights: a pinned knight never moves.
	for b := p.byType[Knight] & own &^ pinned; b != 0; b &= b - 1 {
		from := b.First()
		ml.addAll(from, tables.knight[from]&target)
	}
	// Sliders: a pinned one moves only along the line of its pin.
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; b &= b - 1 {
		from := b.First()
		ml.addAll(from, bishopAttacks(from, occ)&target&pinRay(pinned, k, from))
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; b &= b - 1 {
		from := b.First()
		ml.addAll(from, rookAttacks(from, occ)&target&pinRay(pinned, k, from))
	}
	p.genPawns(ml, us, occ, enemy, target, pinned, k)
	if checkers == 0 && p.castling&own != 0 {
		p.genCastling(ml, us, occ, k)
	}
}

func (p *Position) genPawns(ml *MoveList, us Color, occ, enemy, target, pinned Bitboard, k Square) {
	pawns := p.byType[Pawn] & p.byColor[us]
	free := pawns &^ pinned
	empty := ^occ
	var up int
	var promoRank, thirdRank Bitboard
	if us == White {
		up, promoRank, thirdRank = 8, rank8, rank1<<16
	} else {
		up, promoRank, thirdRank = -8, rank1, rank8>>16
	}
	shift := func(b Bitboard, d int) Bitboard {
		if d > 0 {
			return b << uint(d)
		}
		return b >> uint(-d)
	}
	// Unpinned pawns, set-wise.
	single := shift(free, up) & empty
	double := shift(single&thirdRank, up) & empty & target
	single &= target
	emit := func(b Bitboard, d int) {
		for ; b != 0; b &= b - 1 {
			to := b.First()
			from := Square(int(to) - d)
			if promoRank.Has(to) {
				for t := Queen; t >= Knight; t-- {
					ml.add(NewPromotion(from, to, t))
				}
			} else {
				ml.add(NewMove(from, to))
			}
		}
	}
	emit(single, up)
	emit(double, 2*up)
	capL := shift(free&^fileA, up-1) & enemy & target
	capR := shift(free&^fileH, up+1) & enemy & target
	emit(capL, up-1)
	emit(capR, up+1)
	// Pinned pawns, one by one: they may move only along the pin line.
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.First()
		line := tables.line[k][from]
		to := Square(int(from) + up)
		var t Bitboard
		if empty.Has(to) {
			t |= to.Bit()
			if (us == White && from.Rank() == 1) || (us == Black && from.Rank() == 6) {
				if to2 := Square(int(to) + up); empty.Has(to2) {
					t |= to2.Bit()
				}
			}
		}
		t |= tables.pawn[us][from] & enemy
		t &= line & target
		for ; t != 0; t &= t - 1 {
			dst := t.First()
			if promoRank.Has(dst) {
				for pt := Queen; pt >= Knight; pt-- {
					ml.add(NewPromotion(from, dst, pt))
				}
			} else {
				ml.add(NewMove(from, dst))
			}
		}
	}
	// En passant: rare, so each candidate is checked by lifting the pieces.
	if p.ep != NoSquare {
		for b := tables.pawn[us^1][p.ep] & pawns; b != 0; b &= b - 1 {
			if from := b.First(); p.epLegal(from) {
				ml.add(NewEnPassant(from, p.ep))
			}
		}
	}
}

// genCastling adds the castling moves of us, who is not in check. The king's
// and the rook's paths must be empty but for themselves; the squares the king
// stands on, crosses and lands on must not be attacked; and the king must not
// stand in check once its own rook has left the back rank's line (Chess960).
func (p *Position) genCastling(ml *MoveList, us Color, occ Bitboard, k Square) {
	enemy := p.byColor[us^1]
	for r := p.castling & p.byColor[us] & backRank(us); r != 0; r &= r - 1 {
		rook := r.First()
		m := NewCastling(k, rook)
		kt, rt := m.KingTo(), m.RookTo()
		path := (tables.between[k][kt] | kt.Bit() | tables.between[rook][rt] | rt.Bit()) &^ (k.Bit() | rook.Bit())
		if path&occ != 0 {
			continue
		}
		safe := true
		for s := tables.between[k][kt] | kt.Bit(); s != 0; s &= s - 1 {
			if p.attackersTo(s.First(), occ)&enemy != 0 {
				safe = false
				break
			}
		}
		if !safe {
			continue
		}
		// The rook may have shielded the king's destination along the rank.
		after := occ ^ rook.Bit() ^ k.Bit() | kt.Bit() | rt.Bit()
		if rookAttacks(kt, after)&(p.byType[Rook]|p.byType[Queen])&enemy != 0 {
			continue
		}
		ml.add(m)
	}
}
