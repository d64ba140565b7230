package app_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app"
	"touchmove/core/chess"
)

// sanLine plays the SAN moves from the start.
func sanLine(t *testing.T, sans string) []chess.Move {
	t.Helper()
	p := chess.StartPosition()
	var out []chess.Move
	for _, s := range strings.Fields(sans) {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		out = append(out, m)
		p.Play(m)
	}
	return out
}

// TestInsertRepertoireLine: the rest of the line goes where the file's
// games leave it, as a variation or a continuation, and nothing else of
// the text changes.
func TestInsertRepertoireLine(t *testing.T) {
	rep := "[Event \"Mine\"]\n[White \"Me\"]\n\n1. e4 e5 {my line} (1... c5 2. Nf3 $1 d6) 2. Nf3 Nc6 3. Bb5 *\n\n[Event \"Two\"]\n\n1. d4 d5 2. c4 *\n"
	for _, tc := range []struct{ line, want string }{
		{"e4 e5 Nf3 Nc6 Bc4", "2. Nf3 Nc6 3. Bb5 (3. Bc4) *"},
		{"e4 e5 Nf3 Nc6 Bb5 a6", "3. Bb5 3... a6 *"},
		{"e4 c5 Nf3 d6 d4", "2. Nf3 $1 d6 3. d4) 2. Nf3"},
		{"e4 c5 Nc3", "(1... c5 2. Nf3 $1 (2. Nc3) d6)"},
		{"e4 e6", "{my line} (1... c5 2. Nf3 $1 d6) (1... e6) 2. Nf3"},
		{"d4 d5 c4 e6", "2. c4 2... e6 *"},
		{"c4", "1. e4 (1. c4) e5"},
	} {
		out, err := app.InsertRepertoireLine([]byte(rep), sanLine(t, tc.line))
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("%s: got\n%s\nwant it to contain %q", tc.line, out, tc.want)
		}
		if !keepsAllBut(rep, string(out)) {
			t.Errorf("%s: the rest of the file changed:\n%s", tc.line, out)
		}
	}
	if _, err := app.InsertRepertoireLine([]byte(rep), sanLine(t, "e4 c5 Nf3")); !errors.Is(err, app.ErrInRepertoire) {
		t.Errorf("a line the file has: %v", err)
	}
}

// keepsAllBut reports whether out is in with one run of bytes inserted.
func keepsAllBut(in, out string) bool {
	i := 0
	for i < len(in) && in[i] == out[i] {
		i++
	}
	j := 0
	for j < len(in)-i && in[len(in)-1-j] == out[len(out)-1-j] {
		j++
	}
	return i+j == len(in)
}

// TestAddToRepertoireFile: a file without a game from the start gets one
// at its end, in its line endings, saved; a compressed file is refused.
func TestAddToRepertoireFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rep.pgn")
	os.WriteFile(path, []byte("[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\r\n\r\n*\r\n"), 0o644)
	out, err := app.AddToRepertoireFile(path, sanLine(t, "d4 Nf6"))
	if err != nil {
		t.Fatal(err)
	}
	disk, _ := os.ReadFile(path)
	if string(disk) != string(out) || !strings.HasPrefix(string(out), "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\r\n\r\n*\r\n\r\n[Event \"Repertoire\"]\r\n") ||
		!strings.HasSuffix(string(out), "\r\n\r\n1. d4 Nf6 *\r\n") {
		t.Errorf("the file now:\n%q", disk)
	}
	gz := filepath.Join(dir, "rep.pgn.gz")
	os.WriteFile(gz, []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"), 0o644)
	if _, err := app.AddToRepertoireFile(gz, sanLine(t, "d4")); err == nil || !strings.Contains(err.Error(), "rep.pgn.gz") {
		t.Errorf("a gzip file: %v", err)
	}
}
