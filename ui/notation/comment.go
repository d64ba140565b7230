package notation

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/game"
	"touchmove/ui/widgets"
)

// Comments are edited in place: the notation swaps a comment (or the spot
// where a comment would stand) for a CommentEntry, and hands the text to its
// OnCommentEdited when the edit is committed. The notation only shows text;
// what the text becomes in the game (the embedded commands it keeps) is for
// app to decide.

// CommentPlace says where a comment stands relative to its move.
type CommentPlace int

// The places of a comment.
const (
	// CommentAfter is the comment after a move; on the root of the game
	// tree it is the comment before the first move.
	CommentAfter CommentPlace = iota
	// CommentBefore is the comment before a move, after its move number.
	CommentBefore
	// CommentEnd is the comment that closes the game, before the result.
	CommentEnd
)

// CommentSlot names a comment of a game, whether it has text or not: the
// comment after or before Node's move, or (Place CommentEnd, Node nil) the
// game's closing comment.
type CommentSlot struct {
	Node  *game.Node
	Place CommentPlace
}

// commentText returns the visible text of the comment at s in g: the text
// without its embedded commands ([%clk], [%eval], [%cal]…).
func commentText(g *game.Game, s CommentSlot) string {
	switch {
	case s.Place == CommentEnd:
		return game.CommentText(g.EndComment())
	case s.Node == nil:
		return ""
	case s.Place == CommentBefore:
		return game.CommentText(s.Node.CommentBefore())
	}
	return game.CommentText(s.Node.Comment())
}

// inGame reports whether s names a comment of g's tree.
func (s CommentSlot) inGame(g *game.Game) bool {
	if s.Place == CommentEnd {
		return true
	}
	return s.Node != nil && s.Node.Game() == g && s.Node.Root() == g.Root()
}

// commentEdit is the inline comment editor open in the notation.
type commentEdit struct {
	slot  CommentSlot
	entry *CommentEntry
}

// EditComment opens an inline editor in place of the comment at s (or
// where that comment would stand, if it has no text yet), prefilled with
// the comment's visible text, and gives it the keyboard focus. Enter
// commits the edit, Shift+Enter breaks the line, Escape cancels it, and
// losing the focus commits it; a commit calls OnCommentEdited. A folded
// variation that holds the comment is opened. An editor already open
// elsewhere is committed first.
func (n *Notation) EditComment(s CommentSlot) {
	if n.game == nil || !s.inGame(n.game) {
		return
	}
	if ed := n.edit; ed != nil {
		if ed.slot == s {
			n.focus(ed.entry)
			return
		}
		ed.entry.finish(true)
	}
	text := commentText(n.game, s)
	if len(text) > commentShown {
		// An entry would lay out all of it on the UI goroutine.
		widgets.ShowLongText(n, lang.L("Comment (too long to edit in place)"), text)
		return
	}
	e := newCommentEntry(text)
	n.edit = &commentEdit{slot: s, entry: e}
	e.onDone = func(commit bool) { n.endEdit(e, commit) }
	e.onGrow = func() {
		n.box.Refresh()
		n.scroll.Refresh()
		n.showBottom(e)
	}
	if s.Node != nil {
		n.reveal(s.Node)
	}
	n.SetGame(n.game, n.cur)
	e.fit()
	n.scrollTo(e)
	n.focus(e)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown}) // the cursor at the end
}

// Editor returns the inline comment editor, nil when none is open.
func (n *Notation) Editor() *CommentEntry {
	if n.edit == nil {
		return nil
	}
	return n.edit.entry
}

// Editing reports whether an inline comment editor is open, and for which
// comment.
func (n *Notation) Editing() (CommentSlot, bool) {
	if n.edit == nil {
		return CommentSlot{}, false
	}
	return n.edit.slot, true
}

// CommitEdit closes the inline comment editor, if one is open, and keeps
// its text, as Enter does.
func (n *Notation) CommitEdit() {
	if n.edit != nil {
		n.endEdit(n.edit.entry, true)
	}
}

// endEdit closes the inline editor e, hands its text to OnCommentEdited if
// commit is set, and gives the keyboard back to the window.
func (n *Notation) endEdit(e *CommentEntry, commit bool) {
	ed := n.edit
	if ed == nil || ed.entry != e {
		return
	}
	n.edit = nil
	if c := n.canvas(); c != nil && c.Focused() == e {
		c.Unfocus()
	}
	built := n.builds
	if commit && n.OnCommentEdited != nil {
		n.OnCommentEdited(ed.slot, e.Text)
	}
	if n.builds == built && n.game != nil {
		n.SetGame(n.game, n.cur) // nothing changed: take the entry away
	}
}

// dropEdit closes the inline editor without committing it, when its
// comment left the game shown.
func (n *Notation) dropEdit() {
	if ed := n.edit; ed != nil {
		ed.entry.onDone = nil
		n.edit = nil
		if c := n.canvas(); c != nil && c.Focused() == ed.entry {
			c.Unfocus()
		}
	}
}

// canvas returns the canvas the notation is shown on, if any.
func (n *Notation) canvas() fyne.Canvas {
	if n.Canvas != nil {
		return n.Canvas
	}
	if a := fyne.CurrentApp(); a != nil {
		return a.Driver().CanvasForObject(n)
	}
	return nil
}

