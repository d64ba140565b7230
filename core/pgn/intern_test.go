package pgn

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// A TagNumberer numbers tag values as BuildIndex does; it lets the
// benchmarks of package pgn_test time a ValueTable alone.
type TagNumberer struct {
	v indexVisitor
}

// NewTagNumberer returns a TagNumberer that numbers values in t.
func NewTagNumberer(t *ValueTable) *TagNumberer { return &TagNumberer{v: indexVisitor{t: t}} }

// Begin starts a game.
func (n *TagNumberer) Begin() { n.v.BeginGame(0, Pos{}) }

// Tag gives the game a tag pair.
func (n *TagNumberer) Tag(tag string, value []byte) { n.v.Tag([]byte(tag), value, Pos{}) }

// End ends the game and numbers its values.
func (n *TagNumberer) End() {
	var rec Record
	n.v.numberGame(&rec)
}

// find returns the number of value b, or 0 if the table does not hold it,
// and b's fingerprint, which add takes; it readies a zero table first.
func (t *internTable) find(b []byte) (id uint32, fp fingerprint) {
	if t.cur.Load() == nil {
		t.init(^uint64(0))
	}
	fp = hashBoth(t.seed, t.seed2, b)
	return t.findHashed(fp), fp
}

// internAll adds each value to t that it does not hold yet, numbering them
// from 1 in order, and returns the numbers.
func internAll(t *internTable, values []string) map[string]uint32 {
	want := make(map[string]uint32)
	for _, v := range values {
		if _, ok := want[v]; ok {
			continue
		}
		want[v] = uint32(len(want) + 1)
		if id, h := t.find([]byte(v)); id == 0 {
			t.add(h, want[v])
		}
	}
	return want
}

func TestInternTable(t *testing.T) {
	long := strings.Repeat("Sicilian Defense: Najdorf Variation, English Attack ", 3)
	prefix := strings.Repeat("x", 48)
	var many []string
	for i := range 5000 {
		many = append(many, fmt.Sprintf("Surname%d, Firstname %05d", i%7, i))
	}
	tests := []struct {
		name     string
		hashMask uint64
		values   []string
		absent   []string
	}{
		{"empty", ^uint64(0), []string{""}, []string{"a", " "}},
		{"short", ^uint64(0), []string{"Carlsen, Magnus", "A", "1", "B20", "2024.03.14"}, []string{"Carlsen, Magnu", "Carlsen, Magnus ", "", "a"}},
		{"long", ^uint64(0), []string{long, long[1:], long + "!"}, []string{long[:len(long)-1], long[:48], long + "?"}},
		{"48 bytes", ^uint64(0), []string{prefix, prefix[1:], prefix + "y"}, []string{prefix + "x", prefix[2:]}},
		{"past 48 bytes", ^uint64(0), []string{prefix + "a", prefix + "b", prefix + "ab", prefix + "ba"}, []string{prefix + "c", prefix + "aa"}},
		{"growth", ^uint64(0), many, []string{"Surname0, Firstname 05000", "Surname1, Firstname 00000"}},
		{"one hash", 0, []string{"", "a", "b", "ab", "ba", prefix + "a", prefix + "b", long, long + "!"}, []string{"c", prefix, prefix + "c", long + "?"}},
		{"one hash, growth", 0, many[:300], many[300:310]},
		{"two hashes", 1, many[:1000], many[1000:1100]},
		{"high bits only", 0xffffffff << 32, many[:1000], []string{"x", long}},
		{"low bits only", 1<<32 - 1, many, []string{"x", long}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tab internTable
			tab.init(tt.hashMask)
			want := internAll(&tab, tt.values)
			if tab.count != len(want) {
				t.Errorf("count %d, want %d", tab.count, len(want))
			}
			if tab.count*maxLoadDen > len(tab.slots())*maxLoadNum {
				t.Errorf("%d values in %d slots", tab.count, len(tab.slots()))
			}
			for v, id := range want {
				if got, _ := tab.find([]byte(v)); got != id {
					t.Errorf("%.20q…: number %d, want %d", v, got, id)
				}
			}
			for _, v := range tt.absent {
				if got, _ := tab.find([]byte(v)); got != 0 {
					t.Errorf("%.20q…, not added, has number %d", v, got)
				}
			}
		})
	}
}

