package cli

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"touchmove/core/chess"
	"touchmove/internal/fakeengine"
)

const cliGames = "[Event \"Мемориал\"]\n[White \"Иванов\"]\n[Black \"Kováč\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n" +
	"[Event \"B\"]\n[White \"Smith\"]\n[Black \"Jones\"]\n[Result \"*\"]\n\n1. d4 *\n"

// Issue 27 point 4 on the command line: `pgn check` of a gzip or UTF-16
// file printed thousands of errors. It reads them, and says what a file
// compressed otherwise is and how to extract it.
func TestPGNReadsCompressedAndWide(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(cliGames))
	zw.Close()
	wide := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(cliGames)) {
		wide = append(wide, byte(u), byte(u>>8))
	}
	gzPath := write("gz.pgn", gz.Bytes())
	widePath := write("wide.pgn", wide)
	zstPath := write("games.pgn", []byte("\x28\xb5\x2f\xfd\x04\x00junk"))
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"check", gzPath}, 0, "2 games, 0 errors\n", ""},
		{[]string{"check", widePath}, 0, "2 games, 0 errors\n", ""},
		{[]string{"check", zstPath}, 1, "games.pgn is a zstd-compressed file: extract it first (unzstd games.pgn)\n0 games, 1 errors\n", ""},
		{[]string{"fmt", widePath}, 0, "[White \"Иванов\"]", ""},
		{[]string{"fmt", gzPath}, 0, "[Black \"Kováč\"]", ""},
	} {
		var out, errb bytes.Buffer
		code := PGN(tc.args, strings.NewReader(""), &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.stdout) || !strings.Contains(errb.String(), tc.stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, out.String(), errb.String())
		}
	}
}

// `pgn fmt` reads a Windows-1251 file as its bytes say, and in the charset
// -encoding names.
func TestPGNEncoding(t *testing.T) {
	text := "[Event \"\xd7\xe5\xec\xef\xe8\xee\xed\xe0\xf2\"]\n[White \"\xc8\xe2\xe0\xed\xee\xe2\"]\n[Result \"*\"]\n\n1. e4 *\n"
	path := filepath.Join(t.TempDir(), "ru.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fmt", path}, "[White \"Иванов\"]"},
		{[]string{"fmt", "-encoding", "windows-1252", path}, "[White \"Èâàíîâ\"]"},
		{[]string{"fmt", "-encoding=cp1251", path}, "[White \"Иванов\"]"},
	} {
		var out, errb bytes.Buffer
		if code := PGN(tc.args, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v: exit %d, %q, stderr %q", tc.args, code, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := PGN([]string{"check", "-encoding", "ebcdic", path}, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), "unknown character set") {
		t.Errorf("bad -encoding: exit %d, %q", code, errb.String())
	}
}

// 200 KB of random bytes named .pgn read as "60 of 60 games", all blank,
// and `tree` exited 0. Every command that reads PGN says the file is not
// PGN text, and exits as on an error (tree and search 2, the others 1).
func TestCommandsRefuseBinaryData(t *testing.T) {
	data := make([]byte, 200<<10)
	rand.New(rand.NewSource(45)).Read(data)
	path := filepath.Join(t.TempDir(), "random.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeengine.Env, fakeengine.Good)
	const want = "random.pgn is not PGN text"
	for _, tc := range []struct {
		name string
		code int
		run  func(stdout, stderr io.Writer) int
	}{
		{"pgn check", 1, func(stdout, stderr io.Writer) int {
			return PGN([]string{"check", path}, strings.NewReader(""), stdout, stderr)
		}},
		{"pgn fmt", 1, func(stdout, stderr io.Writer) int {
			return PGN([]string{"fmt", path}, strings.NewReader(""), stdout, stderr)
		}},
		{"pgn fmt stdin", 1, func(stdout, stderr io.Writer) int {
			return PGN([]string{"fmt"}, bytes.NewReader(data), stdout, stderr)
		}},
		{"tree", 2, func(stdout, stderr io.Writer) int { return Tree([]string{path}, stdout, stderr) }},
		{"search", 2, func(stdout, stderr io.Writer) int {
			return Search([]string{"-fen", chess.StartFEN, path}, stdout, stderr)
		}},
		{"scoresheet", 1, func(stdout, stderr io.Writer) int {
			return Scoresheet([]string{"-o", filepath.Join(t.TempDir(), "x.pdf"), path}, stdout, stderr)
		}},
		{"analyze", 1, func(stdout, stderr io.Writer) int {
			return Analyze([]string{"-engine", os.Args[0], "-depth", "1", path}, stdout, stderr)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := tc.run(&out, &errb)
			msg := out.String() + errb.String()
			want := want
			if tc.name == "pgn fmt stdin" {
				want = "<stdin> is not PGN text"
			}
			if code != tc.code || !strings.Contains(msg, want) {
				t.Errorf("exit %d, want %d; output %q", code, tc.code, msg)
			}
		})
	}
}
