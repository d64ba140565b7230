package app

import (
	"errors"
	"fmt"
	"slices"

	"touchmove/core/game"
	"touchmove/core/msg"
)

// maxUndo bounds the history: the oldest change is forgotten beyond it.
const maxUndo = 200

// errStale reports a history that no longer fits the tree, which happens only
// when the tree was changed behind the history's back.
var errStale = errors.New("the move tree changed outside the editor")

// Edit is one undoable change of the game tree, made through Session.Apply.
// Do and Undo change the tree in place, addressing nodes by their path of
// child indexes from the root, so that node identity survives where the tree
// is not rebuilt.
type Edit struct {
	// Name says what changes, for menu labels: "comment", "delete variation".
	Name string
	// Live edits are allowed while a game is played (some tags).
	Live bool
	// Follow moves the cursor to the node Do returns; otherwise that node is
	// where the cursor goes when its own node left the tree.
	Follow bool
	Do     func(g *game.Game) (*game.Node, error)
	Undo   func(g *game.Game) error
}

// change is one change in the session's history.
type change struct {
	name string
	// live records may be undone and redone while a game is played: tag
	// edits, and the moves of a casual game.
	live bool
	// move: the change takes back a move of live play (Takeback stops after it).
	move bool
	// before and after are the cursor paths around a tree edit; nil for a
	// change of play, whose states hold their own cursor.
	before, after []int
	undo, redo    func() error
}

// history is the session's undo and redo stacks.
type history struct {
	undo, redo []*change
}

func (h *history) clear() {
	clear(h.undo)
	clear(h.redo)
	h.undo, h.redo = h.undo[:0], h.redo[:0]
}

// push records r as the newest change, forgetting the oldest beyond maxUndo,
// and drops what could be redone.
func (h *history) push(r *change) {
	clear(h.redo)
	h.redo = h.redo[:0]
	if len(h.undo) >= maxUndo {
		h.undo = slices.Delete(h.undo, 0, len(h.undo)-maxUndo+1)
	}
	h.undo = append(h.undo, r)
}

// CanUndo reports whether there is a change to undo now.
func (s *Session) CanUndo() bool { return s.Can(ActionUndo).Enabled }

// CanRedo reports whether there is an undone change to redo now.
func (s *Session) CanRedo() bool { return s.Can(ActionRedo).Enabled }

// UndoLabel returns the menu label for Undo: "Undo comment", or "Undo".
func (s *Session) UndoLabel() string { return s.Can(ActionUndo).Label }

// RedoLabel returns the menu label for Redo: "Redo delete variation", or "Redo".
func (s *Session) RedoLabel() string { return s.Can(ActionRedo).Label }

// undoState answers Can for Undo and Redo: nothing and live are the keys of
// the refusals when the stack is empty and when its change is an edit
// during live play.
func (s *Session) undoState(stack []*change, verb, nothing, live string) ActionState {
	if len(stack) == 0 {
		return ActionState{Label: verb, Why: text(nothing)}
	}
	r := stack[len(stack)-1]
	st := ActionState{Label: verb + " " + r.name, Enabled: true}
	if !s.mode.editable(r.live) {
		st.Enabled, st.Why = false, text(live, msg.Word("Change", r.name))
	}
	return st
}

// Undo reverts the last change and shows the position it was made at.
func (s *Session) Undo() error {
	return s.replay(ActionUndo, "undo", &s.hist.undo, &s.hist.redo,
		func(r *change) (func() error, []int) { return r.undo, r.before })
}

// Redo re-applies the last undone change.
func (s *Session) Redo() error {
	return s.replay(ActionRedo, "redo", &s.hist.redo, &s.hist.undo,
		func(r *change) (func() error, []int) { return r.redo, r.after })
}

// replay is Undo or Redo (action a, named verb): it takes the newest change
// off from, runs what way gives of it (its undo or its redo), moves it onto
// to and shows the position at the cursor path way gives (nil: a change of
// play, whose state holds its own cursor). A failed run clears the history.
func (s *Session) replay(a Action, verb string, from, to *[]*change, way func(*change) (func() error, []int)) error {
	if st := s.Can(a); !st.Enabled {
		return refusal(a, st.Why)
	}
	s.LeaveExploration() // the history is of the game of the file
	r := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	run, at := way(r)
	var err error
	s.change(func() {
		s.treeChanged()
		if err = run(); err != nil {
			s.hist.clear()
			return
		}
		*to = append(*to, r)
		if at != nil {
			s.goToPath(at)
			s.mode.afterEdit(s)
		}
	})
	if err != nil {
		return fmt.Errorf("%s %s: %w", verb, r.name, err)
	}
	return nil
}

