package app

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"touchmove/core/game"
	"touchmove/core/pgn"
)

// Library is a PGN file opened as a game list. OpenLibrary indexes the file
// in the background with core/pgn's Index, in chunks indexed on several
// goroutines at once, and the games become rows, in file order, as soon as
// their chunk is indexed, so the list is usable while it fills. Any game is
// read on demand, with its moves, by Game.
//
// The games and their data (Len, Entry, Game, Progress, Err, Done) are safe
// for concurrent use. The view — sort, filter, selection and the rows they
// give (Rows, Row, Cell, Update and the setters) — belongs to one goroutine,
// the UI's, like Session; Update brings it up to date with the games indexed
// since the last call.
type Library struct {
	path  string
	file  *os.File
	size  int64
	stamp cacheStamp
	fstat fileStamp // the file as indexed
	stop  context.CancelFunc
	done  chan struct{}
	snap  atomic.Pointer[libSnapshot]
	prog  atomic.Pointer[LibraryProgress]

	view libView
}

// LibraryOptions configures OpenLibrary. The zero value is ready to use.
type LibraryOptions struct {
	// OnProgress, if not nil, is called from the indexing goroutine when the
	// first games are listed, about every Interval after that, and once when
	// indexing ends (Finished set), before Done is closed. UI code hands the
	// report to its widgets through fyne.Do.
	OnProgress func(LibraryProgress)
	// Spawn starts the indexing function, which must run once for Done to
	// close; nil means `go f()`. Tests pass a function that runs f when and
	// where they want it.
	Spawn func(f func())
	// Interval is the least time between two progress reports while
	// indexing goes on; zero means 100 ms.
	Interval time.Duration
	// FirstChunk and MaxChunk bound the bytes indexed between two updates
	// of the list: the first chunk is small so that rows come at once, and
	// each next one is twice as large up to MaxChunk. Zero means 64 KiB and
	// 32 MiB (some 10,000 games of a large file, a few hundredths of a
	// second's work for a worker).
	FirstChunk, MaxChunk int64
	// Workers is the number of goroutines that index sections of the file
	// at once; zero means runtime.GOMAXPROCS.
	Workers int
	// CacheDir, if not empty, is the folder of the index cache: the list
	// of a file of 4 MiB or more is read from there when the file has not
	// changed since it was indexed to its end, and written there after
	// that (see libcache.go). Writing it is best effort.
	CacheDir string
}

// LibraryProgress tells how far indexing has come.
type LibraryProgress struct {
	Done, Total int64 // bytes indexed and the file's size
	Games       int   // games listed so far
	Finished    bool  // indexing has ended: complete, cancelled or failed
	Err         error // why it ended early: the context's error or an I/O error
	Cached      bool  // the list was read from the index cache
	// Unread counts the games not listed because they start past the
	// reader's line length limit (1 MiB) on line UnreadLine and later
	// ones: `touchmove pgn check` does not read them either, and the
	// user is told.
	Unread, UnreadLine int
}

// LibraryEntry is one game of a Library as the list shows it.
type LibraryEntry struct {
	Index        int   // the game's place in the file, 0-based
	Offset       int64 // where it starts in the file
	Length       int64 // its length in bytes
	Line, Column int   // where it starts, 1-based

	Event, Site, Date, Round, White, Black, Result, ECO, TimeControl string
	WhiteElo, BlackElo                                               int // 0 when unknown
	Plies                                                            int // main-line moves counted while indexing

	Bad bool             // problems were found in the game while indexing
	Err *pgn.SyntaxError // the first of them, with its place in the file (nil if not kept)
}

// Tag fields of a record, as string numbers into libSnapshot.strs.
const (
	fieldEvent = iota
	fieldSite
	fieldDate
	fieldRound
	fieldWhite
	fieldBlack
	fieldECO
	fieldTimeControl
	fieldOther // Entry.Other of core/pgn: more tags to search
	numFields
)

// record is one game: a fixed 64 bytes, its texts interned.
type record struct {
	offset   int64
	length   uint32
	line     uint32
	tags     [numFields]uint32
	whiteElo uint16
	blackElo uint16
	plies    uint16
	column   uint16
	result   uint8 // resultCode
	bad      bool
}

// Records are kept in fixed blocks: growing the list never copies them, and
// a snapshot shares the blocks with the indexer, which only writes records
// beyond the snapshot's count.
const (
	blockShift = 14
	blockSize  = 1 << blockShift
)

type recordBlock [blockSize]record

// libSnapshot is the list as the indexer last published it. Its slices are
// prefixes of the indexer's, which only ever appends.
type libSnapshot struct {
	n      int
	blocks []*recordBlock
	strs   []string // tag values by number; 0 is ""
	lower  []string // the same, lower-cased
	bad    []badGame
}

// badGame is the first problem of a bad game.
type badGame struct {
	game int
	err  *pgn.SyntaxError
}

func (s *libSnapshot) rec(i int) *record { return &s.blocks[i>>blockShift][i&(blockSize-1)] }

// each calls f for the records of games [0, n) in order.
func (s *libSnapshot) each(f func(i int, r *record)) {
	for b, blk := range s.blocks {
		base := b << blockShift
		m := min(blockSize, s.n-base)
		for j := 0; j < m; j++ {
			f(base+j, &blk[j])
		}
	}
}

func (s *libSnapshot) badErr(i int) *pgn.SyntaxError {
	k, ok := slices.BinarySearchFunc(s.bad, i, func(b badGame, i int) int { return b.game - i })
	if !ok {
		return nil
	}
	return s.bad[k].err
}

func (s *libSnapshot) entry(i int) LibraryEntry {
	r := s.rec(i)
	e := LibraryEntry{
		Index: i, Offset: r.offset, Length: int64(r.length), Line: int(r.line), Column: int(r.column),
		Event: s.strs[r.tags[fieldEvent]], Site: s.strs[r.tags[fieldSite]], Date: s.strs[r.tags[fieldDate]],
		Round: s.strs[r.tags[fieldRound]], White: s.strs[r.tags[fieldWhite]], Black: s.strs[r.tags[fieldBlack]],
		Result: resultText(r.result), ECO: s.strs[r.tags[fieldECO]], TimeControl: s.strs[r.tags[fieldTimeControl]],
		WhiteElo: int(r.whiteElo), BlackElo: int(r.blackElo), Plies: int(r.plies), Bad: r.bad,
	}
	if r.bad {
		e.Err = s.badErr(i)
	}
	return e
}

// Result codes, in the order the Result column sorts them ("*" is unknown).
const (
	resultUnknown = iota
	resultBlack
	resultWhite
	resultDraw
)

