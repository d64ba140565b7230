package pgn

import (
	"bytes"
	"context"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestIndexFileShrinks checks that a file cut short while it is listed
// gives an error, and that a whole one indexes as read.
func TestIndexFileShrinks(t *testing.T) {
	game := "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 1-0\n\n"
	text := strings.Repeat(game, 20000)
	f, path := openTemp(t, text)
	x := &fileIndexer{r: f, size: int64(len(text)), maxBuffer: maxSectionBuffer}
	var buf sectionBuffer
	defer buf.release()
	p := x.index(context.Background(), 0, int64(len(text)), NewValueTable(), &buf)
	if p.err != nil || p.ix.Len() != 20000 || p.ix.Record(19999).Plies != 4 {
		t.Fatalf("whole file: %d games, %v", p.ix.Len(), p.err)
	}
	if err := os.Truncate(path, int64(len(text)/2)); err != nil {
		t.Fatal(err)
	}
	p = x.index(context.Background(), int64(len(text)/4), int64(len(text)), NewValueTable(), &buf)
	if !errors.Is(p.err, errFileChanged) {
		t.Fatalf("a section of a file cut while read: %d games, error %v", p.ix.Len(), p.err)
	}
	err := IndexFile(context.Background(), f, int64(len(text)), FileOptions{}, func(FileBatch) {})
	if !errors.Is(err, errFileChanged) {
		t.Fatalf("a file listed past its end: %v", err)
	}
}

// TestSectionBuffer checks that a buffer reads the bytes asked for, grows
// for a larger section and is reused for a smaller one; on Linux its
// memory starts on a huge page.
func TestSectionBuffer(t *testing.T) {
	text := bytes.Repeat([]byte("0123456789abcdef"), 300000) // 4.8 MB
	r := bytes.NewReader(text)
	var buf sectionBuffer
	defer buf.release()
	for _, s := range []struct{ off, end int64 }{{0, 100}, {5, 3 << 20}, {1 << 20, int64(len(text))}, {7, 70}} {
		b, err := buf.read(r, s.off, s.end)
		if err != nil || !bytes.Equal(b, text[s.off:s.end]) {
			t.Fatalf("[%d, %d): %d bytes, %v", s.off, s.end, len(b), err)
		}
		if runtime.GOOS == "linux" && uintptr(unsafe.Pointer(&b[0]))%hugePage != 0 {
			t.Errorf("[%d, %d): the buffer is not on a huge page boundary", s.off, s.end)
		}
	}
	if _, err := buf.read(r, 10, int64(len(text))+1); !errors.Is(err, errFileChanged) {
		t.Errorf("a read past the end: %v", err)
	}
}

// TestIndexLongStretchStreamed checks that a stretch longer than a section
// buffer may hold is streamed, with the same games and values as read
// whole.
func TestIndexLongStretchStreamed(t *testing.T) {
	game := "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 {a comment} e5 2. Nf3 Nc6 1-0\n\n"
	text := strings.Repeat(game, 2000)
	r := strings.NewReader(text)
	var buf sectionBuffer
	defer buf.release()
	read := (&fileIndexer{r: r, size: int64(len(text)), maxBuffer: maxSectionBuffer}).index(context.Background(), 5*int64(len(game)), int64(len(text)), NewValueTable(), &buf)
	var unused sectionBuffer
	streamed := (&fileIndexer{r: r, size: int64(len(text)), maxBuffer: 4096}).index(context.Background(), 5*int64(len(game)), int64(len(text)), NewValueTable(), &unused)
	if read.err != nil || streamed.err != nil || read.ix.Len() != 1995 || streamed.ix.Len() != read.ix.Len() {
		t.Fatalf("read %d games (%v), streamed %d (%v)", read.ix.Len(), read.err, streamed.ix.Len(), streamed.err)
	}
	for i := range read.ix.Len() {
		if read.ix.Record(i) != streamed.ix.Record(i) {
			t.Fatalf("game %d: read %+v, streamed %+v", i, read.ix.Record(i), streamed.ix.Record(i))
		}
	}
	if unused.b != nil {
		t.Errorf("the streamed stretch went through a buffer of %d bytes", len(unused.b))
	}
}
