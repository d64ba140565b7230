package cli

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app"
)

func TestMatchElo(t *testing.T) {
	tests := []struct {
		name         string
		r            MatchResult
		diff, margin float64
	}{
		{"even", MatchResult{Wins: 30, Draws: 40, Losses: 30}, 0, 53.0},
		{"ahead", MatchResult{Wins: 30, Draws: 10, Losses: 10}, 147.2, 95.1},
		{"whitewash", MatchResult{Wins: 20}, math.Inf(1), math.Inf(1)},
		{"none", MatchResult{}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, m := tt.r.Elo()
			if math.Abs(d-tt.diff) > 0.5 && !(math.IsInf(d, 1) && math.IsInf(tt.diff, 1)) {
				t.Errorf("diff %.1f, want %.1f", d, tt.diff)
			}
			if math.Abs(m-tt.margin) > 0.5 && !(math.IsInf(m, 1) && math.IsInf(tt.margin, 1)) {
				t.Errorf("margin %.1f, want %.1f", m, tt.margin)
			}
		})
	}
}

func TestMatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-level1", "11"}, {"-level1", "3", "-elo1", "1500"}, {"-games", "0"}, {"-tc", "fast"},
		{"-concurrency", "0"}, {"extra"}, {"-elo2", "-5"},
	} {
		var out, errb bytes.Buffer
		if code := Match(args, &out, &errb); code != 2 || !strings.Contains(errb.String(), "usage: touchmove match") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// Two quick games between weak levels: the score line, the games in the
// PGN with their clocks, colours alternating, the openings from a file.
func TestMatchGames(t *testing.T) {
	sf, err := exec.LookPath("stockfish")
	if err != nil {
		sf, err = exec.LookPath("/usr/games/stockfish")
	}
	if err != nil {
		t.Fatal("stockfish is not installed (Debian package stockfish; make test installs it)")
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pgn")
	if err := os.WriteFile(book, []byte("1. f4 d5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.pgn")
	var stdout, stderr bytes.Buffer
	code := Match([]string{"-engine1", sf, "-level1", "3", "-level2", "1", "-games", "2", "-tc", "3+0.05",
		"-openings", book, "-concurrency", "2", "-o", out}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "Score of Stockfish 15.1 (level 3) vs Stockfish 15.1 (level 1): ") ||
		!strings.Contains(stdout.String(), "Elo difference: ") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games, err := app.DecodeGames(bytes.NewReader(data))
	if err != nil || len(games) != 2 {
		t.Fatalf("%s: %d games, %v", out, len(games), err)
	}
	for i, g := range games {
		white := g.Tags.Value("White")
		if want := i == 0; strings.Contains(white, "level 3") != want {
			t.Errorf("game %d: White is %q", i+1, white)
		}
		first := g.Root().Next()
		if first == nil || first.Next() == nil || first.Next().Next() == nil {
			t.Fatalf("game %d is too short", i+1)
		}
		if p := g.Start(); p.SAN(first.Move()) != "f4" {
			t.Errorf("game %d does not start with the book's f4", i+1)
		}
		if _, ok := g.End().Clock(); !ok {
			t.Errorf("game %d: no [%%clk] on the last move", i+1)
		}
		if g.Tags.Value("TimeControl") != "3+0.05" || !g.Result().Over() {
			t.Errorf("game %d: TimeControl %q, result %v", i+1, g.Tags.Value("TimeControl"), g.Result())
		}
	}
}
