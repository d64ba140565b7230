package pgn

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"touchmove/core/charset"
)

// FileOptions configures IndexFile. The zero value is ready to use.
type FileOptions struct {
	// Workers is the number of goroutines that index sections of the file
	// at once; zero means runtime.GOMAXPROCS.
	Workers int
	// FirstSection and MaxSection bound the bytes of a section, the work
	// of one worker at a time: the first is small so that the first games
	// come at once, and each next one is twice as large up to MaxSection.
	// Zero means 64 KiB and 32 MiB (some 10,000 games of a large file, a
	// few hundredths of a second's work).
	FirstSection, MaxSection int64
	// Charset is the file's charset (charset.DetectFile), which the tag
	// values of lines that are not UTF-8 are read in.
	Charset charset.Charset
}

// FileBatch is the next games of a file that IndexFile lists, in file
// order, with their problems.
type FileBatch struct {
	// First is the number of the first game of Records in the list that
	// IndexFile makes, 0-based.
	First int
	// Records are the games, placed in the file. The slice is IndexFile's:
	// it is valid only during the call that is given it.
	Records []Record
	// Values are the tag values numbered so far, which Records' Values
	// index; the slice only grows from batch to batch, and must not be
	// changed.
	Values []string
	// Errors are the problems found in these games, placed in the file,
	// with their games' numbers in the list (1-based), in file order.
	Errors ErrorList
	// Done is the number of the file's bytes indexed: the games that
	// start before it are listed.
	Done int64
	// Unread counts the games not listed so far because they start past
	// the Reader's line length limit (DefaultLimits), and UnreadLine is
	// the line of the first one: a Reader drops the rest of such a line,
	// and the list holds what a Reader reads. Unread counts only the games
	// the sections saw (each reads a long line to the limit from its own
	// start): UnreadBytes is exact, the bytes of such lines past the limit.
	Unread, UnreadLine int
	UnreadBytes        int64
}

// IndexFile lists the games of the PGN file r of size bytes in sections,
// indexed on several goroutines at once, and hands them to add, in file
// order, a batch as each section is done; the games and their positions
// are those of BuildIndex of the whole file. add runs on the caller's
// goroutine. Each goroutine reads its section into a buffer of its own
// and indexes the bytes there; a file that shrinks meanwhile gives an
// error. IndexFile returns when the file is listed, ctx ends
// (with its error; the games handed on stay listed) or reading fails.
// docs/indexer.md describes how it works.
func IndexFile(ctx context.Context, r io.ReaderAt, size int64, opts FileOptions, add func(FileBatch)) error {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.FirstSection <= 0 {
		opts.FirstSection = 64 << 10
	}
	if opts.MaxSection <= 0 {
		opts.MaxSection = 32 << 20
	}
	opts.MaxSection = max(opts.MaxSection, opts.FirstSection)
	x := &fileIndexer{r: r, size: size, opts: opts, add: add, maxBuffer: maxSectionBuffer}
	return x.run(ctx)
}

// fileIndexer is the state of IndexFile. Only its goroutine touches it;
// the workers only read the file.
type fileIndexer struct {
	r    io.ReaderAt
	size int64
	opts FileOptions
	add  func(FileBatch)
	// maxBuffer bounds the bytes read into a section buffer; a longer
	// stretch is streamed (maxSectionBuffer, a field for the tests).
	maxBuffer int64

	n    int      // games listed
	done int64    // where they end
	strs []string // the longest Values handed on
	// Games past the line length limit, not listed, and the first line
	// that holds one; the line of the last long one looked at and where
	// it starts.
	unread, unreadLine int
	unreadBytes        int64
	longLine           int
	longStart          int64
	bytesLine          int      // the last line whose unread bytes are counted
	kept               []Record // the listed games of a batch that skips some
}

// sectionBase is where a section of the file starts.
type sectionBase struct {
	off       int64
	line, col int
}

// pos turns a line and column in the section into ones in the file.
func (b sectionBase) pos(line, col int) (int, int) {
	if line == 1 {
		col += b.col - 1
	}
	return line + b.line - 1, col
}

// place returns e, found in the section, placed in the file as the game
// numbered game (1-based).
func (b sectionBase) place(e *SyntaxError, game int) *SyntaxError {
	c := *e
	c.Offset += b.off
	if c.Line > 0 {
		c.Line, c.Column = b.pos(c.Line, c.Column)
	}
	if c.GameLine > 0 {
		c.GameLine, _ = b.pos(c.GameLine, 1)
	}
	c.Game = game
	return &c
}

