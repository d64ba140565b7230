package prepare_test

import (
	"errors"
	"strings"
	"testing"

	"touchmove/app/prepare"
)

// TestAddLine: a move the repertoire lacks goes in as a variation beside
// its move, or at the end of the line that reaches the position, and the
// rest of the file stays byte for byte.
func TestAddLine(t *testing.T) {
	const rep = "[White \"Me\"]\r\n[Black \"?\"]\r\n\r\n1. e4 c5 2. Nf3 d6 {Najdorf next} 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 (6... e6 7. f3) *\r\n\r\n" +
		"[White \"Me\"]\r\n[Black \"?\"]\r\n\r\n1. e4 e5 2. Nf3 Nc6 3. Bb5 $1 *\r\n"
	before := strings.Fields("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3")
	for _, c := range []struct {
		name         string
		before, line []string
		old, new     string
	}{
		{"beside the main line's move", before, []string{"Nbd7"}, "6. Be3 e5 (6... e6 7. f3) *", "6. Be3 e5 (6... e6 7. f3) (6... Nbd7) *"},
		{"beside a move with a comment", []string{"e4", "c5", "Nf3"}, []string{"Nc6"}, "d6 {Najdorf next} 3. d4", "d6 {Najdorf next} (2... Nc6) 3. d4"},
		{"in a variation, at its end", append(before, "e6", "f3"), []string{"b5"}, "(6... e6 7. f3)", "(6... e6 7. f3 7... b5)"},
		{"the repertoire's moves followed", []string{"e4", "e5"}, []string{"Nf3", "Nc6", "Bb5", "a6", "Ba4"}, "3. Bb5 $1 *", "3. Bb5 $1 3... a6 4. Ba4 *"},
		{"a first move", nil, []string{"d4"}, "1. e4 c5", "1. e4 (1. d4) c5"},
	} {
		out, err := prepare.AddLine([]byte(rep), c.before, c.line)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if want := strings.Replace(rep, c.old, c.new, 1); string(out) != want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, out, want)
		}
		r, err := prepare.ReadRepertoire(out)
		if err != nil || r.Len() <= 0 {
			t.Errorf("%s: the result does not read back: %v", c.name, err)
		}
	}
	if _, err := prepare.AddLine([]byte(rep), before, []string{"e5"}); !errors.Is(err, prepare.ErrInRepertoire) {
		t.Errorf("a move in the repertoire: %v", err)
	}
	if _, err := prepare.AddLine([]byte(rep), []string{"d4", "d5"}, []string{"c4"}); err == nil || !strings.Contains(err.Error(), "do not reach the position after 1.d4 d5") {
		t.Errorf("a position out of it: %v", err)
	}
}
