package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"touchmove/core/chess"
)

// journalVersion is the version of the journal's format. Version 1 kept no
// arbiter: its game comes back to be browsed.
const journalVersion = 2

// Journals is the folder of crash journals. Every running window keeps its
// game in a journal of its own, locked while the window runs; at start-up
// the journals that no running window holds are the games of windows that
// did not close cleanly, and are offered for restoring.
type Journals struct {
	dir string
}

// NewJournals returns the journals kept in dir (created when needed).
func NewJournals(dir string) *Journals { return &Journals{dir: dir} }

// Journal keeps one window's game on disk, rewritten atomically after every
// change and, while a clock runs, every second, so that after a crash or a
// kill the next start can restore it exactly. A clean exit removes it.
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
	// last is what was last written, less the time of writing: an entry
	// that says nothing new is not written again, except by the heartbeat.
	last    []byte
	pending []byte     // the newest entry not yet written (async)
	writing bool       // a writer goroutine runs (async)
	idle    *sync.Cond // signalled when the writer stops
}

// JournalEntry is what a journal holds: the game, where it belongs, and the
// state of its play (arbiter, clocks, the node shown).
type JournalEntry struct {
	Version   int       `json:"version"`
	Written   time.Time `json:"written"`
	Path      string    `json:"path,omitempty"` // the file the game belongs to, absolute
	GameIndex int       `json:"gameIndex"`
	Dirty     bool      `json:"dirty"`
	Flipped   bool      `json:"flipped"`
	// Origin is where the game's bytes lie in Path, for a save after the
	// restore to check them as the save of the game read would.
	Origin *Origin `json:"origin,omitempty"`
	// Opponents are the engines playing the game (opponent.go).
	Opponents *Opponents `json:"opponents,omitempty"`
	playState
}

// Empty reports whether the journal holds nothing a user made: the new game
// a window starts with, untouched. Such a journal is not worth a question.
func (e JournalEntry) Empty() bool {
	if e.Dirty || e.Path != "" {
		return false
	}
	games, err := DecodeGames(strings.NewReader(e.PGN))
	return err == nil && len(games) == 1 && games[0].PlyCount() == 0 &&
		games[0].Root().Comment() == "" && games[0].Result() == chess.Unfinished
}

// Plies returns the number of moves (plies) to the node shown.
func (e JournalEntry) Plies() int { return len(e.Cursor) }

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

// Orphan is a journal left by a window that did not close cleanly. It stays
// locked by this process, and on disk, until Discard: a crash while the
// user decides loses nothing.
type Orphan struct {
	Entry JournalEntry
	j     *Journal
}

// Path returns the orphan's journal file.
func (o *Orphan) Path() string { return o.j.path }

// Discard removes the orphan's journal, once its game is restored or
// declined.
func (o *Orphan) Discard() error { return o.j.Clear() }

// Release gives the orphan back without removing it, for another window
// or the next start to offer.
func (o *Orphan) Release() { o.j.unlock() }

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

// Orphans returns the journals no running window holds, oldest first, and
// locks each so that no other window offers it too. A journal that cannot
// be read is moved aside (NAME.bad, kept for the user) and reported in the
// errors, each saying where the copy is.
func (js *Journals) Orphans() ([]*Orphan, []error) {
	names, err := filepath.Glob(filepath.Join(js.dir, "journal*.json"))
	if err != nil || len(names) == 0 {
		return nil, nil
	}
	slices.Sort(names)
	var out []*Orphan
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
		e, found, err := j.Load()
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
		case e.Empty():
			// A window that died before anything was made in it.
			if err := j.Clear(); err != nil {
				errs = append(errs, fmt.Errorf("the empty game journal %s could not be removed: %w", filepath.Base(name), err))
			}
		default:
			out = append(out, &Orphan{Entry: e, j: j})
		}
	}
	slices.SortFunc(out, func(a, b *Orphan) int { return a.Entry.Written.Compare(b.Entry.Written) })
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

