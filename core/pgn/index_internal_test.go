package pgn

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"unsafe"

	"touchmove/core/game"
	"touchmove/internal/corpus"
)

// TestIndexMemory checks the memory an Index takes per game beyond its
// strings: under 150 bytes.
func TestIndexMemory(t *testing.T) {
	if size := unsafe.Sizeof(Record{}); size != 64 {
		t.Errorf("a record takes %d bytes", size)
	}
	data := corpus.Read(t, "pgn/features_6k.pgn.gz")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix, err := BuildIndex(context.Background(), bytes.NewReader(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	strs := 0
	for _, s := range ix.strs {
		strs += len(s) + int(unsafe.Sizeof(s))
	}
	total := int(after.HeapAlloc) - int(before.HeapAlloc)
	perGame := float64(total-strs) / float64(ix.Len())
	t.Logf("%d games, %d distinct strings (%d bytes), heap %d bytes: %.1f bytes per game beyond the strings", ix.Len(), len(ix.strs), strs, total, perGame)
	if perGame >= 150 {
		t.Errorf("%.1f bytes per game", perGame)
	}
	runtime.KeepAlive(ix)
	runtime.KeepAlive(data)
}

// FuzzCanonicalDate checks that a date taken as canonical is one that
// game.NormalizeDate gives back unchanged.
func FuzzCanonicalDate(f *testing.F) {
	for _, s := range []string{"2024.05.07", "????.??.??", "2024.??.??", "2024.13.01", "2024.00.01", "0000.01.31", "2024.1.7", "20??.01.01", "2024.02.32"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !isCanonicalDate([]byte(s)) {
			return
		}
		if d, ok := game.NormalizeDate(s); !ok || d != s {
			t.Errorf("%q taken as canonical, normalized to %q, %v", s, d, ok)
		}
	})
}
