package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/game"
)

// ErrLiveGame is returned for an annotation edit while a game is played live:
// no notes during a live game (rules.md §8.1).
var ErrLiveGame = errors.New("annotations are available after the game")

// errStale reports a history that no longer fits the tree, which happens only
// when the tree was changed behind the editor's back without a new version.
var errStale = errors.New("the move tree changed outside the editor")

// maxUndo bounds the history: the oldest edit is forgotten beyond it.
const maxUndo = 200

// Editor changes the annotations and the move tree of a session's game and
// keeps every change for undo and redo. Like Fyne's entryUndoStack it is
// plain logic with no widgets: ui calls it from menus and shortcuts.
//
// An edit is recorded as a pair of small functions that do and undo it in
// place, addressing nodes by their path of child indexes from the root, so
// that node identity survives where the tree is not rebuilt and a restored
// subtree is found again by later records. Undo restores the game exactly
// (its PGN export is byte-identical) and the cursor where it was; redo
// re-applies the edit. At most 200 edits are kept; an edit after an undo
// drops what could be redone.
//
// The history belongs to one state of the tree: when the session's game
// changes by other means (a game loaded or started, a move played through
// the Session directly, a takeback), the history is dropped.
//
// Every edit marks the session dirty, changes its TreeVersion and notifies
// its listeners. An Editor is not safe for concurrent use.
type Editor struct {
	s       *Session
	undo    []*edit
	redo    []*edit
	game    *game.Game // the game the history belongs to
	version int        // the session's tree version the history fits
}

// edit is one undoable change.
type edit struct {
	name string // what changed, for menu labels: "comment", "delete variation"
	// live edits are allowed while a game is played live (some tags).
	live bool
	// structural edits reorder or remove nodes and must not bring a null
	// move onto the main line, which PGN cannot express.
	structural bool
	// follow moves the cursor to the node do returns; otherwise that node is
	// where the cursor goes when its own node left the tree.
	follow        bool
	before, after []int // cursor paths before and after the edit
	do            func(g *game.Game) (*game.Node, error)
	undo          func(g *game.Game) error
}

// NewEditor returns an editor of s's game with an empty history.
func NewEditor(s *Session) *Editor {
	return &Editor{s: s, game: s.game, version: s.version}
}

// CanUndo reports whether there is an edit to undo.
func (e *Editor) CanUndo() bool {
	e.sync()
	return len(e.undo) > 0
}

// CanRedo reports whether there is an undone edit to redo.
func (e *Editor) CanRedo() bool {
	e.sync()
	return len(e.redo) > 0
}

// UndoLabel returns the menu label for Undo: "Undo comment", or "Undo" when
// there is nothing to undo.
func (e *Editor) UndoLabel() string {
	if !e.CanUndo() {
		return "Undo"
	}
	return "Undo " + e.undo[len(e.undo)-1].name
}

// RedoLabel returns the menu label for Redo: "Redo delete variation", or
// "Redo" when there is nothing to redo.
func (e *Editor) RedoLabel() string {
	if !e.CanRedo() {
		return "Redo"
	}
	return "Redo " + e.redo[len(e.redo)-1].name
}

// Undo reverts the last edit and puts the cursor back where it was before it.
func (e *Editor) Undo() error {
	e.sync()
	if len(e.undo) == 0 {
		return errors.New("undo: nothing to undo")
	}
	r := e.undo[len(e.undo)-1]
	if e.s.live && !r.live {
		return fmt.Errorf("undo %s: %w", r.name, ErrLiveGame)
	}
	if err := r.undo(e.s.game); err != nil {
		e.fail()
		return fmt.Errorf("undo %s: %w", r.name, err)
	}
	e.undo[len(e.undo)-1] = nil
	e.undo = e.undo[:len(e.undo)-1]
	e.redo = append(e.redo, r)
	e.goTo(r.before)
	e.touched()
	return nil
}

// Redo re-applies the last undone edit and puts the cursor where the edit
// left it.
func (e *Editor) Redo() error {
	e.sync()
	if len(e.redo) == 0 {
		return errors.New("redo: nothing to redo")
	}
	r := e.redo[len(e.redo)-1]
	if e.s.live && !r.live {
		return fmt.Errorf("redo %s: %w", r.name, ErrLiveGame)
	}
	if _, err := r.do(e.s.game); err != nil {
		e.fail()
		return fmt.Errorf("redo %s: %w", r.name, err)
	}
	e.redo[len(e.redo)-1] = nil
	e.redo = e.redo[:len(e.redo)-1]
	e.undo = append(e.undo, r)
	e.goTo(r.after)
	e.touched()
	return nil
}

