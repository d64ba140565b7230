package app_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app"
	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/app/store"
	"touchmove/core/charset"
)

// saveEdited reads game i of the file at path through a Library, lets edit
// change it, and saves it back with Replace.
func saveEdited(t *testing.T, path string, i int, opts library.Options, edit func(s *app.Session)) (store.Origin, error) {
	t.Helper()
	lib := librarytest.Open(t, path, opts)
	g, o, err := lib.Read(i)
	if err != nil {
		t.Fatalf("read game %d: %v", i+1, err)
	}
	s := newSession(t)
	s.Load(g, path, i)
	edit(s)
	job, err := store.NewSaveJob(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	return job.Replace(o)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Issue 27 point 1: one Latin-1 byte in another game made the whole file
// Latin-1, and saving an edit of a Cyrillic game wrote "??????". The game
// keeps the charset of its own bytes, and what was not edited keeps them
// exactly.
func TestSaveKeepsCyrillicBesideLatin1(t *testing.T) {
	first := "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 {sch\xf6n} *\n\n"
	cyr := "[Event \"Чемпионат\"]\n[White \"Иванов, Пётр\"]\n[Black \"Σπύρος\"]\n\n1. d4 {Хороший ход} d5 *\n"
	path := filepath.Join(t.TempDir(), "joined.pgn")
	if err := os.WriteFile(path, []byte(first+cyr), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := saveEdited(t, path, 1, library.Options{}, func(s *app.Session) {
		s.Game().Tags.Set("Round", "3")
	}); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	if !strings.HasPrefix(got, first) {
		t.Errorf("the Latin-1 game changed:\n%q", got)
	}
	for _, want := range []string{"[White \"Иванов, Пётр\"]", "[Black \"Σπύρος\"]", "Хороший ход", "[Round \"3\"]", "[Event \"Чемпионат\"]"} {
		if !strings.Contains(got, want) {
			t.Errorf("saved file lacks %q:\n%q", want, got)
		}
	}
	if strings.Contains(got, "??") {
		t.Errorf("saved with '?':\n%q", got)
	}
}

// A Cyrillic comment typed into a Latin-1 game is refused with a typed
// error that names the characters and where they are; nothing is written.
// ConvertKeeping then converts the file, and the game saves there.
func TestSaveRefusesUnencodable(t *testing.T) {
	text := "[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 {sch\xf6n} *\n\n[Event \"Zwei\"]\n\n1. d4 *\n"
	path := filepath.Join(t.TempDir(), "latin1.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := saveEdited(t, path, 0, library.Options{}, func(s *app.Session) {
		s.Game().Tags.Set("Black", "Жуков")
		s.Game().Root().SetComment("Хорошо")
	})
	var fe *store.FileError
	var ue *store.UnencodableError
	if !errors.Is(err, store.ErrUnencodable) || !errors.As(err, &fe) || !errors.As(err, &ue) {
		t.Fatalf("err = %v, want a *FileError wrapping an *UnencodableError", err)
	}
	if ue.Charset != charset.Windows1252 || !strings.Contains(string(ue.Runes), "Ж") || !strings.Contains(string(ue.Runes), "Х") {
		t.Errorf("UnencodableError %+v", ue)
	}
	if len(ue.Places) != 2 || ue.Places[0] != (store.Place{Tag: "Black"}) || ue.Places[1].Comment != "Хорошо" {
		t.Errorf("places %+v", ue.Places)
	}
	if msg := err.Error(); !strings.Contains(msg, "«Ж»") || !strings.Contains(msg, "Black tag") || !strings.Contains(msg, "Windows-1252") {
		t.Errorf("message %q", msg)
	}
	if got := readFile(t, path); got != text {
		t.Fatalf("the file changed:\n%q", got)
	}

	// Convert, then save the same edit.
	lib := librarytest.Open(t, path, library.Options{})
	g, o, err := lib.Read(0)
	if err != nil {
		t.Fatal(err)
	}
	g.Tags.Set("Black", "Жуков")
	job, err := store.NewSaveJob(g)
	if err != nil {
		t.Fatal(err)
	}
	o2, err := store.ConvertKeeping(o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := job.Replace(o2); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	for _, want := range []string{"[Event \"Café\"]", "[White \"Müller\"]", "[Black \"Жуков\"]", "{ schön }", "[Event \"Zwei\"]"} {
		if !strings.Contains(got, want) {
			t.Errorf("converted file lacks %q:\n%q", want, got)
		}
	}
}

// A game in UTF-8 among Latin-1 ones stays UTF-8 when saved, and a game in
// ASCII of a Latin-1 file gets the file's charset for a typed "é".
func TestSaveChoosesCharsetPerGame(t *testing.T) {
	latin := "[Event \"Caf\xe9\"]\n\n1. e4 {sch\xf6n} *\n\n[Event \"B\xe4r\"]\n\n1. c4 *\n\n"
	utf := "[Event \"Zürich\"]\n\n1. d4 {gut — “sehr”} *\n\n"
	plain := "[Event \"Plain\"]\n\n1. Nf3 *\n"
	path := filepath.Join(t.TempDir(), "mixed.pgn")
	if err := os.WriteFile(path, []byte(latin+utf+plain), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := saveEdited(t, path, 3, library.Options{}, func(s *app.Session) {
		s.Game().Tags.Set("Site", "Zürich")
	}); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, "[Site \"Z\xfcrich\"]") || !strings.HasPrefix(got, latin+utf) {
		t.Fatalf("the ASCII game is not saved in the file's Latin-1, or others changed:\n%q", got)
	}
	before := readFile(t, path)
	if _, err := saveEdited(t, path, 2, library.Options{}, func(s *app.Session) {
		s.Game().Tags.Set("Round", "2")
	}); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	if !strings.Contains(got, "gut — “sehr”") || !strings.Contains(got, "[Event \"Zürich\"]") {
		t.Fatalf("the UTF-8 game lost its UTF-8:\n%q", got)
	}
	if !strings.HasPrefix(got, latin) || strings.Contains(got, "Z\xfcrich\"]\n[Round") || !strings.HasSuffix(got, before[strings.Index(before, "[Event \"Plain\"]"):]) {
		t.Fatalf("other games changed:\n%q", got)
	}
}

// Issue 30: a Windows-1251 file is listed and read in Windows-1251, the
// cache is kept per charset, and a save writes the game in Windows-1251
// (a character it lacks refused, never '?'); an override reads it in
// another charset.
func TestWindows1251File(t *testing.T) {
	enc := func(s string) string {
		out, err := charset.Windows1251.Encode(nil, []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	var b strings.Builder
	for i := 0; b.Len() < 5<<20; i++ { // over cacheMinSize
		b.WriteString(enc("[Event \"Чемпионат Москвы\"]\n[White \"Иванов, Пётр\"]\n[Black \"Смирнов\"]\n[Result \"*\"]\n\n1. e4 {Хороший ход} *\n\n"))
	}
	path := filepath.Join(t.TempDir(), "ru.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	for _, tc := range []struct {
		opts  library.Options
		cs    charset.Charset
		white string
	}{
		{library.Options{CacheDir: cache}, charset.Windows1251, "Иванов, Пётр"},
		{library.Options{CacheDir: cache}, charset.Windows1251, "Иванов, Пётр"}, // from the cache
		{library.Options{CacheDir: cache, Charset: charset.KOI8R}, charset.KOI8R, string(charset.KOI8R.AppendDecode(nil, []byte(enc("Иванов, Пётр"))))},
		{library.Options{CacheDir: cache}, charset.Windows1251, "Иванов, Пётр"},
	} {
		lib := librarytest.Open(t, path, tc.opts)
		if lib.Charset() != tc.cs || lib.Entry(0).White != tc.white {
			t.Fatalf("%v: read as %v, White %q", tc.opts.Charset, lib.Charset(), lib.Entry(0).White)
		}
	}
	if _, err := saveEdited(t, path, 1, library.Options{}, func(s *app.Session) {
		s.Game().Tags.Set("Site", "Санкт-Петербург")
	}); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, enc("[Site \"Санкт-Петербург\"]")) || !strings.Contains(got, enc("{Хороший ход}")) {
		t.Fatal("the game was not saved in Windows-1251")
	}
	_, err := saveEdited(t, path, 1, library.Options{}, func(s *app.Session) {
		s.Game().Tags.Set("Annotator", "Σπύρος")
	})
	if !errors.Is(err, store.ErrUnencodable) || !strings.Contains(err.Error(), "Windows-1251") {
		t.Fatalf("Greek in Windows-1251: %v", err)
	}
}
