package library

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/core/pgn"
)

// The index cache. When a large file has been indexed to its end, its list
// is written to Options.CacheDir, and opening the file again reads
// the list from there instead of indexing the file: a million games in a
// fraction of a second. A cache file is used only when it names the same
// file, with the same size, modification time and content fingerprint (a
// file changed with its size and time kept is not the file listed; the
// quick stamp, quickStamp, tells the file unchanged without reading it all,
// the fingerprint is read only when it does not), read
// in the same charset (a file reopened in another has other values), and
// its checksum holds; anything else is indexed afresh. Nothing is ever written beside the
// user's PGN file.

// IndexCacheDir returns the folder of the index caches, lists and
// position indexes, in the user cache folder (the window's
// Options.CacheDir and TreeOptions.CacheDir, which the commands
// share), or "" where the system names none.
func IndexCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "touchmove", "index")
}

// cacheMinSize is the smallest PGN file whose index is cached: smaller ones
// are indexed in less time than it takes to read a cache file.
const cacheMinSize = 4 << 20

// cacheKeep is how many cache files the folder keeps, the most recently
// used.
const cacheKeep = 16

// cacheMagic starts a cache file; the number after it changes whenever
// what the index holds, or how it is written, does.
const (
	cacheMagic   = "touchmove index\n"
	cacheVersion = 7 // 5: results as chess.Result; 6: the charset the values were read in, unread bytes; 7: quickStamp
)

// recordSize is the size of a record in a cache file.
const recordSize = 8 + 4 + 4 + 4*pgn.NumFields + 2*4 + 1 + 1

// cacheStamp identifies the file that a cache file was made from.
type cacheStamp struct {
	path  string // absolute
	size  int64
	mtime int64           // modification time, Unix nanoseconds
	sum   uint64          // content fingerprint, see fingerprint
	cs    charset.Charset // the charset the list's values were read in
	// quick tells the file unchanged without reading it all; a stamp
	// with no sum and a quick one is checked by it (decodeCache).
	quick quickStamp
}

// quickStamp is what tells a file the one a cache was made from without
// reading it all, as a position cache does (treeHeader.fresh): its
// identity, change time and sampled blocks, with the size and
// modification time of its cacheStamp.
type quickStamp struct {
	dev, ino uint64
	ctime    int64
	sample   uint64
}

// quickStampOf returns the quick stamp of the file f at path (absolute)
// and its file stamp now.
func quickStampOf(path string, f *os.File) (quickStamp, store.Stamp, error) {
	h, err := treeStampOf(path, f)
	return quickStamp{dev: h.file.Dev, ino: h.file.Ino, ctime: h.ctime, sample: h.sample}, h.file, err
}