func (n *Notation) focus(e *CommentEntry) {
	if c := n.canvas(); c != nil {
		c.Focus(e)
	}
}

// showBottom scrolls the panel the least that shows the bottom of o, where
// the text cursor of a growing entry usually is.
func (n *Notation) showBottom(o fyne.CanvasObject) {
	bottom := o.Position().Y + o.Size().Height
	if h := n.scroll.Size().Height; bottom > n.scroll.Offset.Y+h {
		n.scroll.Offset = fyne.NewPos(0, bottom-h)
		n.scroll.Refresh()
	}
}

// reveal opens the folded variations that hide node.
func (n *Notation) reveal(node *game.Node) {
	for x := node; x != nil && !x.IsRoot(); x = x.Parent() {
		if x.Index() > 0 && n.folded(x) {
			n.collapsed[x] = false
		}
	}
}

// comment adds the comment at s: the inline editor if it is open there,
// else its text, if any, as a tappable token.
func (n *Notation) comment(s CommentSlot, text string, add func(fyne.CanvasObject)) {
	if n.edit != nil && n.edit.slot == s {
		add(n.edit.entry)
		return
	}
	if text == "" {
		return
	}
	text = n.shownComment(s, text)
	add(newCommentToken(text, func() {
		if n.OnEditComment != nil {
			n.OnEditComment(s)
		}
	}))
}

// CommentEntry is the entry of an inline comment edit: Enter commits,
// Shift+Enter breaks the line, Escape cancels, losing the focus commits.
// It grows with its text, up to maxCommentRows rows.
type CommentEntry struct {
	widget.Entry
	shift  bool              // a Shift key is held down
	rows   int               // the rows it shows
	onDone func(commit bool) // called once, when the edit ends
	onGrow func()            // called when it needs another height
}

// minCommentRows and maxCommentRows bound the height of the comment entry;
// beyond the maximum it scrolls.
const (
	minCommentRows = 2
	maxCommentRows = 12
)

var (
	_ fyne.Focusable    = (*CommentEntry)(nil)
	_ desktop.Keyable   = (*CommentEntry)(nil)
	_ fyne.Widget       = (*CommentEntry)(nil)
	_ fyne.Shortcutable = (*CommentEntry)(nil)
)

func newCommentEntry(text string) *CommentEntry {
	e := &CommentEntry{}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.PlaceHolder = lang.L("Comment — Enter saves, Shift+Enter breaks the line, Esc cancels")
	e.ExtendBaseWidget(e)
	e.SetText(text)
	e.rows = minCommentRows
	e.SetMinRowsVisible(e.rows)
	e.OnChanged = func(string) { e.fit() }
	return e
}

// Rows returns the rows of text the entry shows now.
func (e *CommentEntry) Rows() int { return e.rows }

// fit sets the entry's height to the rows its text needs at its width.
func (e *CommentEntry) fit() {
	pad := theme.InnerPadding() + theme.InputBorderSize() + theme.Padding()
	width := e.Size().Width - 2*pad
	if width <= 0 {
		return
	}
	size, style := theme.TextSize(), e.TextStyle
	measure := func(s string) float32 { return fyne.MeasureText(s, size, style).Width }
	rows := min(max(wrappedRows(e.Text, width, measure), minCommentRows), maxCommentRows)
	if rows == e.rows {
		return
	}
	e.rows = rows
	e.SetMinRowsVisible(rows)
	if e.onGrow != nil {
		e.onGrow()
	}
}

// wrappedRows counts the rows text takes when its lines are wrapped at
// spaces to width, as measured by measure.
func wrappedRows(text string, width float32, measure func(string) float32) int {
	rows := 0
	for _, para := range strings.Split(text, "\n") {
		rows++
		line := ""
		for _, word := range strings.Fields(para) {
			next := word
			if line != "" {
				next = line + " " + word
			}
			if line != "" && measure(next) > width {
				rows++
				next = word
			}
			line = next
		}
	}
	return rows
}

// finish ends the edit, once.
func (e *CommentEntry) finish(commit bool) {
	if f := e.onDone; f != nil {
		e.onDone = nil
		f(commit)
	}
}

// TypedKey is part of fyne.Focusable: Enter (without Shift) commits and
// Escape cancels; other keys edit the text.
func (e *CommentEntry) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if !e.shift {
			e.finish(true)
			return
		}
	case fyne.KeyEscape:
		e.finish(false)
		return
	}
	e.Entry.TypedKey(ev)
}

// KeyDown is part of desktop.Keyable; it notes Shift for Shift+Enter.
func (e *CommentEntry) KeyDown(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		e.shift = true
	}
	e.Entry.KeyDown(ev)
}

// KeyUp is part of desktop.Keyable.
func (e *CommentEntry) KeyUp(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		e.shift = false
	}
	e.Entry.KeyUp(ev)
}

// FocusLost is part of fyne.Focusable: leaving the entry commits the edit.
func (e *CommentEntry) FocusLost() {
	e.shift = false
	e.Entry.FocusLost()
	e.finish(true)
}