func resultCode(s string) uint8 {
	switch s {
	case "0-1":
		return resultBlack
	case "1-0":
		return resultWhite
	case "1/2-1/2":
		return resultDraw
	}
	return resultUnknown
}

func resultText(c uint8) string {
	switch c {
	case resultBlack:
		return "0-1"
	case resultWhite:
		return "1-0"
	case resultDraw:
		return "1/2-1/2"
	}
	return "*"
}

// OpenLibrary opens the PGN file at path as a game list and starts indexing
// it on a goroutine of its own. Indexing stops when ctx ends or Cancel or
// Close is called; the games listed by then stay. Only opening the file can
// fail here; problems in games are listed with the games.
func OpenLibrary(ctx context.Context, path string, opts LibraryOptions) (*Library, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, fmt.Errorf("open library: %w", err)
	}
	removeStaleTemps(resolveLinks(path))
	if opts.FirstChunk <= 0 {
		opts.FirstChunk = 64 << 10
	}
	if opts.MaxChunk <= 0 {
		opts.MaxChunk = 32 << 20
	}
	if opts.Interval <= 0 {
		opts.Interval = 100 * time.Millisecond
	}
	opts.MaxChunk = max(opts.MaxChunk, opts.FirstChunk)
	spawn := opts.Spawn
	if spawn == nil {
		spawn = func(f func()) { go f() }
	}
	ctx, stop := context.WithCancel(ctx)
	l := &Library{path: path, file: f, size: fi.Size(), stamp: stampOf(path, fi), fstat: stampOfFile(fi), stop: stop, done: make(chan struct{})}
	l.snap.Store(&libSnapshot{strs: []string{""}, lower: []string{""}})
	l.prog.Store(&LibraryProgress{Total: l.size})
	l.view.init(l.snap.Load())
	x := &indexer{lib: l, strs: []string{""}, lower: []string{""}, opts: opts}
	spawn(func() { x.run(ctx) })
	return l, nil
}

// Path returns the file's path.
func (l *Library) Path() string { return l.path }

// Len returns the number of games listed so far.
func (l *Library) Len() int { return l.snap.Load().n }

// Entry returns game i (0-based) as listed; i must be below Len.
func (l *Library) Entry(i int) LibraryEntry { return l.snap.Load().entry(i) }

// Progress returns the latest progress report.
func (l *Library) Progress() LibraryProgress { return *l.prog.Load() }

// Done is closed when indexing has ended.
func (l *Library) Done() <-chan struct{} { return l.done }

// Err returns why indexing ended early: nil while it runs and when it read
// the whole file, else the context's error or an I/O error.
func (l *Library) Err() error { return l.prog.Load().Err }

// Cancel stops indexing; the games listed so far stay.
func (l *Library) Cancel() { l.stop() }

// Close stops indexing, waits for it to end and closes the file. The list
// stays readable, but Game fails.
func (l *Library) Close() error {
	l.stop()
	<-l.done
	if err := l.file.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		return fmt.Errorf("close library %s: %w", l.path, err)
	}
	return nil
}

// Game reads game i (0-based) from the file and replays its moves. Problems
// come as a pgn.ErrorList placed in the whole file, with the game as far as
// it could be read; other errors are I/O errors.
func (l *Library) Game(i int) (*game.Game, error) {
	g, _, err := l.Read(i)
	return g, err
}

// Read is Game, and returns the game's Origin too, for saving it back.
// When the file is no longer as it was indexed, the list's places are not
// to be trusted: Read fails with a *FileError wrapping ErrFileChanged.
func (l *Library) Read(i int) (*game.Game, Origin, error) {
	s := l.snap.Load()
	if i < 0 || i >= s.n {
		return nil, Origin{}, fmt.Errorf("library %s: no game %d", l.path, i+1)
	}
	if fi, err := l.file.Stat(); err == nil {
		if why := l.fstat.change(stampOfFile(fi)); why != "" {
			return nil, Origin{}, &FileError{Path: l.path, Err: ErrFileChanged, Detail: why}
		}
	}
	r := s.rec(i)
	own := make([]byte, r.length)
	if _, err := l.file.ReadAt(own, r.offset); err != nil {
		return nil, Origin{}, fmt.Errorf("library %s: game %d: %w", l.path, i+1, err)
	}
	rd := pgn.NewReader(bytes.NewReader(own))
	b := pgn.NewGameBuilder()
	err := rd.ReadGame(b)
	if errors.Is(err, io.EOF) {
		return nil, Origin{}, fmt.Errorf("library %s: game %d: no game at offset %d", l.path, i+1, r.offset)
	}
	var list pgn.ErrorList
	if err != nil && !errors.As(err, &list) {
		return b.Game(), Origin{}, fmt.Errorf("library %s: game %d: %w", l.path, i+1, err)
	}
	base := chunkBase{off: r.offset, line: int(r.line), col: int(r.column)}
	out := make(pgn.ErrorList, len(list))
	for k, e := range list {
		out[k] = base.place(e, i)
	}
	return b.Game(), newOrigin(l.path, i, l.fstat, r.offset, own, out), out.Err()
}

// chunkBase is where a section of the file starts.
type chunkBase struct {
	off       int64
	line, col int
}

// pos turns a line and column in the section into ones in the file.
func (b chunkBase) pos(line, col int) (int, int) {
	if line == 1 {
		col += b.col - 1
	}
	return line + b.line - 1, col
}

// place returns e, found in the section, placed in the file as game i (0-based).
func (b chunkBase) place(e *pgn.SyntaxError, i int) *pgn.SyntaxError {
	c := *e
	c.Offset += b.off
	if c.Line > 0 {
		c.Line, c.Column = b.pos(c.Line, c.Column)
	}
	if c.GameLine > 0 {
		c.GameLine, _ = b.pos(c.GameLine, 1)
	}
	c.Game = i + 1
	return &c
}

// indexer fills a Library. Only its goroutine touches it; its workers only
// read the file.
type indexer struct {
	lib      *Library
	opts     LibraryOptions
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
	// that holds one; the line of the last long one looked at and where
	// it starts.
	unread, unreadLine int
	longLine           int
	longStart          int64
}

