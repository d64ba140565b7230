//go:build unix

package app

import (
	"fmt"
	"os"
	"syscall"
)

// mapSection maps bytes [off, end) of f into memory, read only, and
// returns them and a function that unmaps them. Reading the bytes after f
// shrinks faults; see readMapped.
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
	return m[off-from:], func() { unmap(m) }, nil
}

// unmapStep is how many bytes unmap releases at a time.
const unmapStep = 32 << 20

// unmap releases mapping m. Unmapping gigabytes holds the process's memory
// map locked for a tenth of a second, and the Go runtime, which maps memory
// as the heap grows, waits on that lock; so the pages are first let go a
// step at a time (madvise only reads the memory map), and the mapping,
// empty by then, is unmapped at the end.
func unmap(m []byte) {
	for p := 0; p+unmapStep < len(m); p += unmapStep {
		syscall.Madvise(m[p:p+unmapStep], syscall.MADV_DONTNEED)
	}
	syscall.Munmap(m)
}
