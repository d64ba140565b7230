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
	"sync/atomic"
	"time"

	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/posindex"
)

// PositionTree is the position index of a Library's file (core/posindex):
// built on a goroutine of its own once the list is done, read from the user
// cache folder when the file has not changed since, and brought up to date
// by indexing only the games added at the end when the file grew (a save
// that appends). Index is safe for concurrent use and gives the games
// indexed so far while it is built. Once built, it names the openings of
// the library's games that have no ECO tag, for the list's sort and filter
// (Library.Update takes them).
type PositionTree struct {
	lib  *Library
	opts TreeOptions
	b    atomic.Pointer[posindex.Builder]
	prog atomic.Pointer[TreeProgress]
	done chan struct{}
	stop context.CancelFunc
}

// TreeOptions configures OpenPositionTree. The zero value is ready to use.
type TreeOptions struct {
	// CacheDir is the folder of the index cache, as Options.CacheDir;
	// empty: no cache.
	CacheDir string
	// OnProgress, if not nil, is called from the indexing goroutine about
	// every Interval while the index is built, and once at the end
	// (Finished set), before Done is closed.
	OnProgress func(TreeProgress)
	// Interval is the least time between two progress reports; zero means
	// 200 ms.
	Interval time.Duration
	// Spawn starts the indexing function; nil means `go f()`.
	Spawn func(f func())
	// Workers is the number of goroutines that replay games; zero means
	// runtime.GOMAXPROCS.
	Workers int
}

// TreeProgress tells how far the position index has come.
type TreeProgress struct {
	Games, Total int   // games indexed, of the games listed
	Unread       int   // games left out: their start position cannot be set up
	Finished     bool  // indexing has ended: complete, cancelled or failed
	Cached       bool  // the index was read from the cache (or only the games added were indexed)
	Err          error // why it ended early
}

// OpenPositionTree starts indexing the positions of lib's games once lib
// is listed. It stops when ctx ends or Close is called.
func OpenPositionTree(ctx context.Context, lib *Library, opts TreeOptions) *PositionTree {
	if opts.Interval <= 0 {
		opts.Interval = 200 * time.Millisecond
	}
	spawn := opts.Spawn
	if spawn == nil {
		spawn = func(f func()) { go f() }
	}
	ctx, stop := context.WithCancel(ctx)
	t := &PositionTree{lib: lib, opts: opts, done: make(chan struct{}), stop: stop}
	t.b.Store(posindex.NewBuilder(nil))
	t.prog.Store(&TreeProgress{})
	spawn(func() { t.run(ctx) })
	return t
}

// Index returns the index of the games indexed so far.
func (t *PositionTree) Index() *posindex.Index { return t.b.Load().Snapshot() }

// Progress returns how far indexing has come.
func (t *PositionTree) Progress() TreeProgress { return *t.prog.Load() }

// Done is closed when indexing has ended.
func (t *PositionTree) Done() <-chan struct{} { return t.done }

// Close stops indexing and waits for its goroutine.
func (t *PositionTree) Close() {
	t.stop()
	<-t.done
}

func (t *PositionTree) report(p TreeProgress) {
	t.prog.Store(&p)
	if t.opts.OnProgress != nil {
		t.opts.OnProgress(p)
	}
}

func (t *PositionTree) run(ctx context.Context) {
	defer close(t.done)
	defer t.stop()
	l := t.lib
	select {
	case <-l.Done():
	case <-ctx.Done():
		t.report(TreeProgress{Finished: true, Err: ctx.Err()})
		return
	}
	if err := l.Err(); err != nil {
		t.report(TreeProgress{Finished: true, Err: err})
		return
	}
	spans := l.PositionSpans()
	dir := t.opts.CacheDir
	cache := dir != "" && l.size >= cacheMinSize && l.format == charset.Plain // as the list's cache
	var prefix *posindex.Index
	if cache {
		prefix = t.fromCache(ctx, dir, spans)
	}
	from := 0
	if prefix != nil {
		from = prefix.Len()
		t.b.Store(posindex.NewBuilder(prefix))
		if from == len(spans) {
			t.report(TreeProgress{Games: from, Total: len(spans), Unread: prefix.Unread(), Finished: true, Cached: true})
			t.classify(ctx, prefix)
			return
		}
	}
	b := t.b.Load()
	last := time.Now()
	err := b.Add(ctx, l.file, spans[from:], posindex.Options{Workers: t.opts.Workers}, func(p posindex.Progress) {
		if time.Since(last) >= t.opts.Interval {
			last = time.Now()
			t.report(TreeProgress{Games: from + p.Games, Total: len(spans), Unread: b.Snapshot().Unread()})
		}
	})
	if err != nil && ctx.Err() == nil {
		err = fmt.Errorf("position index of %s: %w", l.path, err)
	}
	ix := b.Snapshot()
	t.report(TreeProgress{Games: ix.Len(), Total: len(spans), Unread: ix.Unread(), Finished: true, Cached: prefix != nil, Err: err})
	if err == nil {
		t.classify(ctx, ix)
	}
	if err == nil && cache {
		// Best effort, as the list's cache: a cache that cannot be written
		// costs the next opening its speed, nothing more.
		_ = t.writeCache(ctx, dir, ix)
	}
}

