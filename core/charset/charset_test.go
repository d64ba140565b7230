package charset_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"touchmove/core/charset"
)

// TestTables holds the tables to golang.org/x/text's charmaps, with the
// C1 control of its own value for each byte a set leaves undefined.
func TestTables(t *testing.T) {
	for c, cm := range map[charset.Charset]*charmap.Charmap{
		charset.Windows1252: charmap.Windows1252, charset.Windows1251: charmap.Windows1251,
		charset.KOI8R: charmap.KOI8R, charset.CP866: charmap.CodePage866,
		charset.Windows1250: charmap.Windows1250, charset.ISO8859_2: charmap.ISO8859_2,
	} {
		for b := 0; b < 256; b++ {
			want := cm.DecodeByte(byte(b))
			if want == utf8.RuneError {
				want = rune(b)
			}
			if got := c.Rune(byte(b)); got != want {
				t.Errorf("%s: byte %#x reads %U, want %U", c, b, got, want)
			}
		}
	}
}

// TestRoundTrip checks that every byte string reads and writes back to
// itself in every single-byte set.
func TestRoundTrip(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for _, c := range charset.All()[1:] {
		text := c.AppendDecode(nil, all)
		if !utf8.Valid(text) {
			t.Errorf("%s: decoded text is not UTF-8", c)
		}
		back, err := c.Encode(nil, text)
		if err != nil || !bytes.Equal(back, all) {
			t.Errorf("%s: round trip gives %q, %v", c, back, err)
		}
	}
}

func TestEncodeRefuses(t *testing.T) {
	_, err := charset.Windows1252.Encode(nil, []byte("Иванов, Пётр — Café"))
	var ue *charset.UnencodableError
	if !errors.As(err, &ue) || !errors.Is(err, charset.ErrUnencodable) {
		t.Fatalf("err = %v, want an *UnencodableError", err)
	}
	if got := string(ue.Runes); got != "ИваноПётр" {
		t.Errorf("runes = %q", got)
	}
	if got := charset.Windows1251.Missing("Иванов — ½é"); string(got) != "½é" {
		t.Errorf("Missing = %q", string(got))
	}
	out, err := charset.Windows1251.Encode(nil, []byte("Иванов"))
	if err != nil || !bytes.Equal(out, []byte("\xc8\xe2\xe0\xed\xee\xe2")) {
		t.Errorf("Encode = %q, %v", out, err)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name string
		want charset.Charset
	}{{"utf-8", charset.UTF8}, {"UTF8", charset.UTF8}, {"latin1", charset.Windows1252}, {"cp1251", charset.Windows1251},
		{"KOI8-R", charset.KOI8R}, {"ibm866", charset.CP866}, {"windows-1250", charset.Windows1250}, {"ISO-8859-2", charset.ISO8859_2}} {
		got, err := charset.Parse(tc.name)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	for _, c := range charset.All() {
		if got, err := charset.Parse(c.String()); err != nil || got != c {
			t.Errorf("Parse(%q) = %v, %v", c.String(), got, err)
		}
	}
	if _, err := charset.Parse("ebcdic"); !errors.Is(err, charset.ErrUnknownCharset) {
		t.Errorf("Parse(ebcdic) = %v", err)
	}
}

func TestSniff(t *testing.T) {
	pgn := "[Event \"x\"]\n[White \"Иванов\"]\n"
	u16le := []byte{0xFF, 0xFE}
	u16be := []byte{}
	u16nb := []byte{}
	for _, r := range pgn {
		u16le = append(u16le, byte(r), byte(r>>8))
		u16be = append(u16be, byte(r>>8), byte(r))
		u16nb = append(u16nb, byte(r), byte(r>>8))
	}
	u32le := []byte{}
	for _, r := range pgn {
		u32le = append(u32le, byte(r), byte(r>>8), 0, 0)
	}
	random := make([]byte, charset.SniffLen)
	rand.New(rand.NewSource(1)).Read(random)
	for _, tc := range []struct {
		name string
		head []byte
		want charset.Format
	}{
		{"plain", []byte(pgn), charset.Plain},
		{"latin1", []byte("[White \"Caf\xe9\"]\n"), charset.Plain},
		{"empty", nil, charset.Plain},
		{"gzip", []byte{0x1f, 0x8b, 8, 0}, charset.Gzip},
		{"zstd", []byte{0x28, 0xb5, 0x2f, 0xfd, 0}, charset.Zstd},
		{"bzip2", []byte("BZh91AY&SY"), charset.Bzip2},
		{"xz", []byte{0xfd, '7', 'z', 'X', 'Z', 0, 0}, charset.XZ},
		{"zip", []byte("PK\x03\x04\x14\x00"), charset.Zip},
		{"utf16le", u16le, charset.UTF16LE},
		{"utf16be", append([]byte{0xFE, 0xFF}, u16be...), charset.UTF16BE},
		{"utf16le no BOM", u16nb, charset.UTF16LE},
		{"utf16be no BOM", u16be, charset.UTF16BE},
		{"utf32le", append([]byte{0xFF, 0xFE, 0, 0}, u32le...), charset.UTF32LE},
		{"utf32le no BOM", u32le, charset.UTF32LE},
		{"random bytes", random, charset.Binary},
		{"zeros", make([]byte, 512), charset.Binary},
		{"a DOS end of file", []byte(pgn + "1. e4 *\r\n\x1a"), charset.Plain},
		{"white space", []byte("[Event \"x\"]\r\n\t\v\f\n1. e4 *\n"), charset.Plain},
	} {
		if got := charset.Sniff(tc.head); got != tc.want {
			t.Errorf("%s: Sniff = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The files of the charset corpus (Russian, Slovak, Czech, German, UTF-8
// with and without a byte order mark) and the PGN corpora of the tests are
// text, never Binary: every SniffLen bytes from a multiple of 64 in the
// first mebibyte of each, as a file starting there would be.
func TestSniffTextIsNotBinary(t *testing.T) {
	var files []string
	corpus, err := filepath.Glob(filepath.Join("testdata", "corpus", "*"))
	if err != nil || len(corpus) < 40 {
		t.Fatalf("the corpus: %d files, %v", len(corpus), err)
	}
	files = append(files, corpus...)
	gz, err := filepath.Glob(filepath.Join("..", "..", "testdata", "pgn", "*.pgn.gz"))
	if err != nil || len(gz) == 0 {
		t.Fatalf("the PGN corpora: %v, %v", gz, err)
	}
	files = append(files, gz...)
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		for n := 0; n < len(data) && n < 1<<20; n += 64 {
			head := data[n:min(len(data), n+charset.SniffLen)]
			if f := charset.Sniff(head); f == charset.Binary {
				t.Errorf("%s: the %d bytes at %d are taken for binary data: %q", name, len(head), n, head)
				break
			}
		}
	}
}
