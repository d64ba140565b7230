package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Journals is the folder of crash journals. Every running window keeps its
// game in a journal of its own, locked while the window runs; at start-up
// the journals that no running window holds are the games of windows that
// did not close cleanly, and are offered for restoring.
type Journals struct {
	dir string
}

// NewJournals returns the journals kept in dir (created when needed).
func NewJournals(dir string) *Journals { return &Journals{dir: dir} }

// Dir returns the folder the journals are kept in.
func (js *Journals) Dir() string { return js.dir }

// Journal keeps one window's game on disk, rewritten atomically after every
// change and, while a clock runs, every second, so that after a crash or a
// kill the next start can restore it exactly. A clean exit removes it. What
// an entry holds is its writer's (app.JournalEntry): the journal stores
// its bytes.
//
// A window's journal (Journals.Create) is written off the caller's
// goroutine: the entry is taken at once, and the synced write — a few
// milliseconds, far more on a slow disk — happens on a goroutine of its
// own, the newest entry replacing one not yet written, so that the UI
// goroutine never waits for the disk. A plain journal, without a lock (the
// tests'), is written in place.
type Journal struct {
	path  string
	lock  *os.File // held while the journal is ours; nil for a plain journal
	async bool     // written by a writer goroutine

	mu  sync.Mutex
	err error // the last write error
	// last is the key of what was last written: an entry that says
	// nothing new is not written again, except by the heartbeat.
	last    []byte
	pending []byte     // the newest entry not yet written (async)
	writing bool       // a writer goroutine runs (async)
	idle    *sync.Cond // signalled when the writer stops
}

// NewJournal returns a plain journal at path: it takes no lock and is
// written in place, for a test alone in its folder. Windows use
// Journals.Create.
func NewJournal(path string) *Journal { return &Journal{path: path} }

// Create returns a new journal for one window, locked for as long as the
// process runs or until Clear.
func (js *Journals) Create() (*Journal, error) {
	if err := os.MkdirAll(js.dir, 0o700); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	name := fmt.Sprintf("journal-%s-%d", time.Now().UTC().Format("20060102T150405.000000000"), os.Getpid())
	j := &Journal{path: filepath.Join(js.dir, name+".json"), async: true}
	lock, ok, err := lockFile(j.lockPath())
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if !ok {
		return nil, fmt.Errorf("journal: %s is locked by another window", j.lockPath())
	}
	j.lock = lock
	return j, nil
}

// UnreadableJournalError is a journal left by a window that could not be
// read: it was moved aside as Kept, for the user.
type UnreadableJournalError struct {
	Name string // the journal's file name
	Kept string // the path it is kept at (NAME.bad, or its own when it could not be moved)
	Err  error  // why it could not be read
}

// Error says which journal could not be read, why, and where it is kept.
func (e *UnreadableJournalError) Error() string {
	return fmt.Sprintf("the game journal %s could not be read (%v); it is kept as %s", e.Name, e.Err, e.Kept)
}

// Unwrap returns why the journal could not be read.
func (e *UnreadableJournalError) Unwrap() error { return e.Err }

// Orphan is a journal left by a window that did not close cleanly, with
// its entry E as read. It stays locked by this process, and on disk, until
// Discard: a crash while the user decides loses nothing.
type Orphan[E any] struct {
	Entry E // the journal's entry, as Orphans' read decoded it
	j     *Journal
}

// Path returns the orphan's journal file.
func (o *Orphan[E]) Path() string { return o.j.path }

// Discard removes the orphan's journal, once its game is restored or
// declined.
func (o *Orphan[E]) Discard() error { return o.j.Clear() }

// Release gives the orphan back without removing it, for another window
// or the next start to offer.
func (o *Orphan[E]) Release() { o.j.unlock() }

