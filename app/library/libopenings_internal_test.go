package library

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"touchmove/core/eco"
	"touchmove/core/posindex"
	"touchmove/internal/corpus"
)

// BenchmarkClassifyIndex names the openings of the 6,000 games of the
// features corpus, none of which has an ECO tag, from their position
// index, as the list does once the index is built (classify).
func BenchmarkClassifyIndex(b *testing.B) {
	tab, err := eco.New()
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "features.pgn")
	if err := os.WriteFile(path, corpus.Read(b, "pgn/features_6k.pgn.gz"), 0o644); err != nil {
		b.Fatal(err)
	}
	l, err := Open(context.Background(), path, Options{Openings: tab})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	<-l.Done()
	ix, err := posindex.BuildFile(context.Background(), l.file, l.size, posindex.Options{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	named := 0
	for b.Loop() {
		l.classify(context.Background(), ix)
	}
	for _, c := range *l.classified.Load() {
		if c > 0 {
			named++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(ix.Len()), "ns/game")
	b.Logf("%d of %d games named", named, ix.Len())
}