func stampOf(path string, fi os.FileInfo) cacheStamp {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return cacheStamp{path: path, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}

// cachePath returns the cache file for the PGN file of stamp s in dir,
// one for each charset the file was read in.
func cachePath(dir string, s cacheStamp) string {
	sum := sha256.Sum256([]byte(s.path + "\x00" + s.cs.String()))
	return filepath.Join(dir, hex.EncodeToString(sum[:16])+".idx")
}

// cachedList is what a cache file holds: the indexer's state at the end.
type cachedList struct {
	n      int
	blocks []*recordBlock
	strs   []string
	bad    []badGame
	// games past the line length limit, not listed, and the first line
	// holding one
	unread, unreadLine int
	unreadBytes        int64
	sum                uint64 // the file's content fingerprint, as the cache file says
}

// encodeCache writes list l of the file of stamp s as a cache file.
func encodeCache(s cacheStamp, l cachedList) []byte {
	size := len(cacheMagic) + 64 + len(s.path) + l.n*recordSize
	for _, str := range l.strs {
		size += len(str) + 2
	}
	b := make([]byte, 0, size)
	b = append(b, cacheMagic...)
	b = binary.LittleEndian.AppendUint32(b, cacheVersion)
	b = appendString(b, s.path)
	b = binary.LittleEndian.AppendUint64(b, uint64(s.size))
	b = binary.LittleEndian.AppendUint64(b, uint64(s.mtime))
	b = binary.LittleEndian.AppendUint64(b, s.sum)
	b = append(b, byte(s.cs))
	b = binary.AppendUvarint(b, s.quick.dev)
	b = binary.AppendUvarint(b, s.quick.ino)
	b = binary.AppendVarint(b, s.quick.ctime)
	b = binary.LittleEndian.AppendUint64(b, s.quick.sample)
	b = binary.AppendUvarint(b, uint64(len(l.strs)))
	for _, str := range l.strs {
		b = appendString(b, str)
	}
	b = binary.AppendUvarint(b, uint64(l.n))
	for i := range l.n {
		r := &l.blocks[i>>blockShift][i&(blockSize-1)]
		b = binary.LittleEndian.AppendUint64(b, uint64(r.Offset))
		b = binary.LittleEndian.AppendUint32(b, r.Length)
		b = binary.LittleEndian.AppendUint32(b, r.Line)
		for _, id := range r.Values {
			b = binary.LittleEndian.AppendUint32(b, id)
		}
		b = binary.LittleEndian.AppendUint16(b, r.WhiteElo)
		b = binary.LittleEndian.AppendUint16(b, r.BlackElo)
		b = binary.LittleEndian.AppendUint16(b, r.Plies)
		b = binary.LittleEndian.AppendUint16(b, r.Column)
		b = append(b, byte(r.Result))
		if r.HasErrors {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	b = binary.AppendUvarint(b, uint64(l.unread))
	b = binary.AppendUvarint(b, uint64(l.unreadLine))
	b = binary.AppendUvarint(b, uint64(l.unreadBytes))
	b = binary.AppendUvarint(b, uint64(len(l.bad)))
	for _, g := range l.bad {
		e := g.err
		b = binary.AppendUvarint(b, uint64(g.game))
		b = binary.AppendVarint(b, e.Offset)
		for _, v := range []int{e.Line, e.Column, e.GameLine, e.Game} {
			b = binary.AppendVarint(b, int64(v))
		}
		b = appendString(b, e.Message())
	}
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// errCache says that a cache file does not hold a usable list.
var errCache = errors.New("not a usable index cache file")

// cacheReader decodes a cache file, remembering the first problem.
type cacheReader struct {
	b   []byte
	err error
}

func (r *cacheReader) fail() {
	r.err, r.b = errCache, nil
}

func (r *cacheReader) next(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.fail()
		return make([]byte, max(n, 0))
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *cacheReader) uvarint() uint64 { return readVarint(r, binary.Uvarint) }

func (r *cacheReader) varint() int64 { return readVarint(r, binary.Varint) }

// readVarint reads a number that decode (binary.Uvarint or binary.Varint)
// takes from the front of r.
func readVarint[T uint64 | int64](r *cacheReader, decode func([]byte) (T, int)) T {
	v, n := decode(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// count reads a number of items of at least least bytes each that the
// rest can hold.
func (r *cacheReader) count(least int) int {
	v := r.uvarint()
	if v > uint64(len(r.b)/least) {
		r.fail()
		return 0
	}
	return int(v)
}

func (r *cacheReader) string() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.fail()
		return ""
	}
	return string(r.next(int(n)))
}

// decodeCache reads a cache file made from the file of stamp s.
func decodeCache(data []byte, s cacheStamp) (cachedList, error) {
	var l cachedList
	if len(data) < len(cacheMagic)+4 || !bytes.HasPrefix(data, []byte(cacheMagic)) {
		return l, errCache
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return l, fmt.Errorf("%w: checksum", errCache)
	}
	r := &cacheReader{b: body[len(cacheMagic):]}
	if binary.LittleEndian.Uint32(r.next(4)) != cacheVersion {
		return l, fmt.Errorf("%w: another version", errCache)
	}
	got := cacheStamp{path: r.string()}
	got.size = int64(binary.LittleEndian.Uint64(r.next(8)))
	got.mtime = int64(binary.LittleEndian.Uint64(r.next(8)))
	got.sum = binary.LittleEndian.Uint64(r.next(8))
	got.cs = charset.Charset(r.next(1)[0])
	got.quick.dev, got.quick.ino, got.quick.ctime = r.uvarint(), r.uvarint(), r.varint()
	got.quick.sample = binary.LittleEndian.Uint64(r.next(8))
	same := got.path == s.path && got.size == s.size && got.mtime == s.mtime && got.cs == s.cs
	if s.sum == 0 && s.quick.sample != 0 {
		same = same && got.quick == s.quick
	} else {
		same = same && got.sum == s.sum
	}
	if r.err != nil || !same {
		return l, fmt.Errorf("%w: made from another file", errCache)
	}
	l.sum = got.sum
	l.strs = make([]string, r.count(1))
	for i := range l.strs {
		l.strs[i] = r.string()
	}
	if len(l.strs) == 0 || l.strs[0] != "" {
		r.fail()
	}
	l.n = r.count(recordSize)
	for i := 0; i < l.n && r.err == nil; i++ {
		if i&(blockSize-1) == 0 {
			l.blocks = append(l.blocks, new(recordBlock))
		}
		p := r.next(recordSize)
		rec := &l.blocks[i>>blockShift][i&(blockSize-1)]
		rec.Offset = int64(binary.LittleEndian.Uint64(p))
		rec.Length = binary.LittleEndian.Uint32(p[8:])
		rec.Line = binary.LittleEndian.Uint32(p[12:])
		p = p[16:]
		for f := range rec.Values {
			rec.Values[f] = binary.LittleEndian.Uint32(p[4*f:])
			if int(rec.Values[f]) >= len(l.strs) {
				r.fail()
			}
		}
		p = p[4*pgn.NumFields:]
		rec.WhiteElo = binary.LittleEndian.Uint16(p)
		rec.BlackElo = binary.LittleEndian.Uint16(p[2:])
		rec.Plies = binary.LittleEndian.Uint16(p[4:])
		rec.Column = binary.LittleEndian.Uint16(p[6:])
		rec.Result = chess.Result(p[8])
		rec.HasErrors = p[9] != 0
		if rec.Offset < 0 || rec.Offset+int64(rec.Length) > s.size || rec.Result > chess.Draw {
			r.fail()
		}
	}
	l.unread, l.unreadLine, l.unreadBytes = int(r.uvarint()), int(r.uvarint()), int64(r.uvarint())
	l.bad = make([]badGame, r.count(7))
	for k := range l.bad {
		g := int(r.uvarint())
		e := &pgn.SyntaxError{Offset: r.varint()}
		e.Line, e.Column, e.GameLine, e.Game = int(r.varint()), int(r.varint()), int(r.varint()), int(r.varint())
		e.Err = errors.New(r.string())
		if g < 0 || g >= l.n || k > 0 && g <= l.bad[k-1].game {
			r.fail()
		}
		l.bad[k] = badGame{game: g, err: e}
	}
	if r.err == nil && len(r.b) != 0 {
		r.fail()
	}
	if r.err != nil {
		return cachedList{}, r.err
	}
	return l, nil
}

// fingerprint returns a fingerprint of the first size bytes of f: its
// CRC-32 by two polynomials, which the processor computes at several
// GB/s (about a quarter of a second for a file of 1 GB, against seconds to
// index it). It tells a file changed in place from the one listed, size
// and time kept or not; it is no defence against a forger.
func fingerprint(ctx context.Context, f io.ReaderAt, size int64) (uint64, error) {
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	var a, b uint32
	buf := make([]byte, 4<<20)
	for off := int64(0); off < size; {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		n, err := f.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if n == 0 && err != nil {
			return 0, err
		}
		a = crc32.Update(a, crc32.IEEETable, buf[:n])
		b = crc32.Update(b, castagnoli, buf[:n])
		off += int64(n)
	}
	return uint64(a)<<32 | uint64(b), nil
}

// goFingerprint takes the fingerprint of the first size bytes of f on a
// goroutine of its own: the channel gets it, or is closed without it when
// ctx ends or reading fails.
func goFingerprint(ctx context.Context, f io.ReaderAt, size int64) <-chan uint64 {
	c := make(chan uint64, 1)
	go func() {
		if v, err := fingerprint(ctx, f, size); err == nil {
			c <- v
		}
		close(c)
	}()
	return c
}

// fingerprintOf returns a channel as goFingerprint does, that has v if ok.
func fingerprintOf(v uint64, ok bool) <-chan uint64 {
	c := make(chan uint64, 1)
	if ok {
		c <- v
	}
	close(c)
	return c
}

// readCache returns the list cached in dir for the file of stamp s.
func readCache(dir string, s cacheStamp) (cachedList, error) {
	path := cachePath(dir, s)
	data, err := os.ReadFile(path)
	if err != nil {
		return cachedList{}, err
	}
	l, err := decodeCache(data, s)
	if err != nil {
		return l, fmt.Errorf("%s: %w", path, err)
	}
	now := time.Now()
	os.Chtimes(path, now, now) // recently used: pruned last
	return l, nil
}

// writeCache caches list l of the file of stamp s in dir, and prunes the
// folder to the cacheKeep files used last.
func writeCache(dir string, s cacheStamp, l cachedList) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("index cache: %w", err)
	}
	if err := store.WriteFileAtomic(cachePath(dir, s), encodeCache(s, l)); err != nil {
		return fmt.Errorf("index cache: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	type file struct {
		name string
		used time.Time
	}
	var files []file
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".idx") {
			continue
		}
		if fi, err := e.Info(); err == nil {
			files = append(files, file{e.Name(), fi.ModTime()})
		}
	}
	slices.SortFunc(files, func(a, b file) int { return b.used.Compare(a.used) })
	for _, f := range files[min(cacheKeep, len(files)):] {
		os.Remove(filepath.Join(dir, f.name))
	}
	return nil
}