// TestInternSlotLayout checks that four slots fill one cache line, and
// that the slots start on one, so that a hit reads one line, mostly.
func TestInternSlotLayout(t *testing.T) {
	if size := unsafe.Sizeof(internSlot{}); size != 16 {
		t.Fatalf("a slot takes %d bytes", size)
	}
	var tab internTable
	for i := range 100000 {
		v := fmt.Sprint(i)
		id, h := tab.find([]byte(v))
		if id == 0 {
			tab.add(h, uint32(i+1))
		}
		if i&(i+1) == 0 { // after each growth, about
			if addr := uintptr(unsafe.Pointer(&tab.slots()[0])); addr%64 != 0 {
				t.Fatalf("%d slots at %#x, not on a cache line", len(tab.slots()), addr)
			}
		}
	}
}

// checkInternTable adds and looks up values in a table and in a map, and
// checks that they agree.
func checkInternTable(t *testing.T, hashMask uint64, values []string) {
	t.Helper()
	var tab internTable
	tab.init(hashMask)
	ref := make(map[string]uint32)
	for _, v := range values {
		id, h := tab.find([]byte(v))
		want, ok := ref[v]
		if id != want {
			t.Fatalf("%q: number %d, want %d (held: %v)", v, id, want, ok)
		}
		if !ok {
			ref[v] = uint32(len(ref) + 1)
			tab.add(h, ref[v])
		}
	}
	for v, want := range ref {
		if id, _ := tab.find([]byte(v)); id != want {
			t.Fatalf("%q: number %d, want %d", v, id, want)
		}
	}
}

// TestInternTableRandom compares a table with a map over random values,
// short and long, many of them repeated, with hashes of all their bits and
// of a few.
func TestInternTableRandom(t *testing.T) {
	for _, mask := range []uint64{^uint64(0), 0xff, 0xff << 56, 3} {
		t.Run(fmt.Sprintf("%#x", mask), func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, mask))
			var values []string
			for range 4000 {
				n := r.IntN(8)
				if r.IntN(10) == 0 {
					n = 12 + r.IntN(10) // across the 16 bytes hashBoth reads at once
				}
				b := make([]byte, n)
				for i := range b {
					b[i] = "ab\x00\xff"[r.IntN(4)]
				}
				if n > 10 {
					copy(b, strings.Repeat("p", n-2)) // differ only at the end
				}
				values = append(values, string(b))
			}
			checkInternTable(t, mask, values)
		})
	}
}

// FuzzInternTable compares a table with a map: the input, split at commas,
// gives the values to add or look up; its first byte selects the bits of
// the hashes.
func FuzzInternTable(f *testing.F) {
	f.Add([]byte("\xff,a,b,a,,c,b"))
	f.Add([]byte("\x00," + strings.Repeat("x", 16) + "1," + strings.Repeat("x", 16) + "2,x,x"))
	f.Add([]byte("\x01,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,1,2,3"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		mask := ^uint64(0)
		switch data[0] % 4 {
		case 0:
			mask = 0
		case 1:
			mask = 3
		case 2:
			mask = 0xf << 60
		}
		checkInternTable(t, mask, strings.Split(string(data[1:]), ","))
	})
}

// TestValueTableConcurrent numbers values on several goroutines at once,
// each with a Local handle, and one more with the table itself: a value
// must have one number in each field, and Values must give it back.
func TestValueTableConcurrent(t *testing.T) {
	long := strings.Repeat("long value ", 10)
	value := func(i int) []byte {
		if i%5 == 0 {
			return fmt.Appendf(nil, "%s%d", long, i)
		}
		return fmt.Appendf(nil, "Player %d", i)
	}
	const (
		workers = 5
		values  = 3000
	)
	vt := NewValueTable()
	got := make([][NumFields][values]uint32, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			h := vt
			if w > 0 {
				h = vt.Local()
			}
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for range 3 * values {
				i, f := r.IntN(values), r.IntN(NumFields)
				id := h.number(f, value(i), h.hash(f, value(i)))
				f = valueTable(f) // White and Black number alike
				if got[w][f][i] != 0 && got[w][f][i] != id {
					t.Errorf("handle %d: %q has numbers %d and %d", w, value(i), got[w][f][i], id)
				}
				got[w][f][i] = id
			}
		})
	}
	wg.Wait()
	strs := vt.Values()
	seen := make(map[uint32]bool)
	for f := range NumFields {
		for i := range values {
			var id uint32
			for w := range workers {
				switch n := got[w][f][i]; {
				case n == 0:
				case id != 0 && n != id:
					t.Fatalf("field %d: %q has numbers %d and %d", f, value(i), id, n)
				default:
					id = n
				}
			}
			if id == 0 {
				continue
			}
			if strs[id] != string(value(i)) {
				t.Fatalf("field %d: %q has number %d, which is %q", f, value(i), id, strs[id])
			}
			if seen[id] {
				t.Fatalf("number %d given twice", id)
			}
			seen[id] = true
		}
	}
	if len(seen) != len(strs)-1 || strs[0] != "" {
		t.Errorf("%d values numbered, %d kept, the first %q", len(seen), len(strs), strs[0])
	}
}

