package chess

import (
	"errors"
	"fmt"
	"strings"
)

// Errors of move parsing. ParseSAN and ParseUCI wrap exactly one of them.
var (
	// ErrInvalidSAN: the text is not a move in any notation we accept.
	ErrInvalidSAN = errors.New("invalid move notation")
	// ErrIllegalMove: the text is a well-formed move that is not legal here.
	ErrIllegalMove = errors.New("illegal move")
	// ErrAmbiguousMove: the text fits more than one legal move.
	ErrAmbiguousMove = errors.New("ambiguous move")
)

// MoveError is the error of ParseSAN and ParseUCI: the text and the reason.
type MoveError struct {
	Text string
	Err  error // ErrInvalidSAN, ErrIllegalMove or ErrAmbiguousMove
}

// Error implements error.
func (e *MoveError) Error() string { return fmt.Sprintf("chess: %s %q", e.Err, e.Text) }

// Unwrap returns the sentinel error.
func (e *MoveError) Unwrap() error { return e.Err }

// SAN returns m, which must be legal in p, in Standard Algebraic Notation:
// disambiguation among legal moves only, "=Q", "O-O", and "+" or "#".
func (p *Position) SAN(m Move) string {
	var buf [12]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends the SAN of m to dst, as SAN does.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	if m == NullMove {
		return append(dst, "--"...)
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch {
	case m.Kind() == Castling:
		if to > from {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	case pc.Type() == Pawn:
		capture := m.Kind() == EnPassant || p.board[to] != NoPiece
		if capture {
			dst = append(dst, byte('a'+from.File()), 'x')
		}
		dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
		if t := m.Promotion(); t != NoPieceType {
			dst = append(dst, '=', t.Letter())
		}
	default:
		dst = append(dst, pc.Type().Letter())
		// Disambiguate among legal moves of the same piece type to the same square.
		var ml MoveList
		p.GenerateLegal(&ml)
		var others Bitboard
		for _, x := range ml.Moves[:ml.N] {
			if x != m && x.To() == to && x.Kind() != Castling && p.board[x.From()] == pc {
				others |= x.From().Bit()
			}
		}
		if others != 0 {
			sameFile := others&tables.fileMask[from.File()] != 0
			sameRank := others&tables.rankMask[from.Rank()] != 0
			switch {
			case !sameFile:
				dst = append(dst, byte('a'+from.File()))
			case !sameRank:
				dst = append(dst, byte('1'+from.Rank()))
			default:
				dst = append(dst, byte('a'+from.File()), byte('1'+from.Rank()))
			}
		}
		if p.board[to] != NoPiece {
			dst = append(dst, 'x')
		}
		dst = append(dst, byte('a'+to.File()), byte('1'+to.Rank()))
	}
	q := *p
	q.Play(m)
	if q.InCheck() {
		if q.HasLegalMoves() {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '#')
		}
	}
	return dst
}

// figurines maps the Unicode chess symbols to piece letters.
var figurines = strings.NewReplacer(
	"♔", "K", "♕", "Q", "♖", "R", "♗", "B", "♘", "N", "♙", "",
	"♚", "K", "♛", "Q", "♜", "R", "♝", "B", "♞", "N", "♟", "",
)

// ParseSAN reads a move in SAN, tolerating what real PGN files contain:
// "0-0" and "o-o", lower-case piece letters, "Pe4", long algebraic ("e2e4",
// "e2-e4", "Ng1-f3", "Ng1xf3"), ':' for captures, over-specified origins,
// missing or extra 'x', missing or wrong check marks, "++", promotions written
// "e8Q", "e8=q", "e8(Q)" or "e8/Q", "e.p." suffixes, figurines, castling
// written as a king move ("Ke1g1", "Kg1", "e1h1"), and "--", "Z0" or "0000"
// for a null move. The result is a legal move or a *MoveError.
func (p *Position) ParseSAN(s string) (Move, error) {
	m, err := p.parseSAN(s)
	if err != nil {
		return NoMove, &MoveError{Text: s, Err: err}
	}
	return m, nil
}

func (p *Position) parseSAN(orig string) (Move, error) {
	s := strings.TrimSpace(orig)
	if strings.IndexFunc(s, func(r rune) bool { return r >= 0x2654 && r <= 0x265f }) >= 0 {
		s = figurines.Replace(s)
	}
	// Trailing marks: check, mate, annotation glyphs, e.p.
	for {
		n := len(s)
		s = strings.TrimRight(s, "+#!?")
		s = strings.TrimSuffix(s, "e.p.")
		s = strings.TrimSuffix(s, "ep")
		s = strings.TrimRight(s, " ")
		if len(s) == n {
			break
		}
	}
	switch s {
	case "", "-":
		return NoMove, ErrInvalidSAN
	case "--", "Z0", "0000", "@@@@":
		return NullMove, nil
	case "O-O", "0-0", "o-o", "OO", "00":
		return p.castle(true)
	case "O-O-O", "0-0-0", "o-o-o", "OOO", "000":
		return p.castle(false)
	}
	if len(s) > 12 {
		return NoMove, ErrInvalidSAN
	}
	// Promotion: "=Q", "(Q)", "/Q", or a bare letter after the destination.
	promo := NoPieceType
	if n := len(s); n >= 3 && s[n-1] == ')' && s[n-3] == '(' {
		s = s[:n-3] + s[n-2:n-1]
	}
	if n := len(s); n >= 2 && isPromoLetter(s[n-1]) && (s[n-2] == '=' || s[n-2] == '/' || s[n-2] == '1' || s[n-2] == '8') {
		promo = promoType(s[n-1])
		s = s[:n-1]
		s = strings.TrimRight(s, "=/")
	}
	// Destination: the last two characters.
	if len(s) < 2 {
		return NoMove, ErrInvalidSAN
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		return NoMove, ErrInvalidSAN
	}
	s = s[:len(s)-2]
	// Piece letter.
	piece := NoPieceType
	pawnOrBishop := false
	if len(s) > 0 {
		switch c := s[0]; c {
		case 'K', 'Q', 'R', 'B', 'N', 'P':
			piece = PieceTypeOfLetter(c)
			s = s[1:]
		case 'k', 'q', 'r', 'n':
			piece = PieceTypeOfLetter(c - 'a' + 'A')
			s = s[1:]
		case 'b':
			// "bxc3" is a pawn; "bc3"/"b1c3" may be a bishop if no pawn fits.
			pawnOrBishop = true
		}
	}
	// Separators and the origin hints.
	fromFile, fromRank := -1, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'h':
			if fromFile >= 0 {
				return NoMove, ErrInvalidSAN
			}
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8':
			if fromRank >= 0 {
				return NoMove, ErrInvalidSAN
			}
			fromRank = int(c - '1')
		case c == 'x' || c == ':' || c == '-':
		default:
			return NoMove, ErrInvalidSAN
		}
	}
	if pawnOrBishop {
		if len(s) >= 2 && s[1] >= '1' && s[1] <= '8' {
			// "b1d2" names its origin square: long algebraic or UCI of
			// whatever piece stands on b1, before "B1d2" (a bishop of the
			// first rank) is tried.
			if m, err := p.matchMove(NoPieceType, fromFile, fromRank, to, promo, false); err == nil {
				return m, nil
			}
		}
		if m, err := p.matchMove(Pawn, fromFile, fromRank, to, promo, true); err == nil || errors.Is(err, ErrAmbiguousMove) {
			return m, err
		}
		fromFile = -1
		for i := 1; i < len(s); i++ { // skip the 'b' itself when retrying as a bishop
			if c := s[i]; c >= 'a' && c <= 'h' {
				fromFile = int(c - 'a')
			}
		}
		return p.matchMove(Bishop, fromFile, fromRank, to, promo, false)
	}
	return p.matchMove(piece, fromFile, fromRank, to, promo, false)
}