// run indexes the file in sections on Workers goroutines while this one
// lists their games in file order.
//
// The sections follow the section sizes (FirstSection, doubling up to
// MaxSection) but start where a cheap scan finds a likely game start: a
// line opening with "[" and a letter after an empty line. Such a line may
// as well be in a comment, so each seam is checked: the last game of a
// section, which may be cut, is indexed again from its start through the
// next section's first game, and the seam holds only if that next game
// starts exactly where the next section does. Then the next section's
// games are the file's from there (the Reader starts each game afresh);
// else its work is dropped and the games from the cut one to the
// section's end are indexed again here (indexer.md §2).
func (x *fileIndexer) run(ctx context.Context) error {
	size := x.size
	ctx, stop := context.WithCancel(ctx)
	workers := x.opts.Workers
	jobs := make(chan sectionJob)
	order := make(chan chan *section, 2*workers)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stop()
	wg.Add(1)
	go func() { // hands out the sections in file order
		defer wg.Done()
		defer close(jobs)
		defer close(order)
		t0, chunk := int64(0), x.opts.FirstSection
		for t0 < size {
			t1 := min(t0+chunk, size)
			chunk = min(chunk*2, x.opts.MaxSection)
			t2 := min(t1+chunk, size)
			res := make(chan *section, 1)
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
	// The workers and this goroutine number tag values in one table.
	vt := NewValueTable()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := vt.Local()
			var buf sectionBuffer
			defer buf.release()
			for j := range jobs {
				off, end := x.gameStart(j.t0, j.t1), x.gameStart(j.t1, j.t2)
				j.res <- x.index(ctx, off, end, local, &buf)
			}
		}()
	}
	own := vt.Local()
	var ownBuf sectionBuffer
	defer ownBuf.release()
	next := func() *section {
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
	base := sectionBase{line: 1, col: 1}
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
			keep := cur.ix.Len()
			if cur.end < size && keep > 0 {
				if r := &cur.ix.recs[keep-1]; r.Offset+int64(r.Length) >= cur.end-cur.off {
					keep--
				}
			}
			x.emit(cur, cur.listed, keep, base, -1)
			return cur.err
		}
		if cur.end >= size {
			x.emit(cur, cur.listed, cur.ix.Len(), base, size)
			return nil
		}
		n := cur.ix.Len()
		if n > 0 { // all but the last game, which may be cut
			x.emit(cur, cur.listed, n-1, base, base.off+cur.ix.recs[n-1].Offset)
			cur.listed = n - 1
		}
		nx := next()
		if nx == nil {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fmt.Errorf("pgn: index file: sections end at %d of %d bytes", cur.end, size)
		}
		// reindex indexes from off to the end of the next section, or of
		// a later one so as to read at least twice as far as cur did: a
		// game longer than many sections costs linear time.
		reindex := func(off int64) *section {
			end := nx.end
			for end < size && end-off < 2*(cur.end-off) {
				p := next()
				if p == nil {
					break
				}
				end = p.end
			}
			return x.index(ctx, off, end, own, &ownBuf)
		}
		if n == 0 { // no game started in the section: read on
			cur = reindex(base.off)
			continue
		}
		r := &cur.ix.recs[n-1]
		line, col := base.pos(int(r.Line), int(r.Column))
		from := sectionBase{off: base.off + r.Offset, line: line, col: col}
		if nx.err == nil && nx.ix.Len() > 0 && nx.ix.recs[0].Offset == 0 {
			f := &nx.ix.recs[0]
			seam := x.index(ctx, from.off, min(nx.off+f.Offset+int64(f.Length), size), own, &ownBuf)
			if seam.err == nil && seam.ix.Len() >= 2 && from.off+seam.ix.recs[1].Offset == nx.off {
				second := &seam.ix.recs[1]
				line, col := from.pos(int(second.Line), int(second.Column))
				x.emit(seam, 0, 1, from, nx.off)
				base, cur = sectionBase{off: nx.off, line: line, col: col}, nx
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
	res        chan *section
}

// gameStart returns the offset of the first likely game start in [t, limit)
// — a "[" and a letter at the start of a line after an empty one — or limit
// if there is none; 0 for t = 0. It only guesses: run checks the seams.
func (x *fileIndexer) gameStart(t, limit int64) int64 {
	size := x.size
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
		n, err := x.r.ReadAt(buf[:to-from], from)
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

// section is a part of the file indexed on its own: its games with offsets,
// lines and columns counted from the section's start.
type section struct {
	off, end int64  // the section
	ix       *Index // its games
	err      error  // BuildIndexWith's error
	listed   int    // games [0, listed) are listed
}

// maxSectionBuffer bounds the memory of a section buffer. Sections are at
// most MaxSection, but the coordinating goroutine reads on through a game
// that spans many (a file of one game, or with no game start the cheap
// scan can find): such a stretch is streamed through the Reader's own
// small buffer rather than read whole.
const maxSectionBuffer = 256 << 20

// index indexes bytes [off, end) of the file, read into buf, numbering
// their values in vt.
func (x *fileIndexer) index(ctx context.Context, off, end int64, vt *ValueTable, buf *sectionBuffer) *section {
	if end-off > x.maxBuffer {
		ix, err := buildIndex(ctx, io.NewSectionReader(x.r, off, end-off), vt, x.opts.Charset, nil)
		return &section{off: off, end: end, err: err, ix: ix}
	}
	data, err := buf.read(x.r, off, end)
	if err != nil {
		return &section{off: off, end: end, err: err, ix: new(Index)}
	}
	ix, err := indexBytes(ctx, data, vt, x.opts.Charset, nil)
	return &section{off: off, end: end, err: err, ix: ix}
}

// emit places games [from, to) of p, whose section starts at base, in the
// file and hands them on; done is where the games listed end, or -1 for
// the end of the last one. A game that starts past the Reader's line
// length limit on its line is not listed: the Reader, and so `touchmove
// pgn check`, drops the rest of such a line, and the list holds what they
// read.
func (x *fileIndexer) emit(p *section, from, to int, base sectionBase, done int64) {
	if to <= from {
		return
	}
	if vals := p.ix.Values(); len(vals) > len(x.strs) {
		x.strs = vals
	}
	recs := p.ix.recs[from:to]
	first := x.n
	skip := false // some game is past the limit
	for k := range recs {
		r := &recs[k]
		line, col := base.pos(int(r.Line), int(r.Column))
		r.Offset += base.off
		r.Line, r.Column = uint32(line), uint16(min(col, 1<<16-1))
		skip = skip || x.pastLineLimit(r.Offset, line, col)
	}
	// The list's number of game k of recs, or -1.
	number := func(k int) int { return first + k }
	if skip {
		x.kept = x.kept[:0]
		numbers := make([]int, len(recs))
		for k := range recs {
			r := &recs[k]
			if x.pastLineLimit(r.Offset, int(r.Line), int(r.Column)) {
				numbers[k] = -1
				x.unread++
				x.countUnreadBytes(r.Offset, int(r.Line))
				if x.unreadLine == 0 {
					x.unreadLine = int(r.Line)
				}
				continue
			}
			numbers[k] = first + len(x.kept)
			x.kept = append(x.kept, *r)
		}
		recs = x.kept
		number = func(k int) int { return numbers[k] }
	}
	var errs ErrorList
	for _, e := range p.ix.errs {
		k := e.Game - 1 - from // in recs
		if k < 0 {
			continue
		}
		if k >= to-from {
			break
		}
		if g := number(k); g >= 0 {
			errs = append(errs, base.place(e, g+1))
		}
	}
	x.n += len(recs)
	if done < 0 && len(recs) > 0 {
		last := &recs[len(recs)-1]
		done = last.Offset + int64(last.Length)
	}
	x.done = max(x.done, done)
	x.add(FileBatch{First: first, Records: recs, Values: x.strs, Errors: errs, Done: x.done, Unread: x.unread, UnreadLine: x.unreadLine, UnreadBytes: x.unreadBytes})
}

// countUnreadBytes adds once the bytes of line line past the line length
// limit (the line starts at x.longStart; off, a game past the limit, lies
// on it) to x.unreadBytes: it reads on to the line's end.
func (x *fileIndexer) countUnreadBytes(off int64, line int) {
	if line == x.bytesLine {
		return
	}
	x.bytesLine = line
	end := x.size
	buf := make([]byte, 64<<10)
	for at := off; at < x.size; {
		n, err := x.r.ReadAt(buf[:min(int64(len(buf)), x.size-at)], at)
		if k := bytes.IndexByte(buf[:n], '\n'); k >= 0 {
			end = at + int64(k)
			break
		}
		if n == 0 || err != nil && err != io.EOF {
			break
		}
		at += int64(n)
	}
	x.unreadBytes += end - (x.longStart + int64(DefaultLimits().MaxLineLength))
}

// pastLineLimit reports whether the game at offset off, on line line at
// column col (which records cut at 65535), starts past the Reader's line
// length limit.
func (x *fileIndexer) pastLineLimit(off int64, line, col int) bool {
	if col < 1<<16-1 {
		return false // exact, and short of the limit
	}
	if line != x.longLine {
		// The line's start: the byte after the last line break before off.
		x.longLine, x.longStart = line, 0
		buf := make([]byte, 64<<10)
		for end := off; end > 0; {
			from := max(end-int64(len(buf)), 0)
			n, _ := x.r.ReadAt(buf[:end-from], from)
			if k := bytes.LastIndexByte(buf[:n], '\n'); k >= 0 {
				x.longStart = from + int64(k) + 1
				break
			}
			end = from
		}
	}
	return off-x.longStart >= int64(DefaultLimits().MaxLineLength)
}