// Record writes the session's game to the journal, unless the journal
// already holds exactly that (a refusal, a redraw).
func (j *Journal) Record(s *Session) { j.record(s, false) }

// heartbeat writes the session's game to the journal even when only the
// time has changed: the running clock's reading is in it.
func (j *Journal) heartbeat(s *Session) { j.record(s, true) }

func (j *Journal) record(s *Session, always bool) {
	e, err := s.journalEntry()
	if err != nil {
		j.setErr(err)
		return
	}
	e.Version = journalVersion
	written := e.Written
	e.Written = time.Time{}
	key, err := json.Marshal(e)
	if err != nil {
		j.setErr(fmt.Errorf("journal: %w", err))
		return
	}
	j.mu.Lock()
	same := !always && j.err == nil && string(key) == string(j.last)
	j.mu.Unlock()
	if same {
		return
	}
	e.Written = written
	data, err := encodeEntry(e)
	if err != nil {
		j.setErr(err)
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

func (j *Journal) setErr(err error) {
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

// Write stores e atomically, at once.
func (j *Journal) Write(e JournalEntry) error {
	e.Version = journalVersion
	data, err := encodeEntry(e)
	if err != nil {
		return err
	}
	return j.writeData(data)
}

// encodeEntry returns e as the journal file holds it.
func encodeEntry(e JournalEntry) ([]byte, error) {
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return data, nil
}

// writeData stores data atomically.
func (j *Journal) writeData(data []byte) error {
	if err := os.MkdirAll(filepath.Dir(j.path), 0o700); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return WriteFileAtomic(j.path, data)
}

// Load reads the journal. ok is false when there is none.
func (j *Journal) Load() (e JournalEntry, ok bool, err error) {
	data, err := os.ReadFile(j.path)
	if errors.Is(err, fs.ErrNotExist) {
		return e, false, nil
	}
	if err != nil {
		return e, false, fmt.Errorf("journal: %w", err)
	}
	if err := json.Unmarshal(data, &e); err != nil {
		return e, false, fmt.Errorf("journal %s: %w", j.path, err)
	}
	if e.Version < 1 || e.Version > journalVersion {
		return e, false, fmt.Errorf("journal %s: unknown version %s", j.path, strconv.Itoa(e.Version))
	}
	if e.PGN == "" {
		return e, false, fmt.Errorf("journal %s: it holds no game", j.path)
	}
	return e, true, nil
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

// journalEntry captures the session.
func (s *Session) journalEntry() (JournalEntry, error) {
	st, err := s.snapshot()
	if err != nil {
		return JournalEntry{}, err
	}
	path := s.path
	if path != "" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	var origin *Origin
	if s.origin != nil {
		o := *s.origin
		if abs, err := filepath.Abs(o.Path); err == nil {
			o.Path = abs
		}
		origin = &o
	}
	var opp *Opponents
	if o := s.Opponents(); o.Any() {
		opp = &o
	}
	return JournalEntry{Written: s.now(), Path: path, GameIndex: s.gameIndex,
		Dirty: s.dirty, Flipped: s.flipped, Origin: origin, Opponents: opp, playState: st}, nil
}

// Restore replaces the session's game with the journal's: the game, the
// node shown, the arbiter with its touched pieces and offers, and the
// clocks, paused, at the times of the journal's last write.
func (s *Session) Restore(e JournalEntry) error {
	st := e.playState
	st.Running = false
	if err := s.restoreState(st); err != nil {
		return err
	}
	s.change(func() {
		s.path, s.gameIndex, s.origin = e.Path, e.GameIndex, e.Origin
		s.flipped = e.Flipped
		s.seatFromJournal(e.Opponents)
		s.hist.clear()
		s.message = text(mRestored)
		if s.clockPaused() {
			s.message = text(mRestoredPaused)
		}
		s.treeChanged()
		s.setDirty(e.Dirty)
	})
	return nil
}
