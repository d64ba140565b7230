package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// ErrLiveGame is returned for an annotation edit while a game is played live:
// no notes during a live game (rules.md §8.1).
var ErrLiveGame = errors.New("annotations are available after the game")

// Editor changes the annotations and the move tree of a session's game.
// Like Fyne's entryUndoStack it is plain logic with no widgets: ui calls it
// from menus and shortcuts. It uses only the Session's public API: every
// change is an Edit made through Session.Apply, which records it in the
// session's one history (undo restores the game exactly: its PGN export is
// byte-identical, and the cursor goes back where it was), marks the game
// unsaved, journals it and notifies. An Editor is not safe for concurrent use.
type Editor struct {
	s *Session
}

// NewEditor returns an editor of s's game.
func NewEditor(s *Session) *Editor { return &Editor{s: s} }

// ready checks that op may be done now.
func (e *Editor) ready(op string, liveOK bool) error {
	if e.s.Phase() == Playing && !liveOK {
		return fmt.Errorf("%s: %w", op, ErrLiveGame)
	}
	return nil
}

// editable checks that op may change node n now: outside live play, in the
// game shown.
func (e *Editor) editable(op string, n *game.Node) error {
	if err := e.ready(op, false); err != nil {
		return err
	}
	return e.check(op, n)
}

// editableMove checks that op may change n's move now: n is editable and
// not the root, which has no move; why says what becomes of the start
// position ("has no move to annotate").
func (e *Editor) editableMove(op string, n *game.Node, why string) error {
	if err := e.editable(op, n); err != nil {
		return err
	}
	if n.IsRoot() {
		return fmt.Errorf("%s: the start position %s: %w", op, why, game.ErrRoot)
	}
	return nil
}

// check reports whether n is a node of the session's game tree.
func (e *Editor) check(op string, n *game.Node) error {
	g := e.s.Shown() // an edit of an explored move keeps it first (Apply)
	if n == nil || n.Game() != g || n.Root() != g.Root() {
		return fmt.Errorf("%s: the move is not in the game shown", op)
	}
	return nil
}

// apply makes r, named op, through the session.
func (e *Editor) apply(op string, r Edit) error {
	r.Name = op
	return e.s.Apply(r)
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
	comments []string // as written apart (Node.Comments)
	before   []string // as written apart (Node.CommentsBefore)
	nags     []uint8
}

func noteOf(n *game.Node) note {
	return note{comments: n.Comments(), before: n.CommentsBefore(), nags: slices.Clone(n.NAGs())}
}

func (nt note) set(n *game.Node) {
	n.SetComments(nt.comments)
	n.SetCommentsBefore(nt.before)
	n.SetNAGs(nt.nags)
}

