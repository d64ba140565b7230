package scoresheet

import (
	"fmt"
	"strings"

	"touchmove/core/chess"
)

// Notation maps a move in English SAN ("Nf3", "exd8=Q+", "O-O") to the text
// a scoresheet shows for it.
type Notation func(san string) string

// English returns san unchanged: the piece letters K, Q, R, B, N.
func English(san string) string { return san }

// Slovak writes the pieces with Slovak letters: K (kráľ), D (dáma), V (veža),
// S (strelec), J (jazdec).
func Slovak(san string) string { return writeIn("sk", san) }

// Russian writes the pieces with Russian letters: Кр (король), Ф (ферзь),
// Л (ладья), С (слон), К (конь).
func Russian(san string) string { return writeIn("ru", san) }

// writeIn writes san with the piece letters of language code.
func writeIn(code, san string) string {
	l, _ := chess.LettersOf(code)
	return l.Write(san)
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
