package library_test

import (
	"context"
	"maps"
	"slices"
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
// repertoire. The file's 60,000 players have about 33 games each: the
// player is known under enough of their names to have 2,000 games (the
// report's games are reported as games/op).
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
	rep, err := prepare.ReadRepertoire([]byte("[White \"Me\"]\n\n1. e4 (1. d4 Nf6 2. c4 e6) c5 (1... e5 2. Nf3 Nc6 3. Bb5) 2. Nf3 d6 (2... Nc6) 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n"))
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

// playerWith returns the names of numbered players ("Name 123", each in
// about 33 games) that together have about n games in lib: a player known
// under several names, as one with n games.
func playerWith(lib *library.Library, n int) mistakes.Names {
	count := map[string]int{}
	for i := range lib.Len() {
		e := lib.Entry(i)
		count[e.White]++
		count[e.Black]++
	}
	all := slices.Sorted(maps.Keys(count))
	var names mistakes.Names
	for _, name := range all {
		if n <= 0 {
			break
		}
		if strings.LastIndexByte(name, ' ') > 0 {
			names = append(names, name)
			n -= count[name]
		}
	}
	return names
}
