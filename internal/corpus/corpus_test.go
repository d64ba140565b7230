package corpus_test

import (
	"bytes"
	"os"
	"testing"

	"touchmove/internal/corpus"
)

// TestRead reads a plain and a compressed file of testdata, and a copy of
// a compressed one written to the temporary folder.
func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, prefix string
	}{
		{"perft/perftsuite.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;"},
		{"perft/chess960.perft.gz", "# https://www.chessprogramming.org/"},
		{"pgn/lichess_annotated_1k.pgn.gz", "[Event "},
	} {
		data := corpus.Read(t, tc.name)
		if !bytes.HasPrefix(data, []byte(tc.prefix)) {
			t.Errorf("%s begins %q, want %q", tc.name, data[:min(len(data), 40)], tc.prefix)
		}
	}
	path := corpus.File(t, "perft/chess960.perft.gz")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, corpus.Read(t, "perft/chess960.perft.gz")) {
		t.Errorf("%s differs from the corpus", path)
	}
}
