package app

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"touchmove/app/store"
	"touchmove/core/chess"
)

// journalVersion is the version of the journal's format. Version 1 kept no
// arbiter: its game comes back to be browsed.
const journalVersion = 2

// JournalEntry is what a journal (store.Journal) holds: the game, where it
// belongs, and the state of its play (arbiter, clocks, the node shown).
type JournalEntry struct {
	Version   int       `json:"version"`
	Written   time.Time `json:"written"`
	Path      string    `json:"path,omitempty"` // the file the game belongs to, absolute
	GameIndex int       `json:"gameIndex"`
	Dirty     bool      `json:"dirty"`
	Flipped   bool      `json:"flipped"`
	// Origin is where the game's bytes lie in Path, for a save after the
	// restore to check them as the save of the game read would.
	Origin *store.Origin `json:"origin,omitempty"`
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
	games, err := store.DecodeGames(strings.NewReader(e.PGN))
	return err == nil && len(games) == 1 && games[0].PlyCount() == 0 &&
		games[0].Root().Comment() == "" && games[0].Result() == chess.Unfinished
}

// Plies returns the number of moves (plies) to the node shown.
func (e JournalEntry) Plies() int { return len(e.Cursor) }

// Orphan is a journal left by a window that did not close cleanly, with
// its entry.
type Orphan = store.Orphan[JournalEntry]

// Orphans returns the journals of js no running window holds, oldest
// first, each locked so that no other window offers it too. A journal that
// cannot be read is moved aside (NAME.bad, kept for the user) and reported
// in the errors, each saying where the copy is; one that holds nothing a
// user made is removed.
func Orphans(js *store.Journals) ([]*Orphan, []error) {
	out, errs := store.Orphans(js, func(data []byte) (JournalEntry, bool, error) {
		e, err := decodeEntry(data)
		return e, err == nil && !e.Empty(), err
	})
	slices.SortFunc(out, func(a, b *Orphan) int { return a.Entry.Written.Compare(b.Entry.Written) })
	return out, errs
}

// recordJournal writes the session's game to its journal, unless the
// journal already holds exactly that (a refusal, a redraw); always writes
// it even when only the time has changed (the heartbeat: the running
// clock's reading is in it).
func (s *Session) recordJournal(always bool) {
	j := s.journal
	e, err := s.journalEntry()
	if err != nil {
		j.SetErr(err)
		return
	}
	e.Version = journalVersion
	written := e.Written
	e.Written = time.Time{}
	key, err := json.Marshal(e)
	if err != nil {
		j.SetErr(fmt.Errorf("journal: %w", err))
		return
	}
	e.Written = written
	data, err := encodeEntry(e)
	if err != nil {
		j.SetErr(err)
		return
	}
	j.Record(data, key, always)
}

// encodeEntry returns e as the journal file holds it.
func encodeEntry(e JournalEntry) ([]byte, error) {
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return data, nil
}

// LoadJournal reads the entry of j. ok is false when there is none.
func LoadJournal(j *store.Journal) (e JournalEntry, ok bool, err error) {
	data, ok, err := j.Read()
	if !ok || err != nil {
		return e, false, err
	}
	if e, err = decodeEntry(data); err != nil {
		return e, false, fmt.Errorf("journal %s: %w", j.Path(), err)
	}
	return e, true, nil
}

// decodeEntry decodes a journal's bytes and checks that they hold a game
// in a version of the format this build reads.
func decodeEntry(data []byte) (e JournalEntry, err error) {
	if err := json.Unmarshal(data, &e); err != nil {
		return e, err
	}
	if e.Version < 1 || e.Version > journalVersion {
		return e, fmt.Errorf("unknown version %s", strconv.Itoa(e.Version))
	}
	if e.PGN == "" {
		return e, fmt.Errorf("it holds no game")
	}
	return e, nil
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
	var origin *store.Origin
	if s.origin != nil {
		o := *s.origin
		if abs, err := filepath.Abs(o.Path); err == nil {
			o.Path = abs
		}
		origin = &o
	}
	var opp *Opponents
	if s.opp.players.Any() {
		o := s.opp.players
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
		s.opp = opponentState{}
		if e.Opponents != nil && s.Phase() == Playing {
			s.opp.players = *e.Opponents
		}
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
