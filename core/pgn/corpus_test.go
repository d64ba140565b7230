package pgn_test

import (
	"bytes"
	"io"
	"os/exec"
	"strconv"
	"testing"

	"touchmove/core/game"
	"touchmove/core/pgn"
)

// countNodes returns the number of moves in g's tree, variations included.
func countNodes(g *game.Game) int {
	n := 0
	for range g.Nodes() {
		n++
	}
	return n
}

// eachCorpus runs test on each reference file, as a subtest named for it.
func eachCorpus(t *testing.T, test func(t *testing.T, data []byte)) {
	for _, name := range corpusFiles {
		t.Run(name, func(t *testing.T) { test(t, loadCorpus(t, name)) })
	}
}

// TestCorpus reads every game of the reference files with every move of
// every variation replayed: no errors. The strict export reads back with no
// errors, the same moves, and exports to the same bytes.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	eachCorpus(t, func(t *testing.T, data []byte) {
		games, errs := readAll(t, data)
		if len(errs) > 0 {
			t.Fatalf("%d errors, first: %v", len(errs), errs[0])
		}
		out, problems := export(games, false)
		if len(problems) > 0 {
			t.Fatalf("export: %v", problems)
		}
		again, errs := readAll(t, out)
		if len(errs) > 0 || len(again) != len(games) {
			t.Fatalf("re-read: %d games, errors %v", len(again), errs.Err())
		}
		moves := 0
		for i := range games {
			a, b := countNodes(games[i]), countNodes(again[i])
			if a != b || games[i].PlyCount() != again[i].PlyCount() {
				t.Fatalf("game %d: %d moves, %d after the round trip", i+1, a, b)
			}
			moves += a
		}
		out2, _ := export(again, false)
		if !bytes.Equal(out, out2) {
			t.Fatal("export → read → export differs")
		}
		t.Logf("%d games, %d moves replayed, %d bytes exported", len(games), moves, len(out))
	})
}

// TestCorpusAgainstPGNExtract compares the number of games and the plies of
// each main line with Debian's pgn-extract.
func TestCorpusAgainstPGNExtract(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	bin, err := exec.LookPath("pgn-extract")
	if err != nil {
		if bin, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			t.Skip("pgn-extract is not installed")
		}
	}
	eachCorpus(t, func(t *testing.T, data []byte) {
		cmd := exec.Command(bin, "--plycount", "-s")
		cmd.Stdin = bytes.NewReader(data)
		ref, err := cmd.Output()
		if err != nil {
			t.Fatalf("pgn-extract: %v", err)
		}
		var want []int
		r := pgn.NewReader(bytes.NewReader(ref))
		var h pgn.HeadersOnly
		for r.ReadGame(&h) != io.EOF {
			n, err := strconv.Atoi(h.Tags.Value("PlyCount"))
			if err != nil {
				t.Fatalf("pgn-extract game %d: PlyCount %q", len(want)+1, h.Tags.Value("PlyCount"))
			}
			want = append(want, n)
		}
		games, _ := readAll(t, data)
		if len(games) != len(want) {
			t.Fatalf("%d games, pgn-extract finds %d", len(games), len(want))
		}
		for i, g := range games {
			if g.PlyCount() != want[i] {
				t.Errorf("game %d: %d plies, pgn-extract counts %d", i+1, g.PlyCount(), want[i])
			}
		}
	})
}
