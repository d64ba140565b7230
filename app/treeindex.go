package app

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"touchmove/core/posindex"
)

// PositionTree is the position index of a Library's file (core/posindex):
// built on a goroutine of its own once the list is done, read from the user
// cache folder when the file has not changed since, and brought up to date
// by indexing only the games added at the end when the file grew (a save
// that appends). Index is safe for concurrent use and gives the games
// indexed so far while it is built.
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
	// CacheDir is the folder of the index cache, as LibraryOptions.CacheDir;
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
	cache := dir != "" && l.size >= cacheMinSize
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
	if err == nil && cache {
		// Best effort, as the list's cache: a cache that cannot be written
		// costs the next opening its speed, nothing more.
		_ = t.writeCache(ctx, dir, ix)
	}
}

// The position cache: beside the list's cache file, under the same name
// with the extension .pos, a header (magic, the file's path, size,
// modification time and content fingerprint, the games) and the index in
// its file form (posindex.Index.WriteTo).
const treeCacheMagic = "touchmove positions 1\n"

func treeCachePath(dir string, s cacheStamp) string {
	return strings.TrimSuffix(cachePath(dir, s), ".idx") + ".pos"
}

// treeHeader is what a position cache file says of the file it indexes.
type treeHeader struct {
	path        string
	size, mtime int64
	sum         uint64
	games       int
}

func (h treeHeader) encode() []byte {
	b := []byte(treeCacheMagic)
	b = binary.AppendUvarint(b, uint64(len(h.path)))
	b = append(b, h.path...)
	b = binary.AppendVarint(b, h.size)
	b = binary.AppendVarint(b, h.mtime)
	b = binary.LittleEndian.AppendUint64(b, h.sum)
	return binary.AppendUvarint(b, uint64(h.games))
}

var errTreeCache = errors.New("not a usable position cache file")

func decodeTreeHeader(data []byte) (treeHeader, []byte, error) {
	var h treeHeader
	if !bytes.HasPrefix(data, []byte(treeCacheMagic)) {
		return h, nil, errTreeCache
	}
	r := &cacheReader{b: data[len(treeCacheMagic):]}
	h.path = r.string()
	h.size = r.varint()
	h.mtime = r.varint()
	sum := r.next(8)
	h.games = int(r.uvarint())
	if r.err != nil || len(sum) != 8 {
		return h, nil, errTreeCache
	}
	h.sum = binary.LittleEndian.Uint64(sum)
	return h, r.b, nil
}

// fromCache returns the index cached for the library's file: all of it
// when the file is the one indexed, the games but the last when the file
// only grew since (the last may have grown too), or nil.
func (t *PositionTree) fromCache(ctx context.Context, dir string, spans []posindex.Span) *posindex.Index {
	l := t.lib
	data, err := os.ReadFile(treeCachePath(dir, l.stamp))
	if err != nil {
		return nil
	}
	h, body, err := decodeTreeHeader(data)
	if err != nil || h.path != l.stamp.path || h.size > l.size || h.games > len(spans) {
		return nil
	}
	same := h.size == l.size && h.mtime == l.stamp.mtime
	var sum uint64
	if same && l.stamp.sum != 0 {
		sum = l.stamp.sum
	} else if sum, err = fingerprint(ctx, l.file, h.size); err != nil {
		return nil
	}
	if sum != h.sum {
		return nil
	}
	ix, err := posindex.Decode(body)
	if err != nil || ix.Len() != h.games {
		return nil
	}
	now := time.Now()
	os.Chtimes(treeCachePath(dir, l.stamp), now, now) // recently used
	if same && h.games == len(spans) {
		return ix
	}
	// The file grew: keep the games that end before the old end, but the
	// last of them, which the appended text may continue.
	keep := h.games - 1
	for keep > 0 && spans[keep-1].Offset+spans[keep-1].Length > h.size {
		keep--
	}
	return ix.Prefix(max(keep, 0))
}

// writeCache writes ix as the position cache of the library's file and
// prunes the folder's position caches to the cacheKeep used last.
func (t *PositionTree) writeCache(ctx context.Context, dir string, ix *posindex.Index) error {
	l := t.lib
	sum := l.stamp.sum
	if sum == 0 {
		var err error
		if sum, err = fingerprint(ctx, l.file, l.size); err != nil {
			return err
		}
	}
	h := treeHeader{path: l.stamp.path, size: l.size, mtime: l.stamp.mtime, sum: sum, games: ix.Len()}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("position cache: %w", err)
	}
	err := WriteAtomic(treeCachePath(dir, l.stamp), func(w io.Writer) error {
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
