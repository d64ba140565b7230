package ui

import (
	"errors"
	"strings"
	"testing"

	"touchmove/app/library"
	"touchmove/core/pgn"
	"touchmove/ui/gamelist"
)

// readProblems returns the problems the reader finds in text.
func readProblems(t *testing.T, text string) pgn.ErrorList {
	t.Helper()
	err := pgn.NewReader(strings.NewReader(text)).ReadGame(pgn.NewGameBuilder())
	var list pgn.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("%q: %v, want problems", text, err)
	}
	return list
}

// The problems of a PGN file show in the players' language, from their
// kind and place, in the list's error column, the message line and the
// dialogs; the command line keeps the English.
func TestPGNProblemsInThePlayersLanguage(t *testing.T) {
	for _, tc := range []struct {
		locale, text, want, english string
	}{
		{"ru_RU.UTF-8", "1. e4 e5 ) *", "Строка 1, столбец 10: закрывающая скобка, которую ничто не открывало.", "unmatched closing delimiter ')'"},
		{"ru_RU.UTF-8", "1. e4 e5 2. Ke3 *", "Строка 1, столбец 13: 2. «Ke3» (король на e3) — невозможный ход. Остаток главной линии отброшен.", `bad move: illegal move "Ke3" at 2.; the rest of the main line is dropped`},
		{"sk_SK.UTF-8", "1. e4 (1. d4 Ke7) e5 *", "Riadok 1, stĺpec 14: „Ke7“ (kráľ na e7) v ťahu 1... je nemožný ťah. Variant je vynechaný.", `bad move: illegal move "Ke7" at 1...; the variation is dropped`},
		{"sk_SK.UTF-8", "1. e4 {open", "Riadok 1, stĺpec 7: komentár nie je uzavretý: chýba zatváracia zložená zátvorka.", "unterminated comment"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			inLanguage(t, tc.locale)
			list := readProblems(t, tc.text)
			if got := list[0].Message(); got != tc.english {
				t.Errorf("the error's own words %q, want %q", got, tc.english)
			}
			if got := gamelist.CellText(library.Entry{Err: list[0], Bad: true}, library.ColumnError, listWords{language: "ru"}); got != tc.want {
				t.Errorf("error column %q, want %q", got, tc.want)
			}
			if got, ok := pgnErrorText(list[:1]); !ok || got != tc.want {
				t.Errorf("message %q, want %q", got, tc.want)
			}
			if got := errorText(list[:1]); !strings.HasSuffix(got, tc.want) || strings.Contains(got, tc.english) {
				t.Errorf("dialog %q", got)
			}
		})
	}
	inLanguage(t, "ru_RU.UTF-8")
	list := append(readProblems(t, "1. e4 e5 ) *"), readProblems(t, "1. e4 e5 ) *")...)
	list = append(list, list...)
	if got, _ := pgnErrorText(list); !strings.HasSuffix(got, "(и ещё 3 ошибки)") {
		t.Errorf("four problems: %q", got)
	}
}

// A move a file wrote wrong is named in quotes as the file has it, with the
// piece and the square in words: a Latin K is a king to a Russian reader,
// an N a knight to a Slovak one (issue 50, point 4).
func TestFileMoveNamedInWords(t *testing.T) {
	for _, tc := range []struct{ locale, san, want string }{
		{"ru_RU.UTF-8", "Ke3", "«Ke3» (король на e3)"},
		{"ru_RU.UTF-8", "Кf3", "«Кf3»"}, // another language's letters: as written
		{"sk_SK.UTF-8", "Nf3", "„Nf3“ (jazdec na f3)"},
		{"sk_SK.UTF-8", "exd8=Q+", "„exd8=Q+“ (pešiak na d8)"},
		{"sk_SK.UTF-8", "O-O-O", "„O-O-O“"},
		{"en_US.UTF-8", "zz9", "“zz9”"},
	} {
		inLanguage(t, tc.locale)
		if got := fileMoveText(tc.san); got != tc.want {
			t.Errorf("%s: %q named %q, want %q", tc.locale, tc.san, got, tc.want)
		}
	}
}
