package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"touchmove/core/chess"
	"touchmove/core/clock"
)

// Node is a position in a game tree together with the move that led to it.
// The root node of a game has no move; its Comment is the game's starting
// comment. Child 0 continues the main line; the other children are
// variations, alternatives to child 0, in order.
type Node struct {
	parent   *Node
	children []*Node
	kid      [1]*Node // storage for the first child
	game     *Game
	x        *nodeExtra // what few nodes have
	san      string
	comment  string
	ply      int32 // absolute ply of the position at this node
	move     chess.Move
}

// nodeExtra holds the parts of a node that most nodes lack.
type nodeExtra struct {
	before commentParts // the comments before the move
	nags   []uint8
	// cuts are the offsets in comment where a comment written apart from
	// the one before it starts (pgn.md §7), ascending; none for one comment.
	cuts []int
	// records are what a game played here wrote into the comment after
	// the move (Record).
	records []Record
}

// extra returns n's extra parts, creating them.
func (n *Node) extra() *nodeExtra {
	if n.x == nil {
		n.x = new(nodeExtra)
	}
	return n.x
}

// Errors of tree editing.
var (
	// ErrRoot: the operation needs a node with a move, not the root.
	ErrRoot = errors.New("game: the root node has no move")
	// ErrNullMove: a null move was given where only real moves are allowed.
	ErrNullMove = errors.New("game: null move")
)

// Move returns the move that led to n, or chess.NoMove for the root.
func (n *Node) Move() chess.Move { return n.move }

// SAN returns the move as it was read or given (for a move read from a PGN
// file: its text there, check marks included), or "" for the root.
func (n *Node) SAN() string { return n.san }

// Parent returns the node before n, or nil for the root.
func (n *Node) Parent() *Node { return n.parent }

// Children returns the moves from n: the main continuation first, then the
// variations. The slice belongs to n and must not be modified.
func (n *Node) Children() []*Node { return n.children }

// Next returns the main continuation of n, or nil at the end of a line.
func (n *Node) Next() *Node {
	if len(n.children) == 0 {
		return nil
	}
	return n.children[0]
}

// IsRoot reports whether n is the root of its game.
func (n *Node) IsRoot() bool { return n.parent == nil }

// Index returns the place of n among its parent's children: 0 for the main
// continuation, 1… for variations, and -1 for the root.
func (n *Node) Index() int {
	if n.parent == nil {
		return -1
	}
	return slices.Index(n.parent.children, n)
}

// IsMainLine reports whether n lies on the game's main line.
func (n *Node) IsMainLine() bool {
	for c := n; c.parent != nil; c = c.parent {
		if c.parent.children[0] != c {
			return false
		}
	}
	return true
}

// Root returns the root node of n's tree.
func (n *Node) Root() *Node {
	for n.parent != nil {
		n = n.parent
	}
	return n
}

// Game returns the game n was created in.
func (n *Node) Game() *Game { return n.game }

// Ply returns the number of moves from the game's start to n (0 for the root).
func (n *Node) Ply() int { return int(n.ply - n.Root().ply) }

// MoveNumber returns the full-move number of n's move as PGN writes it
// ("12" for 12. Nf3 and for 12... Nf6), or of the start position for the root.
func (n *Node) MoveNumber() int {
	if n.parent == nil {
		return int(n.ply)/2 + 1
	}
	return int(n.ply-1)/2 + 1
}

// Mover returns the colour that played n's move; for the root, the side to move.
func (n *Node) Mover() chess.Color {
	if n.parent == nil {
		return chess.Color(n.ply & 1)
	}
	return chess.Color((n.ply - 1) & 1)
}

// Position returns the position at n, replaying the moves from the game's
// start (a few nanoseconds per move).
func (n *Node) Position() chess.Position {
	var buf [128]chess.Move
	moves := buf[:0]
	r := n
	for ; r.parent != nil; r = r.parent {
		moves = append(moves, r.move)
	}
	var p chess.Position
	if r.game != nil && r == &r.game.root {
		p = r.game.start
	} else {
		p = chess.StartPosition() // a deleted subtree: no start position left
	}
	for i := len(moves) - 1; i >= 0; i-- {
		p.Play(moves[i])
	}
	return p
}