func (x *indexer) run(ctx context.Context) {
	l := x.lib
	defer close(l.done)
	defer l.stop()
	dir := x.opts.CacheDir
	cache := dir != "" && l.size >= cacheMinSize
	var sum <-chan uint64 // the content fingerprint a cache file is keyed by
	if cache {
		sum = goFingerprint(ctx, l.file, l.size)
		if _, err := os.Stat(cachePath(dir, l.stamp)); err == nil {
			// A cache file may hold the list: the fingerprint first.
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
		}
	}
	err := x.index(ctx)
	if err == nil {
		x.done = l.size
	}
	x.report(true, err)
	if err == nil && cache {
		if v, ok := <-sum; ok {
			l.stamp.sum = v
			writeCache(dir, l.stamp, cachedList{n: x.n, blocks: x.blocks, strs: x.strs, bad: x.bad, unread: x.unread, unreadLine: x.unreadLine})
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
	x.unread, x.unreadLine = c.unread, c.unreadLine
	x.lower = make([]string, len(x.strs))
	for i, s := range x.strs {
		x.lower[i] = strings.ToLower(s)
	}
	x.lib.snap.Store(&libSnapshot{n: x.n, blocks: x.blocks, strs: x.strs, lower: x.lower, bad: x.bad})
	x.done, x.cached = x.lib.size, true
	x.report(true, nil)
	return true
}

// index reads the file in sections on Workers goroutines while this one
// lists their games in file order.
//
// The sections follow the chunk sizes (FirstChunk, doubling up to MaxChunk)
// but start where a cheap scan finds a likely game start: a line opening
// with "[" and a letter after an empty line. Such a line may as well be in
// a comment, so each seam is checked: the last game of a section, which may
// be cut, is indexed again from its start through the next section's first
// game, and the seam holds only if that next game starts exactly where the
// next section does. Then the next section's games are the file's from
// there (the reader starts each game afresh); else its work is dropped and
// the games from the cut one to the section's end are indexed again here.
func (x *indexer) index(ctx context.Context) error {
	l := x.lib
	ctx, stop := context.WithCancel(ctx)
	workers := x.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan sectionJob)
	order := make(chan chan *piece, 2*workers)
	// The file is mapped into memory once, where it can be, for all the
	// sections: mapping and unmapping each would cost as much again in
	// the kernel.
	src := fileSource{f: l.file}
	if data, unmap, err := mapSection(l.file, 0, l.size); err == nil {
		src.data = data
		// After the workers end (this is deferred before wg.Wait is),
		// and off the way of the last report: unmapping the file takes
		// the kernel a while.
		defer func() { go unmap() }()
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stop()
	wg.Add(1)
	go func() { // hands out the sections in file order
		defer wg.Done()
		defer close(jobs)
		defer close(order)
		t0, chunk := int64(0), x.opts.FirstChunk
		for t0 < l.size {
			t1 := min(t0+chunk, l.size)
			chunk = min(chunk*2, x.opts.MaxChunk)
			t2 := min(t1+chunk, l.size)
			res := make(chan *piece, 1)
			select {
			case order <- res:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- sectionJob{t0: t0, t1: t1, t2: t2, res: res}:
			case <-ctx.Done():
				return
			}
			t0 = t1
		}
	}()
	// The workers and this goroutine number tag values in one table, the
	// Library's numbers.
	vt := pgn.NewValueTable()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := vt.Local()
			for j := range jobs {
				off, end := x.gameStart(j.t0, j.t1), x.gameStart(j.t1, j.t2)
				j.res <- indexPiece(ctx, src, off, end, local)
			}
		}()
	}
	own := vt.Local()
	ownIndex := func(off, end int64) *piece { return indexPiece(ctx, src, off, end, own) }
	next := func() *piece {
		select {
		case res, ok := <-order:
			if !ok {
				return nil
			}
			select {
			case p := <-res:
				return p
			case <-ctx.Done():
			}
		case <-ctx.Done():
		}
		return nil
	}
	base := chunkBase{line: 1, col: 1}
	cur := next()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if cur == nil {
			return nil // an empty file
		}
		if cur.err != nil {
			if err := ctx.Err(); err != nil {
				return err
			}
			keep := cur.len()
			if cur.end < l.size && keep > 0 {
				if r := cur.rec(keep - 1); r.offset+int64(r.length) >= cur.end-cur.off {
					keep--
				}
			}
			x.add(cur, cur.listed, keep, base)
			return fmt.Errorf("index %s: %w", l.path, cur.err)
		}
		if cur.end >= l.size {
			x.add(cur, cur.listed, cur.len(), base)
			return nil
		}
		n := cur.len()
		if n > 0 { // all but the last game, which may be cut
			x.add(cur, cur.listed, n-1, base)
			cur.listed = n - 1
			x.done = base.off + cur.rec(n-1).offset
			if x.n > 0 && (x.reported == 0 || time.Since(x.last) >= x.opts.Interval) {
				x.report(false, nil) // the first rows at once, then now and then
			}
		}
		nx := next()
		if nx == nil {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fmt.Errorf("index %s: sections end at %d of %d bytes", l.path, cur.end, l.size)
		}
		// reindex indexes from off to the end of the next section, or of
		// a later one so as to read at least twice as far as cur did: a
		// game longer than many sections costs linear time.
		reindex := func(off int64) *piece {
			end := nx.end
			for end < l.size && end-off < 2*(cur.end-off) {
				p := next()
				if p == nil {
					break
				}
				end = p.end
			}
			return ownIndex(off, end)
		}
		if n == 0 { // no game started in the section: read on
			cur = reindex(base.off)
			continue
		}
		r := cur.rec(n - 1)
		line, col := base.pos(int(r.line), int(r.column))
		from := chunkBase{off: base.off + r.offset, line: line, col: col}
		if nx.err == nil && nx.len() > 0 && nx.rec(0).offset == 0 {
			f := nx.rec(0)
			seam := ownIndex(from.off, min(nx.off+f.offset+int64(f.length), l.size))
			if seam.err == nil && seam.len() >= 2 && from.off+seam.rec(1).offset == nx.off {
				x.add(seam, 0, 1, from)
				second := seam.rec(1)
				line, col := from.pos(int(second.line), int(second.column))
				base, cur = chunkBase{off: nx.off, line: line, col: col}, nx
				continue
			}
		}
		// Not a game start after all: index from the cut game to the end
		// of the next section here.
		base, cur = from, reindex(from.off)
	}
}

// sectionJob asks a worker to index the section that starts at the first
// likely game start in [t0, t1) and ends at the first in [t1, t2).
type sectionJob struct {
	t0, t1, t2 int64
	res        chan *piece
}

