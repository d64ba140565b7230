package pgn

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"touchmove/core/game"
)

// Pos is the place of a token in the input.
type Pos struct {
	Offset int64 // bytes from the start of the input, 0-based
	Line   int   // 1-based
	Column int   // 1-based, in bytes
}

// IsValid reports whether p is a known position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "line:column", or "-" for an unknown position.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// Problems found in PGN input. The reader wraps them in a *SyntaxError that
// says where; GameBuilder also reports the errors of chess.ParseSAN.
var (
	ErrUnterminatedComment   = errors.New("pgn: unterminated comment")
	ErrUnterminatedString    = errors.New("pgn: unterminated string")
	ErrUnterminatedVariation = errors.New("pgn: unterminated variation")
	ErrUnexpected            = errors.New("pgn: unexpected character")
	ErrBadToken              = errors.New("pgn: unknown token")
	ErrStrayClose            = errors.New("pgn: unmatched closing delimiter")
	ErrTag                   = errors.New("pgn: malformed tag pair")
	ErrNAG                   = errors.New("pgn: bad NAG")
	ErrVariationStart        = errors.New("pgn: variation without a move before it")
	ErrResultInVariation     = errors.New("pgn: result token inside a variation")
	ErrMissingResult         = errors.New("pgn: missing result token")
	ErrResultMismatch        = errors.New("pgn: result token disagrees with the Result tag")
	ErrMoveNumber            = errors.New("pgn: wrong move number")
	ErrLimit                 = errors.New("pgn: limit exceeded")
	ErrTooManyErrors         = errors.New("pgn: too many errors in this game")
	ErrSetup                 = errors.New("pgn: bad start position")
	ErrMove                  = errors.New("pgn: bad move")
)

// MoveError is a move of the input that cannot be played (ErrMove): its
// text, the number of its move and the side, whether it stands in a
// variation (dropped) or the main line (its rest dropped), and the reason,
// chess.ErrIllegalMove, ErrAmbiguousMove or ErrInvalidSAN. The window words
// it from these fields; Error is the English of the command line.
type MoveError struct {
	SAN         string
	Number      int
	Black       bool
	InVariation bool
	Reason      error
}

// Error returns `pgn: bad move: illegal move "Nf3" at 12...; the variation
// is dropped`.
func (e *MoveError) Error() string {
	num := strconv.Itoa(e.Number) + "."
	if e.Black {
		num += ".."
	}
	where := "the rest of the main line is dropped"
	if e.InVariation {
		where = "the variation is dropped"
	}
	return fmt.Sprintf("%v: %v %q at %s; %s", ErrMove, e.Reason, e.SAN, num, where)
}

// Unwrap returns ErrMove and the reason.
func (e *MoveError) Unwrap() []error { return []error{ErrMove, e.Reason} }

// SyntaxError is a problem at a place in PGN input. Offset is 0-based; Line,
// Column, GameLine and Game are 1-based (Game counts the games of the input,
// GameLine is the line where that game starts). A zero Line means the place
// is unknown.
type SyntaxError struct {
	Offset   int64
	Line     int
	Column   int
	GameLine int
	Game     int
	Err      error
}

// Error returns "pgn: LINE:COL: game N: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pgn: %d:%d: game %d: %s", e.Line, e.Column, e.Game, e.Message())
}

// Message returns the description of the problem without its place and
// without the "pgn: " prefix.
func (e *SyntaxError) Message() string {
	if e.Err == nil {
		return "error"
	}
	return strings.TrimPrefix(e.Err.Error(), "pgn: ")
}

// Unwrap returns the underlying error.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Warning reports whether e is only a warning: its game reads and plays in
// full. That is a start position that no game can reach but that can be
// played (more than 8 pawns or 16 pieces a side, as lichess "From
// Position" games have), or a FEN whose impossible castling rights were
// dropped; the window plays such a game with a notice.
func (e *SyntaxError) Warning() bool {
	return errors.Is(e.Err, ErrSetup) && game.IsStartWarning(e.Err)
}

// Pos returns the place of the error.
func (e *SyntaxError) Pos() Pos { return Pos{Offset: e.Offset, Line: e.Line, Column: e.Column} }

// ErrorList is a list of *SyntaxError, as go/scanner keeps one. The zero
// value is an empty list ready to use.
type ErrorList []*SyntaxError

// Add appends an error at pos in game (1-based) that starts on gameLine.
func (l *ErrorList) Add(pos Pos, game, gameLine int, err error) {
	*l = append(*l, &SyntaxError{Offset: pos.Offset, Line: pos.Line, Column: pos.Column, GameLine: gameLine, Game: game, Err: err})
}

// Len is part of sort.Interface.
func (l ErrorList) Len() int { return len(l) }

// Swap is part of sort.Interface.
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }

// Less orders errors by game, line, column and message.
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i], l[j]
	if a.Game != b.Game {
		return a.Game < b.Game
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Column != b.Column {
		return a.Column < b.Column
	}
	return a.Message() < b.Message()
}

// Sort sorts the list in place (stable, so equal places keep their order).
func (l ErrorList) Sort() { sort.Stable(l) }

// Error returns the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "pgn: no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Unwrap returns the errors of the list, for errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}
