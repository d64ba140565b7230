//go:build unix

package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/core/pgn"
)

// TestIndexMappedFileShrinks checks that a file cut short while mapped
// gives an error, not a crash, and that a whole one indexes as read.
func TestIndexMappedFileShrinks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	game := "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 1-0\n\n"
	text := strings.Repeat(game, 20000)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()

	whole, unmapWhole, err := mapSection(f, 0, int64(len(text)))
	if err != nil {
		t.Fatal(err)
	}
	defer unmapWhole()
	for _, src := range []fileSource{{f: f}, {f: f, data: whole}} {
		p := indexPiece(context.Background(), src, 0, int64(len(text)), pgn.NewValueTable())
		if p.err != nil || p.len() != 20000 || p.rec(19999).plies != 4 {
			t.Fatalf("whole file, mapped %v: %d games, %v", src.data != nil, p.len(), p.err)
		}
	}

	data, unmap, err := mapSection(f, int64(len(game)), int64(len(text)))
	if err != nil {
		t.Fatal(err)
	}
	defer unmap()
	if !strings.HasPrefix(string(data[:len(game)]), game) {
		t.Fatalf("mapped from the second game: %.40q", data)
	}
	if err := os.Truncate(path, int64(len(text)/2)); err != nil {
		t.Fatal(err)
	}
	ix, err := readMapped(data, func() (*pgn.Index, error) {
		return pgn.IndexBytes(context.Background(), data, pgn.NewValueTable(), nil)
	})
	if err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Fatalf("a file cut while read: %d games, error %v", ix.Len(), err)
	}
	t.Log(err)
	// As the index reads a section of the file mapped whole.
	p := indexPiece(context.Background(), fileSource{f: f, data: whole}, int64(len(text)/4), int64(len(text)), pgn.NewValueTable())
	if p.err == nil || !strings.Contains(p.err.Error(), "changed while it was read") {
		t.Fatalf("a section of a file cut while read: %d games, error %v", p.len(), p.err)
	}
}
