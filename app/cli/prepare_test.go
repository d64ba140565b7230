package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestPrepare: the report on a player, where he leaves the repertoire,
// and the exit codes.
func TestPrepare(t *testing.T) {
	for _, c := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"-player", "novak", "-repertoire", "testdata/prepare_repertoire.pgn", "testdata/prepare_games.pgn"}, 0,
			"games: 1: he played 6...Nbd7 where your repertoire has 6...e5, 6...e6", ""},
		{[]string{"-player", "novak", "testdata/prepare_games.pgn"}, 0, "B90 Sicilian Defense: Najdorf Variation\tgames: 2, 75% (+1 =1 -0), 2024–2025", ""},
		{[]string{"-player", "nobody", "testdata/prepare_games.pgn"}, 1, "", "no game of testdata/prepare_games.pgn"},
		{[]string{"-player", "novak", "-repertoire", "testdata/missing.pgn", "testdata/prepare_games.pgn"}, 2, "", "testdata/missing.pgn"},
		{[]string{"testdata/prepare_games.pgn"}, 2, "", "usage: touchmove prepare"},
	} {
		var stdout, stderr bytes.Buffer
		code := Prepare(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String(), c.stdout) || !strings.Contains(stderr.String(), c.stderr) {
			t.Errorf("Prepare(%q) = %d\nstdout:\n%s\nstderr:\n%s", c.args, code, stdout.String(), stderr.String())
		}
	}
}
