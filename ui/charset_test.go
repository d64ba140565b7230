package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// Issue 27 point 1 in the window: a Cyrillic name typed into a game of a
// Latin-1 file is not saved as "?": the window names the characters and
// where they are, writes nothing, and offers to convert the file to UTF-8
// and save, which keeps the other games' text.
func TestSaveOffersUTF8ForUnencodable(t *testing.T) {
	data := "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n[Result \"*\"]\n\n1. e4 {sch\xf6n} *\n\n[Event \"Zwei\"]\n[Result \"*\"]\n\n1. d4 *\n"
	w, path := openFile(t, "latin1.pgn", data)
	w.loadFromLibrary(w.games.lib, 0)
	if err := w.editor.SetTag("Black", "Жуков"); err != nil {
		t.Fatal(err)
	}
	w.save()
	if got, _ := os.ReadFile(path); string(got) != data {
		t.Fatalf("the file was written:\n%q", got)
	}
	text := dialogText(w)
	for _, want := range []string{"«Ж»", "Windows-1252", "the Black tag", "latin1.pgn"} {
		if !strings.Contains(text, want) {
			t.Errorf("dialog lacks %q: %q", want, text)
		}
	}
	if dialogButton(w, "Save as…") == nil {
		t.Error("no Save as")
	}
	convert := dialogButton(w, "Convert to UTF-8 and save")
	if convert == nil {
		t.Fatalf("no offer to convert: %q", text)
	}
	test.Tap(convert)
	got, _ := os.ReadFile(path)
	for _, want := range []string{"[Event \"Café\"]", "[White \"Müller\"]", "[Black \"Жуков\"]", "schön", "[Event \"Zwei\"]"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("after converting, the file lacks %q:\n%s", want, got)
		}
	}
	if w.session.Dirty() {
		t.Error("the game is still unsaved")
	}
}
