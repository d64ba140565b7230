package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
)

func TestPGN(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		stdout   string
		stderr   string // a substring
		noStderr bool
	}{
		{"check clean", []string{"check", "testdata/pgn_clean.pgn"}, "", 0, "1 games, 0 errors\n", "", true},
		{"check problems", []string{"check", "testdata/pgn_problems.pgn", "testdata/pgn_clean.pgn"}, "", 1,
			"testdata/pgn_problems.pgn:9:13: game 2: bad move: illegal move \"Ke3\" at 2.; the rest of the main line is dropped\n" +
				"testdata/pgn_problems.pgn:9:17: game 2: unmatched closing delimiter ')'\n" +
				"3 games, 2 errors\n", "", true},
		// A position that no game can reach but that can be played is a
		// warning, as in the window: the exit code stays 0.
		{"check impossible position", []string{"check", "testdata/pgn_impossible.pgn"}, "", 0,
			"testdata/pgn_impossible.pgn:4:1: game 1: warning: bad start position: game: the FEN's position cannot arise in a game, but it can be played: chess: illegal position: a side has more than 8 pawns\n" +
				"testdata/pgn_impossible.pgn:11:1: game 2: warning: bad start position: game: the FEN's position cannot arise in a game, but it can be played: chess: illegal position: a side has more than 16 pieces\n" +
				"2 games, 0 errors, 2 warnings\n", "", true},
		{"fmt impossible position", []string{"fmt", "testdata/pgn_impossible.pgn"}, "", 0, "", "game 1: warning: bad start position", false},
		{"check missing file", []string{"check", "testdata/none.pgn"}, "", 1, "testdata/none.pgn: open testdata/none.pgn: " + openError("testdata/none.pgn") + "\n0 games, 1 errors\n", "", true},
		{"fmt stdin", []string{"fmt"}, "1. e4 e5 *", 0,
			"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n", "", true},
		{"fmt dash", []string{"fmt", "-"}, "[Event \"x\"]\n\n1. d4 1-0", 0, "", "", true},
		{"fmt file is idempotent", []string{"fmt", "testdata/pgn_clean.pgn"}, "", 0, "", "", true},
		{"fmt problems", []string{"fmt", "testdata/pgn_problems.pgn"}, "", 1, "", "testdata/pgn_problems.pgn:9:17: game 2: unmatched closing delimiter ')'\n", false},
		{"fmt null move", []string{"fmt", "testdata/pgn_null.pgn"}, "", 0, "[Event \"Null\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 -- 2. d4 *\n\n", "", true},
		{"no command", nil, "", 2, "", "touchmove: pgn needs a command: check or fmt\nusage: touchmove pgn check [-encoding NAME] FILE...", false},
		{"unknown command", []string{"lint"}, "", 2, "", "touchmove: unknown pgn command \"lint\"\n", false},
		{"check without files", []string{"check"}, "", 2, "", "pgn check needs at least one FILE", false},
		{"unknown flag", []string{"fmt", "-w"}, "", 2, "", "unknown flag \"-w\"", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := PGN(tc.args, strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr %q", code, tc.code, errb.String())
			}
			if tc.stdout != "" && out.String() != tc.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), tc.stdout)
			}
			if tc.noStderr && errb.Len() > 0 {
				t.Errorf("stderr: %q", errb.String())
			}
			if !strings.Contains(errb.String(), tc.stderr) {
				t.Errorf("stderr %q does not contain %q", errb.String(), tc.stderr)
			}
			if code == 2 && strings.Count(errb.String(), "\n") > 3 {
				t.Errorf("usage error too long: %q", errb.String())
			}
		})
	}
}

// TestPGNFmtIdempotent checks that fmt's output is a fixed point of fmt.
func TestPGNFmtIdempotent(t *testing.T) {
	var once, twice, errb bytes.Buffer
	if code := PGN([]string{"fmt", "testdata/pgn_problems.pgn"}, nil, &once, &errb); code != 1 {
		t.Fatalf("code %d", code)
	}
	errb.Reset()
	if code := PGN([]string{"fmt"}, bytes.NewReader(once.Bytes()), &twice, &errb); code != 0 || errb.Len() > 0 {
		t.Fatalf("code %d, stderr %q", code, errb.String())
	}
	if once.String() != twice.String() {
		t.Errorf("fmt is not idempotent:\n%s\n---\n%s", once.String(), twice.String())
	}
}

// failWriter fails every write, as a full disk or a closed pipe does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestPGNWriteError checks that output that cannot be written fails the command.
func TestPGNWriteError(t *testing.T) {
	for _, args := range [][]string{{"fmt", "testdata/pgn_clean.pgn"}, {"check", "testdata/pgn_clean.pgn"}} {
		var errb bytes.Buffer
		if code := PGN(args, strings.NewReader(""), failWriter{}, &errb); code != 1 || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("pgn %s to a full disk: exit %d, stderr %q; want 1 and the error", args[0], code, errb.String())
		}
	}
}

// openError is what this system says when path cannot be opened: for a
// missing file "no such file or directory" on Linux, "The system cannot
// find the file specified." on Windows.
func openError(path string) string {
	_, err := os.Open(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return fmt.Sprint(err)
}
