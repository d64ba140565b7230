package ui

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2/lang"

	"touchmove/core/chess"
	"touchmove/core/pgn"
)

// pgnProblemText says a problem of PGN input in the players' language,
// from its kind and its place: "Line 3, column 7: a comment is not
// closed…", no capital after the colon. The command line keeps the
// English of the error.
func pgnProblemText(e *pgn.SyntaxError) string {
	return lang.L("Line {{.Line}}, column {{.Column}}: {{.Problem}}",
		map[string]any{"Line": e.Line, "Column": e.Column, "Problem": lowerFirst(pgnKindText(e.Err))})
}

// lowerFirst returns s with its first letter in lower case, unless the
// word is an abbreviation ("PGN").
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	next, _ := utf8.DecodeRuneInString(s[n:])
	if !unicode.IsUpper(r) || unicode.IsUpper(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// pgnKindText says what err, the cause of a *pgn.SyntaxError, is.
func pgnKindText(err error) string {
	var me *pgn.MoveError
	if errors.As(err, &me) {
		num := strconv.Itoa(me.Number) + "."
		if me.Black {
			num += ".."
		}
		data := map[string]any{"Move": fileMoveText(me.SAN), "Number": num}
		var s string
		switch {
		case errors.Is(me.Reason, chess.ErrIllegalMove):
			s = lang.L("{{.Move}} at {{.Number}} is an impossible move.", data)
		case errors.Is(me.Reason, chess.ErrAmbiguousMove):
			s = lang.L("{{.Move}} at {{.Number}} fits several moves.", data)
		default:
			s = lang.L("{{.Move}} at {{.Number}} is not a move.", data)
		}
		if me.InVariation {
			return s + " " + lang.L("The variation is dropped.")
		}
		return s + " " + lang.L("The rest of the main line is dropped.")
	}
	// The kinds of core/pgn errors.go.
	switch {
	case err == nil:
		return lang.L("The PGN text has problems.")
	case errors.Is(err, pgn.ErrUnterminatedComment):
		return lang.L("A comment is not closed: its closing brace is missing.")
	case errors.Is(err, pgn.ErrUnterminatedString):
		return lang.L("A tag's value is not closed: its closing quote is missing.")
	case errors.Is(err, pgn.ErrUnterminatedVariation):
		return lang.L("A variation is not closed: its closing parenthesis is missing.")
	case errors.Is(err, pgn.ErrUnexpected):
		return lang.L("A character that has no place here.")
	case errors.Is(err, pgn.ErrBadToken):
		return lang.L("Text that is no move, move number or annotation.")
	case errors.Is(err, pgn.ErrStrayClose):
		return lang.L("A closing parenthesis or brace that nothing opened.")
	case errors.Is(err, pgn.ErrTag):
		return lang.L("A tag pair cannot be read.")
	case errors.Is(err, pgn.ErrNAG):
		return lang.L("An annotation ($) cannot be read.")
	case errors.Is(err, pgn.ErrVariationStart):
		return lang.L("A variation has no move before it.")
	case errors.Is(err, pgn.ErrResultInVariation):
		return lang.L("A result stands inside a variation.")
	case errors.Is(err, pgn.ErrMissingResult):
		return lang.L("The game has no result at its end.")
	case errors.Is(err, pgn.ErrResultMismatch):
		return lang.L("The result at the end disagrees with the Result tag.")
	case errors.Is(err, pgn.ErrMoveNumber):
		return lang.L("A move number is wrong.")
	case errors.Is(err, pgn.ErrLimit):
		return lang.L("The game is too large to be read whole.")
	case errors.Is(err, pgn.ErrTooManyErrors):
		return lang.L("Too many problems: the rest of the game is not read.")
	case errors.Is(err, pgn.ErrSetup):
		return lang.L("The start position (the FEN tag) cannot be read.")
	}
	return lang.L("The PGN text has problems.") + " " + strings.TrimPrefix(err.Error(), "pgn: ")
}

// fileMoveText names a move as a file wrote it in a problem's sentence:
// the file's text in quotes, and the piece and the square in words when the
// text is English SAN («Ke3» (король на e3)), for a Latin K reads as a
// knight to a Russian and N is no Slovak letter.
func fileMoveText(san string) string {
	data := map[string]any{"Text": san}
	piece, sq, ok := sanPieceSquare(san)
	if !ok {
		return lang.L("“{{.Text}}”", data)
	}
	data["Piece"], data["Square"] = pieceName(piece), sq
	return lang.L("“{{.Text}}” ({{.Piece}} to {{.Square}})", data)
}

// sanPieceSquare returns the kind of piece an English SAN move moves and
// its destination square; ok is false for castling and for text that is no
// SAN.
func sanPieceSquare(san string) (chess.PieceType, string, bool) {
	if san == "" || strings.HasPrefix(san, "O") || strings.HasPrefix(san, "0") {
		return chess.NoPieceType, "", false
	}
	piece := chess.Pawn
	if strings.IndexByte("KQRBN", san[0]) >= 0 {
		piece = chess.PieceTypeOfLetter(san[0])
	} else if san[0] < 'a' || san[0] > 'h' {
		return chess.NoPieceType, "", false
	}
	sq := ""
	for i := 0; i+1 < len(san); i++ {
		if san[i] >= 'a' && san[i] <= 'h' && san[i+1] >= '1' && san[i+1] <= '8' {
			sq = san[i : i+2]
		}
	}
	for _, r := range san {
		if r > 127 {
			return chess.NoPieceType, "", false // another language's letters: quoted only
		}
	}
	return piece, sq, sq != ""
}

// pgnErrorText says err in the players' language when it is a problem of
// PGN input or a list of them (the first, and how many more); ok is false
// for any other error.
func pgnErrorText(err error) (text string, ok bool) {
	var list pgn.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		text = pgnProblemText(list[0])
		if n := len(list) - 1; n > 0 {
			text += " " + lang.N("({{.Count}} more problems)", n, map[string]any{"Count": n})
		}
		return text, true
	}
	var se *pgn.SyntaxError
	if errors.As(err, &se) {
		return pgnProblemText(se), true
	}
	return "", false
}
