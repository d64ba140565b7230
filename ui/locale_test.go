package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/library"
	"touchmove/core/chess"
	"touchmove/ui/gamelist"
)

// Counts group their thousands as each language does.
func TestFormatCount(t *testing.T) {
	for _, tc := range []struct {
		n          int
		lang, want string
	}{
		{0, "en", "0"},
		{999, "en", "999"},
		{1000, "en", "1,000"},
		{1000000, "en", "1,000,000"},
		{123456, "en", "123,456"},
		{-1234, "en", "-1,234"},
		{1000000, "ru", "1\u00a0000\u00a0000"},
		{12345, "sk", "12\u00a0345"},
		{999, "sk", "999"},
		{1000, "de", "1,000"}, // words and numbers fall back to English
	} {
		if got := formatCount(tc.n, tc.lang); got != tc.want {
			t.Errorf("%d in %q: %q, want %q", tc.n, tc.lang, got, tc.want)
		}
	}
}

// PGN dates are shown day first in Russian and Slovak, in the PGN order in
// English, without their unknown small parts; what is no PGN date is kept.
func TestFormatPGNDate(t *testing.T) {
	for _, tc := range []struct{ date, en, ru string }{
		{"2024.03.05", "2024.03.05", "05.03.2024"},
		{"2024.03.??", "2024.03", "03.2024"},
		{"2024.??.??", "2024", "2024"},
		{"2024.??.05", "2024", "2024"},
		{"????.??.??", "", ""},
		{"????.03.05", "????.03.05", "05.03.????"},
		{"", "", ""},
		{"2024", "2024", "2024"},
		{"2024-03-05", "2024-03-05", "2024-03-05"},
		{"2024.3.5", "2024.3.5", "2024.3.5"},
		{"20a4.03.05", "20a4.03.05", "20a4.03.05"},
		{"2?24.03.05", "2?24.03.05", "2?24.03.05"},
	} {
		if got := formatPGNDate(tc.date, "en"); got != tc.en {
			t.Errorf("%q in English: %q, want %q", tc.date, got, tc.en)
		}
		for _, l := range []string{"ru", "sk"} {
			if got := formatPGNDate(tc.date, l); got != tc.ru {
				t.Errorf("%q in %s: %q, want %q", tc.date, l, got, tc.ru)
			}
		}
	}
}

// inLanguage makes the translations speak the language of locale (as
// LC_ALL gives it) until the test ends.
func inLanguage(t *testing.T, locale string) {
	t.Helper()
	reload := func() {
		if err := lang.AddTranslationsFS(translations, "translations"); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(reload) // runs after the environment is restored
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", locale)
	reload()
}

// writeListFile writes n short games; game 3 has a stray ")" on line 27,
// column 10.
func writeListFile(t *testing.T, n int) string {
	t.Helper()
	names := []string{"Carlsen", "Anand", "Kramnik", "Topalov", "Ding", "Nepo"}
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"Event %d\"]\n[White %q]\n[Black \"Black %d\"]\n[Result \"1-0\"]\n\n1. e4 e5 ", i, names[i%len(names)], i)
		if i == 3 {
			b.WriteString(") ")
		}
		b.WriteString("2. Nf3 1-0\n\n")
	}
	return writeFile(t, "list.pgn", b.String())
}

// The game list in Russian: column titles, the count with its plural form
// and grouped digits, dates day first.
func TestGameListInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	test.NewTempApp(t)
	words := listWords{language: "ru"}
	list := gamelist.NewList(words)
	win := test.NewTempWindow(t, list)
	win.Resize(fyne.NewSize(1700, 420))
	lib, err := list.Open(context.Background(), writeListFile(t, 1200), library.Options{Spawn: func(f func()) { f() }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close() })
	<-lib.Done()
	list.Refresh()
	if got, want := list.Status(), "1\u00a0200 из 1\u00a0200 партий"; got != want {
		t.Errorf("count %q, want %q", got, want)
	}
	header := func(title string) *widget.Button {
		t.Helper()
		b := objectsIn(win.Content(), func(b *widget.Button) bool { return strings.HasPrefix(b.Text, title+" ") || b.Text == title })
		if len(b) != 1 {
			t.Fatalf("%d header buttons %q", len(b), title)
		}
		return b[0]
	}
	for _, title := range []string{"Белые", "Чёрные", "Результат", "Дата", "Полуходы", "Эло б."} {
		header(title)
	}
	if got := gamelist.CellText(lib.Row(3), library.ColumnError, words); got != "Строка 27, столбец 10: закрывающая скобка, которую ничто не открывало." {
		t.Errorf("error cell: %q", got) // worded from the error's kind and place
	}
	// A header wide enough for its title and the sort mark.
	b := header("Полуходы")
	if b.MinSize().Width > gamelist.ColumnWidth(library.ColumnPlies) {
		t.Errorf("the Plies header needs %v, the column is %v wide", b.MinSize().Width, gamelist.ColumnWidth(library.ColumnPlies))
	}
	for _, tc := range []struct {
		e    library.Entry
		c    library.ListColumn
		want string
	}{
		{library.Entry{Date: "2024.03.05"}, library.ColumnDate, "05.03.2024"},
		{library.Entry{Date: "1999.??.??"}, library.ColumnDate, "1999"},
		{library.Entry{Bad: true}, library.ColumnError, "ошибки"},
		{library.Entry{Index: 1233}, library.ColumnNumber, "1234"},
	} {
		if got := gamelist.CellText(tc.e, tc.c, words); got != tc.want {
			t.Errorf("%s of %+v: %q, want %q", tc.c, tc.e, got, tc.want)
		}
	}
}

