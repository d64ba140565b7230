package prepare_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app/mistakes"
	"touchmove/app/prepare"
	"touchmove/app/scoresheet"
	"touchmove/internal/reftools"
)

// TestPDF writes the report on a player with a Slovak name in Russian
// words and reads the title, the totals, every section and its items back
// from the PDF's text: the letters of both languages come out right.
func TestPDF(t *testing.T) {
	pdftotext := reftools.Path(t, "pdftotext", "poppler-utils") // a skip under Wine, which cannot start Debian's
	data := strings.ReplaceAll(games, "Novak, Peter", "Ďurčo, Ľubomír")
	rep, err := prepare.ReadRepertoire([]byte(repertoire))
	if err != nil {
		t.Fatal(err)
	}
	r, err := prepare.Build([]byte(data), mistakes.Names{"ďurčo"}, rep)
	if err != nil {
		t.Fatal(err)
	}
	russian := map[string]string{
		"Report on {{.Player}}":                     "Отчёт об игроке {{.Player}}",
		"Where he leaves your repertoire":           "Где он уходит из вашего репертуара",
		"His most frequent positions after move 10": "Его частые позиции после 10-го хода",
	}
	say := func(tmpl string, args map[string]any) string {
		if ru, ok := russian[tmpl]; ok {
			tmpl = ru
		}
		return prepare.English(tmpl, args)
	}
	path := filepath.Join(t.TempDir(), "report.pdf")
	if err := prepare.WritePDFFile(path, r, say, scoresheet.A4); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	page := r.Page(say)
	want := append([]string{page.Title}, page.Summary...)
	for _, sec := range page.Sections {
		want = append(want, sec.Title)
		for _, it := range sec.Items {
			want = append(want, it.Text, it.Tally)
		}
	}
	for _, w := range want {
		if w := strings.Join(strings.Fields(w), " "); !strings.Contains(text, w) {
			t.Errorf("the PDF's text lacks %q:\n%s", w, text)
		}
	}
	if err := os.WriteFile(path, []byte("[White \"x\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := prepare.WritePDFFile(path, r, say, scoresheet.A4); err == nil {
		t.Error("a PGN file was replaced by the report")
	}
}