// sync drops the history when the session's tree changed by other means.
func (e *Editor) sync() {
	if e.s.game != e.game || e.s.version != e.version {
		e.forget()
	}
}

// forget drops the history and adopts the session's current tree.
func (e *Editor) forget() {
	clear(e.undo)
	clear(e.redo)
	e.undo, e.redo = e.undo[:0], e.redo[:0]
	e.game, e.version = e.s.game, e.s.version
}

// fail handles an undo or redo that did not fit the tree: the history is
// dropped and, as the tree may have changed, listeners are told.
func (e *Editor) fail() {
	e.forget()
	e.touched()
}

// touched records a change of the tree: dirty, a new version, listeners.
func (e *Editor) touched() {
	s := e.s
	s.version++
	s.dirty = true
	e.game, e.version = s.game, s.version
	s.changed()
}

// push records r as the newest edit, forgetting the oldest beyond maxUndo,
// and drops what could be redone.
func (e *Editor) push(r *edit) {
	clear(e.redo)
	e.redo = e.redo[:0]
	if len(e.undo) >= maxUndo {
		e.undo = slices.Delete(e.undo, 0, len(e.undo)-maxUndo+1)
	}
	e.undo = append(e.undo, r)
}

// goTo puts the cursor on the node at path p (the root if there is none).
func (e *Editor) goTo(p []int) {
	n, err := resolve(e.s.game, p)
	if err != nil {
		n = e.s.game.Root()
	}
	if n != e.s.cur {
		e.s.cur = n
		e.s.resetGesture()
	}
}

// ready checks that op may be done now.
func (e *Editor) ready(op string, liveOK bool) error {
	e.sync()
	if e.s.live && !liveOK {
		return fmt.Errorf("%s: %w", op, ErrLiveGame)
	}
	return nil
}

// check reports whether n is a node of the session's game tree.
func (e *Editor) check(op string, n *game.Node) error {
	if n == nil || n.Game() != e.s.game || n.Root() != e.s.game.Root() {
		return fmt.Errorf("%s: the move is not in the game shown", op)
	}
	return nil
}

// apply does r for the first time and records it.
func (e *Editor) apply(op string, r *edit) error {
	s := e.s
	r.name = op
	r.before = pathOf(s.cur)
	hadNull := r.structural && nullOnMainLine(s.game)
	target, err := r.do(s.game)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if r.structural && !hadNull && nullOnMainLine(s.game) {
		if err := r.undo(s.game); err != nil {
			e.fail()
			return fmt.Errorf("%s: %w", op, err)
		}
		return fmt.Errorf("%s: a null move cannot stand on the main line", op)
	}
	switch {
	case r.follow && target != nil:
		e.setCursor(target)
	case s.cur.Root() != s.game.Root():
		if target == nil {
			target = s.game.Root()
		}
		e.setCursor(target)
	}
	r.after = pathOf(s.cur)
	e.push(r)
	e.touched()
	return nil
}

func (e *Editor) setCursor(n *game.Node) {
	if n != e.s.cur {
		e.s.cur = n
		e.s.resetGesture()
	}
}

