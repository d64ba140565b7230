package pgn

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"unsafe"
)

// An internTable maps the values of one tag field to their numbers. It is
// an open-addressing hash table with linear probing, built so that finding
// a value costs one cache line: each slot is 64 bytes and holds the value's
// hash, number and length, and its bytes when they fit. Indexing streams a
// large file through the cache, which leaves a table cold: a Go map with
// string keys would touch its control word, its slot and the key's bytes
// elsewhere, three misses where this takes one.
//
// One goroutine at a time may add values (the caller holds a lock), while
// any others find them: a slot is filled before its number is stored, and
// a larger table is filled before it replaces the smaller, so a finder
// sees a value whole or not at all, and one that does not see it looks
// again under the lock. The zero internTable is empty and ready for use
// by one goroutine; init readies it for several.
type internTable struct {
	cur   atomic.Pointer[slotArray] // the slots, or none
	count int                       // slots in use
	long  longValues                // the values longer than inlineLen, by internSlot.ext
	seed  uint64                    // of hashBytes, at random
	// hashMask is ANDed with every hash: all ones, but tests clear bits of
	// it to make values collide.
	hashMask uint64
}

// slotArray is the slots of an internTable: a power of two of them, from
// newSlotArray. Those of a large table may be memory the garbage collector
// does not see, released once the slotArray is unreachable: a finder keeps
// the slotArray alive while it reads the slots.
type slotArray struct {
	s []internSlot
}

// longValues holds the values too long for a slot, numbered from 0, in
// chunks that never move, so that finders read them without a lock while
// one goroutine adds more.
type longValues struct {
	dir atomic.Pointer[[]*[longChunk]string] // replaced, not changed, to add a chunk
	n   int
}

// longChunk is how many values a chunk of longValues holds.
const longChunk = 256

// add stores v and returns its number.
func (l *longValues) add(v string) uint32 {
	var dir []*[longChunk]string
	if d := l.dir.Load(); d != nil {
		dir = *d
	}
	if l.n/longChunk == len(dir) {
		dir = append(dir[:len(dir):len(dir)], new([longChunk]string))
		l.dir.Store(&dir)
	}
	dir[l.n/longChunk][l.n%longChunk] = v
	l.n++
	return uint32(l.n - 1)
}

// get returns value i.
func (l *longValues) get(i uint32) string {
	return (*l.dir.Load())[i/longChunk][i%longChunk]
}

// inlineLen is the length of the longest value a slot holds by itself.
const inlineLen = 48

// internSlot is one slot of an internTable, 64 bytes: one cache line, as
// the allocator aligns a slice of a power of two of them.
type internSlot struct {
	id  uint32 // the value's number, 0 in an empty slot; stored last, atomically
	tag uint32 // the high half of the value's hash
	n   uint32 // the value's length
	ext uint32 // where a value longer than inlineLen is in internTable.long
	b   [inlineLen]byte
}

// The table grows when more than maxLoadNum/maxLoadDen of its slots are in
// use. With 90,000 values, looked up at random while a stream evicts the
// cache, three quarters (131,072 slots, 8 MiB) is as fast as a half
// (262,144 slots): at its fullest a hit reads 2.5 slots on average, not 1.5,
// but they are neighbours, on one page, and the table takes half the memory.
const (
	maxLoadNum = 3
	maxLoadDen = 4
	minSlots   = 16
)

