package dgtsim

import (
	"fmt"
	"strings"

	"touchmove/core/chess"
)

// Update is one field update of a script: Piece placed on Square, or
// NoPiece where a piece is lifted.
type Update struct {
	Square chess.Square
	Piece  chess.Piece
}

// String writes the update as a script word: "e2-" or "e4+P".
func (u Update) String() string {
	if u.Piece == chess.NoPiece {
		return u.Square.String() + "-"
	}
	return u.Square.String() + "+" + u.Piece.String()
}

// ParseScript reads a script of field updates: "e2-" lifts the piece on
// e2, "e4+P" places a white pawn on e4 and "e5+p" a black one.
func ParseScript(s string) ([]Update, error) {
	var out []Update
	for _, w := range strings.Fields(s) {
		if len(w) < 3 {
			return nil, fmt.Errorf("dgtsim: script word %q", w)
		}
		sq, err := chess.ParseSquare(w[:2])
		if err != nil {
			return nil, fmt.Errorf("dgtsim: script word %q: %w", w, err)
		}
		switch {
		case w[2] == '-' && len(w) == 3:
			out = append(out, Update{sq, chess.NoPiece})
		case w[2] == '+' && len(w) == 4:
			l, c := w[3], chess.White
			if l >= 'a' && l <= 'z' {
				l, c = l-'a'+'A', chess.Black
			}
			t := chess.PieceTypeOfLetter(l)
			if t == chess.NoPieceType {
				return nil, fmt.Errorf("dgtsim: script word %q: no piece %q", w, w[3])
			}
			out = append(out, Update{sq, chess.NewPiece(c, t)})
		default:
			return nil, fmt.Errorf("dgtsim: script word %q", w)
		}
	}
	return out, nil
}

// Style is how a player's hand makes a move on the board.
type Style uint8

// The styles of MoveUpdates.
const (
	// OwnFirst lifts the piece that moves, then the piece it captures, and
	// places it; castling moves the king first.
	OwnFirst Style = iota
	// CapturedFirst takes the captured piece off first; castling moves the
	// rook first.
	CapturedFirst
)

// MoveUpdates returns the field updates of m played in p, in style.
func MoveUpdates(p chess.Position, m chess.Move, style Style) []Update {
	from, us := m.From(), p.Turn()
	pc := p.PieceAt(from)
	lift := func(sq chess.Square) Update { return Update{sq, chess.NoPiece} }
	if m.IsCastling() {
		king, rook := chess.NewPiece(us, chess.King), chess.NewPiece(us, chess.Rook)
		k := []Update{lift(from), {m.KingTo(), king}}
		r := []Update{lift(m.To()), {m.RookTo(), rook}}
		if m.KingTo() == m.To() || m.RookTo() == from { // Chess960: a square is shared
			return []Update{lift(from), lift(m.To()), {m.KingTo(), king}, {m.RookTo(), rook}}
		}
		if style == CapturedFirst {
			return append(r, k...)
		}
		return append(k, r...)
	}
	to := m.To()
	captured := chess.NoSquare
	if p.PieceAt(to) != chess.NoPiece {
		captured = to
	}
	if m.Kind() == chess.EnPassant {
		captured = chess.SquareAt(to.File(), from.Rank())
	}
	placed := pc
	if m.Kind() == chess.Promotion {
		placed = chess.NewPiece(us, m.Promotion())
	}
	var out []Update
	if captured != chess.NoSquare && style == CapturedFirst {
		out = append(out, lift(captured), lift(from))
	} else {
		out = append(out, lift(from))
		if captured != chess.NoSquare {
			out = append(out, lift(captured))
		}
	}
	return append(out, Update{to, placed})
}

// Apply puts the updates on the board, one at a time, calling between
// after each (a pause of the test's choosing).
func (b *Board) Apply(us []Update, between func()) {
	for _, u := range us {
		b.Set(u.Square, u.Piece)
		if between != nil {
			between()
		}
	}
}