// gameStart returns the offset of the first likely game start in [t, limit)
// — a "[" and a letter at the start of a line after an empty one — or limit
// if there is none; 0 for t = 0. It only guesses: index checks the seams.
func (x *indexer) gameStart(t, limit int64) int64 {
	size := x.lib.size
	limit = min(limit, size)
	if t <= 0 {
		return 0
	}
	if t >= limit {
		return limit
	}
	const window = 8 << 10 // a few games: one starts in the first, mostly
	buf := make([]byte, min(window, limit-t)+6)
	for at := t; at < limit; at += window {
		from := max(at-4, 0)
		to := min(at+window+1, limit+1, size) // a byte past for the letter
		n, err := x.lib.file.ReadAt(buf[:to-from], from)
		if n < int(to-from) && err != nil {
			return limit
		}
		b := buf[:n]
		for i := int(at-from) - 1; i < n; {
			k := bytes.Index(b[i:], []byte("\n["))
			if k < 0 {
				break
			}
			p := i + k + 1 // the "["
			if from+int64(p) >= limit {
				return limit
			}
			if from+int64(p) >= t && p+1 < n && isLetter(b[p+1]) && p >= 2 &&
				(b[p-2] == '\n' || p >= 3 && b[p-2] == '\r' && b[p-3] == '\n') {
				return from + int64(p)
			}
			i = p
		}
	}
	return limit
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// piece is a section of the file indexed on its own: its games with
// offsets, lines and columns counted from the section's start, and tags as
// numbers into its own strings.
type piece struct {
	off, end int64              // the section
	ix       *pgn.Index         // its games (rec gives them as records)
	strs     []string           // tag values by number, the Library's; 0 is ""
	errs     []*pgn.SyntaxError // the problems found, placed in the section
	err      error              // BuildIndex's error
	listed   int                // games [0, listed) are listed
}

// fileSource is the file being indexed: its bytes mapped into memory
// where they could be, else the file to read.
type fileSource struct {
	f    *os.File
	data []byte // all of f, or nil
}

// indexPiece indexes section [off, end) of src, numbering tag values in
// vt. It reads the section in place where src is mapped into memory,
// which saves copying it.
func indexPiece(ctx context.Context, src fileSource, off, end int64, vt *pgn.ValueTable) *piece {
	var ix *pgn.Index
	var err error
	if src.data != nil {
		data := src.data[off:end]
		ix, err = readMapped(data, func() (*pgn.Index, error) { return pgn.IndexBytes(ctx, data, vt, nil) })
	} else {
		ix, err = pgn.BuildIndexWith(ctx, io.NewSectionReader(src.f, off, end-off), vt, nil)
	}
	return &piece{off: off, end: end, err: err, ix: ix, strs: ix.Values(), errs: ix.Errors()}
}

// len returns the number of games of p.
func (p *piece) len() int { return p.ix.Len() }

// rec returns game k of p as a record, placed in the section. The games
// are made records as they are listed, rather than all in the worker that
// indexed them: a copy of a million less, and its garbage.
func (p *piece) rec(k int) record {
	offset, length, line, column := p.ix.Place(k)
	whiteElo, blackElo, plies, result, bad, v := p.ix.Numbers(k)
	return record{
		offset: offset, length: uint32(length), line: uint32(line), column: uint16(min(column, 1<<16-1)),
		whiteElo: uint16(whiteElo), blackElo: uint16(blackElo), plies: uint16(plies),
		result: resultCode(result), bad: bad,
		tags: [numFields]uint32{
			fieldEvent: v[0], fieldSite: v[1], fieldDate: v[2], fieldRound: v[3],
			fieldWhite: v[4], fieldBlack: v[5], fieldECO: v[6], fieldTimeControl: v[7], fieldOther: v[8],
		},
	}
}

// readMapped returns read's Index of data, or the error of a fault in
// reading data: bytes mapped from a file that shrank meanwhile.
func readMapped(data []byte, read func() (*pgn.Index, error)) (ix *pgn.Index, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(interface{ Addr() uintptr })
			if !ok || len(data) == 0 || f.Addr()-uintptr(unsafe.Pointer(&data[0])) >= uintptr(len(data)) {
				panic(r) // not in data
			}
			ix, err = new(pgn.Index), errors.New("the file changed while it was read")
		}
	}()
	return read()
}

// add lists games [from, to) of p, whose section starts at base, and
// publishes them. A game that starts past the reader's line length limit
// on its line is not listed: pgn.Reader, and so `touchmove pgn check`,
// drops the rest of such a line, and the list holds what they read.
func (x *indexer) add(p *piece, from, to int, base chunkBase) {
	if to <= from {
		return
	}
	if len(p.strs) > len(x.strs) { // the values the games hold
		x.strs = p.strs
		for k := len(x.lower); k < len(x.strs); k++ {
			x.lower = append(x.lower, strings.ToLower(x.strs[k]))
		}
	}
	listed := make([]int, to-from) // the list's number of each game, or -1
	for k := from; k < to; k++ {
		src := p.rec(k)
		line, col := base.pos(int(src.line), int(src.column))
		if x.pastLineLimit(base.off+src.offset, line, col) {
			listed[k-from] = -1
			x.unread++
			if x.unreadLine == 0 {
				x.unreadLine = line
			}
			continue
		}
		listed[k-from] = x.n
		if x.n>>blockShift == len(x.blocks) {
			x.blocks = append(x.blocks, new(recordBlock))
		}
		r := &x.blocks[x.n>>blockShift][x.n&(blockSize-1)]
		*r = src
		r.offset, r.line, r.column = base.off+src.offset, uint32(line), uint16(min(col, 1<<16-1))
		x.n++
	}
	for _, e := range p.errs {
		k := e.Game - 1 // in the section
		if k < from {
			continue
		}
		if k >= to {
			break
		}
		if g := listed[k-from]; g >= 0 && (len(x.bad) == 0 || x.bad[len(x.bad)-1].game != g) {
			x.bad = append(x.bad, badGame{game: g, err: base.place(e, g)})
		}
	}
	x.lib.snap.Store(&libSnapshot{n: x.n, blocks: x.blocks, strs: x.strs, lower: x.lower, bad: x.bad})
}

// pastLineLimit reports whether the game at offset off, on line line at
// column col (which records cut at 65535), starts past the reader's line
// length limit.
func (x *indexer) pastLineLimit(off int64, line, col int) bool {
	if col < 1<<16-1 {
		return false // exact, and short of the limit
	}
	if line != x.longLine {
		// The line's start: the byte after the last line break before off.
		x.longLine, x.longStart = line, 0
		buf := make([]byte, 64<<10)
		for end := off; end > 0; {
			from := max(end-int64(len(buf)), 0)
			n, _ := x.lib.file.ReadAt(buf[:end-from], from)
			if k := bytes.LastIndexByte(buf[:n], '\n'); k >= 0 {
				x.longStart = from + int64(k) + 1
				break
			}
			end = from
		}
	}
	return off-x.longStart >= int64(pgn.DefaultLimits().MaxLineLength)
}

