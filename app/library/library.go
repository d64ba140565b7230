package library

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync/atomic"
	"time"

	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/eco"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// Library is a PGN file opened as a game list. Open indexes the file
// in the background with pgn.IndexFile, in sections indexed on several
// goroutines at once, and the games become rows, in file order, as soon as
// their section is indexed, so the list is usable while it fills. Any game
// is read on demand, with its moves, by Game. docs/indexer.md tells how
// the list is made, kept and cached.
//
// The files of a Library: this one its life cycle; libindex.go fills it,
// librecords.go keeps its games, libcache.go caches them; libview.go,
// libfilter.go and libcompare.go sort and filter the rows; libquery.go
// reads the filter typed; libcolumns.go says what the columns show, and
// libopenings.go names the games' openings (core/eco).
//
// The games and their data (Len, Entry, Game, Progress, Err, Done) are safe
// for concurrent use. The view — sort, filter, selection and the rows they
// give (Rows, Row, Cell, Update and the setters) — belongs to one goroutine,
// the UI's, like Session; Update brings it up to date with the games indexed
// since the last call.
type Library struct {
	path string
	file *os.File // the user's file
	// data is the file whose bytes are listed: file itself, or the
	// decoded copy of a gzip or UTF-16/32 file (format), which the
	// indexing goroutine makes before it lists a game.
	data   atomic.Pointer[os.File]
	format charset.Format
	size   int64 // of data; the indexing goroutine's once it started
	stamp  cacheStamp
	fstat  store.Stamp // the file as indexed
	stop   context.CancelFunc
	done   chan struct{}
	snap   atomic.Pointer[libSnapshot]
	prog   atomic.Pointer[Progress]
	// cs is the file's charset: decided by the indexing goroutine before
	// the first game is listed, or chosen (Options.Charset).
	cs atomic.Uint32

	view     libView
	openings *eco.Table
	// classified is what the position index named of the games without
	// an ECO tag (libopenings.go), published once it is built.
	classified atomic.Pointer[[]uint16]
}

// Options configures Open. The zero value is ready to use.
type Options struct {
	// OnProgress, if not nil, is called from the indexing goroutine when the
	// first games are listed, about every Interval after that, and once when
	// indexing ends (Finished set), before Done is closed. UI code hands the
	// report to its widgets through fyne.Do.
	OnProgress func(Progress)
	// Spawn starts the indexing function, which must run once for Done to
	// close; nil means `go f()`. Tests pass a function that runs f when and
	// where they want it.
	Spawn func(f func())
	// Interval is the least time between two progress reports while
	// indexing goes on; zero means 100 ms.
	Interval time.Duration
	// FirstChunk and MaxChunk bound the bytes indexed between two updates
	// of the list, as FirstSection and MaxSection of pgn.FileOptions.
	FirstChunk, MaxChunk int64
	// Workers is the number of goroutines that index sections of the file
	// at once; zero means runtime.GOMAXPROCS.
	Workers int
	// CacheDir, if not empty, is the folder of the index cache: the list
	// of a file of 4 MiB or more is read from there when the file has not
	// changed since it was indexed to its end, and written there after
	// that (see libcache.go). Writing it is best effort.
	CacheDir string
	// Charset, if not charset.Unknown, is the file's charset as the user
	// chose it (File › Reopen with encoding…); else it is decided from
	// the file's bytes (charset.DetectFile).
	Charset charset.Charset
	// Openings, if not nil, names the games' openings in the Opening
	// column (Library.Opening); without it the column shows the ECO tag.
	Openings *eco.Table
}

// Progress tells how far indexing has come.
type Progress struct {
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
	// UnreadBytes is the size of what such lines hold past the limit,
	// exactly (Unread counts only the games indexing saw there).
	UnreadBytes int64
}

// Open opens the PGN file at path as a game list and starts indexing
// it on a goroutine of its own. Indexing stops when ctx ends or Cancel or
// Close is called; the games listed by then stay. Only opening the file can
// fail here; problems in games are listed with the games.
func Open(ctx context.Context, path string, opts Options) (*Library, error) {
	f, fi, err := store.OpenRegular(path)
	if err != nil {
		return nil, fmt.Errorf("open library: %w", err)
	}
	format, err := store.SniffFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open library: %w", err)
	}
	if format != charset.Plain && !store.Readable(format) { // compressed otherwise, or binary data
		f.Close()
		return nil, fmt.Errorf("open library: %w", &store.FormatError{Path: path, Format: format})
	}
	store.RemoveStaleTemps(store.ResolveLinks(path))
	if opts.Interval <= 0 {
		opts.Interval = 100 * time.Millisecond
	}
	spawn := opts.Spawn
	if spawn == nil {
		spawn = func(f func()) { go f() }
	}
	ctx, stop := context.WithCancel(ctx)
	l := &Library{path: path, file: f, format: format, openings: opts.Openings, size: fi.Size(), stamp: stampOf(path, fi), fstat: store.StampOf(fi), stop: stop, done: make(chan struct{})}
	if format == charset.Plain {
		l.data.Store(f)
	}
	l.snap.Store(&libSnapshot{strs: []string{""}, lower: []string{""}})
	l.prog.Store(&Progress{Total: l.size})
	l.view.init(l.snap.Load())
	l.view.openings = opts.Openings
	x := &indexer{lib: l, strs: []string{""}, lower: []string{""}, opts: opts}
	spawn(func() { x.run(ctx) })
	return l, nil
}

