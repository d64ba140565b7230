package app

import (
	"fmt"
	"slices"
	"strings"

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
	fg, cur := s.fileCursor()         // an exploration is not journaled
	text, err := encodeGame(fg, true) // as it would be saved
	if err != nil {
		return playState{}, err
	}
	st := playState{PGN: string(text), Cursor: pathOf(cur), Phase: s.mode.phase(), Rules: s.rules, Records: gameRecords(fg)}
	s.mode.snapshot(&st)
	return st, nil
}

// restoreState puts the session back in state st. The clocks run again if
// they ran; a failure leaves the session as it was.
func (s *Session) restoreState(st playState) error {
	games, err := DecodeGames(strings.NewReader(st.PGN))
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
	s.game, s.mode = g, m
	s.rules = st.Rules
	s.cur = g.Root()
	if n, err := resolve(g, st.Cursor); err == nil {
		s.cur = n
	}
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