// TestValueTableLarge numbers enough players for the table to grow to 2
// MiB of slots, from goroutines that find values while another adds them
// and the collector runs, which frees the arrays the table has replaced:
// every value must keep one number.
func TestValueTableLarge(t *testing.T) {
	const (
		workers = 3
		values  = 60000 // 131,072 slots, 2 MiB, at the end
	)
	vt := NewValueTable()
	got := make([][]uint32, workers)
	done := make(chan struct{})
	var gc sync.WaitGroup
	gc.Go(func() {
		for {
			select {
			case <-done:
				return
			default:
				runtime.GC()
			}
		}
	})
	var wg sync.WaitGroup
	for w := range workers {
		got[w] = make([]uint32, values)
		wg.Go(func() {
			h := vt.Local()
			for i := range values {
				// Each worker in its own order (its step is prime to
				// values), so that all of them add values and find those
				// of the others.
				v := (i*[workers]int{1, 7, 11}[w] + w*7919) % values
				b := fmt.Appendf(nil, "Player %d", v)
				got[w][v] = h.number(FieldWhite, b, h.hash(FieldWhite, b))
			}
		})
	}
	wg.Wait()
	close(done)
	gc.Wait()
	strs := vt.Values()
	for v := range values {
		id := got[0][v]
		for w := range workers {
			if got[w][v] != id || id == 0 {
				t.Fatalf("Player %d: numbers %d and %d", v, id, got[w][v])
			}
		}
		if want := fmt.Sprintf("Player %d", v); strs[id] != want {
			t.Fatalf("number %d is %q, want %q", id, strs[id], want)
		}
	}
	if n := len(vt.shared.fields[FieldWhite].slots()); n*int(unsafe.Sizeof(internSlot{})) < 2<<20 {
		t.Errorf("%d slots: the table did not grow to 2 MiB", n)
	}
}

// TestHashBoth checks that every bit of a value, at every length, and the
// length itself, change both halves of its fingerprint, and that each seed
// changes its half.
func TestHashBoth(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seed, seed2 := r.Uint64(), r.Uint64()
	b := make([]byte, 70)
	for k := range b {
		b[k] = byte(r.Uint32())
	}
	seenH, seenCheck := make(map[uint64]int), make(map[uint32]int)
	for n := range len(b) + 1 {
		v := b[:n]
		fp := hashBoth(seed, seed2, v)
		if m, ok := seenH[fp.h]; ok {
			t.Errorf("lengths %d and %d hash alike", m, n)
		}
		if m, ok := seenCheck[fp.check]; ok {
			t.Errorf("lengths %d and %d have one check", m, n)
		}
		seenH[fp.h], seenCheck[fp.check] = n, n
		for k := range n {
			for bit := range 8 {
				w := append([]byte(nil), v...)
				w[k] ^= 1 << bit
				if got := hashBoth(seed, seed2, w); got.h == fp.h || got.check == fp.check {
					t.Errorf("length %d: byte %d, bit %d leaves %+v as %+v", n, k, bit, got, fp)
				}
			}
		}
		if other := hashBoth(seed+1, seed2+1, v); other.h == fp.h || other.check == fp.check {
			t.Errorf("length %d: the seeds do not change the fingerprint", n)
		}
	}
}

// TestInternFingerprint checks that a table knows a value by its hash and
// its check together: a value that shares either alone with another is
// another value, wherever it falls.
func TestInternFingerprint(t *testing.T) {
	for _, mask := range []uint64{^uint64(0), 0} {
		var tab internTable
		tab.init(mask)
		tab.add(fingerprint{h: 1, check: 2}, 5)
		tab.add(fingerprint{h: 1 + 1<<40, check: 2}, 6) // the same slot, unless masked
		for _, c := range []struct {
			fp   fingerprint
			want uint32
		}{
			{fingerprint{h: 1, check: 2}, 5},
			{fingerprint{h: 1 + 1<<40, check: 2}, 6},
			{fingerprint{h: 1, check: 3}, 0},
			{fingerprint{h: 2, check: 2}, 0},
			{fingerprint{h: 1 + 1<<41, check: 2}, 0},
		} {
			if got := tab.findHashed(c.fp); got != c.want {
				t.Errorf("mask %#x, %+v: number %d, want %d", mask, c.fp, got, c.want)
			}
		}
	}
}