func isPromoLetter(c byte) bool {
	switch c {
	case 'Q', 'R', 'B', 'N', 'q', 'r', 'b', 'n':
		return true
	}
	return false
}

func promoType(c byte) PieceType {
	if c >= 'a' {
		c -= 'a' - 'A'
	}
	return PieceTypeOfLetter(c)
}

// castle finds the legal castling move on the king side or the queen side.
func (p *Position) castle(kingSide bool) (Move, error) {
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves[:ml.N] {
		if m.Kind() == Castling && (m.To() > m.From()) == kingSide {
			return m, nil
		}
	}
	return NoMove, ErrIllegalMove
}

// matchMove finds the one legal move that fits the parsed parts. piece may be
// NoPieceType when the text gave no letter (pawn, or a long-algebraic move of
// any piece when the origin is complete).
func (p *Position) matchMove(piece PieceType, fromFile, fromRank int, to Square, promo PieceType, pawnOnly bool) (Move, error) {
	var ml MoveList
	p.GenerateLegal(&ml)
	longForm := fromFile >= 0 && fromRank >= 0
	var found, castling Move
	count := 0
	for _, m := range ml.Moves[:ml.N] {
		from := m.From()
		pt := p.board[from].Type()
		if fromFile >= 0 && from.File() != fromFile || fromRank >= 0 && from.Rank() != fromRank {
			continue
		}
		switch {
		case piece == NoPieceType && !longForm:
			if pt != Pawn {
				continue
			}
		case piece != NoPieceType && pt != piece:
			continue
		case pawnOnly && pt != Pawn:
			continue
		}
		if m.Kind() == Castling {
			// A king move onto the castling square or onto its own rook.
			if m.KingTo() == to || m.To() == to {
				castling = m
			}
			continue
		}
		if m.To() != to {
			continue
		}
		if m.Kind() == Promotion {
			want := promo
			if want == NoPieceType {
				want = Queen // a promotion without a piece: a queen, as most readers do
			}
			if m.Promotion() != want {
				continue
			}
		} else if promo != NoPieceType {
			continue
		}
		if count == 0 {
			found = m
		}
		count++
	}
	switch {
	case count == 1:
		return found, nil
	case count > 1:
		return NoMove, ErrAmbiguousMove
	case castling != NoMove && promo == NoPieceType:
		return castling, nil
	}
	return NoMove, ErrIllegalMove
}