func (x *indexer) report(finished bool, err error) {
	x.last = time.Now()
	x.reported++
	p := &LibraryProgress{Done: x.done, Total: x.lib.size, Games: x.n, Finished: finished, Err: err, Cached: x.cached,
		Unread: x.unread, UnreadLine: x.unreadLine}
	x.lib.prog.Store(p)
	if f := x.opts.OnProgress; f != nil {
		f(*p)
	}
}

// ListColumn is a column of the game list.
type ListColumn uint8

// The columns, in the order the list shows them.
const (
	ColumnNumber   ListColumn = iota // the game's place in the file, 1-based
	ColumnWhite                      // White tag
	ColumnBlack                      // Black tag
	ColumnResult                     // Result tag
	ColumnDate                       // Date tag
	ColumnEvent                      // Event tag
	ColumnSite                       // Site tag
	ColumnRound                      // Round tag
	ColumnECO                        // ECO tag
	ColumnWhiteElo                   // WhiteElo tag
	ColumnBlackElo                   // BlackElo tag
	ColumnPlies                      // main-line plies counted while indexing
	ColumnError                      // the first problem of a bad game, with its place
	NumColumns                       // the number of columns
)

// String returns the column's title.
func (c ListColumn) String() string {
	switch c {
	case ColumnNumber:
		return "#"
	case ColumnWhite:
		return "White"
	case ColumnBlack:
		return "Black"
	case ColumnResult:
		return "Result"
	case ColumnDate:
		return "Date"
	case ColumnEvent:
		return "Event"
	case ColumnSite:
		return "Site"
	case ColumnRound:
		return "Round"
	case ColumnECO:
		return "ECO"
	case ColumnWhiteElo:
		return "W Elo"
	case ColumnBlackElo:
		return "B Elo"
	case ColumnPlies:
		return "Plies"
	case ColumnError:
		return "Error"
	}
	return "column " + strconv.Itoa(int(c))
}

// field returns the tag field of a text column, or -1.
func (c ListColumn) field() int {
	switch c {
	case ColumnWhite:
		return fieldWhite
	case ColumnBlack:
		return fieldBlack
	case ColumnDate:
		return fieldDate
	case ColumnEvent:
		return fieldEvent
	case ColumnSite:
		return fieldSite
	case ColumnRound:
		return fieldRound
	case ColumnECO:
		return fieldECO
	}
	return -1
}

// Text returns what the list shows for e in column c.
func (e LibraryEntry) Text(c ListColumn) string {
	switch c {
	case ColumnNumber:
		return strconv.Itoa(e.Index + 1)
	case ColumnWhite:
		return e.White
	case ColumnBlack:
		return e.Black
	case ColumnResult:
		return e.Result
	case ColumnDate:
		return e.Date
	case ColumnEvent:
		return e.Event
	case ColumnSite:
		return e.Site
	case ColumnRound:
		return e.Round
	case ColumnECO:
		return e.ECO
	case ColumnWhiteElo:
		return eloText(e.WhiteElo)
	case ColumnBlackElo:
		return eloText(e.BlackElo)
	case ColumnPlies:
		return strconv.Itoa(e.Plies)
	case ColumnError:
		switch {
		case e.Err != nil:
			return fmt.Sprintf("%d:%d: %s", e.Err.Line, e.Err.Column, e.Err.Message())
		case e.Bad:
			return "errors"
		}
	}
	return ""
}

func eloText(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// ListSort is the order of the list: by a column, ascending unless
// Descending. Numbers sort as numbers; texts ignore case and compare runs of
// digits as numbers ("2" before "10"); dates sort by year, month and day,
// unknown parts ("??") last. Games without a value (no tag, "?", Elo 0, no
// year) come last in both directions, and games with equal values keep
// their order in the file.
type ListSort struct {
	Column     ListColumn
	Descending bool
}

// ListFilter selects games. The zero value selects all; each field that is
// set narrows the selection. Texts are compared ignoring case.
type ListFilter struct {
	Player   string // White or Black contains it
	Event    string // Event contains it
	Site     string // Site contains it
	YearFrom int    // the year of Date is at least this (0: no bound)
	YearTo   int    // and at most this (0: no bound)
	Result   string // "1-0", "0-1", "1/2-1/2" or "*"
	Bad      bool   // only games with problems
	// Text holds words that each must be found in one of the game's tags
	// as listed: Event, Site, Date, Round, White, Black, Result, ECO,
	// TimeControl and the other tags that describe a game (see Entry.Other
	// of core/pgn: Opening, Annotator, Termination…).
	Text string
}

// IsZero reports whether f selects every game.
func (f ListFilter) IsZero() bool { return f == ListFilter{} }

// ParseListFilter reads a filter typed as words: "player:NAME",
// "event:TEXT", "site:TEXT", "year:1990", "year:1990-1999" (or "1990-",
// "-1999"), "result:1-0" (also "draw"), "is:bad"; any other word is free
// text. Double quotes keep spaces in a word: player:"Carlsen, M".
func ParseListFilter(s string) ListFilter {
	var f ListFilter
	var text []string
	for _, tok := range splitQuery(s) {
		key, val, ok := strings.Cut(tok, ":")
		if !ok || val == "" {
			text = append(text, tok)
			continue
		}
		switch strings.ToLower(key) {
		case "player", "p":
			f.Player = val
		case "event", "e":
			f.Event = val
		case "site", "s":
			f.Site = val
		case "year", "y":
			from, to, ok := parseYears(val)
			if !ok {
				text = append(text, tok)
				continue
			}
			f.YearFrom, f.YearTo = from, to
		case "result", "r":
			switch strings.ToLower(val) {
			case "1-0", "white":
				f.Result = "1-0"
			case "0-1", "black":
				f.Result = "0-1"
			case "1/2-1/2", "½-½", "1/2", "draw", "=":
				f.Result = "1/2-1/2"
			case "*", "unknown":
				f.Result = "*"
			default:
				text = append(text, tok)
			}
		case "is":
			if strings.EqualFold(val, "bad") {
				f.Bad = true
			} else {
				text = append(text, tok)
			}
		default:
			text = append(text, tok)
		}
	}
	f.Text = strings.Join(text, " ")
	return f
}

// String returns f as ParseListFilter reads it.
func (f ListFilter) String() string {
	var parts []string
	add := func(key, val string) {
		val = strings.ReplaceAll(val, `"`, "")
		if val == "" {
			return
		}
		if strings.ContainsFunc(val, unicodeSpace) {
			val = `"` + val + `"`
		}
		parts = append(parts, key+":"+val)
	}
	add("player", f.Player)
	add("event", f.Event)
	add("site", f.Site)
	switch {
	case f.YearFrom != 0 && f.YearFrom == f.YearTo:
		add("year", strconv.Itoa(f.YearFrom))
	case f.YearFrom != 0 || f.YearTo != 0:
		y := func(n int) string {
			if n == 0 {
				return ""
			}
			return strconv.Itoa(n)
		}
		add("year", y(f.YearFrom)+"-"+y(f.YearTo))
	}
	add("result", f.Result)
	if f.Bad {
		parts = append(parts, "is:bad")
	}
	if t := strings.Join(strings.Fields(strings.ReplaceAll(f.Text, `"`, "")), " "); t != "" {
		parts = append(parts, t)
	}
	return strings.Join(parts, " ")
}

func unicodeSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0'
}

