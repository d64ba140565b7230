package ui

import (
	"bytes"
	"compress/gzip"
	"math/rand"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"touchmove/app/library"
	"touchmove/core/charset"
)

// Issue 27 point 1 in the window: a Cyrillic name typed into a game of a
// Latin-1 file is not saved as "?": the window names the characters and
// where they are, writes nothing, and offers to convert the file to UTF-8
// and save, which keeps the other games' text.
func TestSaveOffersUTF8ForUnencodable(t *testing.T) {
	data := "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n[Result \"*\"]\n\n1. e4 {sch\xf6n} *\n\n[Event \"Zwei\"]\n[Result \"*\"]\n\n1. d4 *\n"
	w, path := openFile(t, "latin1.pgn", data)
	w.games.Load(w.games.Library(), 0)
	if err := w.editor.SetTag("Black", "Жуков"); err != nil {
		t.Fatal(err)
	}
	w.files.save()
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
	if w.games.Library() != nil {
		t.Error("the file was listed")
	}

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("[Event \"A\"]\n[White \"Иванов\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"B\"]\n[Result \"*\"]\n\n1. d4 *\n"))
	zw.Close()
	w, path := openFile(t, "games.pgn.gz", gz.String())
	if w.games.Library() == nil || w.games.Library().Len() != 2 || w.session.Game().Tags.Value("White") != "Иванов" {
		t.Fatalf("the gzip file is not listed right")
	}
	if err := w.editor.SetTag("Round", "2"); err != nil {
		t.Fatal(err)
	}
	w.files.save()
	if got, _ := os.ReadFile(path); !bytes.Equal(got, gz.Bytes()) {
		t.Fatal("the gzip file was written")
	}
	if text := dialogText(w); !strings.Contains(text, "gzip-compressed") || dialogButton(w, "Save as…") == nil {
		t.Fatalf("dialog says %q", text)
	}
}

// Issue 30: a Windows-1251 file of Russian games opens with the names
// right in the list and on the board; File › Reopen with encoding… reads
// it in another charset, list and game alike, remembered for the file.
func TestReopenWithEncoding(t *testing.T) {
	enc := func(s string) string {
		out, err := charset.Windows1251.Encode(nil, []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	data := enc("[Event \"Чемпионат Москвы\"]\n[White \"Иванов, Пётр\"]\n[Black \"Смирнов\"]\n[Result \"*\"]\n\n1. e4 {Хороший ход} *\n\n" +
		"[Event \"Кубок\"]\n[White \"Жуков\"]\n[Black \"Петрова, Ольга\"]\n[Result \"*\"]\n\n1. d4 *\n")
	w, path := openFile(t, "ru.pgn", data)
	lib := w.games.Library()
	if lib.Charset() != charset.Windows1251 || lib.Cell(lib.RowOf(1), library.ColumnBlack) != "Петрова, Ольга" ||
		w.session.Game().Tags.Value("White") != "Иванов, Пётр" {
		t.Fatalf("read as %v: %q, board %q", lib.Charset(), lib.Cell(lib.RowOf(1), library.ColumnBlack), w.session.Game().Tags.Value("White"))
	}
	if !menuHas(w, "Reopen with encoding…") {
		t.Error("no File › Reopen with encoding…")
	}
	w.games.Load(lib, 1)
	w.files.reopenIn(path, charset.KOI8R)
	lib = w.games.Library()
	<-lib.Done()
	w.games.Progressed(lib, lib.Progress())
	want := charset.KOI8R.AppendDecode(nil, []byte(enc("Жуков")))
	if lib.Charset() != charset.KOI8R || w.session.Game().Tags.Value("White") != string(want) {
		t.Fatalf("after reopening in KOI8-R: %v, board %q, want %q", lib.Charset(), w.session.Game().Tags.Value("White"), want)
	}
	if got := chosenCharset(w.app.Preferences(), path); got != charset.KOI8R {
		t.Errorf("the choice is not kept: %v", got)
	}
	w.files.reopenIn(path, charset.Unknown)
	<-w.games.Library().Done()
	if w.games.Library().Charset() != charset.Windows1251 || chosenCharset(w.app.Preferences(), path) != charset.Unknown {
		t.Errorf("back to the bytes' charset: %v", w.games.Library().Charset())
	}
}

// menuHas reports whether the main menu of w has an item labelled label.
func menuHas(w *Window, label string) bool {
	for _, m := range w.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == label {
				return true
			}
		}
	}
	return false
}

// Issue 45 point 16 in the window: 200 KB of random bytes opened as a PGN
// file listed "60 of 60 games", all blank. The window says the file is
// not PGN text and lists nothing; the game on the board stays.
func TestOpenBinarySaysNotPGN(t *testing.T) {
	data := make([]byte, 200<<10)
	rand.New(rand.NewSource(45)).Read(data)
	w, _ := openFile(t, "random.pgn", string(data))
	if text := dialogText(w); !strings.Contains(text, "random.pgn is not PGN text: it begins with binary data") {
		t.Fatalf("dialog says %q", text)
	}
	if w.games.Library() != nil {
		t.Errorf("the file was listed: %d games", w.games.Library().Len())
	}
}

// Convert to UTF-8 names the encoding the file is in, and what a program
// that reads only that encoding would show wrongly: Cyrillic letters for a
// Windows-1251 file, accented ones for a Latin-1 file (issue 50, point 5).
func TestConvertWarningNamesTheEncoding(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	cyr, _ := charset.Windows1251.Encode(nil, []byte("[Event \"Турнир\"]\n[White \"Жуков, Иван\"]\n[Black \"Петров, Пётр\"]\n[Result \"*\"]\n\n1. e4 {Хороший ход, белые играют активно} *\n"))
	for _, tc := range []struct {
		name, data string
		want       []string
	}{
		{"cyr.pgn", string(cyr), []string{"Windows-1251", "кириллицу", "cyr.pgn"}},
		{"latin1.pgn", "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n[Result \"*\"]\n\n1. e4 {sch\xf6n} *\n", []string{"Windows-1252 (Latin-1)", "диакритикой"}},
	} {
		w, _ := openFile(t, tc.name, tc.data)
		w.games.Load(w.games.Library(), 0)
		w.files.convertUTF8()
		text := dialogText(w)
		for _, want := range tc.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the warning lacks %q: %q", tc.name, want, text)
			}
		}
	}
}

// Convert to UTF-8 after Reopen with encoding converts from the encoding
// the user chose, not the one the bytes suggest: a file reopened as
// Windows-1250 becomes the UTF-8 of its Windows-1250 reading, the text the
// window showed (issue 50).
func TestConvertUsesTheChosenEncoding(t *testing.T) {
	data, err := charset.Windows1251.Encode(nil, []byte("[Event \"Турнир\"]\n[White \"Жуков, Иван\"]\n[Black \"Петров, Пётр\"]\n[Result \"*\"]\n\n1. e4 {Хороший ход, белые играют активно} *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w, path := openFile(t, "cz.pgn", string(data))
	w.files.reopenIn(path, charset.Windows1250)
	<-w.games.Library().Done()
	w.games.Progressed(w.games.Library(), w.games.Library().Progress())
	shown := w.session.Game().Tags.Value("White")
	w.files.convertNow(path)
	got, _ := os.ReadFile(path)
	want := charset.Windows1250.AppendDecode(nil, data)
	if string(got) != string(want) {
		t.Fatalf("converted from another encoding than the chosen Windows-1250:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(string(got), shown) {
		t.Errorf("the file lacks the White the window showed, %q", shown)
	}
}