// UCI returns m in UCI notation ("e2e4", "e7e8q"). Castling is the king's
// two-square move in standard chess and king-onto-rook in Chess960.
func (p *Position) UCI(m Move) string {
	switch m {
	case NoMove, NullMove:
		return "0000"
	}
	to := m.To()
	if m.Kind() == Castling && !p.chess960 {
		to = m.KingTo()
	}
	s := m.From().String() + to.String()
	if t := m.Promotion(); t != NoPieceType {
		s += string(t.Letter() + 'a' - 'A')
	}
	return s
}

// ParseUCI reads a move in UCI notation. Castling is accepted both as the
// king's move to its destination and as king-onto-rook.
func (p *Position) ParseUCI(s string) (Move, error) {
	if s == "0000" {
		return NullMove, nil
	}
	bad := func(err error) (Move, error) { return NoMove, &MoveError{Text: s, Err: err} }
	if len(s) != 4 && len(s) != 5 {
		return bad(ErrInvalidSAN)
	}
	from, err1 := ParseSquare(s[:2])
	to, err2 := ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		return bad(ErrInvalidSAN)
	}
	promo := NoPieceType
	if len(s) == 5 {
		if !isPromoLetter(s[4]) {
			return bad(ErrInvalidSAN)
		}
		promo = promoType(s[4])
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var castling Move
	for _, m := range ml.Moves[:ml.N] {
		if m.From() != from {
			continue
		}
		if m.Kind() == Castling {
			if promo == NoPieceType && (m.To() == to || m.KingTo() == to) {
				castling = m
			}
			continue
		}
		if m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	if castling != NoMove {
		return castling, nil
	}
	return bad(ErrIllegalMove)
}