// MainLine returns n and the nodes that follow it along child 0.
func (n *Node) MainLine() []*Node {
	var out []*Node
	for c := n; c != nil; c = c.Next() {
		out = append(out, c)
	}
	return out
}

// End returns the last node of the main continuation from n.
func (n *Node) End() *Node {
	for len(n.children) > 0 {
		n = n.children[0]
	}
	return n
}

// ChildFor returns the child of n reached by move m, or nil.
func (n *Node) ChildFor(m chess.Move) *Node {
	for _, c := range n.children {
		if c.move == m {
			return c
		}
	}
	return nil
}

// AddMove plays m from n: it returns the existing child if one already has
// that move, else a new child, which becomes the main continuation when n had
// none and a variation otherwise. m must be legal at n (a null move is
// accepted, as a pass).
func (n *Node) AddMove(m chess.Move) (*Node, error) {
	if c := n.ChildFor(m); c != nil {
		return c, nil
	}
	p := n.Position()
	if m != chess.NullMove && !p.IsLegal(m) {
		return nil, fmt.Errorf("game: move %s at %q: %w", m, p.FEN(), chess.ErrIllegalMove)
	}
	return n.AppendMove(m, p.SAN(m)), nil
}

// AddSAN reads san in the position at n and plays it as AddMove does.
func (n *Node) AddSAN(san string) (*Node, error) {
	p := n.Position()
	m, err := p.ParseSAN(san)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	if c := n.ChildFor(m); c != nil {
		return c, nil
	}
	return n.AppendMove(m, p.SAN(m)), nil
}

// AppendMove adds a new child for m, written san, after the existing ones,
// without checking m. It is for importers that have just checked m in the
// position at n; anyone else uses AddMove.
func (n *Node) AppendMove(m chess.Move, san string) *Node {
	var c *Node
	if n.game != nil {
		c = n.game.newNode()
	} else {
		c = new(Node)
	}
	c.parent, c.game, c.move, c.san, c.ply = n, n.game, m, san, n.ply+1
	if n.children == nil {
		n.children = n.kid[:0]
	}
	n.children = append(n.children, c)
	return c
}

// Promote moves n one place up among its parent's children (a variation
// becomes the main continuation when it was the first variation). It reports
// whether anything changed.
func (n *Node) Promote() bool {
	i := n.Index()
	if i <= 0 {
		return false
	}
	s := n.parent.children
	s[i-1], s[i] = s[i], s[i-1]
	return true
}

// Demote moves n one place down among its parent's children and reports
// whether anything changed.
func (n *Node) Demote() bool {
	i := n.Index()
	if i < 0 || i+1 >= len(n.parent.children) {
		return false
	}
	s := n.parent.children
	s[i], s[i+1] = s[i+1], s[i]
	return true
}

// PromoteToMain makes n the main continuation of its parent; the previous
// main continuation becomes the first variation, the others keep their order.
func (n *Node) PromoteToMain() {
	i := n.Index()
	if i <= 0 {
		return
	}
	s := n.parent.children
	copy(s[1:i+1], s[:i])
	s[0] = n
}

// MakeMainLine puts n on the game's main line: n and each of its ancestors
// become the main continuation of their parents.
func (n *Node) MakeMainLine() {
	for c := n; c.parent != nil; c = c.parent {
		c.PromoteToMain()
	}
}

// Delete removes n and everything after it from the tree. Deleting the root
// does nothing.
func (n *Node) Delete() {
	if n.parent == nil {
		return
	}
	if i := n.Index(); i >= 0 {
		n.parent.children = slices.Delete(n.parent.children, i, i+1)
	}
	n.parent = nil
}

// Truncate removes everything after n: its continuation and variations.
func (n *Node) Truncate() {
	for _, c := range n.children {
		c.parent = nil
	}
	n.children = nil
	n.kid[0] = nil
}

// Comment returns the raw comment after n's move (embedded commands
// included); on the root, the comment before the first move.
func (n *Node) Comment() string { return n.comment }

