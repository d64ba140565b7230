package pgn

import "syscall"

// unmapStep is how many bytes releaseMapping lets go of at a time.
const unmapStep = 32 << 20

// releaseMapping unmaps m. Unmapping gigabytes holds the process's memory
// map locked for a tenth of a second, and the Go runtime, which maps memory
// as the heap grows, waits on that lock; so the pages are first let go a
// step at a time (madvise only reads the memory map), and the mapping,
// empty by then, is unmapped at the end.
func releaseMapping(m []byte) {
	for p := 0; p+unmapStep < len(m); p += unmapStep {
		syscall.Madvise(m[p:p+unmapStep], syscall.MADV_DONTNEED)
	}
	syscall.Munmap(m)
}