// splitQuery splits s at spaces outside double quotes and drops the quotes.
func splitQuery(s string) []string {
	var out []string
	var b strings.Builder
	quoted, has := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, has = !quoted, true
		case !quoted && unicodeSpace(r):
			if has {
				out = append(out, b.String())
				b.Reset()
				has = false
			}
		default:
			b.WriteRune(r)
			has = true
		}
	}
	if has && b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

func parseYears(s string) (from, to int, ok bool) {
	a, b, isRange := strings.Cut(s, "-")
	year := func(s string) (int, bool) {
		if s == "" {
			return 0, isRange
		}
		n, err := strconv.Atoi(s)
		return n, err == nil && n > 0 && n < 10000
	}
	from, okA := year(a)
	to, okB := from, true
	if isRange {
		to, okB = year(b)
	}
	return from, to, okA && okB && (from != 0 || to != 0)
}

// ListState is what a game list remembers: its sort, filter and selection
// (a game's index in the file, -1 for none). ui keeps it between sessions.
type ListState struct {
	Sort     ListSort
	Filter   ListFilter
	Selected int
}

// libView is the list as shown: the games of a snapshot in sort order, and
// those that pass the filter.
type libView struct {
	snap     *libSnapshot
	sort     ListSort
	filter   ListFilter
	match    *filterMatch // nil when the filter is zero
	order    []int32      // every game of snap, in sort order
	rows     []int32      // the games of order that pass the filter
	ownRows  bool         // rows is its own slice, not order
	pass     bitset       // the games that pass the filter
	selected int          // a game, or -1
	selRow   int          // its row, -1 if hidden; -2 when not yet looked up
	ranks    rankCache
}

// rankCache keeps the ranks of the strings in a text or date column.
type rankCache struct {
	snap *libSnapshot
	col  ListColumn
	desc bool
	rank []int32
	k    int
}

func (v *libView) init(s *libSnapshot) {
	v.snap, v.selected, v.selRow = s, -1, -1
}

// Update brings the view up to date with the games indexed since the last
// call and reports whether it changed. New games are merged into the sort
// order and filtered; the selection stays on its game.
func (l *Library) Update() bool {
	v := &l.view
	s := l.snap.Load()
	if s == v.snap {
		return false
	}
	old := v.snap.n
	v.snap = s
	switch {
	case v.sort.Column == ColumnNumber && !v.sort.Descending:
		for i := old; i < s.n; i++ {
			v.order = append(v.order, int32(i))
		}
	case old == 0 || v.sort.Column == ColumnNumber:
		v.sortAll()
	default:
		v.merge(old)
	}
	if v.match != nil {
		v.match.extend(s)
		v.computePass()
	}
	v.deriveRows()
	return true
}

// Total returns the number of games the view covers: those listed at the
// last Update, before filtering.
func (l *Library) Total() int { return l.view.snap.n }

// Rows returns the number of rows: the games that pass the filter.
func (l *Library) Rows() int { return len(l.view.rows) }

// Row returns the game shown in row r.
func (l *Library) Row(r int) LibraryEntry { return l.view.snap.entry(int(l.view.rows[r])) }

// Cell returns the text of row r in column c.
func (l *Library) Cell(r int, c ListColumn) string { return l.Row(r).Text(c) }

// RowOf returns the row that shows game i, or -1 if none does.
func (l *Library) RowOf(i int) int {
	if i < 0 || i >= l.view.snap.n {
		return -1
	}
	return slices.Index(l.view.rows, int32(i))
}

// Sort returns the sort order.
func (l *Library) Sort() ListSort { return l.view.sort }

// SetSort sorts the rows by o.
func (l *Library) SetSort(o ListSort) {
	v := &l.view
	if o.Column >= NumColumns {
		o = ListSort{}
	}
	if o == v.sort {
		return
	}
	v.sort = o
	v.sortAll()
	v.deriveRows()
}

// Filter returns the filter.
func (l *Library) Filter() ListFilter { return l.view.filter }

// SetFilter shows only the games that pass f.
func (l *Library) SetFilter(f ListFilter) {
	v := &l.view
	if f == v.filter {
		return
	}
	v.filter = f
	v.match = nil
	if !f.IsZero() {
		v.match = compileFilter(f)
		v.match.extend(v.snap)
		v.computePass()
	}
	v.deriveRows()
}

// Selected returns the selected game's index in the file, or -1.
func (l *Library) Selected() int { return l.view.selected }

// Select selects game i (0-based in the file); -1 clears the selection. A
// game not listed yet, or hidden by the filter, stays selected without a row.
func (l *Library) Select(i int) {
	l.view.selected = max(i, -1)
	l.view.selRow = -2
}

// SelectedRow returns the row of the selected game, or -1.
func (l *Library) SelectedRow() int {
	if l.view.selRow == -2 {
		l.view.selRow = l.RowOf(l.view.selected)
	}
	return l.view.selRow
}

// SelectRow selects the game shown in row r.
func (l *Library) SelectRow(r int) {
	if r < 0 || r >= len(l.view.rows) {
		return
	}
	l.view.selected, l.view.selRow = int(l.view.rows[r]), r
}

// MoveSelection moves the selection delta rows down (up if negative), within
// the rows, and returns the new row (-1 when there are no rows). Without a
// selected row it selects the first row, or the last when moving up.
func (l *Library) MoveSelection(delta int) int {
	n := len(l.view.rows)
	if n == 0 {
		return -1
	}
	r := l.SelectedRow()
	switch {
	case r < 0 && delta < 0:
		r = n - 1
	case r < 0:
		r = 0
	default:
		r = min(max(r+delta, 0), n-1)
	}
	l.SelectRow(r)
	return r
}

// State returns the sort, filter and selection.
func (l *Library) State() ListState {
	return ListState{Sort: l.view.sort, Filter: l.view.filter, Selected: l.view.selected}
}

