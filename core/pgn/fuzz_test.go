package pgn_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"touchmove/core/game"
	"touchmove/core/pgn"
)

func addSeeds(f *testing.F) {
	paths, _ := filepath.Glob("testdata/golden/*.in.pgn")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{"", "(", "{", "[", "1. e4 (", "[A \"", "1-0 0-1", "e4 ) } ]", "%\n[A \"1\"]\n\n*"} {
		f.Add([]byte(s))
	}
}

// readBounded reads every game of data with small limits, as a fuzz
// target does; it fails on anything but syntax problems.
func readBounded(t *testing.T, data []byte) []*game.Game {
	r := pgn.NewReader(bytes.NewReader(data))
	r.Limits = pgn.Limits{MaxLineLength: 4096, MaxCommentLength: 4096, MaxDepth: 16, MaxTags: 64, MaxErrors: 20}
	var games []*game.Game
	for n := 0; ; n++ {
		b := pgn.NewGameBuilder()
		err := r.ReadGame(b)
		if err == io.EOF {
			return games
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("not a syntax error: %v", err)
		}
		if len(list) > 21 {
			t.Fatalf("%d errors kept", len(list))
		}
		for _, e := range list {
			if e.Line < 1 || e.Column < 1 || e.Offset < 0 || e.Offset > int64(len(data)) || e.Game != n+1 {
				t.Fatalf("bad place %+v", *e)
			}
		}
		if n > len(data) {
			t.Fatal("more games than bytes")
		}
		games = append(games, b.Game())
	}
}

// FuzzReader checks that the reader never panics or stalls, keeps its
// limits, and that whatever it reads exports to PGN that reads back without
// errors and exports to the same bytes.
func FuzzReader(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		games := readBounded(t, data)
		var out bytes.Buffer
		w := pgn.NewWriter(&out)
		var kept []*game.Game
		for _, g := range games {
			if w.WriteGame(g) == nil {
				kept = append(kept, g)
			}
		}
		again := readBounded(t, out.Bytes())
		if len(again) != len(kept) {
			t.Fatalf("%d games written, %d read back\n%s", len(kept), len(again), out.Bytes())
		}
		var out2 bytes.Buffer
		w2 := pgn.NewWriter(&out2)
		for _, g := range again {
			if err := w2.WriteGame(g); err != nil {
				t.Fatalf("rewrite: %v", err)
			}
		}
		if !bytes.Equal(out.Bytes(), out2.Bytes()) {
			t.Fatalf("round trip differs:\n%s\n---\n%s", out.Bytes(), out2.Bytes())
		}
		r := pgn.NewReader(bytes.NewReader(out.Bytes()))
		for {
			err := r.ReadGame(pgn.NewGameBuilder())
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("the export has errors: %v\n%s", err, out.Bytes())
			}
		}
	})
}
