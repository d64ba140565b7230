package store_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app/store"
)

// TestSaveKeeps500NestedVariations reads a game with 500 nested
// variations and saves it back: all 500 are kept.
func TestSaveKeeps500NestedVariations(t *testing.T) {
	const depth = 500
	path := filepath.Join(t.TempDir(), "deep.pgn")
	text := "[Event \"Deep\"]\n[Result \"*\"]\n\n1. e4 e5 " + strings.Repeat("( e6 ", depth) + strings.Repeat(") ", depth) + "*\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := store.DecodeGames(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading: %d games, problems %v", len(games), err)
	}
	job, err := store.NewSaveJob(games[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := job.Write(path, 0); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if n := bytes.Count(data, []byte("(")); n != depth {
		t.Errorf("%d variations saved, want %d", n, depth)
	}
}
