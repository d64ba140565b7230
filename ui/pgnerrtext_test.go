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
		{"ru_RU.UTF-8", "1. e4 e5 ) *", "Строка 1, позиция 10: Закрывающая скобка, которую ничто не открывало.", "unmatched closing delimiter ')'"},
		{"ru_RU.UTF-8", "1. e4 e5 2. Ke3 *", "Строка 1, позиция 13: Ke3 на 2. — невозможный ход. Остаток главной линии отброшен.", `bad move: illegal move "Ke3" at 2.; the rest of the main line is dropped`},
		{"sk_SK.UTF-8", "1. e4 (1. d4 Ke7) e5 *", "Riadok 1, stĺpec 14: Ke7 v ťahu 1... je nemožný ťah. Variant je vynechaný.", `bad move: illegal move "Ke7" at 1...; the variation is dropped`},
		{"sk_SK.UTF-8", "1. e4 {open", "Riadok 1, stĺpec 7: Komentár nie je uzavretý: chýba zatváracia zložená zátvorka.", "unterminated comment"},
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
