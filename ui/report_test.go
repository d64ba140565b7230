package ui

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"touchmove/internal/reftools"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// reportGames are Novak's games: with Black he leaves the repertoire at
// 6...Nbd7 in the second.
const reportGames = `[White "Kral, Martin"]
[Black "Novak, Peter"]
[Date "2024.03.01"]
[Result "0-1"]
[ECO "B90"]
[Opening "Sicilian Defense: Najdorf Variation"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 0-1

[White "Horvath, Eva"]
[Black "Novak, Peter"]
[Date "2025.05.02"]
[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 Nbd7 7. f3 e5 1/2-1/2

[White "Novak, Peter"]
[Black "Dvorak, Jan"]
[Date "2025.06.03"]
[Result "1-0"]

1. d4 d5 1-0
`

// reportRepertoire is the user's, with White.
const reportRepertoire = "[White \"Me\"]\n[Black \"?\"]\n\n1. e4 c5 2. Nf3 d6 {Najdorf} 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 (6... e6) *\n"

// reportWindow opens reportGames in a window whose repertoire is
// reportRepertoire (as Training › Add my repertoire… keeps it), makes the
// report on Novak (Kral's opponent in the game shown) through the
// Training menu and returns the window, the
// app that records the URLs opened, and the repertoire's path.
func reportWindow(t *testing.T) (*Window, *urlRecorder, string) {
	t.Helper()
	a := &urlRecorder{App: test.NewTempApp(t)}
	if err := setUpLanguage(a.Preferences()); err != nil {
		t.Fatal(err)
	}
	// The files before the window: their folders are removed after it
	// closes them (Windows removes no file held open; under Wine the
	// folder's removal failed).
	rep := writeFile(t, "repertoire.pgn", reportRepertoire)
	club := writeFile(t, "club.pgn", reportGames)
	w := NewWindow(a, WithPicker(fakePicker{}), WithSpawn(func(f func()) { f() }))
	w.win.Resize(fyne.NewSize(1000, 700))
	t.Cleanup(func() { w.release(); w.win.Close() })
	settingKeys().repertoireFile.set(a.Preferences(), rep)
	w.files.open(club)
	a.Preferences().SetString("myNames", "Kral")
	findItem(t, w, "Report on a player…").Action()
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Report, on the opponent in the game shown
	return w, a, rep
}

// TestReportPane: Training › Report on a player… shows the report in the
// Report tab beside the Game and Games tabs: its sections, where he leaves
// the repertoire; a line opens its game at its move.
func TestReportPane(t *testing.T) {
	w, _, _ := reportWindow(t)
	if w.tabs.Selected() != w.reportTab.item || len(w.tabs.Items) != 3 {
		t.Fatalf("the Report tab is not shown: %d tabs", len(w.tabs.Items))
	}
	all := reportText(w)
	for _, want := range []string{"Player: Novak, Peter", "As Black, his answer to White's first move", "1.e4 c5", "B90 Sicilian Defense: Najdorf Variation",
		"games: 1: he played 6...Nbd7 where your repertoire has 6...e5, 6...e6 (after 1.e4 c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6 6.Be3)"} {
		if !strings.Contains(all, want) {
			t.Errorf("the pane lacks %q:\n%s", want, all)
		}
	}
	var dev *widget.Hyperlink
	for _, l := range w.reportTab.links {
		if strings.Contains(l.Text, "6...Nbd7") {
			dev = l
		}
	}
	if dev == nil {
		t.Fatal("no line for 6...Nbd7")
	}
	test.TapAt(dev, fyne.NewPos(12, dev.Size().Height/2)) // on its text
	if path, i := w.session.Path(); !strings.HasSuffix(path, "club.pgn") || i != 1 || w.session.Current().SAN() != "Nbd7" || w.tabs.Selected() != w.notationTab {
		t.Errorf("the line opened game %d of %s at %q; message %q", i+1, path, w.session.Current().SAN(), w.status.message.Text)
	}
}

