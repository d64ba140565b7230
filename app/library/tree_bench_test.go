package library_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"touchmove/app/library"
	"touchmove/core/chess"
	"touchmove/core/pgn"
	"touchmove/core/posindex"
)

// benchIndex returns the position index of the million-game benchmark
// file, read from a file beside it, made (and timed by
// BenchmarkTreeIndex) when missing.
func benchIndex(b *testing.B) *posindex.Index {
	b.Helper()
	path := benchIndexFile(b)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	ix, err := posindex.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	return ix
}

// benchIndexFile returns the file form of the benchmark file's index.
func benchIndexFile(b *testing.B) string {
	b.Helper()
	pgnPath := benchFile(b, benchGames)
	path := filepath.Join(os.TempDir(), filepath.Base(pgnPath)+".posindex3") // the file form's version
	if _, err := os.Stat(path); err == nil {
		return path
	}
	ix := buildBenchIndex(b, pgnPath)
	var buf bytes.Buffer
	if _, err := ix.WriteTo(&buf); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// buildBenchIndex lists the file as the game list does and indexes it.
func buildBenchIndex(b *testing.B, path string) *posindex.Index {
	b.Helper()
	lib, _ := indexBench(b, path)
	defer lib.Close()
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	spans := lib.PositionSpans()
	bl := posindex.NewBuilder(nil)
	if err := bl.Add(context.Background(), f, spans, posindex.Options{}, nil); err != nil {
		b.Fatal(err)
	}
	return bl.Snapshot()
}

// BenchmarkTreeIndex builds the position index of the million-game file
// from its game list (the listing, BenchmarkLibraryIndex, is not timed),
// and reports the size of its file form.
func BenchmarkTreeIndex(b *testing.B) {
	path := benchFile(b, benchGames)
	lib, _ := indexBench(b, path)
	defer lib.Close()
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	spans := lib.PositionSpans()
	var ix *posindex.Index
	for b.Loop() {
		bl := posindex.NewBuilder(nil)
		if err := bl.Add(context.Background(), f, spans, posindex.Options{}, nil); err != nil {
			b.Fatal(err)
		}
		ix = bl.Snapshot()
	}
	var cw countingWriter
	if _, err := ix.WriteTo(&cw); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(ix.Len())*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(cw)/float64(ix.Len()), "file-bytes/game")
	b.ReportMetric(float64(ix.Positions())/float64(ix.Len()), "positions/game")
	b.ReportMetric(float64(ix.Unread()), "unread")
}

type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// BenchmarkTreeCached reads the index of the million-game file from its
// file form, as a cold start does from the cache.
func BenchmarkTreeCached(b *testing.B) {
	path := benchIndexFile(b)
	for b.Loop() {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := posindex.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCachedPositions reads the index of the million-game file from a
// cache folder as the commands do (library.CachedPositions: the file's stamp
// and sampled blocks checked, the cache file mapped, its checksum and
// games checked), and the tree of the start position from it: a command's
// work but starting the process. The cache folder is made once, by the
// window's indexing, and kept in the temporary folder.
func BenchmarkCachedPositions(b *testing.B) {
	path := benchFile(b, benchGames)
	dir := filepath.Join(os.TempDir(), "touchmove-bench-cache")
	if ix, _ := library.CachedPositions(dir, path); ix == nil {
		lib, _ := indexBench(b, path)
		tr := library.OpenPositionTree(context.Background(), lib, library.TreeOptions{CacheDir: dir})
		<-tr.Done()
		tr.Close()
		lib.Close()
	}
	start := chess.StartPosition()
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			if _, err := library.CachedPositions(dir, path); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("open+tree", func(b *testing.B) {
		for b.Loop() {
			ix, err := library.CachedPositions(dir, path)
			if err != nil {
				b.Fatal(err)
			}
			ix.Tree(&start, nil)
		}
	})
}

// BenchmarkTreeMemory reports the heap the index of the million-game file
// holds once read.
func BenchmarkTreeMemory(b *testing.B) {
	path := benchIndexFile(b)
	var ms runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		ix, err := posindex.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric((float64(ms.HeapAlloc)-float64(before))/(1<<20), "MiB")
		runtime.KeepAlive(ix)
	}
}

// benchPositions are the positions the query benchmarks ask for: the
// start, two openings, a middlegame and an endgame of the corpus.
var benchPositions = []struct{ name, moves string }{
	{"start", ""},
	{"e4", "e4"},
	{"e4-c5", "e4 c5"},
	{"ruy-lopez", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7"},
	{"ply30", ""}, // filled from a game of the corpus
}

func benchPosition(b *testing.B, ix *posindex.Index, moves string, plies int) chess.Position {
	b.Helper()
	p := chess.StartPosition()
	if plies > 0 {
		for g := 0; g < ix.Len(); g++ {
			if ms := ix.Moves(g); len(ms) > plies && ix.Start(g) == chess.StartPosition() {
				for _, m := range ms[:plies] {
					p.Play(m)
				}
				return p
			}
		}
	}
	for _, san := range bytes.Fields([]byte(moves)) {
		m, err := pgn.ResolveMove(&p, string(san))
		if err != nil {
			b.Fatal(err)
		}
		p.Play(m)
	}
	return p
}

// BenchmarkTreeQuery is the tree of a position over the million games.
func BenchmarkTreeQuery(b *testing.B) {
	ix := benchIndex(b)
	for _, c := range benchPositions {
		plies := 0
		if c.name == "ply30" {
			plies = 30
		}
		p := benchPosition(b, ix, c.moves, plies)
		b.Run(c.name, func(b *testing.B) {
			var t posindex.Tree
			for b.Loop() {
				t = ix.Tree(&p, nil)
			}
			b.ReportMetric(float64(t.Total.Games), "games")
		})
	}
}

// BenchmarkTreeFind is the exact search of a position over the million
// games.
func BenchmarkTreeFind(b *testing.B) {
	ix := benchIndex(b)
	for _, c := range benchPositions {
		plies := 0
		if c.name == "ply30" {
			plies = 30
		}
		p := benchPosition(b, ix, c.moves, plies)
		b.Run(c.name, func(b *testing.B) {
			var hits []posindex.Hit
			for b.Loop() {
				hits = ix.Find(&p, nil)
			}
			b.ReportMetric(float64(len(hits)), "games")
		})
	}
}

// BenchmarkTreeMaterial is a material search over the million games,
// which replays them.
func BenchmarkTreeMaterial(b *testing.B) {
	ix := benchIndex(b)
	m, err := posindex.ParseMaterial("R vs B+2P")
	if err != nil {
		b.Fatal(err)
	}
	var hits []posindex.Hit
	for b.Loop() {
		hits, err = ix.FindMaterial(context.Background(), m, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(hits)), "games")
}