// SetState restores a sort, filter and selection.
func (l *Library) SetState(s ListState) {
	l.SetSort(s.Sort)
	l.SetFilter(s.Filter)
	l.Select(s.Selected)
}

// sortAll sorts every game with a counting sort on each game's rank in the
// sort column: two passes over the records, whatever the column.
func (v *libView) sortAll() {
	s := v.snap
	n := s.n
	v.order = slices.Grow(v.order[:0], n)[:n]
	if v.sort.Column == ColumnNumber {
		for i := range n {
			if v.sort.Descending {
				v.order[i] = int32(n - 1 - i)
			} else {
				v.order[i] = int32(i)
			}
		}
		return
	}
	k, key := v.sortKeys()
	counts := make([]int32, k+2)
	s.each(func(_ int, r *record) { counts[key(r)+1]++ })
	for b := 1; b < len(counts); b++ {
		counts[b] += counts[b-1]
	}
	s.each(func(i int, r *record) {
		b := key(r)
		v.order[counts[b]] = int32(i)
		counts[b]++
	})
}

// sortKeys returns the number k of ranks in the sort column and a function
// giving a record's bucket: its rank in sort direction, or k when missing.
func (v *libView) sortKeys() (int, func(r *record) int) {
	desc := v.sort.Descending
	dir := func(k, rank int) int {
		if desc {
			return k - 1 - rank
		}
		return rank
	}
	number := func(get func(r *record) uint16, zeroMissing bool) (int, func(r *record) int) {
		const k = 1 << 16
		return k, func(r *record) int {
			n := get(r)
			if n == 0 && zeroMissing {
				return k
			}
			return dir(k, int(n))
		}
	}
	switch v.sort.Column {
	case ColumnWhiteElo:
		return number(func(r *record) uint16 { return r.whiteElo }, true)
	case ColumnBlackElo:
		return number(func(r *record) uint16 { return r.blackElo }, true)
	case ColumnPlies:
		return number(func(r *record) uint16 { return r.plies }, false)
	case ColumnResult:
		return number(func(r *record) uint16 { return uint16(r.result) }, true)
	case ColumnError:
		return 1, func(r *record) int {
			if r.bad {
				return 0
			}
			return 1
		}
	}
	// Texts and dates: rank the values the column holds.
	f := v.sort.Column.field()
	rank, k := v.columnRanks()
	return k, func(r *record) int {
		rk := rank[r.tags[f]]
		if rk < 0 {
			return k
		}
		return dir(k, int(rk))
	}
}

// columnRanks returns the rank of each string in the sort column (a text
// or date column), ascending, equal values sharing one, -1 for strings
// that are no value there, and the number of ranks. The last answer is
// kept: reversing a sort does not rank again.
func (v *libView) columnRanks() ([]int32, int) {
	c := &v.ranks
	desc := v.sort.Descending && v.sort.Column == ColumnDate // text ranks do not depend on it
	if c.snap == v.snap && c.col == v.sort.Column && c.desc == desc {
		return c.rank, c.k
	}
	s := v.snap
	f := v.sort.Column.field()
	seen := make(bitset, (len(s.strs)+63)>>6)
	s.each(func(_ int, r *record) { seen.set(r.tags[f]) })
	var ids []uint32
	for id := range len(s.strs) {
		if seen.has(uint32(id)) && !v.missing(uint32(id)) {
			ids = append(ids, uint32(id))
		}
	}
	slices.SortFunc(ids, v.compareValues)
	rank := make([]int32, len(s.strs))
	for i := range rank {
		rank[i] = -1
	}
	k := 0
	for i, id := range ids {
		if i > 0 && v.compareValues(ids[i-1], id) != 0 {
			k++
		}
		rank[id] = int32(k)
	}
	if len(ids) > 0 {
		k++
	}
	*c = rankCache{snap: s, col: v.sort.Column, desc: desc, rank: rank, k: k}
	return rank, k
}

// missing reports whether string id is no value in the sort column (a text
// or date column).
func (v *libView) missing(id uint32) bool {
	if v.sort.Column == ColumnDate {
		_, ok := dateValue(v.snap.strs[id], false)
		return !ok
	}
	s := v.snap.strs[id]
	return s == "" || s == "?"
}

// compareValues compares two strings of the sort column, ascending.
func (v *libView) compareValues(a, b uint32) int {
	if v.sort.Column == ColumnDate {
		x, _ := dateValue(v.snap.strs[a], v.sort.Descending)
		y, _ := dateValue(v.snap.strs[b], v.sort.Descending)
		return cmp.Compare(x, y)
	}
	return compareNatural(v.snap.lower[a], v.snap.lower[b])
}

// compare orders games a and b as sortAll does.
func (v *libView) compare(a, b int32) int {
	s := v.snap
	ra, rb := s.rec(int(a)), s.rec(int(b))
	var c int
	var missA, missB bool
	switch col := v.sort.Column; col {
	case ColumnNumber:
		c = cmp.Compare(a, b)
	case ColumnWhiteElo:
		c, missA, missB = cmp.Compare(ra.whiteElo, rb.whiteElo), ra.whiteElo == 0, rb.whiteElo == 0
	case ColumnBlackElo:
		c, missA, missB = cmp.Compare(ra.blackElo, rb.blackElo), ra.blackElo == 0, rb.blackElo == 0
	case ColumnPlies:
		c = cmp.Compare(ra.plies, rb.plies)
	case ColumnResult:
		c, missA, missB = cmp.Compare(ra.result, rb.result), ra.result == resultUnknown, rb.result == resultUnknown
	case ColumnError:
		missA, missB = !ra.bad, !rb.bad
	default:
		f := col.field()
		x, y := ra.tags[f], rb.tags[f]
		missA, missB = v.missing(x), v.missing(y)
		if !missA && !missB {
			c = v.compareValues(x, y)
		}
	}
	if missA || missB {
		if missA && missB {
			return cmp.Compare(a, b)
		}
		if missA {
			return 1
		}
		return -1
	}
	if v.sort.Descending {
		c = -c
	}
	if c != 0 {
		return c
	}
	return cmp.Compare(a, b)
}

// merge adds games [old, n) to the sorted order: it sorts them, then moves
// each into place from the back, so every game already there moves once.
func (v *libView) merge(old int) {
	n := v.snap.n
	batch := make([]int32, n-old)
	for i := range batch {
		batch[i] = int32(old + i)
	}
	slices.SortFunc(batch, v.compare)
	v.order = slices.Grow(v.order, n-old)[:n]
	i := old
	for j := len(batch) - 1; j >= 0; j-- {
		g := batch[j]
		p, _ := slices.BinarySearchFunc(v.order[:i], g, v.compare)
		copy(v.order[p+j+1:i+j+1], v.order[p:i])
		v.order[p+j] = g
		i = p
	}
}

