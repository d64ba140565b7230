package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScoresheet(t *testing.T) {
	// Each case runs in a folder of its own: the files are named absolutely.
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	good, bad := filepath.Join(testdata, "scoresheet70.pgn"), filepath.Join(testdata, "scoresheet_bad.pgn")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // the path printed, which must hold a PDF
		stderr string // a substring
	}{
		{"first game, derived name", []string{good}, 0, "scoresheet70-1.pdf\n", ""},
		{"all options", []string{"-game", "2", "-paper", "letter", "-lang", "ru", "-o", "moscow.pdf", good}, 0, "moscow.pdf\n", ""},
		{"options after FILE", []string{good, "-game", "2", "-lang", "sk"}, 0, "scoresheet70-2.pdf\n", ""},
		{"no such game", []string{"-game", "3", good}, 1, "", "scoresheet70.pgn has 2 games, not 3"},
		{"unreadable game", []string{bad}, 1, "", "scoresheet_bad.pgn:3:13: game 1: bad move: illegal move \"Ke3\""},
		{"unreadable game, the reason", []string{bad}, 1, "", "game 1 of " + bad + " cannot be read"},
		{"missing file", []string{"none.pgn"}, 1, "", "open none.pgn: " + openError("none.pgn")},
		{"no FILE", nil, 2, "", "scoresheet needs one FILE.pgn\nusage: touchmove scoresheet"},
		{"two FILEs", []string{good, good}, 2, "", "scoresheet needs one FILE.pgn"},
		{"game 0", []string{"-game", "0", good}, 2, "", "games are numbered from 1"},
		{"bad paper", []string{"-paper", "a3", good}, 2, "", "unknown paper \"a3\""},
		{"bad language", []string{"-lang", "de", good}, 2, "", "unknown notation language \"de\""},
		{"unknown flag", []string{"-x", good}, 2, "", "flag provided but not defined: -x"},
		{"-o the PGN read", []string{"-o", good, good}, 1, "", "write scoresheet " + good + ": the file is not a PDF: a scoresheet replaces only a PDF"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			var out, errb bytes.Buffer
			code := Scoresheet(tc.args, &out, &errb)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr %q", code, tc.code, errb.String())
			}
			if out.String() != tc.stdout {
				t.Errorf("stdout %q, want %q", out.String(), tc.stdout)
			}
			if !strings.Contains(errb.String(), tc.stderr) {
				t.Errorf("stderr %q does not contain %q", errb.String(), tc.stderr)
			}
			if tc.code != 0 {
				if files, _ := filepath.Glob("*"); len(files) > 0 {
					t.Errorf("a failed run left %v", files)
				}
				return
			}
			data, err := os.ReadFile(strings.TrimSpace(tc.stdout))
			if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) || !bytes.Contains(data, []byte("%%EOF")) {
				t.Errorf("%s is not a PDF (%d bytes, %v)", tc.stdout, len(data), err)
			}
		})
	}
}
