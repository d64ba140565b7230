package pgn

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of the transparent huge pages of Linux on the
// processors Touchmove runs on, and the size from which newSlotArray maps
// a slot array on pages of its own.
const hugePage = 2 << 20

// newSlotArray returns an array of n empty slots. One of hugePage or more
// is mapped on its own and asked to be put on huge pages: a table of
// players in a large file takes megabytes, and lookups at random in it
// otherwise miss the TLB at nearly every one (perf showed the slot's
// prefetch and load as a sixth of the indexing time). The mapping is
// released when the array is unreachable.
func newSlotArray(n int) *slotArray {
	size := n * int(unsafe.Sizeof(internSlot{}))
	if size < hugePage {
		return &slotArray{s: make([]internSlot, n)}
	}
	m, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return &slotArray{s: make([]internSlot, n)}
	}
	// Start at a huge page boundary, which the mapping holds one of.
	off := -int(uintptr(unsafe.Pointer(unsafe.SliceData(m)))) & (hugePage - 1)
	syscall.Madvise(m[off:off+size], syscall.MADV_HUGEPAGE) // a hint: without it, small pages
	a := &slotArray{s: unsafe.Slice((*internSlot)(unsafe.Pointer(&m[off])), n)}
	runtime.AddCleanup(a, func(m []byte) { syscall.Munmap(m) }, m)
	return a
}
