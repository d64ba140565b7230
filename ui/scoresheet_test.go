package ui

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"touchmove/app/scoresheet"
	"touchmove/core/chess"
	"touchmove/internal/reftools"
)

// urlRecorder is a test app that records the URLs it is asked to open.
type urlRecorder struct {
	fyne.App
	opened []string
}

func (a *urlRecorder) OpenURL(u *url.URL) error {
	a.opened = append(a.opened, u.String())
	return nil
}

// scoresheetWindow returns a window whose file chooser saves to out, in an
// app that records the URLs it opens, with 1. e4 Nf6 on the board.
func scoresheetWindow(t *testing.T) (w *Window, a *urlRecorder, out string) {
	t.Helper()
	out = filepath.Join(t.TempDir(), "sheet.pdf")
	a = &urlRecorder{App: test.NewTempApp(t)}
	w = NewWindow(a, WithPicker(fakePicker{save: out}), WithSpawn(func(f func()) { f() }))
	w.win.Resize(fyne.NewSize(1000, 700))
	t.Cleanup(w.win.Close)
	realDrag(w, chess.E2, chess.E4)
	realDrag(w, chess.G8, chess.F6)
	return w, a, out
}

// File › Print scoresheet… writes the game on the board as a PDF where the
// user chose and opens it in the desktop's viewer.
func TestWindowPrintScoresheet(t *testing.T) {
	w, a, out := scoresheetWindow(t)
	w.session.Game().Tags.Set("White", "Hrdlička, Ľuboš")

	var printItem *fyne.MenuItem
	for _, m := range w.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == "Print scoresheet…" {
				printItem = it
			}
		}
	}
	if printItem == nil {
		t.Fatal("no Print scoresheet… in the menus")
	}
	printItem.Action()

	if want := "file://" + filepath.ToSlash(out); len(a.opened) != 1 || a.opened[0] != want {
		t.Errorf("opened %q, want [%s]", a.opened, want)
	}
	if !strings.Contains(w.status.message.Text, "sheet.pdf") {
		t.Errorf("message %q", w.status.message.Text)
	}
	text, err := exec.Command(reftools.Path(t, "pdftotext", "poppler-utils"), "-raw", out, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for _, want := range []string{"Hrdlička, Ľuboš", "e4", "Nf6"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("%q is not in the scoresheet", want)
		}
	}

	// Printed again to the same name: the PDF is replaced. Printed to the
	// PGN file by mistake: refused, the PGN kept.
	w.printScoresheet()
	if len(a.opened) != 2 {
		t.Errorf("printing over the PDF opened %q", a.opened)
	}
	pgnPath := writeFile(t, "games.pgn", "[Event \"Mine\"]\n\n1. e4 *\n")
	w.files.picker = fakePicker{save: pgnPath}
	w.printScoresheet()
	if got := dialogText(w); !strings.Contains(got, "games.pgn is not a PDF: a scoresheet replaces only a PDF.") {
		t.Errorf("printing over a PGN file says %q", got)
	}
	if b, err := os.ReadFile(pgnPath); err != nil || !strings.HasPrefix(string(b), "[Event \"Mine\"]") || len(a.opened) != 2 {
		t.Errorf("the PGN file became %.20q (%v), opened %q", b, err, a.opened)
	}

	// Cancelling the chooser writes and opens nothing.
	w.files.picker = fakePicker{}
	os.Remove(out)
	w.printScoresheet()
	if _, err := os.Stat(out); err == nil || len(a.opened) != 2 {
		t.Errorf("a cancelled chooser wrote %s (%v) or opened %q", out, err, a.opened)
	}
}

func TestPaperFor(t *testing.T) {
	for locale, want := range map[string]scoresheet.Paper{
		"en-US": scoresheet.Letter, "en_CA": scoresheet.Letter, "es-MX": scoresheet.Letter,
		"en-GB": scoresheet.A4, "sk-SK": scoresheet.A4, "ru": scoresheet.A4, "": scoresheet.A4, "sr-Latn-RS": scoresheet.A4,
	} {
		if got := paperFor(locale); got != want {
			t.Errorf("paperFor(%q) = %v, want %v", locale, got, want)
		}
	}
}

// With Russian chosen the scoresheet is printed in Russian: its headings,
// the time control in words, the signatures, and the moves in the Russian
// piece letters.
func TestScoresheetInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w, _, out := scoresheetWindow(t)
	w.session.Game().Tags.Set("TimeControl", "40/5400+30:1800+30")
	w.printScoresheet()
	text, err := exec.Command(reftools.Path(t, "pdftotext", "poppler-utils"), "-raw", out, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for _, want := range []string{"Бланк записи шахматной партии", "Подпись арбитра", "Кf6",
		"90 мин на 40 ходов + 30 мин, +30 с за каждый ход"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("%q is not in the scoresheet:\n%s", want, text)
		}
	}
}

// The scoresheet's save dialog offers PDF files, not PGN ones: the kind
// follows the name offered.
func TestSaveDialogKindFollowsName(t *testing.T) {
	for _, tc := range []struct{ name, files, ext string }{
		{"Carlsen-Nepo.pdf", "PDF files", "pdf"},
		{"Carlsen-Nepo.PDF", "PDF files", "pdf"},
		{"Carlsen-Nepo.pgn", "PGN files", "pgn"},
		{"", "PGN files", "pgn"},
	} {
		if k := saveKindOf(tc.name); k.files != tc.files || k.ext != tc.ext {
			t.Errorf("%q: %+v, want %s (.%s)", tc.name, k, tc.files, tc.ext)
		}
	}
}
