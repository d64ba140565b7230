package pgn_test

import (
	"bytes"
	"context"
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

// starts records where each game begins.
type starts struct {
	pgn.NopVisitor
	skip bool
	at   []int64
}

func (s *starts) BeginGame(_ int, pos pgn.Pos) pgn.Action {
	s.at = append(s.at, pos.Offset)
	if s.skip {
		return pgn.Skip
	}
	return pgn.Continue
}

// FuzzBoundaries checks that where games begin and end does not depend on
// what the visitor reads: skipping whole games, reading headers only,
// building games and indexing find the same games at the same offsets.
func FuzzBoundaries(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		count := func(v pgn.Visitor) int {
			r := pgn.NewReader(bytes.NewReader(data))
			n := 0
			for {
				err := r.ReadGame(v)
				if err == io.EOF {
					return n
				}
				n++
			}
		}
		all := &starts{}
		skipped := &starts{skip: true}
		nAll, nSkip := count(all), count(skipped)
		nHead := count(&pgn.HeadersOnly{})
		nBuild := count(pgn.NewGameBuilder())
		ix, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data), nil)
		if err != nil {
			t.Fatal(err)
		}
		if nAll != nSkip || nAll != nHead || nAll != nBuild || nAll != ix.Len() {
			t.Fatalf("games: %d reading, %d skipping, %d headers, %d building, %d indexed", nAll, nSkip, nHead, nBuild, ix.Len())
		}
		for i := range all.at {
			if all.at[i] != skipped.at[i] || all.at[i] != ix.Entry(i).Offset {
				t.Fatalf("game %d starts at %d, %d skipping, %d indexed", i+1, all.at[i], skipped.at[i], ix.Entry(i).Offset)
			}
		}
	})
}
