package app

import (
	"errors"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// PositionEditor sets up a position by hand: pieces put, moved and removed,
// the side to move, castling rights, the en passant square and the move
// number. It holds a chess.Setup, which may be illegal while it is edited;
// Check says what is wrong in words. Like Editor it is plain logic: ui's
// editor window draws it.
type PositionEditor struct {
	s chess.Setup
}

// NewPositionEditor returns an editor holding the standard start position.
func NewPositionEditor() *PositionEditor {
	e := &PositionEditor{}
	e.Reset()
	return e
}

// Setup returns the position being edited.
func (e *PositionEditor) Setup() chess.Setup { return e.s }

// Reset sets up the standard start position.
func (e *PositionEditor) Reset() {
	s, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	e.s = s
}

// Clear empties the board; the side to move and the move number stay.
func (e *PositionEditor) Clear() {
	e.s.Board = [64]chess.Piece{}
	e.s.Castling, e.s.EnPassant = 0, chess.NoSquare
}

// Put puts pc on sq (NoPiece empties it).
func (e *PositionEditor) Put(sq chess.Square, pc chess.Piece) {
	if !sq.Valid() {
		return
	}
	e.s.Board[sq] = pc
	e.tidy()
}

// Move moves the piece on from to to, taking what stood there.
func (e *PositionEditor) Move(from, to chess.Square) {
	if !from.Valid() || !to.Valid() || from == to || e.s.Board[from] == chess.NoPiece {
		return
	}
	e.s.Board[to], e.s.Board[from] = e.s.Board[from], chess.NoPiece
	e.tidy()
}

// CycleColor gives the piece on sq the other colour.
func (e *PositionEditor) CycleColor(sq chess.Square) {
	if !sq.Valid() {
		return
	}
	if pc := e.s.Board[sq]; pc != chess.NoPiece {
		e.s.Board[sq] = chess.NewPiece(pc.Color().Other(), pc.Type())
		e.tidy()
	}
}

// SetTurn sets the side to move.
func (e *PositionEditor) SetTurn(c chess.Color) {
	e.s.Turn = c
	e.tidy()
}

// SetFullMove sets the move number (1 or more).
func (e *PositionEditor) SetFullMove(n int) { e.s.FullMove = max(1, n) }

// SetChess960 chooses Chess960 castling: any rook of the back rank may keep
// its right, written by its file (Shredder-FEN).
func (e *PositionEditor) SetChess960(on bool) {
	e.s.Chess960 = on
	e.tidy()
}

// CastlingRight is one castling right the position may have.
// The window words it in the players' language: "White O-O", and in
// Chess960 the rook's square too.
type CastlingRight struct {
	Color chess.Color
	Rook  chess.Square // the rook that castles
	Long  bool         // queen side, O-O-O
	On    bool
}

// CastlingRights returns the castling rights the position allows: a king on
// its first rank and a rook of its colour there (the corner rooks, or in
// Chess960 the outermost rook on each side).
func (e *PositionEditor) CastlingRights() []CastlingRight {
	var out []CastlingRight
	for _, c := range []chess.Color{chess.White, chess.Black} {
		rank := 0
		if c == chess.Black {
			rank = 7
		}
		king := chess.NoSquare
		for f := 1; f < 7; f++ {
			if e.s.Board[chess.SquareAt(f, rank)] == chess.NewPiece(c, chess.King) {
				king = chess.SquareAt(f, rank)
			}
		}
		if king == chess.NoSquare {
			continue
		}
		rook := chess.NewPiece(c, chess.Rook)
		for _, side := range []struct {
			files []int
			name  string
		}{{[]int{7, 6, 5, 4, 3, 2, 1}, "O-O"}, {[]int{0, 1, 2, 3, 4, 5, 6}, "O-O-O"}} {
			for _, f := range side.files {
				sq := chess.SquareAt(f, rank)
				if (side.name == "O-O") != (f > king.File()) || f == king.File() {
					continue
				}
				if !e.s.Chess960 && f != 0 && f != 7 {
					continue
				}
				if e.s.Board[sq] != rook {
					continue
				}
				out = append(out, CastlingRight{Color: c, Rook: sq, Long: side.name == "O-O-O", On: e.s.Castling.Has(sq)})
				break
			}
		}
	}
	return out
}

// SetCastling gives or takes the castling right of the rook on rook; a
// right the position does not allow is not given.
func (e *PositionEditor) SetCastling(rook chess.Square, on bool) {
	if !on {
		e.s.Castling &^= rook.Bit()
		return
	}
	for _, r := range e.CastlingRights() {
		if r.Rook == rook {
			e.s.Castling |= rook.Bit()
		}
	}
}

// EnPassantSquares returns the squares a double step of the side not to
// move could have passed over just before: those that may be the en passant
// square.
func (e *PositionEditor) EnPassantSquares() []chess.Square {
	var out []chess.Square
	them := e.s.Turn.Other()
	rank, dir := 5, -1 // White to move: a black pawn went from rank 7 to 5 over 6
	if e.s.Turn == chess.Black {
		rank, dir = 2, 1
	}
	for f := 0; f < 8; f++ {
		ep := chess.SquareAt(f, rank)
		pawn := chess.SquareAt(f, rank+dir)
		origin := chess.SquareAt(f, rank-dir)
		if e.s.Board[pawn] == chess.NewPiece(them, chess.Pawn) && e.s.Board[ep] == chess.NoPiece && e.s.Board[origin] == chess.NoPiece {
			out = append(out, ep)
		}
	}
	return out
}

// SetEnPassant sets the en passant square (NoSquare for none); a square no
// double step explains is not set.
func (e *PositionEditor) SetEnPassant(sq chess.Square) {
	e.s.EnPassant = chess.NoSquare
	for _, ok := range e.EnPassantSquares() {
		if ok == sq {
			e.s.EnPassant = sq
		}
	}
}

// tidy drops the castling rights and the en passant square that an edit of
// the board made impossible.
func (e *PositionEditor) tidy() {
	keep := chess.Bitboard(0)
	for _, r := range e.CastlingRights() {
		if e.s.Castling.Has(r.Rook) {
			keep |= r.Rook.Bit()
		}
	}
	e.s.Castling = keep
	if e.s.EnPassant != chess.NoSquare {
		e.SetEnPassant(e.s.EnPassant)
	}
}

// FEN returns the position as a FEN.
func (e *PositionEditor) FEN() string { return e.s.FEN() }

// SetFEN sets up the position of a FEN; a FEN that cannot be read is an
// error that says which field and why, and changes nothing.
func (e *PositionEditor) SetFEN(fen string) error {
	s, err := chess.ParseFEN(strings.TrimSpace(fen))
	if err != nil {
		return err
	}
	e.s = s
	return nil
}

// Check says whether the position can be played: problem says why it
// cannot (zero when it can); warning names what is impossible in a real
// game yet playable (more than 8 pawns of a side).
func (e *PositionEditor) Check() (problem, warning msg.Text) {
	_, warn, err := e.s.Playable()
	if err != nil {
		return positionText(err, e.kingTexts()), msg.Text{}
	}
	if warn != nil {
		return msg.Text{}, positionText(warn, nil).Then(text(mPosPlayable))
	}
	return msg.Text{}, msg.Text{}
}

// kingTexts says which side lacks its king or has too many: "White has 2
// kings.", "Black has no king."; none when both have one.
func (e *PositionEditor) kingTexts() []msg.Text {
	var n [2]int
	for _, pc := range e.s.Board {
		if pc != chess.NoPiece && pc.Type() == chess.King {
			n[pc.Color()]++
		}
	}
	var out []msg.Text
	for c, k := range n {
		switch {
		case k == 0:
			out = append(out, text(mPosNoKing, side(chess.Color(c))))
		case k > 1:
			out = append(out, msg.Plural(mPosKingsOf, mPosKingOf, k, side(chess.Color(c))))
		}
	}
	return out
}

// positionText says what a *chess.PositionError says, for the player;
// kings, when given, say which side's king is wrong instead of the rule.
func positionText(err error, kings []msg.Text) msg.Text {
	var pe *chess.PositionError
	if !errors.As(err, &pe) {
		return msg.Plain(err.Error())
	}
	var t msg.Text
	for _, k := range []struct {
		kind chess.PositionErrorKind
		key  string
	}{
		{chess.ErrKings, mPosKings},
		{chess.ErrPawnsOnBackRank, mPosBackRank},
		{chess.ErrOppositeCheck, mPosOppositeCheck},
		{chess.ErrImpossibleCheck, mPosImpossibleCheck},
		{chess.ErrTooManyPieces, mPosTooManyPieces},
		{chess.ErrTooManyPawns, mPosTooManyPawns},
		{chess.ErrCastling, mPosCastling},
		{chess.ErrEnPassant, mPosEnPassant},
	} {
		switch {
		case pe.Kinds&k.kind == 0:
		case k.kind == chess.ErrKings && len(kings) > 0:
			t = t.Then(kings...)
		default:
			t = t.Then(text(k.key))
		}
	}
	if t.IsZero() {
		return msg.Plain(err.Error())
	}
	return t
}
