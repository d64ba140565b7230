package arbiter

import (
	"touchmove/core/chess"
	"touchmove/core/msg"
)

// ObligationKind says what a touch-move obligation requires.
type ObligationKind uint8

// The obligations of Article 4 and of a wrong claim.
const (
	// Free: any legal move (nothing touched, or 4.5).
	Free ObligationKind = iota
	// MovePiece: the own piece on Piece must move [4.3.1].
	MovePiece
	// CapturePiece: the opponent's piece on Piece must be captured, by any
	// piece [4.3.2].
	CapturePiece
	// CaptureWith: the own piece on With must capture the piece on Piece
	// [4.3.3].
	CaptureWith
	// Castle: the king on Piece must castle with the rook on Rook [4.4.1].
	Castle
	// KingMove: castling with Rook is illegal; the king on Piece must make
	// another move, castling with the other rook included [4.4.3, 4.7.2].
	KingMove
	// PlayDeclared: the move declared with a wrong draw claim must be played
	// [9.5.3].
	PlayDeclared
)

var obligationKindNames = [...]string{"free", "move piece", "capture piece", "capture with", "castle", "king move", "play declared"}

// String returns the obligation's name, e.g. "move piece".
func (k ObligationKind) String() string { return enumName(obligationKindNames[:], k, "ObligationKind") }

// Obligation is what the touches of the player having the move oblige him to
// do on this move.
type Obligation struct {
	Kind ObligationKind
	// Piece is the piece bound (own piece to move, opponent's piece to
	// capture, king to castle or move), or NoSquare.
	Piece chess.Square
	// With is the own piece that must capture (CaptureWith), or NoSquare.
	With chess.Square
	// Rook is the rook of Castle and KingMove, or NoSquare.
	Rook chess.Square
	// Moves holds the legal moves that fulfil the obligation.
	Moves []chess.Move
	// Article cites the FIDE Laws; empty when nothing was touched.
	Article string
	// Reason explains the obligation; zero when nothing was touched.
	Reason msg.Text
}

// obligation computes the obligation from this turn's touches (rules.md §5).
func (a *Arbiter) obligation() Obligation {
	legal := a.legalMoves()
	ob := Obligation{Kind: Free, Piece: chess.NoSquare, With: chess.NoSquare, Rook: chess.NoSquare}
	st := &a.turn
	if st.declared != chess.NoMove {
		ob.Kind, ob.Piece, ob.Article = PlayDeclared, st.declared.From(), "9.5.3"
		ob.Moves = []chess.Move{st.declared}
		ob.Reason = text(mMustPlayDeclared, msg.SAN("Move", a.pos.SAN(st.declared)))
		return ob
	}
	if !a.mode.touchMove() || len(st.touches) == 0 {
		ob.Moves = append([]chess.Move(nil), legal...)
		return ob
	}
	us := a.pos.Turn()
	own := func(sq chess.Square) bool { return a.pos.PieceAt(sq).Color() == us }
	isOwn := func(sq chess.Square, t chess.PieceType) bool {
		return a.pos.PieceAt(sq) == chess.NewPiece(us, t)
	}

	// 4.4.2: a rook touched before the king forbids castling with it.
	var noCastle chess.Bitboard
	for i, sq := range st.touches {
		if isOwn(sq, chess.King) {
			for _, r := range st.touches[:i] {
				if isOwn(r, chess.Rook) {
					noCastle |= r.Bit()
				}
			}
			break
		}
	}
	moves := filter(legal, func(m chess.Move) bool { return !(m.IsCastling() && noCastle.Has(m.To())) })
	var castleNote msg.Text
	if noCastle != 0 {
		castleNote = text(mNoCastleRook, msg.Square("Square", noCastle.First()))
	}

	firstOwn, firstEnemy := -1, -1
	for i, sq := range st.touches {
		if own(sq) && firstOwn < 0 {
			firstOwn = i
		}
		if !own(sq) && firstEnemy < 0 {
			firstEnemy = i
		}
	}

	// 4.4.1, 4.4.3: the king and then a rook.
	if firstOwn >= 0 && isOwn(st.touches[firstOwn], chess.King) && (firstEnemy < 0 || firstEnemy > firstOwn) {
		king := st.touches[firstOwn]
		for _, r := range st.touches[firstOwn+1:] {
			if !isOwn(r, chess.Rook) {
				continue
			}
			ob.Piece, ob.Rook = king, r
			for _, m := range moves {
				if m.IsCastling() && m.From() == king && m.To() == r {
					ob.Kind, ob.Moves, ob.Article = Castle, []chess.Move{m}, "4.4.1"
					ob.Reason = text(mMustCastle, msg.Square("Square", r))
					return ob
				}
			}
			if km := filter(moves, func(m chess.Move) bool { return m.From() == king }); len(km) > 0 {
				ob.Kind, ob.Moves, ob.Article = KingMove, km, "4.4.3"
				ob.Reason = text(mOtherKingMove, msg.Square("Square", r))
				return ob
			}
			ob.Piece, ob.Moves, ob.Article = chess.NoSquare, moves, "4.4.3"
			ob.Reason = text(mCastleNoKingMove)
			return ob
		}
	}

	// 4.3.3: the first own piece captures the first opponent's piece.
	if firstOwn >= 0 && firstEnemy >= 0 {
		o, e := st.touches[firstOwn], st.touches[firstEnemy]
		if caps := filter(moves, func(m chess.Move) bool { return m.From() == o && a.captured(m) == e }); len(caps) > 0 {
			ob.Kind, ob.Piece, ob.With, ob.Moves, ob.Article = CaptureWith, e, o, caps, "4.3.3"
			ob.Reason = text(mCaptureWith, append(pieceAt(a.pos.PieceAt(o), o),
				msg.Piece("Target", a.pos.PieceAt(e).Type()), msg.Square("TargetSquare", e))...)
			return ob
		}
	}
	both := firstOwn >= 0 && firstEnemy >= 0

	// 4.3.1, 4.3.2 (and the fallback of 4.3.3): the first touched piece
	// that can be moved or captured.
	for _, sq := range st.touches {
		p := a.pos.PieceAt(sq)
		if own(sq) {
			if ms := filter(moves, func(m chess.Move) bool { return m.From() == sq }); len(ms) > 0 {
				ob.Kind, ob.Piece, ob.Moves = MovePiece, sq, ms
				ob.Article = pick(both, "4.3.3", pick(noCastle != 0, "4.4.2", "4.3.1"))
				ob.Reason = text(mMustMove, pieceAt(p, sq)...).Then(castleNote)
				return ob
			}
			continue
		}
		if ms := filter(moves, func(m chess.Move) bool { return a.captured(m) == sq }); len(ms) > 0 {
			ob.Kind, ob.Piece, ob.Moves = CapturePiece, sq, ms
			ob.Article = pick(both, "4.3.3", "4.3.2")
			ob.Reason = text(mMustCapture, pieceAt(p, sq)...)
			return ob
		}
	}
	ob.Moves, ob.Article = moves, "4.5"
	ob.Reason = text(mNoneBinds).Then(castleNote)
	return ob
}