// after returns the comments after n's move. The text is kept in the node
// and the cuts, which few nodes have, in its extra parts.
func (n *Node) after() commentParts {
	c := commentParts{text: n.comment}
	if n.x != nil {
		c.cuts = n.x.cuts
	}
	return c
}

// setAfter stores c as the comments after n's move.
func (n *Node) setAfter(c commentParts) {
	n.comment = c.text
	if len(c.cuts) > 0 || n.x != nil {
		n.extra().cuts = c.cuts
	}
}

// SetComment replaces the comment after n's move, as one comment; ""
// clears it.
func (n *Node) SetComment(s string) {
	var c commentParts
	c.set(s)
	n.setAfter(c)
}

// AppendComment adds s to the comment after n's move, after a space, as a
// comment of its own: Comments keeps it apart.
func (n *Node) AppendComment(s string) {
	c := n.after()
	c.add(s)
	n.setAfter(c)
}

// Comments returns the comment after n's move as the comments it was
// written in, in order (a PGN file's "{a} {b}" stays two); nil when there
// is none. Comment is them joined by spaces.
func (n *Node) Comments() []string { return n.after().parts() }

// SetComments replaces the comment after n's move by parts, each a comment
// of its own; empty parts are dropped.
func (n *Node) SetComments(parts []string) {
	var c commentParts
	c.setParts(parts)
	n.setAfter(c)
}

// CommentBefore returns the comment written before n's move, as at the start
// of a variation or after a variation that precedes the move: the comments
// there joined by spaces.
func (n *Node) CommentBefore() string {
	if n.x == nil {
		return ""
	}
	return n.x.before.text
}

// CommentsBefore returns the comments written before n's move, in order,
// each as it was written; nil when there is none.
func (n *Node) CommentsBefore() []string {
	if n.x == nil {
		return nil
	}
	return n.x.before.parts()
}

// SetCommentBefore replaces the comment before n's move, as one comment;
// "" clears it.
func (n *Node) SetCommentBefore(s string) {
	if s = strings.TrimSpace(s); s != "" || n.x != nil {
		n.extra().before.set(s)
	}
}

// SetCommentsBefore replaces the comments before n's move by parts, each a
// comment of its own; empty parts are dropped.
func (n *Node) SetCommentsBefore(parts []string) {
	if len(parts) > 0 || n.x != nil {
		n.extra().before.setParts(parts)
	}
}

// AppendCommentBefore adds s to the comments before n's move, after a
// space, as a comment of its own: CommentsBefore keeps it apart.
func (n *Node) AppendCommentBefore(s string) {
	if s = strings.TrimSpace(s); s != "" {
		n.extra().before.add(s)
	}
}

// NAGs returns the numeric annotation glyphs of n's move in the order they
// were given. The slice belongs to n and must not be modified.
func (n *Node) NAGs() []uint8 {
	if n.x == nil {
		return nil
	}
	return n.x.nags
}

// HasNAG reports whether n carries nag.
func (n *Node) HasNAG(nag uint8) bool { return slices.Contains(n.NAGs(), nag) }

// AddNAG adds nag to n's move unless it is already there.
func (n *Node) AddNAG(nag uint8) {
	if !n.HasNAG(nag) {
		x := n.extra()
		x.nags = append(x.nags, nag)
	}
}

// RemoveNAG removes nag from n's move.
func (n *Node) RemoveNAG(nag uint8) {
	if n.x == nil {
		return
	}
	n.x.nags = slices.DeleteFunc(n.x.nags, func(x uint8) bool { return x == nag })
	if len(n.x.nags) == 0 {
		n.x.nags = nil
	}
}

// SetNAGs replaces the NAGs of n's move by a copy of nags, without duplicates.
func (n *Node) SetNAGs(nags []uint8) {
	n.ClearNAGs()
	for _, x := range nags {
		n.AddNAG(x)
	}
}

// ClearNAGs removes every NAG from n's move.
func (n *Node) ClearNAGs() {
	if n.x != nil {
		n.x.nags = nil
	}
}

