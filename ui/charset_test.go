package ui

import (
	"bytes"
	"compress/gzip"
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

// Issue 27 point 4 in the window: a zstd file named .pgn is not opened as
// blank games: the window says what it is and how to extract it; a gzip
// file opens with its names, and a save into it offers Save as.
func TestOpenCompressedSaysWhatItIs(t *testing.T) {
	w, _ := openFile(t, "games.pgn", "\x28\xb5\x2f\xfd\x04\x00junk")
	if text := dialogText(w); !strings.Contains(text, "games.pgn is a zstd-compressed file: extract it first (unzstd games.pgn)") {
		t.Fatalf("dialog says %q", text)
	}
	if w.games.lib != nil {
		t.Error("the file was listed")
	}

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("[Event \"A\"]\n[White \"Иванов\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"B\"]\n[Result \"*\"]\n\n1. d4 *\n"))
	zw.Close()
	w, path := openFile(t, "games.pgn.gz", gz.String())
	if w.games.lib == nil || w.games.lib.Len() != 2 || w.session.Game().Tags.Value("White") != "Иванов" {
		t.Fatalf("the gzip file is not listed right")
	}
	if err := w.editor.SetTag("Round", "2"); err != nil {
		t.Fatal(err)
	}
	w.save()
	if got, _ := os.ReadFile(path); !bytes.Equal(got, gz.Bytes()) {
		t.Fatal("the gzip file was written")
	}
	if text := dialogText(w); !strings.Contains(text, "gzip-compressed") || dialogButton(w, "Save as…") == nil {
		t.Fatalf("dialog says %q", text)
	}
}
