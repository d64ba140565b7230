//go:build unix

package pgn

import (
	"fmt"
	"os"
	"syscall"
)

// mapSection maps bytes [off, end) of f into memory, read only, and
// returns them and a function that unmaps them. Reading the bytes after f
// shrinks faults; see readMapped. No advice is given: asking for huge
// pages (MADV_HUGEPAGE), so that the page cache's huge folios would be
// mapped whole, made no difference to the CPU time of listing the
// million-game benchmark file (-1%, indexer.md §7).
func mapSection(f *os.File, off, end int64) ([]byte, func(), error) {
	if end <= off {
		return nil, func() {}, nil
	}
	page := int64(os.Getpagesize())
	from := off &^ (page - 1)
	if end-from != int64(int(end-from)) {
		return nil, nil, fmt.Errorf("map %s: %d bytes is too large", f.Name(), end-from)
	}
	m, err := syscall.Mmap(int(f.Fd()), from, int(end-from), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("map %s: %w", f.Name(), err)
	}
	return m[off-from:], func() { releaseMapping(m) }, nil
}