// Command returns the arguments of the first embedded command called name in
// the comment after n's move.
func (n *Node) Command(name string) (string, bool) { return CommandArgs(n.comment, name) }

// SetCommand sets the embedded command called name in the comment after n's
// move, keeping the rest of the comment: of several comments, the one that
// has the command, else the first.
func (n *Node) SetCommand(name, args string) {
	parts := n.Comments()
	if len(parts) < 2 {
		n.SetComment(SetCommand(n.comment, name, args))
		return
	}
	at := 0
	for i, p := range parts {
		if _, ok := CommandArgs(p, name); ok {
			at = i
			break
		}
	}
	for i := range parts {
		if i == at {
			parts[i] = SetCommand(parts[i], name, args)
		} else {
			parts[i] = RemoveCommand(parts[i], name)
		}
	}
	n.SetComments(parts)
}

// RemoveCommand removes the embedded commands called name from the comment
// after n's move; a comment that held nothing else goes.
func (n *Node) RemoveCommand(name string) {
	parts := n.Comments()
	if len(parts) < 2 {
		n.SetComment(RemoveCommand(n.comment, name))
		return
	}
	for i := range parts {
		parts[i] = RemoveCommand(parts[i], name)
	}
	n.SetComments(parts)
}

// Clock returns the mover's clock after n's move, from [%clk …] or from a
// comment that is nothing but a clock reading ({0:04:57}, as ICC writes it).
func (n *Node) Clock() (time.Duration, bool) {
	if args, ok := n.Command("clk"); ok {
		return parseClock(args)
	}
	if c := n.comment; c != "" && c[0] >= '0' && c[0] <= '9' {
		return parseClock(c)
	}
	return 0, false
}

// parseClock reads a clock reading the one way the project reads them,
// clock.ParsePGNClock.
func parseClock(s string) (time.Duration, bool) {
	d, err := clock.ParsePGNClock(s)
	return d, err == nil
}

// SetClock sets the [%clk] command after n's move (a bare clock comment is
// replaced by the command).
func (n *Node) SetClock(d time.Duration) {
	if _, ok := n.Command("clk"); !ok && n.comment != "" {
		if _, bare := parseClock(n.comment); bare {
			n.SetComment("")
		}
	}
	n.SetCommand("clk", clock.FormatPGNClock(d))
}

// Emt returns the time spent on n's move, from [%emt …].
func (n *Node) Emt() (time.Duration, bool) {
	args, ok := n.Command("emt")
	if !ok {
		return 0, false
	}
	return parseClock(args)
}

// SetEmt sets the [%emt] command after n's move.
func (n *Node) SetEmt(d time.Duration) { n.SetCommand("emt", clock.FormatPGNClock(d)) }

// Eval returns the engine score after n's move, from [%eval …].
func (n *Node) Eval() (Eval, bool) {
	args, ok := n.Command("eval")
	if !ok {
		return Eval{}, false
	}
	return ParseEval(args)
}

// SetEval sets the [%eval] command after n's move.
func (n *Node) SetEval(e Eval) { n.SetCommand("eval", e.String()) }

// Arrows returns the arrows of every [%cal] command after n's move.
func (n *Node) Arrows() []Arrow { return ParseArrows(allArgs(n.comment, "cal")) }

// SetArrows replaces the [%cal] commands after n's move by one listing as;
// an empty list removes them.
func (n *Node) SetArrows(as []Arrow) { n.setList("cal", formatArrows(as)) }

// Squares returns the coloured squares of every [%csl] command after n's move.
func (n *Node) Squares() []SquareMark { return ParseSquareMarks(allArgs(n.comment, "csl")) }

// SetSquares replaces the [%csl] commands after n's move by one listing ms;
// an empty list removes them.
func (n *Node) SetSquares(ms []SquareMark) { n.setList("csl", formatSquareMarks(ms)) }

// setList sets the command called name to the list args, or removes the
// commands of that name when the list is empty.
func (n *Node) setList(name, args string) {
	if args == "" {
		n.RemoveCommand(name)
		return
	}
	n.SetCommand(name, args)
}