// Orphans returns the journals of js that no running window holds, in the
// order of their names, and locks each so that no other window offers it
// too. read decodes a journal's bytes and reports whether it holds
// anything a user made: a journal read fails is moved aside (NAME.bad,
// kept for the user) and reported in the errors, each saying where the
// copy is; one that holds nothing (keep false) is removed.
func Orphans[E any](js *Journals, read func(data []byte) (e E, keep bool, err error)) ([]*Orphan[E], []error) {
	names, err := filepath.Glob(filepath.Join(js.dir, "journal*.json"))
	if err != nil || len(names) == 0 {
		return nil, nil
	}
	slices.Sort(names)
	var out []*Orphan[E]
	var errs []error
	for _, name := range names {
		j := &Journal{path: name}
		lock, ok, err := lockFile(j.lockPath())
		if err != nil {
			errs = append(errs, fmt.Errorf("journal %s: %w", name, err))
			continue
		}
		if !ok {
			continue // a running window's own
		}
		j.lock = lock
		data, found, err := j.Read()
		var e E
		keep := true
		if err == nil && found {
			if e, keep, err = read(data); err != nil {
				err = fmt.Errorf("journal %s: %w", name, err)
			}
		}
		switch {
		case err != nil:
			bad := name + ".bad"
			if rerr := os.Rename(name, bad); rerr != nil {
				bad = name
			}
			j.unlock()
			os.Remove(j.lockPath())
			errs = append(errs, &UnreadableJournalError{Name: filepath.Base(name), Kept: bad, Err: err})
		case !found:
			j.unlock()
		case !keep:
			// A window that died before anything was made in it.
			if err := j.Clear(); err != nil {
				errs = append(errs, fmt.Errorf("the empty game journal %s could not be removed: %w", filepath.Base(name), err))
			}
		default:
			out = append(out, &Orphan[E]{Entry: e, j: j})
		}
	}
	return out, errs
}

func (j *Journal) lockPath() string { return strings.TrimSuffix(j.path, ".json") + ".lock" }

func (j *Journal) unlock() {
	if j.lock != nil {
		unlockFile(j.lock)
		j.lock = nil
	}
}

// Path returns the journal's file.
func (j *Journal) Path() string { return j.path }

// Record writes data, an entry, to the journal, unless the journal already
// holds exactly that: key is the entry less what changes at every write
// (its time), and an entry of the key last written is written again only
// when always (the heartbeat: the running clock's reading is in it). A
// window's journal writes on a goroutine of its own; Err reports a
// failure.
func (j *Journal) Record(data, key []byte, always bool) {
	j.mu.Lock()
	same := !always && j.err == nil && string(key) == string(j.last)
	j.mu.Unlock()
	if same {
		return
	}
	if !j.async {
		err := j.writeData(data)
		j.mu.Lock()
		if j.err = err; err == nil {
			j.last = key
		}
		j.mu.Unlock()
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	j.pending, j.last = data, key
	if !j.writing {
		j.writing = true
		go j.drain()
	}
}

// drain writes the pending entries, newest only, until there is none.
func (j *Journal) drain() {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.pending != nil {
		data := j.pending
		j.pending = nil
		j.mu.Unlock()
		err := j.writeData(data)
		j.mu.Lock()
		if j.err = err; err != nil {
			j.last = nil // write it again at the next change
		}
	}
	j.writing = false
	if j.idle != nil {
		j.idle.Broadcast()
	}
}

// Flush waits until every entry recorded so far is on disk.
func (j *Journal) Flush() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.idle == nil {
		j.idle = sync.NewCond(&j.mu)
	}
	for j.writing {
		j.idle.Wait()
	}
}

// SetErr records err as the error of the last write: an entry that could
// not be made.
func (j *Journal) SetErr(err error) {
	j.mu.Lock()
	j.err = err
	j.mu.Unlock()
}

// Err returns the error of the last write, or nil.
func (j *Journal) Err() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.err
}

// writeData stores data atomically.
func (j *Journal) writeData(data []byte) error {
	if err := os.MkdirAll(filepath.Dir(j.path), 0o700); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return WriteFileAtomic(j.path, data)
}

// Read returns the journal's bytes. ok is false when there is none.
func (j *Journal) Read() (data []byte, ok bool, err error) {
	data, err = os.ReadFile(j.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("journal: %w", err)
	}
	return data, true, nil
}

// Clear removes the journal (on a clean exit) and gives up its lock, once
// the writes under way are done: none can bring the file back after it.
func (j *Journal) Clear() error {
	j.Flush()
	err := os.Remove(j.path)
	if j.lock != nil {
		os.Remove(j.lockPath())
		j.unlock()
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Abandon lets go of the journal's lock without removing it, as the end of
// a killed process does. The writes under way finish first.
func (j *Journal) Abandon() {
	j.Flush()
	j.unlock()
}