// captured returns the square of the piece m captures, or NoSquare.
func (a *Arbiter) captured(m chess.Move) chess.Square {
	switch {
	case m.IsCastling():
		return chess.NoSquare
	case m.Kind() == chess.EnPassant:
		return chess.SquareAt(m.To().File(), m.From().Rank())
	case a.pos.PieceAt(m.To()) != chess.NoPiece:
		return m.To()
	}
	return chess.NoSquare
}

// castlingDrop reports whether releasing the king on to makes castling move
// m: on its own rook, or on the king's destination when that cannot be an
// ordinary king step (two or more files away; rules.md §9.5).
func castlingDrop(m chess.Move, to chess.Square) bool {
	if to == m.To() {
		return true
	}
	k := m.KingTo()
	return to == k && fileDistance(m.From(), k) >= 2
}

func fileDistance(a, b chess.Square) int {
	d := a.File() - b.File()
	if d < 0 {
		return -d
	}
	return d
}

// resolve maps the release of the piece on from on to onto a move: legal
// reports whether it is legal, promo that a promotion piece must be chosen,
// castling that the king was released as for castling.
func (a *Arbiter) resolve(from, to chess.Square) (m chess.Move, legal, promo, castling bool) {
	us := a.pos.Turn()
	p := a.pos.PieceAt(from)
	legalMoves := a.legalMoves()
	if p.Type() == chess.King {
		for _, m := range legalMoves {
			if m.IsCastling() && m.From() == from && castlingDrop(m, to) {
				return m, true, false, true
			}
		}
		if a.pos.PieceAt(to) == chess.NewPiece(us, chess.Rook) {
			return chess.NewCastling(from, to), false, false, true
		}
		rooks := a.pos.CastlingRooks() & a.pos.ColorPieces(us)
		for rooks != 0 {
			r := rooks.First()
			rooks &^= r.Bit()
			if c := chess.NewCastling(from, r); r.Rank() == from.Rank() && castlingDrop(c, to) {
				return c, false, false, true
			}
		}
	}
	if p.Type() == chess.Pawn && to.Rank() == pick(us == chess.White, 7, 0) {
		for _, m := range legalMoves {
			if m.Kind() == chess.Promotion && m.From() == from && m.To() == to {
				return chess.NewPromotion(from, to, chess.Queen), true, true, false
			}
		}
		return chess.NewPromotion(from, to, chess.Queen), false, false, false
	}
	for _, m := range legalMoves {
		if m.From() == from && m.To() == to && !m.IsCastling() {
			return m, true, false, false
		}
	}
	return chess.NewMove(from, to), false, false, false
}

// permitsAttempt reports whether an illegal attempt m is made with a piece
// the obligation allows to move, so that it counts as an illegal move rather
// than a touch-move breach (RulesArbiter).
func (ob Obligation) permitsAttempt(a *Arbiter, m chess.Move) bool {
	switch ob.Kind {
	case Free:
		return true
	case MovePiece, Castle, KingMove:
		return m.From() == ob.Piece
	case CapturePiece:
		return m.To() == ob.Piece || a.captured(m) == ob.Piece
	case CaptureWith:
		return m.From() == ob.With && m.To() == ob.Piece
	}
	return false
}

// dropSquares returns the squares the piece on from may be released on to
// make one of moves.
func dropSquares(moves []chess.Move, from chess.Square) []chess.Square {
	var out []chess.Square
	add := func(sq chess.Square) {
		for _, s := range out {
			if s == sq {
				return
			}
		}
		out = append(out, sq)
	}
	for _, m := range moves {
		if m.From() != from {
			continue
		}
		if m.IsCastling() {
			if k := m.KingTo(); fileDistance(from, k) >= 2 {
				add(k)
			}
		}
		add(m.To())
	}
	return out
}

func filter(ms []chess.Move, keep func(chess.Move) bool) []chess.Move {
	var out []chess.Move
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

func contains(ms []chess.Move, m chess.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func pick[T any](cond bool, yes, no T) T {
	if cond {
		return yes
	}
	return no
}
