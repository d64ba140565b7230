package app

// step is what the change under way has done so far. Every change of the
// session is one step: Session.change runs one, Session.play runs one of
// live play, and a mark made outside any (changed, treeChanged, setDirty)
// is a step of its own. Steps nest: an inner one is part of the outermost.
//
// The end of the outermost step, commit, is the one place that moves the
// version, sets the dirty flag, records a step of play for a takeback,
// writes the journal and tells the listeners (session_internal_test.go
// checks that nothing else assigns the version or the dirty flag).
type step struct {
	depth int
	// play: a step of live play (gestures, offers, claims, presses, the
	// flag) in a game played here, recorded so that a takeback or Undo of
	// a casual game restores everything as it was when the turn began.
	play  bool
	name  string // the name of a step of play, for Undo's label
	plies int    // the score's length when the step of play began
	shown bool   // something the window shows changed
	tree  bool   // the game tree changed: a new version, unsaved
	// explored: the tree shown changed but not the game of the file (an
	// exploration, explore.go): a new version, not unsaved.
	explored bool
	// setDirty: the step ends with the dirty flag at dirty (a load, a save,
	// a restore), after the tree's change.
	setDirty, dirty bool
}

// change runs f as one step of the session.
func (s *Session) change(f func()) { s.run("", false, f) }

// play runs f, a gesture or action of live play named name, as one step:
// its listeners hear of it once, and in a casual game a step that changed
// the game (a move, an offer, an end) is recorded so that a takeback or Undo
// restores everything as it was when the turn began, clocks included, and
// Redo makes it again. Outside live play it is a plain step.
func (s *Session) play(name string, f func()) { s.run(name, true, f) }

func (s *Session) run(name string, play bool, f func()) {
	st := &s.step
	if st.depth == 0 {
		*st = step{}
		if play && s.mode.plays() {
			if s.turnBase == nil {
				s.markTurn()
			}
			st.play, st.name, st.plies = true, name, s.game.PlyCount()
		}
	}
	st.depth++
	f()
	st.depth--
	if st.depth == 0 {
		s.commit()
	}
}

// commit ends the outermost step.
func (s *Session) commit() {
	st := s.step
	s.step = step{}
	shown := st.shown || st.tree || st.explored
	if st.play && st.tree {
		s.recordStep(st.name, s.game.PlyCount() > st.plies)
	}
	if st.tree {
		s.version++
		s.dirty = true
	} else if st.explored {
		s.version++
	}
	if st.setDirty {
		s.dirty = st.dirty
	}
	if !shown && !st.setDirty {
		return
	}
	if s.journal != nil {
		s.recordJournal(false)
		s.journaled = s.now()
	}
	for _, f := range s.listeners {
		f()
	}
}

// mark makes f's mark on the step under way, or on a step of its own.
func (s *Session) mark(f func(st *step)) {
	if s.step.depth == 0 {
		s.change(func() { f(&s.step) })
		return
	}
	f(&s.step)
}

// changed marks a change of what the window shows (a selection, the node
// shown, a message): the journal is written and the listeners are told.
func (s *Session) changed() { s.mark(func(st *step) { st.shown = true }) }

// treeChanged marks a change of the game tree (a move, a comment, an end,
// a game loaded): a new version, the game unsaved, then as changed.
func (s *Session) treeChanged() { s.mark(func(st *step) { st.tree = true }) }

// exploredChanged marks a change of the tree shown that leaves the game of
// the file alone (an exploration opened, a move explored, the exploration
// left): a new version, the game not unsaved.
func (s *Session) exploredChanged() { s.mark(func(st *step) { st.explored = true }) }

// setDirty makes the step end with the dirty flag at v.
func (s *Session) setDirty(v bool) {
	s.mark(func(st *step) { st.setDirty, st.dirty = true, v })
}
