package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"touchmove/app/store"
	"touchmove/internal/fakeengine"
	"touchmove/internal/reftools"
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
	sf := reftools.Stockfish(t)
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
	games, err := store.DecodeGames(bytes.NewReader(data))
	if err != nil || len(games) != 2 {
		t.Fatalf("%s: %d games, %v", out, len(games), err)
	}
	for i, g := range games {
		white := g.Tags.Value("White")
		// Written as they end, not always in order: game 1 has Round 1.
		if want := g.Tags.Value("Round") == "1"; strings.Contains(white, "level 3") != want {
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

// checkingWriter is stderr for a match: at each game's line it checks
// that OUT already holds every game reported so far.
type checkingWriter struct {
	mu     sync.Mutex
	out    string
	b      bytes.Buffer
	games  int
	missed []string
}

func (w *checkingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, l := range strings.SplitAfter(string(p), "\n") {
		if !strings.HasPrefix(l, "game ") {
			continue
		}
		w.games++
		data, _ := os.ReadFile(w.out)
		if n := bytes.Count(data, []byte("[Event ")); n != w.games {
			w.missed = append(w.missed, fmt.Sprintf("at %q the file holds %d games", strings.TrimSpace(l), n))
		}
	}
	return w.b.Write(p)
}

func (w *checkingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// A match's games were written once all were played: -o into a folder
// that does not exist failed only then, every game lost, and a crash lost
// them all. The output is opened before the first game, and each game is
// appended to it as it ends, after what the file held.
func TestMatchWritesEachGameAsItEnds(t *testing.T) {
	t.Setenv(fakeengine.Env, fakeengine.Good)
	dir := t.TempDir()
	t.Run("missing folder", func(t *testing.T) {
		out := filepath.Join(dir, "missing", "out.pgn")
		var stdout, stderr bytes.Buffer
		code := match(context.Background(), []string{"-engine1", os.Args[0], "-games", "2", "-tc", "2+0", "-o", out}, &stdout, &stderr)
		if code != 1 || strings.Contains(stderr.String(), "game 1") || !strings.Contains(stderr.String(), "touchmove match: open "+out+": "+openError(out)) {
			t.Errorf("exit %d, want 1 before any game\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
		}
	})
	t.Run("appended as they end", func(t *testing.T) {
		out := filepath.Join(dir, "out.pgn")
		old := "[Event \"kept\"]\n[Result \"*\"]\n\n1. e4 *\n"
		if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		stderr := &checkingWriter{out: out, games: 1}
		var stdout bytes.Buffer
		code := match(context.Background(), []string{"-engine1", os.Args[0], "-games", "3", "-tc", "2+0", "-o", out}, &stdout, stderr)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
		}
		if len(stderr.missed) > 0 || stderr.games != 4 {
			t.Errorf("%d game lines; %v\nstderr:\n%s", stderr.games-1, stderr.missed, stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		games, err := store.DecodeGames(bytes.NewReader(data))
		if err != nil || len(games) != 4 || !strings.HasPrefix(string(data), old+"\n[Event ") || games[0].Tags.Value("Event") != "kept" {
			t.Errorf("%d games, %v:\n%s", len(games), err, data)
		}
	})
}

// An engine hung before uciok lost every game on time at -tc 5+0.1: its
// clock ran during the handshake, and the match scored 2 - 0, Elo +Inf,
// exit 0. Engines start before the clocks; a game one could not start in
// is not played, not counted, not written; with none played, exit 1.
func TestMatchEngineThatDoesNotStart(t *testing.T) {
	t.Setenv(fakeengine.Env, fakeengine.NoUCIOK)
	out := filepath.Join(t.TempDir(), "out.pgn")
	var stdout, stderr bytes.Buffer
	code := match(context.Background(), []string{"-engine1", os.Args[0], "-games", "2", "-concurrency", "2", "-tc", "5+0.1", "-o", out}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stdout.String(), "No game was played") || strings.Contains(stdout.String(), "Score of") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	for _, want := range []string{"game 1: not played: the engine of White (" + os.Args[0] + ") could not be started: ", "no uciok within 10s", "game 2: not played: "} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s: %v; want none, no game was played", out, err)
	}
}

// -tc 0+0 gives no time at all: refused before a game, saying so.
func TestMatchNoTime(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := match(context.Background(), []string{"-tc", "0+0"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `-tc "0+0": no time on the clock`) {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
