package pgn

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
)

// An internTable maps the values of one tag field to their numbers. It is
// an open-addressing hash table with linear probing whose slots hold no
// values, only their fingerprints: a value is known by its 64-bit hash
// and a 32-bit check, a second hash under a seed of its own, and a slot
// is 16 bytes, four to a cache line. Indexing streams a large file through
// the cache, which leaves a table cold; a table of 16-byte slots takes a
// quarter of the cache lines and pages that slots holding the values would,
// and finding a value reads one line, with no bytes to compare.
//
// Two values are taken to be the same when their fingerprints are: 96
// bits, for a million distinct values and ten million lookups a chance of
// about 10^-16 that two ever are taken so, far below that of a memory or
// disk error. The values themselves are the caller's (sharedValues.strs).
// Comparing a found value's bytes as well, another cache miss on a string
// anywhere in the heap, costs 17% more CPU time in listing the
// million-game benchmark file (5.89 s against 5.02 s, indexer.md §7).
//
// One goroutine at a time may add values (the caller holds a lock), while
// any others find them: a slot is filled before its number is stored, and
// a larger table is filled before it replaces the smaller, so a finder
// sees a value whole or not at all, and one that does not see it looks
// again under the lock. init readies an internTable for use.
type internTable struct {
	cur         atomic.Pointer[slotArray] // the slots, or none
	count       int                       // slots in use
	seed, seed2 uint64                    // of hashBoth, for the hash and the check, at random
	// hashMask is ANDed with every hash where it picks a slot: all ones,
	// but tests clear bits of it to make values fall in one slot.
	hashMask uint64
}

// fingerprint is what an internTable knows a value by: its hash and a
// check, from hash.
type fingerprint struct {
	h     uint64
	check uint32
}

// slotArray is the slots of an internTable: a power of two of them.
//
// They are plain heap memory. Mapping the arrays of 2 MiB and more apart
// and asking for huge pages (MADV_HUGEPAGE) saved 4% of the CPU time of
// listing the million-game benchmark file, too little to keep
// (indexer.md §7).
type slotArray struct {
	s []internSlot
}

// newSlotArray returns an array of n empty slots.
func newSlotArray(n int) *slotArray { return &slotArray{s: make([]internSlot, n)} }

// internSlot is one slot of an internTable, 16 bytes.
type internSlot struct {
	h     uint64 // the value's hash
	check uint32 // its check
	id    uint32 // its number, 0 in an empty slot; stored last, atomically
}

// The table grows when more than maxLoadNum/maxLoadDen of its slots are in
// use: at its fullest a hit reads 2.5 slots on average, mostly of one
// cache line.
const (
	maxLoadNum = 3
	maxLoadDen = 4
	minSlots   = 16
)

// init readies an empty table with the given hash mask.
func (t *internTable) init(hashMask uint64) {
	t.seed, t.seed2 = rand.Uint64(), rand.Uint64()
	t.hashMask = hashMask
	t.cur.Store(newSlotArray(minSlots))
}

// slots returns the slots that finders read now, for the goroutine that
// adds values (t.cur keeps them alive until it replaces them).
func (t *internTable) slots() []internSlot {
	if a := t.cur.Load(); a != nil {
		return a.s
	}
	return nil
}

// hashBoth returns the fingerprint of b: two hashes of it, under seed and
// under seed2 (cut to 32 bits), mixed as wyhash mixes words: a 128-bit
// product of two words, folded. A value of up to 16 bytes, as nearly all
// tag values are, is two loads, read once for both, and a product for each.
func hashBoth(seed, seed2 uint64, b []byte) fingerprint {
	n := len(b)
	var w0, w1 uint64
	switch {
	case n > 16:
		return hashLongBoth(seed, seed2, b)
	case n >= 8:
		w0, w1 = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		w0, w1 = uint64(binary.LittleEndian.Uint32(b)), uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32
	case n > 0:
		w0 = uint64(b[0])<<16 | uint64(b[n>>1])<<8 | uint64(b[n-1])
	}
	c := uint64(n) ^ hashK1 ^ w1
	return fingerprint{h: hashMix(seed^hashK0^w0, c^seed), check: uint32(hashMix(seed2^hashK0^w0, c^seed2))}
}

// hashLongBoth is hashBoth of more than 16 bytes: 16 at a time into a
// state for each seed, then the last 16 (which may overlap those before).
func hashLongBoth(seed, seed2 uint64, b []byte) fingerprint {
	n := len(b)
	a, a2 := seed^hashK0, seed2^hashK0
	for s := b; len(s) > 16; s = s[16:] {
		w0, w1 := binary.LittleEndian.Uint64(s)^hashK1, binary.LittleEndian.Uint64(s[8:])
		a, a2 = hashMix(w0, w1^a), hashMix(w0, w1^a2)
	}
	w0 := binary.LittleEndian.Uint64(b[n-16:])
	c := binary.LittleEndian.Uint64(b[n-8:]) ^ uint64(n) ^ hashK1
	return fingerprint{h: hashMix(a^w0, c^seed), check: uint32(hashMix(a2^w0, c^seed2))}
}

// The constants of hashBoth, wyhash's.
const (
	hashK0 = 0xa0761d6478bd642f
	hashK1 = 0xe7037ed1a0b428db
	hashK2 = 0x8ebc6af09c88c6e3
)

// hashMix returns the two halves of the 128-bit product of a and c,
// XORed, each first XORed with a constant.
func hashMix(a, c uint64) uint64 {
	hi, lo := bits.Mul64(a^hashK2, c^hashK0)
	return hi ^ lo
}

// findHashed is find of a value whose fingerprint is fp.
func (t *internTable) findHashed(fp fingerprint) uint32 {
	slots := t.cur.Load().s
	mask := uint64(len(slots) - 1)
	for i := fp.h & t.hashMask & mask; ; i = (i + 1) & mask {
		s := &slots[i]
		id := atomic.LoadUint32(&s.id)
		if id == 0 || s.h == fp.h && s.check == fp.check {
			return id
		}
	}
}

// add records that the value whose fingerprint is fp, from find, has
// number id, which is not 0. The table must not hold the value.
func (t *internTable) add(fp fingerprint, id uint32) {
	if (t.count+1)*maxLoadDen > len(t.slots())*maxLoadNum {
		t.grow()
	}
	slots := t.slots()
	mask := uint64(len(slots) - 1)
	i := fp.h & t.hashMask & mask
	for slots[i].id != 0 {
		i = (i + 1) & mask
	}
	s := &slots[i]
	s.h, s.check = fp.h, fp.check
	atomic.StoreUint32(&s.id, id) // the slot is whole: finders may see it
	t.count++
}

// grow doubles the slots, puts the values in the new ones, and then lets
// finders read those.
func (t *internTable) grow() {
	old := t.slots()
	next := newSlotArray(2 * len(old))
	slots := next.s
	mask := uint64(len(slots) - 1)
	for i := range old {
		s := &old[i]
		if s.id == 0 {
			continue
		}
		j := s.h & t.hashMask & mask
		for slots[j].id != 0 {
			j = (j + 1) & mask
		}
		slots[j] = *s
	}
	t.cur.Store(next)
}
