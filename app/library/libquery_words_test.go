package library_test

import (
	"testing"

	"touchmove/app/library"
	"touchmove/core/chess"
)

// The filter reads the keywords of Russian and Slovak as it reads the
// English ones, whatever the window's language.
func TestParseListFilterInTheWindowsLanguages(t *testing.T) {
	want := library.ListFilter{Player: "Carlsen", Event: "Olympiad", Site: "Baku", YearFrom: 1990, YearTo: 1999, ByResult: true, Result: chess.Draw}
	for _, q := range []string{
		`player:Carlsen event:Olympiad site:Baku year:1990-1999 result:1/2-1/2`,
		`игрок:Carlsen турнир:Olympiad место:Baku год:1990-1999 результат:ничья`,
		`Игрок:Carlsen событие:Olympiad МЕСТО:Baku год:1990-1999 результат:1/2-1/2`,
		`hráč:Carlsen turnaj:Olympiad miesto:Baku rok:1990-1999 výsledok:remíza`,
	} {
		if got := library.ParseListFilter(q); got != want {
			t.Errorf("%s: %+v, want %+v", q, got, want)
		}
	}
	if got := library.ParseListFilter("результат:чёрные"); !got.ByResult || got.Result != chess.BlackWins {
		t.Errorf("результат:чёрные: %+v", got)
	}
}
