package pgn

import "hash/maphash"

// An internTable maps the values of one tag field to their numbers. It is
// an open-addressing hash table with linear probing, built so that finding
// a value costs one cache line: each slot is 64 bytes and holds the value's
// hash, number and length, and its bytes when they fit. Indexing streams a
// large file through the cache, which leaves a table cold: a Go map with
// string keys would touch its control word, its slot and the key's bytes
// elsewhere, three misses where this takes one.
//
// The zero internTable is empty and ready to use; it is not safe for
// concurrent use.
type internTable struct {
	slots []internSlot // a power of two of them, or none
	count int          // slots in use
	long  []string     // the values longer than inlineLen, by internSlot.ext
	seed  maphash.Seed
	// hashMask is ANDed with every hash: all ones, but tests clear bits of
	// it to make values collide.
	hashMask uint64
}

// inlineLen is the length of the longest value a slot holds by itself.
const inlineLen = 48

// internSlot is one slot of an internTable, 64 bytes: one cache line, as
// the allocator aligns a slice of a power of two of them.
type internSlot struct {
	id  uint32 // the value's number; 0 in an empty slot
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
	t.seed = maphash.MakeSeed()
	t.hashMask = hashMask
	t.slots = make([]internSlot, minSlots)
}

// find returns the number of value b, or 0 if the table does not hold it,
// and b's hash, which add takes.
func (t *internTable) find(b []byte) (id uint32, hash uint64) {
	h := t.hash(b)
	return t.findHashed(b, h), h
}

// hash returns the hash of b in t.
func (t *internTable) hash(b []byte) uint64 {
	if t.slots == nil {
		t.init(^uint64(0))
	}
	return maphash.Bytes(t.seed, b) & t.hashMask
}

// touch reads the slot where a value of hash h would be, so that a later
// findHashed finds it in the cache, and returns a word of it.
func (t *internTable) touch(h uint64) uint32 {
	return t.slots[h&uint64(len(t.slots)-1)].tag
}

// findHashed is find of a value b whose hash is h.
func (t *internTable) findHashed(b []byte, h uint64) uint32 {
	tag := uint32(h >> 32)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.id == 0 {
			return 0
		}
		if s.tag == tag && int(s.n) == len(b) && t.equal(s, b) {
			return s.id
		}
	}
}

// equal reports whether slot s holds value b, which has its length.
func (t *internTable) equal(s *internSlot, b []byte) bool {
	if len(b) <= inlineLen {
		return string(s.b[:len(b)]) == string(b)
	}
	return string(s.b[:]) == string(b[:inlineLen]) && t.long[s.ext][inlineLen:] == string(b[inlineLen:])
}

// add records that value v, with hash h from find, has number id, which is
// not 0. The table must not hold v.
func (t *internTable) add(h uint64, v string, id uint32) {
	if (t.count+1)*maxLoadDen > len(t.slots)*maxLoadNum {
		t.grow()
	}
	t.put(h, v, id)
	t.count++
}

// put writes value v into the first free slot from h on.
func (t *internTable) put(h uint64, v string, id uint32) {
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for t.slots[i].id != 0 {
		i = (i + 1) & mask
	}
	s := &t.slots[i]
	s.id, s.tag, s.n = id, uint32(h>>32), uint32(len(v))
	copy(s.b[:], v)
	if len(v) > inlineLen {
		s.ext = uint32(len(t.long))
		t.long = append(t.long, v)
	}
}

// grow doubles the slots and puts the values back.
func (t *internTable) grow() {
	old := t.slots
	t.slots = make([]internSlot, 2*len(old))
	for i := range old {
		s := &old[i]
		if s.id == 0 {
			continue
		}
		var h uint64
		if s.n > inlineLen {
			h = maphash.String(t.seed, t.long[s.ext])
		} else {
			h = maphash.Bytes(t.seed, s.b[:s.n])
		}
		h &= t.hashMask
		mask := uint64(len(t.slots) - 1)
		j := h & mask
		for t.slots[j].id != 0 {
			j = (j + 1) & mask
		}
		t.slots[j] = *s
	}
}
