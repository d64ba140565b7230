package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"touchmove/internal/fakeengine"
	"touchmove/internal/reftools"
)

func TestAnalyzeUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-depth", "5", "-nodes", "100", "x.pgn"},
		{"-depth", "0x", "x.pgn"},
		{"-lines", "9", "x.pgn"},
		{"-threads", "0", "x.pgn"},
		{"-movetime", "1ns", "x.pgn"},
		{"-bogus", "x.pgn"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Analyze(args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: touchmove analyze") {
			t.Errorf("Analyze(%q) = %d, stderr %q", args, code, stderr.String())
		}
	}
}

func TestAnalyze(t *testing.T) {
	reftools.Stockfish(t) // the engine analyze finds
	out := filepath.Join(t.TempDir(), "out.pgn")
	var stdout, stderr bytes.Buffer
	code := Analyze([]string{"-depth", "6", "-o", out, "testdata/pgn_problems.pgn"}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit code %d, want 1 (a game cannot be read); stderr:\n%s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	in, err := os.ReadFile("testdata/pgn_problems.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// The unreadable game is copied as it was.
	if !strings.Contains(got, "[Event \"Bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 ) *") {
		t.Errorf("the bad game was not copied unchanged:\n%s", got)
	}
	if strings.Count(got, "[Event ") != strings.Count(string(in), "[Event ") {
		t.Errorf("games lost:\n%s", got)
	}
	flat := strings.Join(strings.Fields(got), " ")
	for _, want := range []string{"[%eval", "3... Nf6 $4", "Blunder.", `[Annotator "Stockfish`} {
		if !strings.Contains(flat, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, want := range []string{"testdata/pgn_problems.pgn:", "game 1: 7 moves", "game 2:"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
}

// TestAnalyzeIsValidPGN checks the output with pgn-extract, which make test
// installs.
func TestAnalyzeIsValidPGN(t *testing.T) {
	path := reftools.Path(t, "pgn-extract", "pgn-extract")
	out := filepath.Join(t.TempDir(), "out.pgn")
	var stdout, stderr bytes.Buffer
	if code := Analyze([]string{"-depth", "8", "-lines", "2", "-o", out, "testdata/analyze.pgn"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d:\n%s", code, stderr.String())
	}
	msg, err := exec.Command(path, "-s", "-r", out).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(msg)) > 0 {
		t.Errorf("pgn-extract -r: %v\n%s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{
		"1. e4 { [%eval", "opening }", "3... Nf6 $4", "( 2... Nf6 3. Qxe5+ )", // kept
		"[Variant \"Chess960\"]", "8... O-O {",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("output lacks %q:\n%s", want, b)
		}
	}
	// -lines 2: two engine lines after the blunder, besides the user's.
	if n := strings.Count(flat, "( { Stockfish"); n < 4 {
		t.Errorf("%d engine lines, want two per marked move:\n%s", n, b)
	}
}

// TestAnalyzeIntoItsInput names the file analysed as the output too, as a
// user annotating a file in place does: the file ends with its games
// annotated, none lost (os.Create used to empty it before it was read).
func TestAnalyzeIntoItsInput(t *testing.T) {
	reftools.Stockfish(t) // the engine analyze finds
	in, err := os.ReadFile("testdata/analyze.pgn")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, in, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := Analyze([]string{"-depth", "4", "-o", path, path}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d:\n%s", code, stderr.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, want := strings.Count(string(b), "[Event "), strings.Count(string(in), "[Event "); n != want || want == 0 {
		t.Errorf("%d games in the file after, want %d:\n%s", n, want, b)
	}
	if !strings.Contains(string(b), "[%eval") {
		t.Errorf("the games were not annotated:\n%s", b)
	}
}

// TestAnalyzeOutputUnwritable names an output in a folder that cannot be
// written: the run fails with the reason, and exits non-zero.
func TestAnalyzeOutputUnwritable(t *testing.T) {
	reftools.Stockfish(t) // the engine analyze finds
	out := filepath.Join(t.TempDir(), "missing", "out.pgn")
	var stdout, stderr bytes.Buffer
	if code := Analyze([]string{"-depth", "2", "-o", out, "testdata/analyze.pgn"}, &stdout, &stderr); code == 0 {
		t.Fatalf("exit code 0 writing into a missing folder:\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "touchmove analyze: save "+out) {
		t.Errorf("stderr does not say what failed:\n%s", stderr.String())
	}
}

// An engine that never sends bestmove to a depth used to hold `analyze`
// forever without a word (issue 27). Now a search is stopped at its
// deadline: an engine that obeys stop gets a warning naming it, and one
// that does not ends the run with an error; every game is still written.
func TestAnalyzeEngineThatNeverFinishes(t *testing.T) {
	in := "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n"
	file := filepath.Join(t.TempDir(), "in.pgn")
	if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode   string
		code   int
		stderr []string
		evals  int
	}{
		{fakeengine.Flood, 0, []string{"game 1: warning: analysis: after 0 moves: uci: engine Fake flood engine did not finish a search of depth 6 within 200ms and was stopped", "game 2: 1 moves"}, 3},
		{fakeengine.NoStop, 1, []string{"game 1: analysis: after 0 moves: uci: engine Fake nostop engine did not finish a search of depth 6 within 200ms, nor stop", "engine Fake nostop engine stopped answering; the games after it were copied unchanged"}, 0},
	} {
		t.Run(c.mode, func(t *testing.T) {
			t.Setenv(fakeengine.Env, c.mode)
			var stdout, stderr bytes.Buffer
			done := make(chan int)
			go func() {
				done <- Analyze([]string{"-engine", os.Args[0], "-depth", "6", "-timeout", "200ms", "-recheck=false", file}, &stdout, &stderr)
			}()
			var code int
			select {
			case code = <-done:
			case <-time.After(60 * time.Second):
				t.Fatal("analyze does not return")
			}
			if code != c.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, c.code, stderr.String())
			}
			for _, want := range c.stderr {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
				}
			}
			if got := strings.Count(stdout.String(), "[Event "); got != 2 {
				t.Errorf("%d games written, want 2:\n%s", got, stdout.String())
			}
			if got := strings.Count(stdout.String(), "[%eval"); got != c.evals {
				t.Errorf("%d evals, want %d:\n%s", got, c.evals, stdout.String())
			}
		})
	}
}