// classify names the openings of the games without an ECO tag from the
// index just built (Library.classify, about 18 µs a game), then reports
// the last progress again, so that the window brings the list's sort and
// filter by opening up to date.
func (t *PositionTree) classify(ctx context.Context, ix *posindex.Index) {
	if t.lib.openings == nil {
		return
	}
	t.lib.classify(ctx, ix)
	if ctx.Err() == nil {
		t.report(t.Progress())
	}
}

// The position cache: in the list's cache folder, a file for each PGN file
// named by a hash of its path with the extension .pos: a header (magic, the
// file's path and stamp, see treeHeader), zeros to a multiple of 8 bytes,
// and the index in its file form (posindex.Index.WriteTo), which is used
// where it lies (docs/indexer.md §6).
const treeCacheMagic = "touchmove positions 2\n"

// treeCachePath returns the position cache file of the PGN file at path
// (absolute) in dir. The index does not depend on the charset the list was
// read in: one file serves them all.
func treeCachePath(dir, path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(dir, hex.EncodeToString(sum[:16])+".pos")
}

// treeHeader is what a position cache file says of the file it indexes:
// enough to tell, without reading the file, that it is the one indexed
// (fresh), and to tell, by reading the part indexed, that it only grew.
type treeHeader struct {
	path   string
	file   store.Stamp // identity, size and modification time
	ctime  int64       // its change time, which no program sets back (0: not known)
	sample uint64      // sampleFingerprint of the file
	sum    uint64      // fingerprint of the whole file
	games  int
}

func (h treeHeader) encode() []byte {
	b := []byte(treeCacheMagic)
	b = appendString(b, h.path)
	b = binary.AppendUvarint(b, h.file.Dev)
	b = binary.AppendUvarint(b, h.file.Ino)
	b = binary.AppendVarint(b, h.file.Size)
	b = binary.AppendVarint(b, h.file.MTime)
	b = binary.AppendVarint(b, h.ctime)
	b = binary.LittleEndian.AppendUint64(b, h.sample)
	b = binary.LittleEndian.AppendUint64(b, h.sum)
	b = binary.AppendUvarint(b, uint64(h.games))
	for len(b)%8 != 0 {
		b = append(b, 0)
	}
	return b
}

var errTreeCache = errors.New("not a usable position cache file")

// decodeTreeHeader reads the header of a position cache file and returns
// the index's file form after it.
func decodeTreeHeader(data []byte) (treeHeader, []byte, error) {
	var h treeHeader
	if !bytes.HasPrefix(data, []byte(treeCacheMagic)) {
		return h, nil, errTreeCache
	}
	r := &cacheReader{b: data[len(treeCacheMagic):]}
	h.path = r.string()
	h.file.Dev, h.file.Ino = r.uvarint(), r.uvarint()
	h.file.Size, h.file.MTime, h.ctime = r.varint(), r.varint(), r.varint()
	sample, sum := r.next(8), r.next(8)
	h.games = int(r.uvarint())
	r.next((8 - (len(data)-len(r.b))%8) % 8)
	if r.err != nil {
		return h, nil, errTreeCache
	}
	h.sample, h.sum = binary.LittleEndian.Uint64(sample), binary.LittleEndian.Uint64(sum)
	return h, r.b, nil
}

// fresh reports whether the file of now is the one h indexed, as far as
// its stamp and sampled blocks tell.
func (h treeHeader) fresh(now treeHeader) bool {
	return h.path == now.path && h.file == now.file && h.ctime == now.ctime && h.sample == now.sample
}

// treeStampOf returns the header of a position cache of the file f at path
// (absolute) as it is now, but its fingerprint and games.
func treeStampOf(path string, f *os.File) (treeHeader, error) {
	fi, err := f.Stat()
	if err != nil {
		return treeHeader{}, err
	}
	h := treeHeader{path: path, file: store.StampOf(fi), ctime: store.ChangeTime(fi)}
	h.sample, err = sampleFingerprint(f, fi.Size())
	return h, err
}

// sampleBlocks and sampleSize are the blocks of a file sampleFingerprint
// reads, evenly spread from its first byte to its last.
const (
	sampleBlocks = 64
	sampleSize   = 4 << 10
)