// init readies an empty table with the given hash mask.
func (t *internTable) init(hashMask uint64) {
	t.seed = rand.Uint64()
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

// find returns the number of value b, or 0 if the table does not hold it,
// and b's hash, which add takes.
func (t *internTable) find(b []byte) (id uint32, hash uint64) {
	h := t.hash(b)
	return t.findHashed(b, h), h
}

// hash returns the hash of b in t.
func (t *internTable) hash(b []byte) uint64 {
	if t.cur.Load() == nil {
		t.init(^uint64(0))
	}
	return hashBytes(t.seed, b) & t.hashMask
}

// hashBytes returns a hash of b under seed, as wyhash mixes words: a
// 128-bit product of two words, folded. Values of up to 16 bytes, nearly
// all tag values, are two loads and one product, inline.
func hashBytes(seed uint64, b []byte) uint64 {
	n := len(b)
	a, c := seed^hashK0, uint64(n)^hashK1
	switch {
	case n > 16:
		return hashLong(seed, b)
	case n >= 8:
		a ^= binary.LittleEndian.Uint64(b)
		c ^= binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		a ^= uint64(binary.LittleEndian.Uint32(b))
		c ^= uint64(binary.LittleEndian.Uint32(b[n-4:])) << 32
	case n > 0:
		a ^= uint64(b[0])<<16 | uint64(b[n>>1])<<8 | uint64(b[n-1])
	}
	return hashMix(a, c^seed)
}

// hashLong is hashBytes of more than 16 bytes: 16 at a time, then the
// last 16 (which may overlap those before).
func hashLong(seed uint64, b []byte) uint64 {
	n := len(b)
	a := seed ^ hashK0
	for s := b; len(s) > 16; s = s[16:] {
		a = hashMix(binary.LittleEndian.Uint64(s)^hashK1, binary.LittleEndian.Uint64(s[8:])^a)
	}
	a ^= binary.LittleEndian.Uint64(b[n-16:])
	c := binary.LittleEndian.Uint64(b[n-8:]) ^ uint64(n) ^ hashK1
	return hashMix(a, c^seed)
}

// The constants of hashBytes, wyhash's.
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

// prefetch asks for the slot where a value of hash h would be to be read
// into the cache, without waiting for it, so that a later findHashed finds
// it there.
func (t *internTable) prefetch(h uint64) {
	a := t.cur.Load()
	if len(a.s) < prefetchFrom {
		return // a small table stays in the cache
	}
	prefetch(&a.s[h&uint64(len(a.s)-1)])
	runtime.KeepAlive(a)
}

// cached reports whether the table is small enough to stay in the cache.
func (t *internTable) cached() bool { return len(t.cur.Load().s) < prefetchFrom }

// prefetchFrom is the number of slots, 64 KiB of them, from which prefetch
// asks for them.
const prefetchFrom = 1024

// findHashed is find of a value b whose hash is h.
func (t *internTable) findHashed(b []byte, h uint64) uint32 {
	tag := uint32(h >> 32)
	a := t.cur.Load()
	slots := a.s
	mask := uint64(len(slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &slots[i]
		id := atomic.LoadUint32(&s.id)
		if id == 0 || s.tag == tag && int(s.n) == len(b) && t.equal(s, b) {
			runtime.KeepAlive(a)
			return id
		}
	}
}

// equal reports whether slot s holds value b, which has its length.
func (t *internTable) equal(s *internSlot, b []byte) bool {
	switch n := len(b); {
	case n > inlineLen:
		return string(s.b[:]) == string(b[:inlineLen]) && t.long.get(s.ext)[inlineLen:] == string(b[inlineLen:])
	case n >= 8 && n <= 16:
		// Most values: two words, which may overlap, without a call.
		return binary.LittleEndian.Uint64(s.b[:8]) == binary.LittleEndian.Uint64(b) &&
			binary.LittleEndian.Uint64(s.b[n-8:n]) == binary.LittleEndian.Uint64(b[n-8:])
	}
	return string(s.b[:len(b)]) == string(b)
}

// add records that value v, with hash h from find, has number id, which is
// not 0. The table must not hold v.
func (t *internTable) add(h uint64, v string, id uint32) {
	if (t.count+1)*maxLoadDen > len(t.slots())*maxLoadNum {
		t.grow()
	}
	slots := t.slots()
	mask := uint64(len(slots) - 1)
	i := h & mask
	for slots[i].id != 0 {
		i = (i + 1) & mask
	}
	s := &slots[i]
	s.tag, s.n = uint32(h>>32), uint32(len(v))
	copy(s.b[:], v)
	if len(v) > inlineLen {
		s.ext = t.long.add(v)
	}
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
		var h uint64
		if s.n > inlineLen {
			v := t.long.get(s.ext)
			h = hashBytes(t.seed, unsafe.Slice(unsafe.StringData(v), len(v)))
		} else {
			h = hashBytes(t.seed, s.b[:s.n])
		}
		j := h & t.hashMask & mask
		for slots[j].id != 0 {
			j = (j + 1) & mask
		}
		slots[j] = *s
	}
	t.cur.Store(next)
}