// TestReportAddToRepertoire: Add to my repertoire puts 6...Nbd7 into the
// repertoire's file as a variation, every other byte kept, and the button
// says it is done.
func TestReportAddToRepertoire(t *testing.T) {
	w, _, rep := reportWindow(t)
	if len(w.reportTab.adds) != 2 { // 6...Nbd7, and his 1.d4 with White, the repertoire's side
		t.Fatalf("%d Add buttons, want 2", len(w.reportTab.adds))
	}
	add := w.reportTab.adds[0]
	test.Tap(add)
	got, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(reportRepertoire, "(6... e6) *", "(6... e6) (6... Nbd7) *", 1); string(got) != want {
		t.Errorf("the repertoire is\n%s\nwant\n%s", got, want)
	}
	if !add.Disabled() || add.Text != "Added" || !strings.Contains(w.status.message.Text, "6...Nbd7 added to your repertoire, repertoire.pgn.") {
		t.Errorf("after adding: button %q (disabled %v), message %q", add.Text, add.Disabled(), w.status.message.Text)
	}
	w.trainer.report(w.trainer.filePath(), []string{"Novak, Peter"})
	if len(w.reportTab.adds) != 1 {
		t.Errorf("the report made again still lists %d places to add", len(w.reportTab.adds))
	}
}

// TestReportPDF: Training › Print the report as PDF… writes the report in
// the window's language where the user chose, and opens it.
func TestReportPDF(t *testing.T) {
	w, a, _ := reportWindow(t)
	out := filepath.Join(t.TempDir(), "novak.pdf")
	w.files.picker = fakePicker{save: out}
	findItem(t, w, "Print the report as PDF…").Action()
	if want := (&url.URL{Scheme: "file", Path: filepath.ToSlash(out)}).String(); len(a.opened) != 1 || a.opened[0] != want {
		t.Errorf("opened %q, want %s", a.opened, want)
	}
	pdftotext := reftools.Path(t, "pdftotext", "poppler-utils") // a skip under Wine, which cannot start Debian's
	text, err := exec.Command(pdftotext, out, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for _, want := range []string{"Report on Novak, Peter", "Where he leaves your repertoire", "6...Nbd7"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the PDF lacks %q:\n%s", want, text)
		}
	}
}

// TestReportPDFNone: with no report made, Print the report as PDF… says
// how to make one.
func TestReportPDFNone(t *testing.T) {
	w := newTestWindow(t)
	findItem(t, w, "Print the report as PDF…").Action()
	if !strings.Contains(w.status.message.Text, "Make a report first") {
		t.Errorf("with no report, the message line says %q", w.status.message.Text)
	}
}

// TestReportDialogTyping: in Training › Report on a player…, the name
// guessed is selected, so a name typed replaces it (it went in front:
// "OscarTango"); a name no game has is told in a dialog, which shows from
// the Games tab too, where the status line is out of sight.
func TestReportDialogTyping(t *testing.T) {
	a := test.NewTempApp(t)
	if err := setUpLanguage(a.Preferences()); err != nil {
		t.Fatal(err)
	}
	club := writeFile(t, "club.pgn", reportGames)
	w := NewWindow(a, WithPicker(fakePicker{}), WithSpawn(func(f func()) { f() }))
	w.win.Resize(fyne.NewSize(1000, 700))
	t.Cleanup(func() { w.release(); w.win.Close() })
	w.files.open(club)
	ask := func(name string) {
		t.Helper()
		findItem(t, w, "Report on a player…").Action()
		entry, ok := w.win.Canvas().Focused().(*widget.Entry)
		if !ok || entry.Text != "Kral, Martin" {
			t.Fatalf("the dialog's focus is %T, not the entry with the name guessed", w.win.Canvas().Focused())
		}
		test.Type(entry, name)
		if entry.Text != name {
			t.Fatalf("typed %q over the name guessed: the entry says %q", name, entry.Text)
		}
		entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	w.tabs.Select(w.games.Item())
	ask("Horvath")
	if w.tabs.Selected() != w.reportTab.item || !strings.Contains(reportText(w), "Report on Horvath\nPlayer: Horvath\nTotal — games: 1") {
		t.Fatalf("no report on Horvath:\n%s", reportText(w))
	}
	w.tabs.Select(w.games.Item())
	ask("Nobody")
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog says that no game has Nobody")
	}
	var said []string
	for _, l := range test.LaidOutObjects(top) {
		if l, ok := l.(*widget.Label); ok {
			said = append(said, l.Text)
		}
	}
	if !strings.Contains(strings.Join(said, "\n"), "No game of the file has a White or Black that contains Nobody.") {
		t.Errorf("the dialog says %q", said)
	}
}

// reportText returns the texts of the Report tab.
func reportText(w *Window) string {
	var texts []string
	for _, o := range test.LaidOutObjects(w.reportTab.item.Content) {
		switch o := o.(type) {
		case *widget.Label:
			texts = append(texts, o.Text)
		case *widget.Hyperlink:
			texts = append(texts, o.Text)
		}
	}
	return strings.Join(texts, "\n")
}
