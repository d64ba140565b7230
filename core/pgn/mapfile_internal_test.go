//go:build unix

package pgn

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestIndexMappedFileShrinks checks that a file cut short while mapped
// gives an error, not a crash, and that a whole one indexes as read.
func TestIndexMappedFileShrinks(t *testing.T) {
	game := "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 1-0\n\n"
	text := strings.Repeat(game, 20000)
	f, path := openTemp(t, text)

	whole, unmapWhole, err := mapSection(f, 0, int64(len(text)))
	if err != nil {
		t.Fatal(err)
	}
	defer unmapWhole()
	for _, x := range []*fileIndexer{{r: f, size: int64(len(text))}, {r: f, size: int64(len(text)), data: whole}} {
		p := x.index(context.Background(), 0, int64(len(text)), NewValueTable())
		if p.err != nil || p.ix.Len() != 20000 || p.ix.Record(19999).Plies != 4 {
			t.Fatalf("whole file, mapped %v: %d games, %v", x.data != nil, p.ix.Len(), p.err)
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
	ix, err := readMapped(data, func() (*Index, error) {
		return IndexBytes(context.Background(), data, NewValueTable(), nil)
	})
	if !errors.Is(err, errFileChanged) {
		t.Fatalf("a file cut while read: %d games, error %v", ix.Len(), err)
	}
	// As IndexFile reads a section of the file mapped whole.
	x := &fileIndexer{r: f, size: int64(len(text)), data: whole}
	p := x.index(context.Background(), int64(len(text)/4), int64(len(text)), NewValueTable())
	if !errors.Is(p.err, errFileChanged) {
		t.Fatalf("a section of a file cut while read: %d games, error %v", p.ix.Len(), p.err)
	}
	// And IndexFile itself, the file mapped anew at its new size but
	// listed at its old one.
	err = IndexFile(context.Background(), f, int64(len(text)), FileOptions{}, func(FileBatch) {})
	if err == nil {
		t.Fatal("a file indexed past its end: no error")
	}
}