// The time-control presets are shown in the players' language, and the
// preference keeps the English key: a choice stored by an earlier version
// is offered again, and the one made is stored as its key.
func TestNewGamePresetsInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	prefs := w.app.Preferences()
	prefs.SetString("timePreset", "Rapid 15+10")
	w.showNewGameFrom("")
	overlay := w.win.Canvas().Overlays().Top()
	for _, tabs := range objectsIn(overlay, func(*container.AppTabs) bool { return true }) {
		tabs.SelectIndex(1) // Clocks
	}
	presets := objectsIn(overlay, func(s *widget.Select) bool { return slices.Contains(s.Options, "Рапид 15+10") })
	if len(presets) != 1 {
		t.Fatalf("%d preset choices in Russian", len(presets))
	}
	p := presets[0]
	entries := objectsIn(overlay, func(e *widget.Entry) bool { return e.PlaceHolder == lang.L("same as White") })
	if p.Selected != "Рапид 15+10" || len(entries) != 1 || entries[0].Text != "900+10" {
		t.Fatalf("offered %q with Black's time %v", p.Selected, entries)
	}
	p.SetSelected("Армагеддон 5:00 против 4:00")
	if entries[0].Text != "240" {
		t.Fatalf("Armageddon gives Black %q", entries[0].Text)
	}
	start := objectsIn(overlay, func(b *widget.Button) bool { return b.Text == "Начать" })
	if len(start) != 1 {
		t.Fatalf("%d Start buttons", len(start))
	}
	test.Tap(start[0])
	if got := prefs.String("timePreset"); got != "Armageddon 5:00 vs 4:00" {
		t.Errorf("stored preset %q", got)
	}
	if tc := w.session.Game().Tags.Value("TimeControl"); tc == "" {
		t.Errorf("the game has no TimeControl tag")
	}
	for _, tc := range []struct{ stored, want string }{
		{"Blitz 5+0", "Blitz 5+0"}, {"Custom…", "Custom…"}, {"Блиц 5+0", "Blitz 3+2"}, {"", "Blitz 3+2"},
	} {
		ps := timePresets()
		if got := ps[presetIndex(ps, tc.stored, "Blitz 3+2")].key; got != tc.want {
			t.Errorf("stored %q offers %q, want %q", tc.stored, got, tc.want)
		}
	}
}

// The language chosen in View › Language is the window's language whatever
// the system's locale, the C locale included.
func TestChosenLanguageOverridesTheLocale(t *testing.T) {
	for _, tc := range []struct{ lcAll, lang, code, want string }{
		{"", "C.UTF-8", "ru", "Анализ"},
		{"", "", "sk", "Analýza"},
		{"", "en_US.UTF-8", "ru", "Анализ"},
		{"C", "en_US.UTF-8", "sk", "Analýza"},
		{"", "ru_RU.UTF-8", "en", "Analysis"},
	} {
		t.Run(tc.lcAll+"/"+tc.lang+"/"+tc.code, func(t *testing.T) {
			a := test.NewTempApp(t)
			t.Cleanup(func() { // after the environment is restored
				if err := lang.AddTranslationsFS(translations, "translations"); err != nil {
					t.Error(err)
				}
			})
			t.Setenv("LC_ALL", tc.lcAll)
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", tc.lang)
			t.Setenv("LANGUAGE", "")
			a.Preferences().SetString("language", tc.code)
			if err := setUpLanguage(a.Preferences()); err != nil {
				t.Fatal(err)
			}
			if got := lang.L("Analysis"); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

// Each column's title and each kind of piece's name in Russian; # is
// written alike in every language.
func TestNamesInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	titles := []string{"#", "Белые", "Чёрные", "Результат", "Дата", "Турнир", "Место", "Тур", "Дебют", "Эло б.", "Эло ч.", "Полуходы", "Ошибка"}
	if len(titles) != int(library.NumColumns) {
		t.Fatalf("%d titles for %d columns", len(titles), library.NumColumns)
	}
	for c, want := range titles {
		if got := gamelist.ColumnTitle(library.ListColumn(c)); got != want {
			t.Errorf("column %d: %q, want %q", c, got, want)
		}
	}
	for p, want := range []string{"none", "пешка", "конь", "слон", "ладья", "ферзь", "король"} {
		if got := pieceName(chess.PieceType(p)); got != want {
			t.Errorf("piece type %d: %q, want %q", p, got, want)
		}
	}
}
