package pgn

import "syscall"

// adviseMapping tells the kernel how the file mapped at m is read: where
// the page cache holds it in huge folios, as Linux reads a large file, the
// mapping may then map them whole, a page fault and a TLB entry for 2 MiB
// rather than 4 KiB. Only a hint.
func adviseMapping(m []byte) { syscall.Madvise(m, syscall.MADV_HUGEPAGE) }

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