// sampleFingerprint returns a fingerprint of sampleBlocks blocks of the
// first size bytes of f, from its start to its end, and of size: what a
// file changed with its size, times and identity kept (restored, or made
// on another disk) most likely changed. It reads at most 256 KiB.
func sampleFingerprint(f io.ReaderAt, size int64) (uint64, error) {
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	var a, b uint32
	buf := make([]byte, sampleSize)
	var head [8]byte
	binary.LittleEndian.PutUint64(head[:], uint64(size))
	a, b = crc32.Update(a, crc32.IEEETable, head[:]), crc32.Update(b, castagnoli, head[:])
	last := int64(-1)
	for i := range int64(sampleBlocks) {
		off := max(size-sampleSize, 0) * i / (sampleBlocks - 1)
		if off == last {
			continue
		}
		last = off
		n, err := f.ReadAt(buf[:min(sampleSize, size-off)], off)
		if n < int(min(sampleSize, size-off)) {
			if err == nil || errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		a = crc32.Update(a, crc32.IEEETable, buf[:n])
		b = crc32.Update(b, castagnoli, buf[:n])
	}
	return uint64(a)<<32 | uint64(b), nil
}

// CachedPositions returns the position index that the cache folder dir
// holds for the PGN file at path, when the file is the one indexed: its
// size, modification and change times, identity and sampled blocks are
// those the cache was made from, so that the file itself is not read (see
// docs/indexer.md §6). The index lies in the cache file, mapped into memory
// where the system allows, for the life of the process. It returns nil and
// why when there is no such index: the caller then lists and indexes the
// file (Open, OpenPositionTree), which writes it.
func CachedPositions(dir, path string) (*posindex.Index, error) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	now, err := treeStampOf(path, f)
	if err != nil {
		return nil, fmt.Errorf("position cache of %s: %w", path, err)
	}
	cpath := treeCachePath(dir, path)
	data, err := store.MapFile(cpath)
	if err != nil {
		return nil, fmt.Errorf("position cache of %s: %w", path, err)
	}
	h, body, err := decodeTreeHeader(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cpath, err)
	}
	if !h.fresh(now) {
		return nil, fmt.Errorf("%s: %w: made from another state of %s", cpath, errTreeCache, path)
	}
	ix, err := posindex.Decode(body)
	if err != nil || ix.Len() != h.games {
		return nil, fmt.Errorf("%s: %w: %w", cpath, errTreeCache, err)
	}
	t := time.Now()
	os.Chtimes(cpath, t, t) // recently used
	return ix, nil
}

// fromCache returns the index cached for the library's file: all of it
// when the file is the one indexed, the games but the last when the file
// only grew since (the last may have grown too), or nil.
func (t *PositionTree) fromCache(ctx context.Context, dir string, spans []posindex.Span) *posindex.Index {
	l := t.lib
	cpath := treeCachePath(dir, l.stamp.path)
	data, err := os.ReadFile(cpath)
	if err != nil {
		return nil
	}
	h, body, err := decodeTreeHeader(data)
	if err != nil || h.path != l.stamp.path || h.file.Size > l.size || h.games > len(spans) {
		return nil
	}
	now, err := treeStampOf(l.stamp.path, l.file)
	if err != nil {
		return nil
	}
	same := h.fresh(now) && now.file == l.fstat
	if !same {
		// Changed, or grown: the part indexed must be as it was.
		sum, err := fingerprint(ctx, l.file, h.file.Size)
		if err != nil || sum != h.sum {
			return nil
		}
	}
	ix, err := posindex.Decode(body)
	if err != nil || ix.Len() != h.games {
		return nil
	}
	tm := time.Now()
	os.Chtimes(cpath, tm, tm) // recently used
	if same && h.games == len(spans) {
		return ix
	}
	// The file grew: keep the games that end before the old end, but the
	// last of them, which the appended text may continue.
	keep := h.games - 1
	for keep > 0 && spans[keep-1].Offset+spans[keep-1].Length > h.file.Size {
		keep--
	}
	return ix.Prefix(max(keep, 0))
}

// writeCache writes ix as the position cache of the library's file and
// prunes the folder's position caches to the cacheKeep used last. A file
// changed since it was listed is not cached.
func (t *PositionTree) writeCache(ctx context.Context, dir string, ix *posindex.Index) error {
	l := t.lib
	h, err := treeStampOf(l.stamp.path, l.file)
	if err != nil {
		return fmt.Errorf("position cache: %w", err)
	}
	if h.file != l.fstat || h.file.Size != l.size {
		return fmt.Errorf("position cache: %s changed since it was listed", l.path)
	}
	h.sum, h.games = l.stamp.sum, ix.Len()
	if h.sum == 0 {
		if h.sum, err = fingerprint(ctx, l.file, l.size); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("position cache: %w", err)
	}
	err = store.WriteAtomic(treeCachePath(dir, l.stamp.path), func(w io.Writer) error {
		if _, err := w.Write(h.encode()); err != nil {
			return err
		}
		_, err := ix.WriteTo(w)
		return err
	})
	if err != nil {
		return fmt.Errorf("position cache: %w", err)
	}
	pruneCache(dir, ".pos")
	return nil
}

// pruneCache keeps the cacheKeep files of dir ending in ext used last.
func pruneCache(dir, ext string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type file struct {
		name string
		used time.Time
	}
	var files []file
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ext) {
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
}
