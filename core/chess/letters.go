package chess

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PieceLetters are the letters a language writes the pieces with in its
// notation, in the order king, queen, rook, bishop, knight.
type PieceLetters [5]string

// LettersOf returns the piece letters of a language by its code: "en" (K Q
// R B N), "sk" and "cs" (K D V S J), "ru" (Кр Ф Л С К), "de" (K D T L S),
// or "figurine" (♔ ♕ ♖ ♗ ♘). ok is false for a code it does not know.
func LettersOf(code string) (l PieceLetters, ok bool) {
	switch code {
	case "en":
		return PieceLetters{"K", "Q", "R", "B", "N"}, true
	case "sk", "cs":
		return PieceLetters{"K", "D", "V", "S", "J"}, true
	case "ru":
		return PieceLetters{"Кр", "Ф", "Л", "С", "К"}, true
	case "de":
		return PieceLetters{"K", "D", "T", "L", "S"}, true
	case "figurine":
		return PieceLetters{"♔", "♕", "♖", "♗", "♘"}, true
	}
	return PieceLetters{}, false
}

// Write writes a move in English SAN ("Nbxd7+", "e8=Q", "O-O") with these
// letters. Squares are lowercase and castling uses O, so every capital K,
// Q, R, B or N of SAN names a piece.
func (l PieceLetters) Write(san string) string {
	var b strings.Builder
	b.Grow(len(san) + 2)
	for _, r := range san {
		if i := strings.IndexRune("KQRBN", r); i >= 0 {
			b.WriteString(l[i])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// readers returns, for each language whose letters differ from English,
// the map from its piece letters back to English ones.
func readers() []*strings.Replacer {
	var rs []*strings.Replacer
	for _, code := range []string{"sk", "ru", "de"} {
		l, _ := LettersOf(code)
		var pairs []string
		for i, e := range "KQRBN" {
			if l[i] != string(e) {
				pairs = append(pairs, l[i], string(e))
			}
		}
		rs = append(rs, strings.NewReplacer(pairs...))
	}
	return rs
}

// latin folds the Cyrillic letters that look like the Latin ones of SAN, as
// a Russian keyboard layout left on types them: а, с and е for the files a,
// c and e, х for a capture, о and О for castling. Capitals К and С stay:
// they are Russian piece letters.
var latin = strings.NewReplacer("а", "a", "с", "c", "е", "e", "х", "x", "о", "o", "О", "O")

// LocalReadings returns the ways a move written with another language's
// piece letters (Slovak and Czech "Jf3", Russian "Крg1", German "Sf3") may
// read in English SAN, one for each language whose reading differs from
// the text; a first letter in lower case that is no file ("jf3", "кf3") is
// taken for a piece. Cyrillic letters that look like Latin ones ("е4",
// "Кхе5", "О-О") are read as those first. A reader tries them only where
// the text is no move as it stands, and takes one only when exactly one is
// legal.
func LocalReadings(s string) []string {
	var out []string
	add := func(t string) {
		if t != s && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	// A first letter in lower case that is no file is a piece.
	pieceFirst := func(t string) string {
		if r, n := utf8.DecodeRuneInString(t); n > 0 && unicode.IsLower(r) && (r < 'a' || r > 'h') {
			return string(unicode.ToUpper(r)) + t[n:]
		}
		return t
	}
	folded := latin.Replace(s)
	add(folded)
	for _, t := range []string{pieceFirst(folded), latin.Replace(pieceFirst(s))} {
		for _, rd := range readers() {
			if u := rd.Replace(t); u != t {
				add(u)
			}
		}
	}
	return out
}