// computePass marks the games that pass the filter, reading the records in
// file order.
func (v *libView) computePass() {
	s := v.snap
	need := (s.n + 63) >> 6
	if cap(v.pass) >= need {
		v.pass = v.pass[:need]
		clear(v.pass)
	} else {
		v.pass = make(bitset, need)
	}
	s.each(func(i int, r *record) {
		if v.match.match(r) {
			v.pass.set(uint32(i))
		}
	})
}

// deriveRows takes the rows from the order and the pass marks.
func (v *libView) deriveRows() {
	v.selRow = -2
	if v.match == nil {
		v.rows, v.ownRows = v.order, false
		return
	}
	rows := v.rows[:0]
	if !v.ownRows {
		rows = nil
	}
	for _, g := range v.order {
		if v.pass.has(uint32(g)) {
			rows = append(rows, g)
		}
	}
	v.rows, v.ownRows = rows, true
}

// filterMatch is a compiled ListFilter: which string numbers match each
// text criterion, worked out once per distinct string, so that testing a
// game costs a few bit tests.
type filterMatch struct {
	player, event, site string // lower-cased; "" when not set
	years               bool
	yearFrom, yearTo    int
	result              int // a result code, -1 for any, 255 for none
	bad                 bool
	words               []string

	n                   int // strings looked at so far
	playerIDs, eventIDs bitset
	siteIDs, yearIDs    bitset
	wordIDs             []bitset
	wordResults         []uint8 // per word, a bit for each result code whose text holds it
}

func compileFilter(f ListFilter) *filterMatch {
	m := &filterMatch{
		player: strings.ToLower(f.Player), event: strings.ToLower(f.Event), site: strings.ToLower(f.Site),
		years: f.YearFrom != 0 || f.YearTo != 0, yearFrom: f.YearFrom, yearTo: f.YearTo,
		result: -1, bad: f.Bad, words: strings.Fields(strings.ToLower(f.Text)),
	}
	if f.Result != "" {
		m.result = 255
		if r := resultCode(f.Result); resultText(r) == f.Result {
			m.result = int(r)
		}
	}
	m.wordIDs = make([]bitset, len(m.words))
	m.wordResults = make([]uint8, len(m.words))
	for w, word := range m.words {
		for c := range uint8(4) {
			if strings.Contains(resultText(c), word) {
				m.wordResults[w] |= 1 << c
			}
		}
	}
	return m
}

// extend looks at the strings s added since the last call.
func (m *filterMatch) extend(s *libSnapshot) {
	for id := m.n; id < len(s.lower); id++ {
		low, u := s.lower[id], uint32(id)
		if m.player != "" && strings.Contains(low, m.player) {
			m.playerIDs.set(u)
		}
		if m.event != "" && strings.Contains(low, m.event) {
			m.eventIDs.set(u)
		}
		if m.site != "" && strings.Contains(low, m.site) {
			m.siteIDs.set(u)
		}
		if m.years {
			if y := yearOf(low); y > 0 && y >= m.yearFrom && (m.yearTo == 0 || y <= m.yearTo) {
				m.yearIDs.set(u)
			}
		}
		for w, word := range m.words {
			if strings.Contains(low, word) {
				m.wordIDs[w].set(u)
			}
		}
	}
	m.n = len(s.lower)
}

func (m *filterMatch) match(r *record) bool {
	if (m.bad && !r.bad) || (m.result >= 0 && int(r.result) != m.result) {
		return false
	}
	if m.player != "" && !m.playerIDs.has(r.tags[fieldWhite]) && !m.playerIDs.has(r.tags[fieldBlack]) {
		return false
	}
	if (m.event != "" && !m.eventIDs.has(r.tags[fieldEvent])) ||
		(m.site != "" && !m.siteIDs.has(r.tags[fieldSite])) ||
		(m.years && !m.yearIDs.has(r.tags[fieldDate])) {
		return false
	}
	for w, ids := range m.wordIDs {
		if m.wordResults[w]&(1<<r.result) != 0 {
			continue
		}
		found := false
		for _, id := range r.tags {
			if ids.has(id) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// bitset is a set of small numbers.
type bitset []uint64

func (b bitset) has(i uint32) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(i&63)) != 0
}

func (b *bitset) set(i uint32) {
	w := int(i >> 6)
	if w >= len(*b) {
		*b = append(*b, make(bitset, w+1-len(*b))...)
	}
	(*b)[w] |= 1 << (i & 63)
}

// yearOf returns the year of a date "YYYY.MM.DD" (or "YYYY..."), or 0.
func yearOf(s string) int {
	if len(s) < 4 || (len(s) > 4 && s[4] != '.') {
		return 0
	}
	y := 0
	for _, c := range []byte(s[:4]) {
		if c < '0' || c > '9' {
			return 0
		}
		y = y*10 + int(c-'0')
	}
	return y
}

// dateValue returns a date "YYYY.MM.DD" (as the index normalizes them) as
// the number YYYYMMDD. Unknown month or day ("??") count as 99, or as 0
// when sorting down, so that they come last either way; ok is false for no
// date or an unknown year.
func dateValue(s string, desc bool) (v uint32, ok bool) {
	if len(s) != 10 || s[4] != '.' || s[7] != '.' {
		return 0, false
	}
	y := yearOf(s)
	if y == 0 {
		return 0, false
	}
	unknown := uint32(99)
	if desc {
		unknown = 0
	}
	part := func(p string) (uint32, bool) {
		if p == "??" {
			return unknown, true
		}
		if p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9' {
			return 0, false
		}
		return uint32(p[0]-'0')*10 + uint32(p[1]-'0'), true
	}
	m, okM := part(s[5:7])
	d, okD := part(s[8:10])
	if !okM || !okD {
		return 0, false
	}
	return uint32(y)*10000 + m*100 + d, true
}

// compareNatural compares a and b byte by byte, but runs of digits by their
// numeric value, so that "round 2" comes before "round 10".
func compareNatural(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			da, db := strings.TrimLeft(a[si:i], "0"), strings.TrimLeft(b[sj:j], "0")
			if len(da) != len(db) {
				return cmp.Compare(len(da), len(db))
			}
			if c := strings.Compare(da, db); c != 0 {
				return c
			}
			continue
		}
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
		i++
		j++
	}
	return cmp.Compare(len(a)-i, len(b)-j)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