func (nt note) equal(o note) bool {
	return slices.Equal(nt.comments, o.comments) && slices.Equal(nt.before, o.before) && slices.Equal(nt.nags, o.nags)
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
	return e.apply(op, Edit{
		Do:   doAt(p, func(x *game.Node) (*game.Node, error) { nw.set(x); return nil, nil }),
		Undo: undoAt(p, func(x *game.Node) error { old.set(x); return nil }),
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
			if d, err := clock.ParsePGNClock(raw); err == nil {
				prefix = game.Command{Name: "clk", Args: clock.FormatPGNClock(d)}.String()
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

// partsWithText is withText for a comment written as several (Node.Comments):
// the first that shows text takes the new text, the others keep only their
// commands, and those that are nothing but commands stay as they are, so that
// the comments stay apart (pgn.md §13). With no text shown, text comes last.
func partsWithText(parts []string, text string) []string {
	if len(parts) < 2 {
		return []string{withText(strings.Join(parts, " "), text)}
	}
	out := make([]string, 0, len(parts)+1)
	placed := false
	for _, p := range parts {
		switch {
		case game.CommentText(p) == "":
			out = append(out, p)
		case !placed:
			out = append(out, withText(p, text))
			placed = true
		default:
			out = append(out, withText(p, ""))
		}
	}
	if !placed {
		out = append(out, strings.TrimSpace(text))
	}
	return out
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
	if err := e.editable(op, n); err != nil {
		return err
	}
	if sameText(n.Comment(), text) {
		return nil
	}
	return e.annotate(op, n, func(n *game.Node) { n.SetComments(partsWithText(n.Comments(), text)) })
}

// SetCommentBeforeText replaces the visible text of the comment before n's
// move, keeping its embedded commands, as SetCommentText does.
func (e *Editor) SetCommentBeforeText(n *game.Node, text string) error {
	const op = "comment"
	if err := e.editableMove(op, n, "has no move to comment before"); err != nil {
		return err
	}
	if sameText(n.CommentBefore(), text) {
		return nil
	}
	return e.annotate(op, n, func(n *game.Node) { n.SetCommentsBefore(partsWithText(n.CommentsBefore(), text)) })
}

// SetEndCommentText replaces the visible text of the comment that closes the
// game, keeping its embedded commands.
func (e *Editor) SetEndCommentText(text string) error {
	const op = "comment"
	if err := e.ready(op, false); err != nil {
		return err
	}
	if sameText(e.s.game.EndComment(), text) {
		return nil
	}
	old := e.s.game.EndComments()
	nw := partsWithText(old, text)
	return e.apply(op, Edit{
		Do: func(g *game.Game) (*game.Node, error) {
			g.SetEndComments(nw)
			return nil, nil
		},
		Undo: func(g *game.Game) error {
			g.SetEndComments(old)
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
	if err := e.editableMove(op, n, "has no move to annotate"); err != nil {
		return err
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
	if err := e.editable(op, n); err != nil {
		return err
	}
	return e.annotate(op, n, func(n *game.Node) { n.ClearNAGs() })
}

// markable checks that op may change node n now and that c is a mark colour.
func (e *Editor) markable(op string, n *game.Node, c game.MarkColor) error {
	if err := e.editable(op, n); err != nil {
		return err
	}
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
	if err := e.markable(op, n, c); err != nil {
		return err
	}
	if from > chess.H8 || to > chess.H8 || from == to {
		return fmt.Errorf("%s: an arrow joins two different squares", op)
	}
	same := func(a game.Arrow) bool { return a.From == from && a.To == to }
	return e.annotate(op, n, func(n *game.Node) {
		n.SetArrows(toggleMark(n.Arrows(), game.Arrow{Color: c, From: from, To: to}, same))
	})
}

// ToggleSquare toggles the coloured square sq in colour c in the [%csl]
// command after n's move, as ToggleArrow does for arrows.
func (e *Editor) ToggleSquare(n *game.Node, sq chess.Square, c game.MarkColor) error {
	const op = "coloured square"
	if err := e.markable(op, n, c); err != nil {
		return err
	}
	if sq > chess.H8 {
		return fmt.Errorf("%s: no such square", op)
	}
	same := func(m game.SquareMark) bool { return m.Square == sq }
	return e.annotate(op, n, func(n *game.Node) {
		n.SetSquares(toggleMark(n.Squares(), game.SquareMark{Color: c, Square: sq}, same))
	})
}

// toggleMark toggles the mark m, an arrow or a coloured square, in ms; same
// finds a mark on m's squares in any colour. A mark of m's colour is
// removed, one of another colour takes m's colour (and later ones on the
// same squares go), and m is added where there is none.
func toggleMark[M comparable](ms []M, m M, same func(M) bool) []M {
	i := slices.IndexFunc(ms, same)
	switch {
	case i < 0:
		return append(ms, m)
	case slices.Contains(ms, m):
		return slices.DeleteFunc(ms, same)
	}
	ms[i] = m
	return append(ms[:i+1], slices.DeleteFunc(ms[i+1:], same)...)
}

// addMoveEdit adds move m after the node at path p as its last child; undo
// removes that child again.
func addMoveEdit(p []int, m chess.Move) Edit {
	return Edit{
		Follow: true,
		Do: doAt(p, func(parent *game.Node) (*game.Node, error) {
			if parent.ChildFor(m) != nil {
				return nil, errStale
			}
			return parent.AddMove(m)
		}),
		Undo: undoAt(p, func(parent *game.Node) error {
			kids := parent.Children()
			if len(kids) == 0 || kids[len(kids)-1].Move() != m || len(kids[len(kids)-1].Children()) > 0 {
				return errStale
			}
			kids[len(kids)-1].Delete()
			return nil
		}),
	}
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
	if err := e.editable(op, n); err != nil {
		return nil, err
	}
	b := branch(n)
	if b == nil {
		return nil, mainLineError(op, n)
	}
	return b, nil
}

// mainLineError is the error of variation edit op on n, a move of the main
// line: the players' text, which the window says in their language.
func mainLineError(op string, n *game.Node) error {
	if n.IsRoot() {
		return fmt.Errorf("%s: the start position: %w", op, game.ErrRoot)
	}
	return fmt.Errorf("%s: %w", op, text(mMainLine, msg.SAN("Move", n.SAN())).Err())
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
	return e.apply(op, Edit{
		Do:   doAt(p, func(x *game.Node) (*game.Node, error) { x.Promote(); return nil, nil }),
		Undo: undoAt(up, func(x *game.Node) error { x.Demote(); return nil }),
	})
}

// MakeMainLine puts n on the game's main line: n and each of its ancestors
// become the main continuation of their parents, the former ones becoming
// first variations.
func (e *Editor) MakeMainLine(n *game.Node) error {
	const op = "make main line"
	if err := e.editable(op, n); err != nil {
		return err
	}
	if n.IsMainLine() {
		return mainLineError(op, n)
	}
	p := pathOf(n)
	main := make([]int, len(p))
	return e.apply(op, Edit{
		Do: doAt(p, func(x *game.Node) (*game.Node, error) { x.MakeMainLine(); return nil, nil }),
		Undo: undoAt(main, func(x *game.Node) error {
			// Each level was a PromoteToMain from index p[i]; its inverse
			// moves the node from 0 back down to p[i].
			for i := len(p) - 1; i >= 0; i-- {
				for j := 0; j < p[i]; j++ {
					x.Demote()
				}
				x = x.Parent()
			}
			return nil
		}),
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
	if err := e.editableMove(op, n, "stays"); err != nil {
		return err
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

// subtreeOf returns the subtree at n, moves and notes, to put back later.
func subtreeOf(n *game.Node) subtree {
	t := subtree{move: n.Move(), san: n.SAN(), note: noteOf(n)}
	for _, c := range n.Children() {
		t.children = append(t.children, subtreeOf(c))
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
func deleteEdit(n *game.Node) Edit {
	p := pathOf(n)
	at, up := p[len(p)-1], p[:len(p)-1]
	snap := subtreeOf(n)
	return Edit{
		Do: doAt(p, func(x *game.Node) (*game.Node, error) {
			parent := x.Parent()
			x.Delete()
			return parent, nil
		}),
		Undo: undoAt(up, func(parent *game.Node) error {
			if at > len(parent.Children()) {
				return errStale
			}
			x := snap.build(parent)
			for x.Index() > at {
				x.Promote()
			}
			return nil
		}),
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
		"WhiteClock", "BlackClock", "Clock", "AppClockMode", "Rules":
		return true
	}
	return false
}

// tagEdit changes the tags called name with change; undo puts back the tags
// of that name that were there, at their places.
func tagEdit(g *game.Game, name string, change func(t *game.Tags)) Edit {
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
	return Edit{
		Live: true,
		Do: func(g *game.Game) (*game.Node, error) {
			change(&g.Tags)
			return nil, nil
		},
		Undo: func(g *game.Game) error {
			g.Tags.Delete(name)
			for _, o := range old {
				g.Tags = slices.Insert(g.Tags, min(o.at, len(g.Tags)), o.tag)
			}
			return nil
		},
	}
}

// CheckTag returns why the tag called name cannot be set or removed now (a
// name that is none, a tag the start position or live play writes), or nil:
// the tags editor shows such a tag without letting it be edited.
func (e *Editor) CheckTag(name string) error { return e.tagReady("tag", strings.TrimSpace(name)) }

// tagReady checks that tag name may be changed now.
func (e *Editor) tagReady(op, name string) error {
	if err := e.ready(op, true); err != nil {
		return err
	}
	switch {
	case !game.ValidTagName(name):
		return tagError(op, mTagName, name)
	case derivedTag(name):
		return tagError(op, mTagDerived, name)
	case e.s.Phase() == Playing && playTag(name):
		return tagError(op, mTagPlayed, name)
	}
	return nil
}

// tagError is the error of tag edit op refused for the reason key: the
// players' text, which the window says in their language (msg.TextOf).
func tagError(op, key, name string) error {
	return fmt.Errorf("%s: %w", op, text(key, msg.String("Name", name)).Err())
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
		r, ok := chess.ParseResult(value)
		if !ok {
			return fmt.Errorf("%s: %w", op, text(mTagResult, msg.String("Value", value)).Err())
		}
		value = r.String()
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
		return tagError(op, mTagRoster, name)
	}
	g := e.s.game
	if _, ok := g.Tags.Lookup(name); !ok {
		return tagError(op, mNoTag, name)
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
