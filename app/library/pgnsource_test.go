package library_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/app/store"
	"touchmove/core/charset"
)

// wideGames is a file of three games with Cyrillic and Slovak names.
const wideGames = "[Event \"Мемориал\"]\n[White \"Иванов, Пётр\"]\n[Black \"Kováč, Ľubomír\"]\n[Result \"1-0\"]\n\n1. e4 e5 {хорошо} 1-0\n\n" +
	"[Event \"B\"]\n[White \"Smith\"]\n[Black \"Jones\"]\n[Result \"*\"]\n\n1. d4 *\n\n" +
	"[Event \"C\"]\n[White \"Šťastný\"]\n[Black \"Жуков\"]\n[Result \"0-1\"]\n\n1. c4 0-1\n"

func gzipped(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// utf16LE returns text in UTF-16, little-endian, with a byte order mark
// when bom.
func utf16LE(text string, bom bool) []byte {
	var out []byte
	if bom {
		out = []byte{0xFF, 0xFE}
	}
	for _, u := range utf16.Encode([]rune(text)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// Issue 27 point 4: a gzip or UTF-16 file named .pgn opened as blank games.
// It is listed with its names right, its games read, and a save into it
// refused (the copy is not the user's file).
func TestLibraryReadsGzipAndUTF16(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []byte
		format charset.Format
		cache  bool
	}{
		{"gzip", gzipped(t, wideGames), charset.Gzip, true},
		{"gzip no cache folder", gzipped(t, wideGames), charset.Gzip, false},
		{"utf-16 with BOM", utf16LE(wideGames, true), charset.UTF16LE, true},
		{"utf-16 without BOM", utf16LE(wideGames, false), charset.UTF16LE, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.pgn")
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			opts := library.Options{}
			if tc.cache {
				opts.CacheDir = t.TempDir()
			}
			for range 2 { // the second time from the decoded copy kept
				lib := librarytest.Open(t, path, opts)
				if lib.Len() != 3 || lib.Format() != tc.format {
					t.Fatalf("%d games, format %v", lib.Len(), lib.Format())
				}
				if w := lib.Cell(lib.RowOf(0), library.ColumnWhite); w != "Иванов, Пётр" {
					t.Errorf("White of game 1 is %q", w)
				}
				if b := lib.Cell(lib.RowOf(2), library.ColumnBlack); b != "Жуков" {
					t.Errorf("Black of game 3 is %q", b)
				}
				g, o, err := lib.Read(0)
				if err != nil || g.Tags.Value("Black") != "Kováč, Ľubomír" {
					t.Fatalf("read: %v, %v", g, err)
				}
				job, err := store.NewSaveJob(g)
				if err != nil {
					t.Fatal(err)
				}
				_, err = job.Replace(o)
				var fe *store.FileError
				if !errors.Is(err, store.ErrDecodedCopy) || !errors.As(err, &fe) || !strings.Contains(err.Error(), "save it to another file") {
					t.Fatalf("save into it: %v", err)
				}
				if _, err := job.Write(path, -1); !errors.Is(err, store.ErrDecodedCopy) {
					t.Fatalf("append to it: %v", err)
				}
				if _, err := store.ConvertToUTF8(path, charset.Unknown); !errors.Is(err, store.ErrDecodedCopy) {
					t.Fatalf("convert it: %v", err)
				}
				if got, _ := os.ReadFile(path); !bytes.Equal(got, tc.data) {
					t.Fatal("the file changed")
				}
			}
		})
	}
}

// A file compressed in a format Touchmove does not read is not opened:
// the error says what it is and how to extract it.
func TestLibraryRefusesOtherCompression(t *testing.T) {
	for _, tc := range []struct {
		head, command string
	}{
		{"\x28\xb5\x2f\xfd\x04\x00", "unzstd games.pgn"},
		{"BZh91AY&SY", "bunzip2 -k games.pgn"},
		{"\xfd7zXZ\x00\x00", "unxz -k games.pgn"},
		{"PK\x03\x04\x14\x00", "unzip games.pgn"},
	} {
		path := filepath.Join(t.TempDir(), "games.pgn")
		if err := os.WriteFile(path, []byte(tc.head+strings.Repeat("\x00\x01", 100)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := library.Open(t.Context(), path, library.Options{})
		var fe *store.FormatError
		if !errors.Is(err, store.ErrCompressed) || !errors.As(err, &fe) || !strings.Contains(err.Error(), "games.pgn is a "+fe.Format.String()+"-compressed file: extract it first ("+tc.command+")") {
			t.Errorf("%s: %v", tc.command, err)
		}
	}
}
