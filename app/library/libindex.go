package library

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"touchmove/core/charset"
	"touchmove/core/pgn"
)

// indexer fills a Library: from the index cache, or with pgn.IndexFile,
// whose batches of games it stores and publishes. Only its goroutine
// touches it.
type indexer struct {
	lib      *Library
	opts     Options
	blocks   []*recordBlock
	strs     []string
	lower    []string
	bad      []badGame
	n        int
	cached   bool      // the list came from the index cache
	done     int64     // bytes indexed
	last     time.Time // of the last progress report
	reported int       // progress reports made
	// Games past the line length limit, not listed, and the first line
	// that holds one (see pgn.FileBatch).
	unread, unreadLine int
	unreadBytes        int64
}

func (x *indexer) run(ctx context.Context) {
	l := x.lib
	defer close(l.done)
	defer l.stop()
	if l.format != charset.Plain {
		// Gzip or UTF-16/32: list a decoded copy.
		c, err := decodedCopy(ctx, l.file, l.path, l.format, x.opts.CacheDir)
		if err == nil {
			var fi os.FileInfo
			if fi, err = c.Stat(); err != nil {
				c.Close()
			} else {
				l.size = fi.Size()
				l.data.Store(c)
			}
		}
		if err != nil {
			x.report(true, fmt.Errorf("index %s: %s: %w", l.path, l.format, err))
			return
		}
	}
	data, _ := l.text()
	cs := x.opts.Charset
	if cs == charset.Unknown {
		var err error
		if cs, err = charset.DetectFile(data, l.size); err != nil {
			x.report(true, fmt.Errorf("index %s: %w", l.path, err))
			return
		}
	}
	l.cs.Store(uint32(cs))
	l.stamp.cs = cs
	dir := x.opts.CacheDir
	cache := dir != "" && l.size >= cacheMinSize && l.format == charset.Plain // a decoded copy is quick to list
	var sum <-chan uint64                                                     // the content fingerprint a cache file is keyed by
	if cache {
		if _, err := os.Stat(cachePath(dir, l.stamp)); err == nil {
			// A cache file may hold the list: told by the file's quick
			// stamp, without reading it all, or else by its fingerprint.
			if q, now, err := quickStampOf(l.stamp.path, l.file); err == nil && now == l.fstat {
				l.stamp.quick = q
				if x.fromCache(dir) {
					return
				}
			}
			sum = goFingerprint(ctx, l.file, l.size)
			v, ok := <-sum
			if err := ctx.Err(); err != nil {
				x.report(true, err)
				return
			}
			l.stamp.sum = v
			if ok && x.fromCache(dir) {
				return
			}
			sum = fingerprintOf(v, ok)
		} else {
			sum = goFingerprint(ctx, l.file, l.size)
		}
	}
	err := x.index(ctx)
	if err == nil {
		x.done = l.size
	}
	x.report(true, err)
	if err == nil && cache {
		q, now, qerr := quickStampOf(l.stamp.path, l.file)
		if v, ok := <-sum; ok && qerr == nil && now == l.fstat { // not changed since it was listed
			l.stamp.sum, l.stamp.quick = v, q
			// A cache that cannot be written (a full disk, a read-only
			// home) costs the next opening its speed, nothing more.
			_ = writeCache(dir, l.stamp, cachedList{n: x.n, blocks: x.blocks, strs: x.strs, bad: x.bad, unread: x.unread, unreadLine: x.unreadLine, unreadBytes: x.unreadBytes})
		}
	}
}

// fromCache lists the games from the index cache in dir, if it holds them.
func (x *indexer) fromCache(dir string) bool {
	c, err := readCache(dir, x.lib.stamp)
	if err != nil {
		return false
	}
	x.n, x.blocks, x.strs, x.bad = c.n, c.blocks, c.strs, c.bad
	x.lib.stamp.sum = c.sum // the position index's cache keeps it too
	x.unread, x.unreadLine, x.unreadBytes = c.unread, c.unreadLine, c.unreadBytes
	x.lower = make([]string, len(x.strs))
	for i, s := range x.strs {
		x.lower[i] = strings.ToLower(s)
	}
	x.lib.snap.Store(&libSnapshot{n: x.n, blocks: x.blocks, strs: x.strs, lower: x.lower, bad: x.bad})
	x.done, x.cached = x.lib.size, true
	x.report(true, nil)
	return true
}

// index lists the file's games as pgn.IndexFile finds them, reporting
// progress when the first rows are listed and every Interval after that.
func (x *indexer) index(ctx context.Context) error {
	l := x.lib
	opts := pgn.FileOptions{Workers: x.opts.Workers, FirstSection: x.opts.FirstChunk, MaxSection: x.opts.MaxChunk, Charset: l.Charset()}
	data, err := l.text()
	if err != nil {
		return err
	}
	err = pgn.IndexFile(ctx, data, l.size, opts, func(b pgn.FileBatch) {
		x.add(b)
		if x.n > 0 && (x.reported == 0 || time.Since(x.last) >= x.opts.Interval) {
			x.report(false, nil) // the first rows at once, then now and then
		}
	})
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("index %s: %w", l.path, err)
	}
	return err
}

// add stores a batch of games and publishes them.
func (x *indexer) add(b pgn.FileBatch) {
	if len(b.Values) > len(x.strs) { // the values the games hold
		x.strs = b.Values
		for k := len(x.lower); k < len(x.strs); k++ {
			x.lower = append(x.lower, strings.ToLower(x.strs[k]))
		}
	}
	for _, r := range b.Records {
		if x.n>>blockShift == len(x.blocks) {
			x.blocks = append(x.blocks, new(recordBlock))
		}
		x.blocks[x.n>>blockShift][x.n&(blockSize-1)] = r
		x.n++
	}
	for _, e := range b.Errors {
		if g := e.Game - 1; len(x.bad) == 0 || x.bad[len(x.bad)-1].game != g {
			x.bad = append(x.bad, badGame{game: g, err: e})
		}
	}
	x.done, x.unread, x.unreadLine, x.unreadBytes = b.Done, b.Unread, b.UnreadLine, b.UnreadBytes
	x.lib.snap.Store(&libSnapshot{n: x.n, blocks: x.blocks, strs: x.strs, lower: x.lower, bad: x.bad})
}

func (x *indexer) report(finished bool, err error) {
	x.last = time.Now()
	x.reported++
	p := &Progress{Done: x.done, Total: x.lib.size, Games: x.n, Finished: finished, Err: err, Cached: x.cached,
		Unread: x.unread, UnreadLine: x.unreadLine, UnreadBytes: x.unreadBytes}
	x.lib.prog.Store(p)
	if f := x.opts.OnProgress; f != nil {
		f(*p)
	}
}