// Apply makes e, an edit of the game tree, and records it for undo. Outside
// live play every edit is allowed; while a game is played only Live edits.
func (s *Session) Apply(e Edit) error {
	op := e.Name
	if !s.mode.editable(e.Live) {
		return fmt.Errorf("%s: %w", op, ErrLiveGame)
	}
	var err error
	s.change(func() {
		if err = s.beforeEdit(); err == nil {
			err = s.apply(e)
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// apply is Apply's step: it makes e and records it for undo.
func (s *Session) apply(e Edit) error {
	r := &change{name: e.Name, live: e.Live, before: pathOf(s.cur)}
	target, err := e.Do(s.game)
	if err != nil {
		return err
	}
	s.treeChanged()
	switch {
	case e.Follow && target != nil:
		s.setCursor(target)
	case s.cur.Root() != s.game.Root():
		if target == nil {
			target = s.game.Root()
		}
		s.setCursor(target)
	}
	r.after = pathOf(s.cur)
	s.mode.afterEdit(s)
	// The tree may have been rebuilt since (a takeback restores a copy):
	// the edit addresses nodes by path in whatever tree is shown.
	r.undo = func() error { return e.Undo(s.game) }
	r.redo = func() error { _, err := e.Do(s.game); return err }
	s.hist.push(r)
	return nil
}

// ReplaceGame puts g in the place of the game shown, as one undoable change
// called name (an engine's analysis of the whole game, made on a copy): the
// node shown stays where the two games share it. g must be a game to browse
// or a finished one, not one being played.
func (s *Session) ReplaceGame(name string, g *game.Game) error {
	if err := s.refused(ActionAnnotate); err != nil {
		return err
	}
	s.LeaveExploration()
	old, cursor := s.game, pathOf(s.cur)
	oldMode := s.mode
	swap := func(to *game.Game) {
		s.game = to
		s.goToPath(cursor)
		if to == old {
			s.mode = oldMode
		} else {
			s.mode = browseMode{} // the new tree is not the arbiter's record of play
		}
	}
	s.change(func() {
		s.hist.push(&change{name: name, live: false,
			undo: func() error { swap(old); return nil },
			redo: func() error { swap(g); return nil }})
		swap(g)
		s.treeChanged()
	})
	return nil
}

// goToPath puts the cursor on the node at path p (the root if there is none).
func (s *Session) goToPath(p []int) {
	n, err := resolve(s.game, p)
	if err != nil {
		n = s.game.Root()
	}
	s.setCursor(n)
}

func (s *Session) setCursor(n *game.Node) {
	if n != s.cur {
		s.cur = n
		s.resetGesture()
	}
}

// pathOf returns the child indexes that lead from the root to n.
func pathOf(n *game.Node) []int {
	p := []int{}
	for ; !n.IsRoot(); n = n.Parent() {
		p = append(p, n.Index())
	}
	slices.Reverse(p)
	return p
}

// resolve returns the node at path p of g.
func resolve(g *game.Game, p []int) (*game.Node, error) {
	n := g.Root()
	for _, i := range p {
		kids := n.Children()
		if i < 0 || i >= len(kids) {
			return nil, errStale
		}
		n = kids[i]
	}
	return n, nil
}

// doAt returns an Edit's Do that runs f on the node at path p of the game.
func doAt(p []int, f func(x *game.Node) (*game.Node, error)) func(*game.Game) (*game.Node, error) {
	return func(g *game.Game) (*game.Node, error) {
		x, err := resolve(g, p)
		if err != nil {
			return nil, err
		}
		return f(x)
	}
}

// undoAt returns an Edit's Undo that runs f on the node at path p of the game.
func undoAt(p []int, f func(x *game.Node) error) func(*game.Game) error {
	return func(g *game.Game) error {
		x, err := resolve(g, p)
		if err != nil {
			return err
		}
		return f(x)
	}
}
