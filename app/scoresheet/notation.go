package scoresheet

import (
	"fmt"
	"strings"
)

// Notation maps a move in English SAN ("Nf3", "exd8=Q+", "O-O") to the text
// a scoresheet shows for it.
type Notation func(san string) string

// English returns san unchanged: the piece letters K, Q, R, B, N.
func English(san string) string { return san }

// Slovak writes the pieces with Slovak letters: K (kráľ), D (dáma), V (veža),
// S (strelec), J (jazdec).
func Slovak(san string) string { return replacePieces(san, [5]string{"K", "D", "V", "S", "J"}) }

// Russian writes the pieces with Russian letters: Кр (король), Ф (ферзь),
// Л (ладья), С (слон), К (конь).
func Russian(san string) string { return replacePieces(san, [5]string{"Кр", "Ф", "Л", "С", "К"}) }

// replacePieces replaces the English piece letters K, Q, R, B, N of san by
// letters[0..4]. Squares are lowercase and castling uses O, so every capital
// of those five names a piece.
func replacePieces(san string, letters [5]string) string {
	var b strings.Builder
	b.Grow(len(san) + 2)
	for _, r := range san {
		if i := strings.IndexRune("KQRBN", r); i >= 0 {
			b.WriteString(letters[i])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ParseLanguage returns the notation of a language code: "en" (or ""),
// "ru" or "sk".
func ParseLanguage(code string) (Notation, error) {
	switch strings.ToLower(code) {
	case "", "en":
		return English, nil
	case "ru":
		return Russian, nil
	case "sk":
		return Slovak, nil
	}
	return nil, fmt.Errorf("scoresheet: unknown notation language %q (want en, ru or sk)", code)
}
