package library

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"slices"
	"testing"

	"touchmove/core/chess"
	"touchmove/core/pgn"
)

// FuzzDecodeCache feeds damaged cache files to decodeCache: it must refuse
// them, never crash, and whatever it accepts must be a list it can show.
func FuzzDecodeCache(f *testing.F) {
	s := cacheStamp{path: "/x/games.pgn", size: 1 << 20, mtime: 42}
	var l cachedList
	l.strs = []string{"", "Carlsen", "Anand", "2024.01.01"}
	for i := range 3 {
		if i&(blockSize-1) == 0 {
			l.blocks = append(l.blocks, new(recordBlock))
		}
		r := &l.blocks[0][i]
		r.Offset, r.Length, r.Line, r.Values[pgn.FieldWhite], r.Values[pgn.FieldBlack], r.HasErrors = int64(i*100), 90, uint32(i*5+1), 1, 2, i == 1
		l.n++
	}
	l.bad = []badGame{{game: 1, err: &pgn.SyntaxError{Offset: 150, Line: 7, Column: 3, Game: 2, GameLine: 6, Err: errors.New("unexpected character ')'")}}}
	good := encodeCache(s, l)
	body := good[:len(good)-4] // the fuzzer changes the body; the checksum is made to fit
	f.Add(body)
	f.Add(body[:len(body)/2])
	f.Add([]byte(cacheMagic))
	f.Fuzz(func(t *testing.T, body []byte) {
		data := binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.ChecksumIEEE(body))
		got, err := decodeCache(data, s)
		if err != nil {
			return
		}
		for i := range got.n {
			r := &got.blocks[i>>blockShift][i&(blockSize-1)]
			for _, id := range r.Values {
				_ = got.strs[id] // a number beyond the strings would panic here
			}
		}
		for _, b := range got.bad {
			if b.game < 0 || b.game >= got.n || b.err == nil {
				t.Fatalf("bad game %d of %d", b.game, got.n)
			}
		}
	})
}

// TestCacheRoundTrip: a list written is read back as it was.
func TestCacheRoundTrip(t *testing.T) {
	s := cacheStamp{path: "/x/y.pgn", size: 5000, mtime: 7}
	var l cachedList
	l.strs = []string{"", "a", "b"}
	for i := range blockSize + 3 { // over a block
		if i&(blockSize-1) == 0 {
			l.blocks = append(l.blocks, new(recordBlock))
		}
		r := &l.blocks[i>>blockShift][i&(blockSize-1)]
		*r = pgn.Record{Offset: int64(i % 4000), Length: 10, Line: uint32(i), WhiteElo: uint16(i), Plies: 3, Column: 1, Result: chess.Draw}
		r.Values[pgn.FieldEvent] = uint32(i % 3)
		l.n++
	}
	got, err := decodeCache(encodeCache(s, l), s)
	if err != nil {
		t.Fatal(err)
	}
	if got.n != l.n || len(got.strs) != 3 {
		t.Fatalf("%d games, %d strings", got.n, len(got.strs))
	}
	for i := range l.n {
		if a, b := got.blocks[i>>blockShift][i&(blockSize-1)], l.blocks[i>>blockShift][i&(blockSize-1)]; a != b {
			t.Fatalf("game %d: %+v, want %+v", i, a, b)
		}
	}
	if _, err := decodeCache(encodeCache(s, l), cacheStamp{path: "/x/y.pgn", size: 5000, mtime: 8}); err == nil {
		t.Error("a list of another modification time was taken")
	}
}

// TestCacheQuickStamp: a list is taken by the quick stamp of its file
// (identity, change time, sampled blocks) without the file's fingerprint,
// handing the fingerprint back, and refused when any part of it differs.
func TestCacheQuickStamp(t *testing.T) {
	q := quickStamp{dev: 1, ino: 2, ctime: 3, sample: 4}
	s := cacheStamp{path: "/x/y.pgn", size: 5000, mtime: 7, sum: 99, quick: q}
	l := cachedList{strs: []string{""}}
	data := encodeCache(s, l)
	quick := s
	quick.sum = 0
	got, err := decodeCache(data, quick)
	if err != nil || got.sum != 99 {
		t.Fatalf("by the quick stamp: sum %d, %v", got.sum, err)
	}
	for _, c := range []struct {
		name string
		edit func(*cacheStamp)
	}{
		{"another inode", func(s *cacheStamp) { s.quick.ino++ }},
		{"another device", func(s *cacheStamp) { s.quick.dev++ }},
		{"another change time", func(s *cacheStamp) { s.quick.ctime++ }},
		{"other sampled blocks", func(s *cacheStamp) { s.quick.sample++ }},
		{"another size", func(s *cacheStamp) { s.size++ }},
		{"another modification time", func(s *cacheStamp) { s.mtime++ }},
	} {
		other := quick
		c.edit(&other)
		if _, err := decodeCache(data, other); err == nil {
			t.Errorf("%s: the list was taken", c.name)
		}
	}
}