// Path returns the file's path.
func (l *Library) Path() string { return l.path }

// Charset returns the file's charset, which its games are read and saved
// in: the user's choice, or as decided from its bytes once indexing has
// begun (Unknown before).
func (l *Library) Charset() charset.Charset { return charset.Charset(l.cs.Load()) }

// Format returns what the file is: charset.Plain, or gzip or UTF-16/32
// read through a decoded copy (a game cannot be saved into it).
func (l *Library) Format() charset.Format { return l.format }

// text returns the file whose bytes are listed; nil before the decoded
// copy of a file that needs one is made.
func (l *Library) text() (*os.File, error) {
	if d := l.data.Load(); d != nil {
		return d, nil
	}
	return nil, fmt.Errorf("library %s: the decoded copy is not made yet", l.path)
}

// Len returns the number of games listed so far.
func (l *Library) Len() int { return l.snap.Load().n }

// Entry returns game i (0-based) as listed; i must be below Len.
func (l *Library) Entry(i int) Entry { return l.snap.Load().entry(i) }

// Progress returns the latest progress report.
func (l *Library) Progress() Progress { return *l.prog.Load() }

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
	if d := l.data.Load(); d != nil && d != l.file {
		d.Close() // a decoded copy, only read
	}
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

// unchanged fails with a *FileError wrapping ErrFileChanged when the file
// is no longer as it was indexed: the list's places are then not to be
// trusted.
func (l *Library) unchanged() error {
	if fi, err := l.file.Stat(); err == nil {
		if why := l.fstat.Change(store.StampOf(fi)); why != "" {
			return &store.FileError{Path: l.path, Err: store.ErrFileChanged, Detail: why}
		}
	}
	return nil
}

// Export writes games of the file to a new file dst, atomically: each
// entry's bytes as they stand in the file, blank space around them
// trimmed, followed by an empty line, in the order given. Like Read, it
// fails with a *FileError wrapping ErrFileChanged when the file is no
// longer as it was indexed.
//
// dst may not be the file itself (under any name): that would keep only
// the entries; it fails with a *FileError wrapping ErrSameFile.
func (l *Library) Export(dst string, entries []Entry) error {
	if err := l.unchanged(); err != nil {
		return err
	}
	if dfi, err := os.Stat(dst); err == nil {
		if fi, err := l.file.Stat(); err == nil && os.SameFile(fi, dfi) {
			return &store.FileError{Path: dst, Err: store.ErrSameFile, Detail: "it is " + l.path}
		}
	}
	data, err := l.text()
	if err != nil {
		return err
	}
	var out, buf []byte
	for _, e := range entries {
		buf = slices.Grow(buf[:0], int(e.Length))[:e.Length]
		if _, err := data.ReadAt(buf, e.Offset); err != nil {
			return fmt.Errorf("export game %d of %s: %w", e.Index+1, l.path, err)
		}
		out = append(out, bytes.TrimSpace(buf)...)
		out = append(out, '\n', '\n')
	}
	return store.WriteFileAtomic(dst, out)
}

// Read is Game, and returns the game's Origin too, for saving it back.
// When the file is no longer as it was indexed, the list's places are not
// to be trusted: Read fails with a *FileError wrapping ErrFileChanged.
func (l *Library) Read(i int) (*game.Game, store.Origin, error) {
	s := l.snap.Load()
	if i < 0 || i >= s.n {
		return nil, store.Origin{}, fmt.Errorf("library %s: no game %d", l.path, i+1)
	}
	if err := l.unchanged(); err != nil {
		return nil, store.Origin{}, err
	}
	r := s.rec(i)
	data, err := l.text()
	if err != nil {
		return nil, store.Origin{}, err
	}
	own := make([]byte, r.Length)
	if _, err := data.ReadAt(own, r.Offset); err != nil {
		return nil, store.Origin{}, fmt.Errorf("library %s: game %d: %w", l.path, i+1, err)
	}
	b := pgn.NewGameBuilder()
	cs := l.Charset()
	err = r.ReadGameIn(heldBytes{b: own, off: r.Offset}, i+1, cs, b)
	var list pgn.ErrorList
	if err != nil && !errors.As(err, &list) {
		return b.Game(), store.Origin{}, fmt.Errorf("library %s: game %d: %w", l.path, i+1, err)
	}
	o := store.NewOrigin(l.path, i, l.fstat, r.Offset, own, list, cs, l.format)
	return b.Game(), o, list.Err()
}

// heldBytes is bytes of a file held in memory, those from offset off: a
// game's, read once to be parsed and kept.
type heldBytes struct {
	b   []byte
	off int64
}

// ReadAt reads the held bytes as the file's.
func (h heldBytes) ReadAt(p []byte, off int64) (int, error) {
	if off < h.off || off > h.off+int64(len(h.b)) {
		return 0, io.EOF
	}
	n := copy(p, h.b[off-h.off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}
