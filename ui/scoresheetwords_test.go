package ui

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"touchmove/app"
	"touchmove/app/cli"
	"touchmove/core/chess"
	"touchmove/internal/reftools"
)

// namingPicker saves to a file in dir of the name the window suggests.
type namingPicker struct {
	fakePicker
	dir  string
	name *string
}

func (p namingPicker) Save(_ fyne.Window, _, name string, done func(string, error)) {
	*p.name = name
	done(filepath.Join(p.dir, name), nil)
}

// sheetText returns what pdftotext reads of the PDF at path, its lines
// joined by spaces.
func sheetText(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command(reftools.Path(t, "pdftotext", "poppler-utils"), "-raw", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (Debian package poppler-utils): %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// englishWords are words of the English sheet and of the English score
// that a sheet in another language must not print.
var englishWords = regexp.MustCompile(`\b(Chess|scoresheet|Page|Event|Date|Site|Round|Board|White|Black|Federation|team|Time|control|clock|used|Result|Termination|signature|Arbiter|Casual|game|Game|rules|Rules|Normal|resigns|claimed|incorrect|offered|draw|moves|per|move)\b`)

// An arbiter's game printed from a Russian or a Slovak window has no
// English on its sheet: the 22 labels, the event and the rules it was
// played under, the players' default names, the termination and the reason
// of the result, the date day first; the file name it suggests is in the
// language too. The PGN names the rules in English.
func TestScoresheetOfAnArbiterGameInThePlayersLanguage(t *testing.T) {
	for _, tc := range []struct {
		locale, file string
		want         []string
	}{
		{"ru_RU.UTF-8", "Белые-Чёрные.pdf", []string{
			"Бланк записи шахматной партии", "Партия по правилам ФИДЕ с арбитром", "Правила с арбитром",
			"Белые сдаются", "Обычное окончание", "Подпись арбитра",
		}},
		{"sk_SK.UTF-8", "Biely-Čierny.pdf", []string{
			"Zápis partie", "Partia podľa pravidiel FIDE s rozhodcom", "Pravidlá s rozhodcom",
			"Biely sa vzdáva", "Riadne ukončenie",
		}},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			inLanguage(t, tc.locale)
			w, s := arbiterGameWindow(t)
			var name string
			w.files.picker = namingPicker{dir: t.TempDir(), name: &name}
			w.spawn = func(f func()) { f() }
			if err := s.ArbiterSetTime(chess.White, 5*time.Minute); err != nil {
				t.Fatal(err)
			}
			realDrag(w, chess.E2, chess.E4)
			if err := s.ClaimDraw(); err != nil && !errors.Is(err, app.ErrRefused) {
				t.Fatal(err)
			}
			if err := errors.Join(s.DeclineDraw(chess.White), s.Resign(chess.White)); err != nil {
				t.Fatal(err)
			}
			if got := s.Game().Tags.Value("Rules"); got != app.RulesArbiter {
				t.Errorf("Rules tag %q", got)
			}
			if got := s.Game().Tags.Value("Event"); got != app.EventArbiter {
				t.Errorf("Event tag %q", got)
			}
			w.printScoresheet()
			if name != tc.file {
				t.Errorf("suggested file name %q, want %q", name, tc.file)
			}
			text := sheetText(t, filepath.Join(w.files.picker.(namingPicker).dir, name))
			for _, want := range tc.want {
				if !strings.Contains(text, want) {
					t.Errorf("the sheet lacks %q:\n%s", want, text)
				}
			}
			day := time.Now().Format("02.01.2006")
			if !strings.Contains(text, day) {
				t.Errorf("the sheet lacks the date %s, day first:\n%s", day, text)
			}
			if m := englishWords.FindAllString(text, -1); len(m) > 0 {
				t.Errorf("English on the sheet: %q\n%s", m, text)
			}
		})
	}
}

// `touchmove scoresheet -lang ru|sk` prints the whole sheet in that
// language, as the window does: labels, event, rules, termination, the
// reason of the result, the date day first.
func TestScoresheetCommandInThePlayersLanguage(t *testing.T) {
	pgnText := `[Event "Game under FIDE rules with an arbiter"]
[Site "?"]
[Date "2026.03.14"]
[Round "-"]
[White "White"]
[Black "Black"]
[Result "0-1"]
[Rules "FIDE, arbiter"]
[Termination "normal"]
[TimeControl "180+2"]

1. e4 { Black offered a draw before moving } { White resigns } 0-1
`
	file := writeFile(t, "game.pgn", pgnText)
	for _, tc := range []struct {
		code string
		want []string
	}{
		{"ru", []string{"Бланк записи шахматной партии", "Партия по правилам ФИДЕ с арбитром", "Правила с арбитром", "14.03.2026", "Белые Белые", "Обычное окончание. Чёрные предложили ничью до своего хода Белые сдаются", "Подпись арбитра"}},
		{"sk", []string{"Zápis partie", "Partia podľa pravidiel FIDE s rozhodcom", "Pravidlá s rozhodcom", "14.03.2026", "Biely Biely", "Riadne ukončenie. Čierny ponúkol remízu pred svojím ťahom Biely sa vzdáva", "Podpis rozhodcu"}},
	} {
		t.Run(tc.code, func(t *testing.T) {
			for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
				t.Setenv(env, "") // SheetLanguage sets them, for the process
			}
			inLanguage(t, "en_US.UTF-8")
			out := filepath.Join(t.TempDir(), "sheet.pdf")
			var stdout, stderr strings.Builder
			if code := cli.ScoresheetIn([]string{"-lang", tc.code, "-o", out, file}, &stdout, &stderr, SheetLanguage); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			text := sheetText(t, out)
			for _, want := range tc.want {
				if !strings.Contains(text, want) {
					t.Errorf("the sheet lacks %q:\n%s", want, text)
				}
			}
			if m := englishWords.FindAllString(text, -1); len(m) > 0 {
				t.Errorf("English on the sheet: %q\n%s", m, text)
			}
		})
	}
	var stderr strings.Builder
	if code := cli.ScoresheetIn([]string{"-lang", "de", file}, &strings.Builder{}, &stderr, SheetLanguage); code != 2 {
		t.Errorf("-lang de: exit %d, want 2 (%s)", code, stderr.String())
	}
}
