package posindex

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"touchmove/core/pgn"
)

// Span is where a game is in its file, as the game list has it
// (pgn.Record's Offset and Length).
type Span struct {
	Offset, Length int64
	Line, Column   int // where it starts, 1-based (for the problems of a game read alone)
}

// Options configures Build. The zero value is ready to use.
type Options struct {
	// Workers is the number of goroutines that replay games at once; zero
	// means runtime.GOMAXPROCS.
	Workers int
	// ChunkBytes is about the bytes of the games one goroutine reads at a
	// time; zero means 4 MiB.
	ChunkBytes int64
}

// Progress tells a Build caller how far it has come.
type Progress struct {
	Games, Total int // games indexed so far, of the spans given
	Unread       int // games left out so far
}

// Builder makes an Index and hands out snapshots of it while it grows.
// Its methods are safe for concurrent use.
type Builder struct {
	mu   sync.Mutex
	ix   Index
	snap *Index
}

// NewBuilder returns a Builder that goes on from ix (nil: from no game):
// the games it adds follow ix's.
func NewBuilder(ix *Index) *Builder {
	b := &Builder{}
	if ix != nil {
		b.ix = *ix
		b.ix.fp = ix.fp[:len(ix.fp):len(ix.fp)]
		b.ix.mv = ix.mv[:len(ix.mv):len(ix.mv)]
		b.ix.games = ix.games[:len(ix.games):len(ix.games)]
		b.ix.exc = ix.exc[:len(ix.exc):len(ix.exc)]
		b.ix.starts = ix.starts[:len(ix.starts):len(ix.starts)]
	}
	b.snap = b.snapshotLocked()
	return b
}

// Snapshot returns the index of the games added so far. It never changes.
func (b *Builder) Snapshot() *Index {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.snap
}

func (b *Builder) snapshotLocked() *Index {
	ix := b.ix
	ix.fp = ix.fp[:len(ix.fp):len(ix.fp)]
	ix.mv = ix.mv[:len(ix.mv):len(ix.mv)]
	ix.games = ix.games[:len(ix.games):len(ix.games)]
	ix.exc = ix.exc[:len(ix.exc):len(ix.exc)]
	ix.starts = ix.starts[:len(ix.starts):len(ix.starts)]
	return &ix
}

func (b *Builder) add(q *Index) {
	b.mu.Lock()
	b.ix.add(q)
	b.snap = b.snapshotLocked()
	b.mu.Unlock()
}

// Add reads the games at spans from r (the file the spans were listed
// from, in file order), replays their main lines on several goroutines and
// appends them to the index in order. progress, if not nil, is called on
// Add's goroutine after each run of games. It returns when the games are
// added, ctx ends (with its error; the games added by then stay) or
// reading fails.
func (b *Builder) Add(ctx context.Context, r io.ReaderAt, spans []Span, opts Options, progress func(Progress)) error {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunk := opts.ChunkBytes
	if chunk <= 0 {
		chunk = 4 << 20
	}
	type job struct {
		seq   int
		spans []Span
	}
	type done struct {
		seq int
		ix  *Index
		err error
	}
	var jobs []job
	for i := 0; i < len(spans); {
		j := i + 1
		for j < len(spans) && spans[j].Offset+spans[j].Length-spans[i].Offset <= chunk && spans[j].Offset >= spans[j-1].Offset+spans[j-1].Length {
			j++
		}
		jobs = append(jobs, job{seq: len(jobs), spans: spans[i:j]})
		i = j
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan job)
	results := make(chan done, workers)
	var wg sync.WaitGroup
	for range min(workers, max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for j := range work {
				ix, nbuf, err := indexRun(r, j.spans, buf)
				buf = nbuf
				select {
				case results <- done{seq: j.seq, ix: ix, err: err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(work)
		for _, j := range jobs {
			select {
			case work <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	pending := map[int]done{}
	next, games, unread := 0, 0, 0
	var err error
	for next < len(jobs) && err == nil {
		select {
		case <-ctx.Done():
			err = ctx.Err()
			continue
		case d := <-results:
			pending[d.seq] = d
		}
		for d, ok := pending[next]; ok; d, ok = pending[next] {
			delete(pending, next)
			if d.err != nil {
				err = d.err
				break
			}
			b.add(d.ix)
			games += d.ix.Len()
			unread += d.ix.unread
			next++
			if progress != nil {
				progress(Progress{Games: games, Total: len(spans), Unread: unread})
			}
		}
	}
	cancel()
	wg.Wait()
	return err
}

// indexRun indexes the games at spans, which follow each other in r: read
// at once into buf and through one Reader, or, when that Reader does not
// find the same games, each on its own.
func indexRun(r io.ReaderAt, spans []Span, buf []byte) (*Index, []byte, error) {
	lo := spans[0].Offset
	last := spans[len(spans)-1]
	n := int(last.Offset + last.Length - lo)
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	if k, err := r.ReadAt(buf, lo); k < n {
		if err == nil || errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, buf, fmt.Errorf("posindex: read games: %w", err)
	}
	ix := &Index{fp: make([]byte, 0, n/24), mv: make([]byte, 0, n/24)}
	v := &lineVisitor{out: ix}
	rd := pgn.NewReader(bytes.NewReader(buf))
	same := true
	for i := range spans {
		err := rd.ReadGame(v)
		if err == io.EOF || ix.Len() != i+1 || v.at != spans[i].Offset-lo {
			same = false
			break
		}
	}
	if same && rd.ReadGame(pgn.NopVisitor{}) != io.EOF {
		same = false
	}
	if same {
		return ix, buf, nil
	}
	ix = &Index{}
	v = &lineVisitor{out: ix}
	for i, s := range spans {
		rec := pgn.Record{Offset: s.Offset, Length: uint32(s.Length), Line: uint32(s.Line), Column: uint16(s.Column)}
		before := ix.Len()
		err := rec.ReadGame(r, i+1, v)
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			return nil, buf, fmt.Errorf("posindex: read game: %w", err)
		}
		if ix.Len() == before { // no game there: keep its place, left out
			ix.games = append(ix.games, gameHead{off: uint32(len(ix.fp)), exc: uint32(len(ix.exc)), flags: flagUnread})
			ix.unread++
		}
	}
	return ix, buf, nil
}

// BuildFile lists the games of the PGN file r of size bytes as the game
// list does (pgn.IndexFile: the same games, numbered alike) and indexes
// them.
func BuildFile(ctx context.Context, r io.ReaderAt, size int64, opts Options, progress func(Progress)) (*Index, error) {
	spans, err := ListFile(ctx, r, size)
	if err != nil {
		return nil, err
	}
	b := NewBuilder(nil)
	err = b.Add(ctx, r, spans, opts, progress)
	return b.Snapshot(), err
}

// ListFile returns the spans of the games of the PGN file r of size bytes,
// as the game list has them.
func ListFile(ctx context.Context, r io.ReaderAt, size int64) ([]Span, error) {
	var spans []Span
	err := pgn.IndexFile(ctx, r, size, pgn.FileOptions{}, func(b pgn.FileBatch) {
		for _, rec := range b.Records {
			spans = append(spans, SpanOf(&rec))
		}
	})
	if err != nil {
		return spans, fmt.Errorf("posindex: list games: %w", err)
	}
	return spans, nil
}

// SpanOf returns the span of a game of the list.
func SpanOf(rec *pgn.Record) Span {
	return Span{Offset: rec.Offset, Length: int64(rec.Length), Line: int(rec.Line), Column: int(rec.Column)}
}
