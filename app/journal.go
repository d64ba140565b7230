package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/clock"
)

// Journal keeps the game in progress on disk, rewritten atomically after
// every change, so that after a crash or a kill the next start can restore it
// exactly. A clean exit removes it.
type Journal struct {
	path string
	err  error // the last write error, reported once
}

// JournalEntry is what the journal holds.
type JournalEntry struct {
	Version   int       `json:"version"`
	Written   time.Time `json:"written"`
	PGN       string    `json:"pgn"`
	Path      string    `json:"path,omitempty"` // the file the game belongs to
	GameIndex int       `json:"gameIndex"`
	Dirty     bool      `json:"dirty"`
	Live      bool      `json:"live"`
	Flipped   bool      `json:"flipped"`
	// Cursor is the path of child indexes from the root to the node shown.
	Cursor []int `json:"cursor"`
	// Time and Clock hold the clocks of a timed game in progress.
	Time  *TimeSettings   `json:"time,omitempty"`
	Clock *clock.Snapshot `json:"clock,omitempty"`
	// Mode and Rules are the rules of a live game.
	Mode  arbiter.Mode     `json:"mode"`
	Rules arbiter.Settings `json:"rules"`
}

// NewJournal returns a journal kept in dir (created when missing).
func NewJournal(dir string) *Journal {
	return &Journal{path: filepath.Join(dir, "journal.json")}
}

// Record writes the session's game to the journal.
func (j *Journal) Record(s *Session) {
	e, err := s.journalEntry()
	if err == nil {
		err = j.Write(e)
	}
	j.err = err
}

// Err returns the error of the last write, or nil.
func (j *Journal) Err() error { return j.err }

// Write stores e atomically.
func (j *Journal) Write(e JournalEntry) error {
	e.Version = 1
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(j.path), 0o755); err != nil {
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
	return e, true, nil
}

// Clear removes the journal (on a clean exit).
func (j *Journal) Clear() error {
	if err := os.Remove(j.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// journalEntry captures the session.
func (s *Session) journalEntry() (JournalEntry, error) {
	text, err := EncodeGame(s.game)
	if err != nil {
		return JournalEntry{}, err
	}
	e := JournalEntry{Written: s.now(), PGN: string(text), Path: s.path, GameIndex: s.gameIndex,
		Dirty: s.dirty, Live: s.live, Flipped: s.flipped}
	e.Mode, e.Rules = s.Mode(), s.rules
	if sn := s.clockSnapshot(); sn != nil {
		ts := s.timing.settings
		e.Time, e.Clock = &ts, sn
	}
	for n := s.cur; !n.IsRoot(); n = n.Parent() {
		e.Cursor = append(e.Cursor, n.Index())
	}
	for i, k := 0, len(e.Cursor)-1; i < k; i, k = i+1, k-1 {
		e.Cursor[i], e.Cursor[k] = e.Cursor[k], e.Cursor[i]
	}
	return e, nil
}

// Restore replaces the session's game with the journal's.
func (s *Session) Restore(e JournalEntry) error {
	games, err := DecodeGames(strings.NewReader(e.PGN))
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if len(games) != 1 {
		return fmt.Errorf("restore: the journal holds %d games, want 1", len(games))
	}
	g := games[0]
	s.game, s.cur = g, g.Root()
	s.version++
	for _, i := range e.Cursor {
		ch := s.cur.Children()
		if i < 0 || i >= len(ch) {
			break
		}
		s.cur = ch[i]
	}
	s.path, s.gameIndex = e.Path, e.GameIndex
	s.dirty, s.live, s.flipped = e.Dirty, e.Live, e.Flipped
	s.timing, s.otb = nil, nil
	if e.Time != nil && e.Clock != nil && e.Live {
		if err := s.restoreClocks(*e.Time, *e.Clock); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	}
	s.rules = e.Rules
	if e.Live {
		if err := s.startArbiter(e.Mode); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	}
	s.resetGesture()
	s.message = "Restored the game in progress."
	s.changed()
	return nil
}
