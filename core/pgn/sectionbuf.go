package pgn

import (
	"errors"
	"io"
)

// errFileChanged is the error of a file that ends before the size it was
// listed at: it shrank while it was read.
var errFileChanged = errors.New("pgn: index file: the file changed while it was read")

// hugePage is the size of an x86-64 or arm64 huge page.
const hugePage = 2 << 20

// sectionBuffer holds the bytes of one section of a file at a time, for
// one goroutine, reused from section to section. Where the system allows,
// its memory is in huge pages (sectionbuf_linux.go): the scan then misses
// the TLB far less, which saves a third of its CPU time (indexer.md §7).
type sectionBuffer struct {
	b    []byte
	free func() // releases b; nil for memory of the Go heap
}

// read returns bytes [off, end) of r, read into the buffer; they are valid
// until the next read. A file that ends before end is errFileChanged.
func (s *sectionBuffer) read(r io.ReaderAt, off, end int64) ([]byte, error) {
	n := end - off
	if int64(len(s.b)) < n {
		s.release()
		s.b, s.free = allocSection(n)
	}
	b := s.b[:n]
	k, err := r.ReadAt(b, off)
	switch {
	case int64(k) == n:
		return b, nil
	case err == nil || errors.Is(err, io.EOF):
		return nil, errFileChanged
	}
	return nil, err
}

// release gives the buffer's memory back.
func (s *sectionBuffer) release() {
	if s.free != nil {
		s.free()
	}
	s.b, s.free = nil, nil
}
