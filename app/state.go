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
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// playState is everything a takeback of live play restores and the crash
// journal keeps: the game, the node shown, the mode, the arbiter (touched
// pieces, offers, counts) and the clocks.
type playState struct {
	PGN    string `json:"pgn"`
	Cursor []int  `json:"cursor"`
	Phase  Phase  `json:"sessionMode"`
	// Arbiter is the arbiter of a game played here.
	Arbiter *arbiter.Snapshot `json:"arbiter,omitempty"`
	// Time and Clock hold the clocks of a timed game played here; Running
	// tells whether they ran (not paused, not stopped) when captured.
	Time    *TimeSettings   `json:"time,omitempty"`
	Clock   *clock.Snapshot `json:"clock,omitempty"`
	Running bool            `json:"running,omitempty"`
	// Pending holds the comments of events that belong to a move not made yet.
	Pending    []pendingComment `json:"pending,omitempty"`
	Rules      arbiter.Settings `json:"rules"`
	Armageddon bool             `json:"armageddon,omitempty"`
	// Records are what the game recorded for the players in its comments
	// (game.Record), which its PGN keeps only in English.
	Records []nodeRecords `json:"records,omitempty"`
	// Drill is the drill under way over the game (drilljournal.go).
	Drill *drillSnapshot `json:"drill,omitempty"`
}

// nodeRecords are the records of the node at Path (nil: the closing
// comment's).
type nodeRecords struct {
	Path    []int         `json:"path"`
	Records []game.Record `json:"records"`
}

// gameRecords returns the records of g's nodes and its closing comment.
func gameRecords(g *game.Game) []nodeRecords {
	var out []nodeRecords
	add := func(n *game.Node) {
		if rs := n.Records(); len(rs) > 0 {
			out = append(out, nodeRecords{Path: pathOf(n), Records: rs})
		}
	}
	add(g.Root())
	for n := range g.Nodes() {
		add(n)
	}
	if rs := g.EndRecords(); len(rs) > 0 {
		out = append(out, nodeRecords{Records: rs})
	}
	return out
}

// setGameRecords gives the records of rs back to g's nodes; those of a
// node or closing comment that is not there are dropped.
func setGameRecords(g *game.Game, rs []nodeRecords) {
	for _, r := range rs {
		if r.Path == nil {
			// PGN cannot tell the closing comment from the last move's:
			// read back, it may be the last comment of the main line.
			if end := g.End(); len(r.Records) == 1 && g.EndComment() != r.Records[0].Comment {
				end.SetRecords(append(slices.Clone(end.Records()), r.Records[0]))
			} else if len(r.Records) == 1 {
				g.SetEndRecord(r.Records[0])
			}
			continue
		}
		if n, err := resolve(g, r.Path); err == nil {
			n.SetRecords(r.Records)
		}
	}
}

// snapshot returns the session's play state.
func (s *Session) snapshot() (playState, error) {
	fg, cur := s.fileCursor()          // an exploration is not journaled
	text, err := store.EncodeSaved(fg) // as it would be saved
	if err != nil {
		return playState{}, err
	}
	st := playState{PGN: string(text), Cursor: pathOf(cur), Phase: s.mode.phase(), Rules: s.rules, Records: gameRecords(fg)}
	s.mode.snapshot(&st)
	if st.Drill != nil && s.cur.Game() == s.game {
		st.Drill.Cursor = pathOf(s.cur) // the drill's board
	}
	return st, nil
}

// restoreState puts the session back in state st. The clocks run again if
// they ran; a failure leaves the session as it was.
func (s *Session) restoreState(st playState) error {
	games, err := store.DecodeGames(strings.NewReader(st.PGN))
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if len(games) != 1 {
		return fmt.Errorf("restore: %d games, want 1", len(games))
	}
	g := games[0]
	setGameRecords(g, st.Records)
	m, err := restoredMode(st, g, s.now, *s.seats())
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	cur := g.Root()
	if n, err := resolve(g, st.Cursor); err == nil {
		cur = n
	}
	s.game, s.mode, s.cur = g, m, cur
	if st.Drill != nil {
		d, shown, err := restoreDrill(*st.Drill, m, g, cur, s.now())
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		s.game, s.mode, s.cur = d.at.Game(), d, shown
	}
	s.rules = st.Rules
	s.resetGesture()
	s.turnBase = nil
	if m.plays() {
		s.markTurn()
	}
	return nil
}

// markTurn keeps the state at the start of a turn, which a takeback of the
// turn's move goes back to.
func (s *Session) markTurn() {
	s.turnBase = nil
	if !s.mode.takesBack() {
		return
	}
	if st, err := s.snapshot(); err == nil {
		s.turnBase = &st
	}
}

// recordStep records a step of casual play that changed the game, from the
// state at the start of the turn to now (commit calls it).
func (s *Session) recordStep(name string, move bool) {
	before := s.turnBase
	s.markTurn()
	after := s.turnBase
	if after == nil {
		return // a move made stands [Article 4.7]: nothing to record
	}
	if before == nil {
		s.hist.clear() // cannot be undone exactly: better not at all
		return
	}
	if n := s.game.End(); move && !n.IsRoot() {
		name = "move " + moveName(n)
	}
	b, a := *before, *after
	s.hist.push(&change{name: name, live: true, move: move,
		undo: func() error { return s.restoreState(b) },
		redo: func() error { return s.restoreState(a) }})
}

// pendingComment is the comment of an arbiter event that belongs to a move
// not yet in the score: a draw offer made before moving.
type pendingComment struct {
	Ply     int         `json:"ply"`
	Comment string      `json:"comment"`
	Side    chess.Color `json:"side"`
	// Text is the keyed message of Comment (arbiter.Event.Note).
	Text msg.Text `json:"text,omitzero"`
}

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
// a window starts with, untouched, and no drill over it. Such a journal is
// not worth a question.
func (e JournalEntry) Empty() bool {
	if e.Dirty || e.Path != "" || e.Drill != nil {
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
