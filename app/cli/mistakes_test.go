package cli

import (
	"bytes"
	"strings"
	"testing"

	"touchmove/internal/fakeengine"
)

func TestMistakesUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"testdata/mistakes.pgn"},
		{"-player", "x"},
		{"-player", "x", "-depth", "0", "testdata/mistakes.pgn"},
		{"-player", "x", "a.pgn", "b.pgn"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Mistakes(args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: touchmove mistakes") {
			t.Errorf("Mistakes(%q) = %d, stderr %q", args, code, stderr.String())
		}
	}
}

// TestMistakes: the rows of a player's mistakes, the exit codes.
func TestMistakes(t *testing.T) {
	t.Setenv(fakeengine.Env, fakeengine.Good)
	engine := fakeengine.Config(fakeengine.Good).Path
	for _, c := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"-player", "dvorak", "-engine", engine, "-depth", "4", "testdata/mistakes.pgn"}, 0,
			"game\tply\tfen\tplayed\tbest\tjudgement\n" +
				"3\t8\trn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 3 4\tg6\tNf6\tmistake\n" +
				"3\t10\trn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P1b1/2N5/PPPP1PPP/R1BQK2R b KQkq - 0 5\tBxd1\tdxe5\tblunder\n",
			"analysed 1 of 1 games"},
		{[]string{"-player", "kral", "-engine", engine, "testdata/mistakes.pgn"}, 1,
			"game\tply\tfen\tplayed\tbest\tjudgement\n", "analysed 1 of 1 games"},
		{[]string{"-player", "nobody", "testdata/mistakes.pgn"}, 1,
			"game\tply\tfen\tplayed\tbest\tjudgement\n", `no game of testdata/mistakes.pgn has a White or Black that contains "nobody"`},
		{[]string{"-player", "dvorak", "testdata/missing.pgn"}, 2, "", "testdata/missing.pgn"},
		{[]string{"-player", "horvath", "-engine", "testdata/missing-engine", "testdata/mistakes.pgn"}, 2,
			"game\tply\tfen\tplayed\tbest\tjudgement\n", "the engine could not be started"},
	} {
		var stdout, stderr bytes.Buffer
		code := Mistakes(c.args, &stdout, &stderr)
		if code != c.code || stdout.String() != c.stdout || !strings.Contains(stderr.String(), c.stderr) {
			t.Errorf("Mistakes(%q) = %d\nstdout:\n%s\nstderr:\n%s", c.args, code, stdout.String(), stderr.String())
		}
	}
}