// pathOf returns the child indexes that lead from the root to n.
func pathOf(n *game.Node) []int {
	var p []int
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

func nullOnMainLine(g *game.Game) bool {
	for n := range g.MainLine() {
		if n.Move() == chess.NullMove {
			return true
		}
	}
	return false
}

// moveName names n's move as the notation shows it: "12. Nf3", "12... Nf6".
func moveName(n *game.Node) string {
	if n.IsRoot() {
		return "the start position"
	}
	dots := ". "
	if n.Mover() == chess.Black {
		dots = "... "
	}
	return fmt.Sprint(n.MoveNumber()) + dots + n.SAN()
}

// note is what an annotation edit may change on a node.
type note struct {
	comment, before string
	nags            []uint8
}

func noteOf(n *game.Node) note {
	return note{comment: n.Comment(), before: n.CommentBefore(), nags: slices.Clone(n.NAGs())}
}

func (nt note) set(n *game.Node) {
	n.SetComment(nt.comment)
	n.SetCommentBefore(nt.before)
	n.SetNAGs(nt.nags)
}

func (nt note) equal(o note) bool {
	return nt.comment == o.comment && nt.before == o.before && slices.Equal(nt.nags, o.nags)
}

// annotate records change of n's comments or NAGs as edit op; a change that
// changes nothing is not recorded.
func (e *Editor) annotate(op string, n *game.Node, change func(n *game.Node)) error {
	old := noteOf(n)
	change(n)
	nw := noteOf(n)
	old.set(n)
	if nw.equal(old) {
		return nil
	}
	p := pathOf(n)
	setAt := func(g *game.Game, nt note) error {
		x, err := resolve(g, p)
		if err != nil {
			return err
		}
		nt.set(x)
		return nil
	}
	return e.apply(op, &edit{
		do:   func(g *game.Game) (*game.Node, error) { return nil, setAt(g, nw) },
		undo: func(g *game.Game) error { return setAt(g, old) },
	})
}

// withText returns the comment raw with its visible text replaced by text:
// its embedded commands stay, first, followed by text. A run of commands that
// opens the comment is kept byte for byte; a comment that is nothing but a
// clock reading ({0:04:57}) keeps it as a [%clk] command.
func withText(raw, text string) string {
	text = strings.TrimSpace(text)
	cmds := game.Commands(raw)
	var prefix string
	if len(cmds) == 0 {
		if raw != "" && raw[0] >= '0' && raw[0] <= '9' {
			if d, ok := game.ParseClock(raw); ok {
				prefix = game.Command{Name: "clk", Args: game.FormatClock(d)}.String()
			}
		}
	} else {
		pos, verbatim := 0, true
		for _, c := range cmds {
			rest := strings.TrimLeft(raw[pos:], " \t\r\n")
			pos = len(raw) - len(rest)
			cs := c.String()
			if !strings.HasPrefix(rest, cs) {
				verbatim = false
				break
			}
			pos += len(cs)
		}
		if verbatim {
			prefix = strings.TrimSpace(raw[:pos])
		} else {
			parts := make([]string, len(cmds))
			for i, c := range cmds {
				parts[i] = c.String()
			}
			prefix = strings.Join(parts, " ")
		}
	}
	switch {
	case prefix == "":
		return text
	case text == "":
		return prefix
	}
	return prefix + " " + text
}

// sameText reports whether text shows as the visible text of raw.
func sameText(raw, text string) bool {
	return game.CommentText(raw) == strings.Join(strings.Fields(text), " ")
}

// SetCommentText replaces the visible text of the comment after n's move
// (on the root: the game's starting comment) by text, keeping its embedded
// commands ([%clk], [%eval], [%cal], [%csl] and unknown ones). An empty text
// leaves only the commands.
func (e *Editor) SetCommentText(n *game.Node, text string) error {
	const op = "comment"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if sameText(n.Comment(), text) {
		return nil
	}
	return e.annotate(op, n, func(n *game.Node) { n.SetComment(withText(n.Comment(), text)) })
}

// SetCommentBeforeText replaces the visible text of the comment before n's
// move, keeping its embedded commands, as SetCommentText does.
func (e *Editor) SetCommentBeforeText(n *game.Node, text string) error {
	const op = "comment"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if n.IsRoot() {
		return fmt.Errorf("%s: the start position has no move to comment before: %w", op, game.ErrRoot)
	}
	if sameText(n.CommentBefore(), text) {
		return nil
	}
	return e.annotate(op, n, func(n *game.Node) { n.SetCommentBefore(withText(n.CommentBefore(), text)) })
}

// SetEndCommentText replaces the visible text of the comment that closes the
// game, keeping its embedded commands.
func (e *Editor) SetEndCommentText(text string) error {
	const op = "comment"
	if err := e.ready(op, false); err != nil {
		return err
	}
	old := e.s.game.EndComment()
	if sameText(old, text) {
		return nil
	}
	nw := withText(old, text)
	return e.apply(op, &edit{
		do: func(g *game.Game) (*game.Node, error) {
			g.SetEndComment(nw)
			return nil, nil
		},
		undo: func(g *game.Game) error {
			g.SetEndComment(old)
			return nil
		},
	})
}

// nagGroup returns the range of NAGs that exclude each other with nag: the
// move judgements $1–$6 (! ? !! ?? !? ?!) and the position assessments
// $10–$21 (= … −+). Other NAGs stand alone.
func nagGroup(nag uint8) (lo, hi uint8, ok bool) {
	switch {
	case nag >= 1 && nag <= 6:
		return 1, 6, true
	case nag >= 10 && nag <= 21:
		return 10, 21, true
	}
	return 0, 0, false
}

// ToggleNAG removes nag from n's move if it is there, else adds it, replacing
// any NAG of its group: setting "!" ($1) replaces "?" ($2), "±" ($16)
// replaces "=" ($10); other NAGs ($7–$9, $22 and up) combine freely.
func (e *Editor) ToggleNAG(n *game.Node, nag uint8) error {
	const op = "annotation"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if n.IsRoot() {
		return fmt.Errorf("%s: the start position has no move to annotate: %w", op, game.ErrRoot)
	}
	if nag == 0 {
		return fmt.Errorf("%s: $0 is the null annotation", op)
	}
	return e.annotate(op, n, func(n *game.Node) {
		if n.HasNAG(nag) {
			n.RemoveNAG(nag)
			return
		}
		if lo, hi, ok := nagGroup(nag); ok {
			for x := lo; x <= hi; x++ {
				n.RemoveNAG(x)
			}
		}
		n.AddNAG(nag)
	})
}

// ClearNAGs removes every NAG from n's move.
func (e *Editor) ClearNAGs(n *game.Node) error {
	const op = "clear annotations"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	return e.annotate(op, n, func(n *game.Node) { n.ClearNAGs() })
}

func checkColor(op string, c game.MarkColor) error {
	switch c {
	case game.Green, game.Red, game.Blue, game.Yellow, game.Orange, game.Cyan:
		return nil
	}
	return fmt.Errorf("%s: %q is not a mark colour (G, R, B or Y)", op, rune(c))
}

// ToggleArrow toggles the arrow from–to in colour c in the [%cal] command
// after n's move (on the root: in the starting comment): an arrow of the same
// colour is removed, one of another colour changes to c, a new one is added.
func (e *Editor) ToggleArrow(n *game.Node, from, to chess.Square, c game.MarkColor) error {
	const op = "arrow"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if err := checkColor(op, c); err != nil {
		return err
	}
	if from > chess.H8 || to > chess.H8 || from == to {
		return fmt.Errorf("%s: an arrow joins two different squares", op)
	}
	return e.annotate(op, n, func(n *game.Node) {
		as := n.Arrows()
		same := func(a game.Arrow) bool { return a.From == from && a.To == to }
		i := slices.IndexFunc(as, same)
		switch {
		case i < 0:
			as = append(as, game.Arrow{Color: c, From: from, To: to})
		case slices.ContainsFunc(as, func(a game.Arrow) bool { return same(a) && a.Color == c }):
			as = slices.DeleteFunc(as, same)
		default:
			as[i].Color = c
			as = append(as[:i+1], slices.DeleteFunc(as[i+1:], same)...)
		}
		n.SetArrows(as)
	})
}

// ToggleSquare toggles the coloured square sq in colour c in the [%csl]
// command after n's move, as ToggleArrow does for arrows.
func (e *Editor) ToggleSquare(n *game.Node, sq chess.Square, c game.MarkColor) error {
	const op = "coloured square"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if err := checkColor(op, c); err != nil {
		return err
	}
	if sq > chess.H8 {
		return fmt.Errorf("%s: no such square", op)
	}
	return e.annotate(op, n, func(n *game.Node) {
		ms := n.Squares()
		same := func(m game.SquareMark) bool { return m.Square == sq }
		i := slices.IndexFunc(ms, same)
		switch {
		case i < 0:
			ms = append(ms, game.SquareMark{Color: c, Square: sq})
		case slices.ContainsFunc(ms, func(m game.SquareMark) bool { return same(m) && m.Color == c }):
			ms = slices.DeleteFunc(ms, same)
		default:
			ms[i].Color = c
			ms = append(ms[:i+1], slices.DeleteFunc(ms[i+1:], same)...)
		}
		n.SetSquares(ms)
	})
}

// addMoveEdit adds move m after the node at path p as its last child; undo
// removes that child again.
func addMoveEdit(p []int, m chess.Move) *edit {
	return &edit{
		follow: true,
		do: func(g *game.Game) (*game.Node, error) {
			parent, err := resolve(g, p)
			if err != nil {
				return nil, err
			}
			if parent.ChildFor(m) != nil {
				return nil, errStale
			}
			return parent.AddMove(m)
		},
		undo: func(g *game.Game) error {
			parent, err := resolve(g, p)
			if err != nil {
				return err
			}
			kids := parent.Children()
			if len(kids) == 0 || kids[len(kids)-1].Move() != m || len(kids[len(kids)-1].Children()) > 0 {
				return errStale
			}
			kids[len(kids)-1].Delete()
			return nil
		},
	}
}

// AddMove plays m after n outside live play (analysis) and shows the new
// position: an existing continuation with that move is followed, else the
// move becomes a new variation, or the continuation when n had none. Adding
// a move is undoable; following an existing one is navigation only.
func (e *Editor) AddMove(n *game.Node, m chess.Move) (*game.Node, error) {
	const op = "add move"
	if err := e.ready(op, false); err != nil {
		return nil, err
	}
	if err := e.check(op, n); err != nil {
		return nil, err
	}
	if m == chess.NullMove || m == chess.NoMove {
		return nil, fmt.Errorf("%s: %w", op, game.ErrNullMove)
	}
	if c := n.ChildFor(m); c != nil {
		e.s.GoTo(c)
		return c, nil
	}
	if e.s.over() && n == e.s.game.End() {
		return nil, fmt.Errorf("%s: the game is over after %s", op, moveName(n))
	}
	if p := n.Position(); !p.IsLegal(m) {
		return nil, fmt.Errorf("%s: %s after %s: %w", op, m, moveName(n), chess.ErrIllegalMove)
	}
	if err := e.apply(op, addMoveEdit(pathOf(n), m)); err != nil {
		return nil, err
	}
	return e.s.cur, nil
}

// Press passes a press on sq to the session (Session.Press) and records a
// move it adds outside live play, so that it can be undone.
func (e *Editor) Press(sq chess.Square) Feedback {
	return e.gesture(func() Feedback { return e.s.Press(sq) })
}

// Drop passes a drop to the session (Session.Drop) and records a move it
// adds outside live play.
func (e *Editor) Drop(from, to chess.Square) Feedback {
	return e.gesture(func() Feedback { return e.s.Drop(from, to) })
}

// ChoosePromotion completes a pending promotion (Session.Promote) and
// records the move it adds outside live play.
func (e *Editor) ChoosePromotion(t chess.PieceType) Feedback {
	return e.gesture(func() Feedback { return e.s.Promote(t) })
}

// PlayMove plays m through the session (Session.PlayMove) and records the
// move it adds outside live play.
func (e *Editor) PlayMove(m chess.Move) Feedback {
	return e.gesture(func() Feedback { return e.s.PlayMove(m) })
}

// gesture runs a session gesture and records the move it added, if any,
// when no game was being played live.
func (e *Editor) gesture(f func() Feedback) Feedback {
	e.sync()
	s := e.s
	g, parent, live := s.game, s.cur, s.live
	n0 := len(parent.Children())
	fb := f()
	if !fb.Moved || live || s.game != g {
		return fb // live play: the history is dropped at the next call
	}
	if kids := parent.Children(); len(kids) == n0+1 && kids[n0] == s.cur {
		r := addMoveEdit(pathOf(parent), s.cur.Move())
		r.name = "add move"
		r.before, r.after = pathOf(parent), pathOf(s.cur)
		e.push(r)
		e.game, e.version = s.game, s.version
		s.changed() // again, now that Undo is possible
		return fb
	}
	// An existing continuation was followed: the tree is unchanged.
	e.game, e.version = s.game, s.version
	return fb
}

// branch returns the first move of the variation n lies in: n or its nearest
// ancestor that is not its parent's main continuation; nil on the main line.
func branch(n *game.Node) *game.Node {
	for ; !n.IsRoot(); n = n.Parent() {
		if n.Index() > 0 {
			return n
		}
	}
	return nil
}

// variationStart checks that n can be edited and returns the first move of
// the variation it lies in; a move of the main line is an error.
func (e *Editor) variationStart(op string, n *game.Node) (*game.Node, error) {
	if err := e.ready(op, false); err != nil {
		return nil, err
	}
	if err := e.check(op, n); err != nil {
		return nil, err
	}
	b := branch(n)
	if b == nil {
		return nil, fmt.Errorf("%s: %s is on the main line", op, moveName(n))
	}
	return b, nil
}

// PromoteVariation moves the variation n lies in one place up among its
// siblings; the first variation becomes the main continuation.
func (e *Editor) PromoteVariation(n *game.Node) error {
	const op = "promote variation"
	b, err := e.variationStart(op, n)
	if err != nil {
		return err
	}
	p := pathOf(b)
	up := slices.Clone(p)
	up[len(up)-1]--
	return e.apply(op, &edit{
		structural: true,
		do: func(g *game.Game) (*game.Node, error) {
			x, err := resolve(g, p)
			if err != nil {
				return nil, err
			}
			x.Promote()
			return nil, nil
		},
		undo: func(g *game.Game) error {
			x, err := resolve(g, up)
			if err != nil {
				return err
			}
			x.Demote()
			return nil
		},
	})
}

// MakeMainLine puts n on the game's main line: n and each of its ancestors
// become the main continuation of their parents, the former ones becoming
// first variations.
func (e *Editor) MakeMainLine(n *game.Node) error {
	const op = "make main line"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if n.IsMainLine() {
		return fmt.Errorf("%s: %s is on the main line", op, moveName(n))
	}
	p := pathOf(n)
	main := make([]int, len(p))
	return e.apply(op, &edit{
		structural: true,
		do: func(g *game.Game) (*game.Node, error) {
			x, err := resolve(g, p)
			if err != nil {
				return nil, err
			}
			x.MakeMainLine()
			return nil, nil
		},
		undo: func(g *game.Game) error {
			x, err := resolve(g, main)
			if err != nil {
				return err
			}
			// Each level was a PromoteToMain from index p[i]; its inverse
			// moves the node from 0 back down to p[i].
			for i := len(p) - 1; i >= 0; i-- {
				for j := 0; j < p[i]; j++ {
					x.Demote()
				}
				x = x.Parent()
			}
			return nil
		},
	})
}

// DeleteVariation removes the variation n lies in: from its first move to
// its end, with the variations inside it.
func (e *Editor) DeleteVariation(n *game.Node) error {
	const op = "delete variation"
	b, err := e.variationStart(op, n)
	if err != nil {
		return err
	}
	return e.apply(op, deleteEdit(b))
}

// DeleteFrom removes n and everything after it. When n was a main
// continuation, its first variation takes its place.
func (e *Editor) DeleteFrom(n *game.Node) error {
	const op = "delete moves"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if err := e.check(op, n); err != nil {
		return err
	}
	if n.IsRoot() {
		return fmt.Errorf("%s: the start position stays: %w", op, game.ErrRoot)
	}
	return e.apply(op, deleteEdit(n))
}

// subtree is a copy of a node and everything after it, detached from any game.
type subtree struct {
	move     chess.Move
	san      string
	note     note
	children []subtree
}

func capture(n *game.Node) subtree {
	t := subtree{move: n.Move(), san: n.SAN(), note: noteOf(n)}
	for _, c := range n.Children() {
		t.children = append(t.children, capture(c))
	}
	return t
}

// build appends t to parent as its last child.
func (t *subtree) build(parent *game.Node) *game.Node {
	n := parent.AppendMove(t.move, t.san)
	t.note.set(n)
	for i := range t.children {
		t.children[i].build(n)
	}
	return n
}

// deleteEdit removes n and everything after it; undo builds a copy back at
// n's place.
func deleteEdit(n *game.Node) *edit {
	p := pathOf(n)
	at, up := p[len(p)-1], p[:len(p)-1]
	snap := capture(n)
	return &edit{
		structural: true,
		do: func(g *game.Game) (*game.Node, error) {
			x, err := resolve(g, p)
			if err != nil {
				return nil, err
			}
			parent := x.Parent()
			x.Delete()
			return parent, nil
		},
		undo: func(g *game.Game) error {
			parent, err := resolve(g, up)
			if err != nil {
				return err
			}
			if at > len(parent.Children()) {
				return errStale
			}
			x := snap.build(parent)
			for x.Index() > at {
				x.Promote()
			}
			return nil
		},
	}
}

// derivedTag reports whether the writer derives tag name from the start
// position, so that editing it would change nothing.
func derivedTag(name string) bool {
	return name == "FEN" || name == "SetUp" || name == "Variant"
}

// playTag reports whether live play owns tag name: the result and the clocks.
func playTag(name string) bool {
	switch name {
	case "Result", "Termination", "TimeControl", "WhiteTimeControl", "BlackTimeControl",
		"WhiteClock", "BlackClock", "Clock", "AppClockMode":
		return true
	}
	return false
}

// tagEdit changes the tags called name with change; undo puts back the tags
// of that name that were there, at their places.
func tagEdit(g *game.Game, name string, change func(t *game.Tags)) *edit {
	type placed struct {
		at  int
		tag game.Tag
	}
	var old []placed
	for i, t := range g.Tags {
		if t.Name == name {
			old = append(old, placed{i, t})
		}
	}
	return &edit{
		live: true,
		do: func(g *game.Game) (*game.Node, error) {
			change(&g.Tags)
			return nil, nil
		},
		undo: func(g *game.Game) error {
			g.Tags.Delete(name)
			for _, o := range old {
				g.Tags = slices.Insert(g.Tags, min(o.at, len(g.Tags)), o.tag)
			}
			return nil
		},
	}
}

// tagReady checks that tag name may be changed now.
func (e *Editor) tagReady(op, name string) error {
	if err := e.ready(op, true); err != nil {
		return err
	}
	if !game.ValidTagName(name) {
		return fmt.Errorf("%s: %q is not a valid tag name", op, name)
	}
	if derivedTag(name) {
		return fmt.Errorf("%s: the start position decides the %s tag", op, name)
	}
	if e.s.live && playTag(name) {
		return fmt.Errorf("%s: the %s tag of a live game follows play", op, name)
	}
	return nil
}

// SetTag sets the tag called name to value, in place when present, else at
// the end. It works during a live game too, except for the tags play owns
// (Result, Termination and the clock tags). A Seven Tag Roster tag set to ""
// gets its placeholder ("?", "????.??.??"); Result must be a result.
func (e *Editor) SetTag(name, value string) error {
	const op = "tag"
	name = strings.TrimSpace(name)
	if err := e.tagReady(op, name); err != nil {
		return err
	}
	value = strings.TrimSpace(value)
	switch name {
	case "Result":
		r, ok := game.NormalizeResult(value)
		if !ok {
			return fmt.Errorf("%s: %q is not a result (1-0, 0-1, 1/2-1/2, *)", op, value)
		}
		value = r
	case "Date":
		if d, ok := game.NormalizeDate(value); ok {
			value = d
		}
	}
	if value == "" && game.RosterIndex(name) >= 0 {
		value = game.RosterDefault(name)
	}
	g := e.s.game
	count := 0
	for _, t := range g.Tags {
		if t.Name == name {
			count++
		}
	}
	if v, ok := g.Tags.Lookup(name); ok && v == value && count == 1 {
		return nil
	}
	return e.apply(op, tagEdit(g, name, func(t *game.Tags) { t.Set(name, value) }))
}

// RemoveTag removes the tag called name. The Seven Tag Roster is only
// edited, never removed.
func (e *Editor) RemoveTag(name string) error {
	const op = "remove tag"
	name = strings.TrimSpace(name)
	if err := e.tagReady(op, name); err != nil {
		return err
	}
	if game.RosterIndex(name) >= 0 {
		return fmt.Errorf("%s: %s belongs to the Seven Tag Roster: edit it instead", op, name)
	}
	g := e.s.game
	if _, ok := g.Tags.Lookup(name); !ok {
		return fmt.Errorf("%s: the game has no %s tag", op, name)
	}
	return e.apply(op, tagEdit(g, name, func(t *game.Tags) { t.Delete(name) }))
}

// Up shows the previous alternative to the current move: the sibling before
// it among its parent's children (the main continuation comes first). It
// reports whether the cursor moved; at the first alternative, at the root or
// where the move has no alternative it does nothing.
func (e *Editor) Up() bool { return e.sibling(-1) }

// Down shows the next alternative to the current move: the sibling after it
// among its parent's children. It reports whether the cursor moved.
func (e *Editor) Down() bool { return e.sibling(+1) }

func (e *Editor) sibling(d int) bool {
	n := e.s.cur
	if n.IsRoot() {
		return false
	}
	kids := n.Parent().Children()
	i := n.Index() + d
	if i < 0 || i >= len(kids) {
		return false
	}
	e.s.GoTo(kids[i])
	return true
}
