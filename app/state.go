package app

import (
	"fmt"
	"slices"
	"strings"

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
	g := s.live
	st := playState{PGN: string(text), Cursor: pathOf(cur), Phase: g.phase(), Rules: s.rules, Records: gameRecords(fg)}
	if st.Phase == Browsing {
		return st, nil
	}
	sn := g.arb.Snapshot()
	st.Arbiter = &sn
	st.Pending = append([]pendingComment(nil), g.pending...)
	st.Armageddon = g.armageddon
	if g.timed() {
		t := g.clock
		ts, sn := t.settings, t.clk.Snapshot()
		st.Time, st.Clock = &ts, &sn
		st.Running = t.clk.Started() && !t.clk.Paused() && !t.clk.Stopped()
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
	var o *liveGame
	if st.Phase != Browsing && st.Arbiter != nil {
		a, err := arbiter.Restore(*st.Arbiter)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		ply := g.PlyCount() - len(st.Arbiter.Moves)
		if ply < 0 {
			return fmt.Errorf("restore: the arbiter has %d moves, the game %d", len(st.Arbiter.Moves), g.PlyCount())
		}
		base := g.Root()
		for range ply {
			base = base.Next()
		}
		o = &liveGame{arb: a, base: base, ended: st.Phase == Finished, armageddon: st.Armageddon,
			bound: a.Obligation().Piece, pending: st.Pending}
	}
	if o != nil && st.Time != nil && st.Clock != nil {
		clk, err := clock.Restore(st.Time.White, st.Time.Black, *st.Clock, s.now)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		if st.Running {
			if _, err := clk.Resume(); err != nil {
				return fmt.Errorf("restore: %w", err)
			}
		}
		o.clock = &timing{clk: clk, settings: *st.Time}
	}
	if st.Phase != Browsing && o == nil {
		return fmt.Errorf("restore: a %v game without its arbiter", st.Phase)
	}
	s.game, s.live = g, o
	s.explore = nil
	s.rules = st.Rules
	s.cur = g.Root()
	if n, err := resolve(g, st.Cursor); err == nil {
		s.cur = n
	}
	s.resetGesture()
	s.turnBase = nil
	if o.phase() == Playing {
		s.markTurn()
	}
	return nil
}

// markTurn keeps the state at the start of a turn, which a takeback of the
// turn's move goes back to.
func (s *Session) markTurn() {
	s.turnBase = nil
	if g := s.live; g.phase() == Browsing || g.arb.Rules() != arbiter.RulesCasual {
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
