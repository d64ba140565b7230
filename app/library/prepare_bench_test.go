package library_test

import (
	"context"
	"strings"
	"testing"

	"touchmove/app/library"
	"touchmove/app/mistakes"
	"touchmove/app/prepare"
)

// BenchmarkPrepareReport makes the report on a player of the million-game
// file (Training › Report on a player…, `touchmove prepare`) with its list
// in the cache, as a call after the first: the list read from the cache,
// the player's games found in it and read from the file, against a
// repertoire. The player is the corpus name whose numbered players have
// the nearest to 2,000 games (the file has 60,000 players); the
// report's games are reported as games/op.
func BenchmarkPrepareReport(b *testing.B) {
	path := benchFile(b, benchGames)
	dir := b.TempDir()
	ctx := context.Background()
	warm, err := prepare.OpenLibrary(ctx, path, dir)
	if err != nil {
		b.Fatal(err)
	}
	names := playerWith(warm, 2000)
	warm.Close()
	rep, err := prepare.ReadRepertoire([]byte("[White \"Me\"]\n\n1. e4 c5 2. Nf3 d6 (2... Nc6) 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 (1... e5 2. Nf3 Nc6 3. Bb5) (1. d4 Nf6 2. c4 e6) *\n"))
	if err != nil {
		b.Fatal(err)
	}
	games := 0
	for b.Loop() {
		lib, err := prepare.OpenLibrary(ctx, path, dir)
		if err != nil {
			b.Fatal(err)
		}
		if !lib.Progress().Cached {
			b.Fatal("the list was not read from the cache")
		}
		r, err := prepare.FromLibrary(ctx, lib, names, rep)
		if err != nil {
			b.Fatal(err)
		}
		games = r.Total.Games
		lib.Close()
	}
	b.ReportMetric(float64(games), "games/op")
}

// playerWith returns the names of the corpus player whose numbered
// players ("Name 123") have the nearest to n games in lib.
func playerWith(lib *library.Library, n int) mistakes.Names {
	count := map[string]int{}
	for i := range lib.Len() {
		e := lib.Entry(i)
		for _, p := range []string{e.White, e.Black} {
			if k := strings.LastIndexByte(p, ' '); k > 0 {
				count[p[:k+1]]++
			}
		}
	}
	best, diff := "", -1
	for name, c := range count {
		if d := max(c-n, n-c); diff < 0 || d < diff || d == diff && name < best {
			best, diff = name, d
		}
	}
	return mistakes.Names{best}
}
