package app

import (
	"errors"
	"strings"
	"testing"

	"touchmove/core/chess"
)

// TestInsertRepertoireLineBesideMoves: a line the repertoire lacks goes in
// as a variation beside the file's move (after its comment and NAG), or at
// the end of the variation or game that reaches the position, in a file
// with CRLF line ends; the rest of the file stays byte for byte. (The
// report's "Add to my repertoire" adds through it too.)
func TestInsertRepertoireLineBesideMoves(t *testing.T) {
	const rep = "[White \"Me\"]\r\n[Black \"?\"]\r\n\r\n1. e4 c5 2. Nf3 d6 {Najdorf next} 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 (6... e6 7. f3) *\r\n\r\n" +
		"[White \"Me\"]\r\n[Black \"?\"]\r\n\r\n1. e4 e5 2. Nf3 Nc6 3. Bb5 $1 *\r\n"
	najdorf := "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 "
	for _, c := range []struct {
		name, line, old, new string
	}{
		{"beside the main line's move", najdorf + "Nbd7", "6. Be3 e5 (6... e6 7. f3) *", "6. Be3 e5 (6... e6 7. f3) (6... Nbd7) *"},
		{"beside a move with a comment", "e4 c5 Nf3 Nc6", "d6 {Najdorf next} 3. d4", "d6 {Najdorf next} (2... Nc6) 3. d4"},
		{"in a variation, at its end", najdorf + "e6 f3 b5", "(6... e6 7. f3)", "(6... e6 7. f3 7... b5)"},
		{"the file's moves followed", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4", "3. Bb5 $1 *", "3. Bb5 $1 3... a6 4. Ba4 *"},
		{"a first move", "d4", "1. e4 c5", "1. e4 (1. d4) c5"},
	} {
		out, err := InsertRepertoireLine([]byte(rep), sanLine(t, c.line))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if want := strings.Replace(rep, c.old, c.new, 1); string(out) != want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, out, want)
		}
	}
	if _, err := InsertRepertoireLine([]byte(rep), sanLine(t, najdorf+"e5")); !errors.Is(err, ErrInRepertoire) {
		t.Errorf("a line in the repertoire: %v", err)
	}
}

// sanLine returns the moves of line, SAN from the standard start.
func sanLine(t *testing.T, line string) []chess.Move {
	t.Helper()
	m, err := SANMoves(strings.Fields(line))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
