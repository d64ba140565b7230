package pgn_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"touchmove/core/pgn"
)

// corpusDir holds the shared reference PGN files (see /work/shared/data/README.md).
const corpusDir = "/work/shared/data/pgn"

var corpusFiles = []string{"features_6k.pgn", "lichess_annotated_1k.pgn"}

func loadCorpus(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		tb.Skipf("reference corpus not available: %v", err)
	}
	return data
}

// BenchmarkReadFull reads every game with GameBuilder, replaying every move
// of the main line and of every variation; it reports games/s.
func BenchmarkReadFull(b *testing.B) {
	for _, name := range corpusFiles {
		b.Run(name, func(b *testing.B) {
			data := loadCorpus(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			games := 0
			for b.Loop() {
				r := pgn.NewReader(bytes.NewReader(data))
				gb := pgn.NewGameBuilder()
				for {
					err := r.ReadGame(gb)
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					games++
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkIndex builds the index of each file from memory.
func BenchmarkIndex(b *testing.B) {
	for _, name := range corpusFiles {
		b.Run(name, func(b *testing.B) {
			data := loadCorpus(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			games := 0
			for b.Loop() {
				ix, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data), nil)
				if err != nil {
					b.Fatal(err)
				}
				games += ix.Len()
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkSkip counts the games of each file with Skipper.
func BenchmarkSkip(b *testing.B) {
	for _, name := range corpusFiles {
		b.Run(name, func(b *testing.B) {
			data := loadCorpus(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				r := pgn.NewReader(bytes.NewReader(data))
				for r.ReadGame(pgn.Skipper{}) != io.EOF {
				}
			}
		})
	}
}
