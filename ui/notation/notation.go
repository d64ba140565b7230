package notation

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
	"touchmove/ui/widgets"
)

// Notation shows a game's moves in SAN with move numbers, NAGs, comments and
// variations inline, the current move highlighted; a click on a move calls
// OnSelect with its node, a click on a comment calls OnEditComment with its
// place. EditComment opens an editor in place of a comment; its text goes to
// OnCommentEdited.
type Notation struct {
	widget.BaseWidget
	OnSelect func(n *game.Node)
	// OnEditComment is called when a comment is tapped.
	OnEditComment func(s CommentSlot)
	// OnCommentEdited is called with the text of an inline comment edit
	// when it is committed (the comment's visible text, without commands).
	OnCommentEdited func(s CommentSlot, text string)
	// Explored, if set, tells the moves of an exploration (app.Session's
	// Explored), which are shown in italics, in the accent colour.
	Explored func(n *game.Node) bool
	// Canvas, if set, is the canvas of the window the notation is in: the
	// driver knows a widget's canvas only once it has drawn it, and the
	// comment editor takes the keyboard focus on a tab not drawn yet.
	Canvas fyne.Canvas

	box    *fyne.Container
	scroll *container.Scroll
	tokens map[*game.Node]*Token
	cur    *game.Node
	game   *game.Game
	// collapsed holds the first moves of the variations shown folded; a tap
	// on a variation's "(" folds it, a tap on the folded mark opens it.
	collapsed   map[*game.Node]bool
	collapseAll bool
	edit        *commentEdit // the inline comment editor, if open
	twoColumns  bool         // the main line as a table of moves (SetTwoColumns)
	// words writes moves and comments in the players' language (SetWords);
	// nil shows them as the game has them.
	words Words
	// rows holds, in the table, the row each main-line move is in: the
	// object to scroll into view for it (its token lies inside the row).
	rows   map[*game.Node]fyne.CanvasObject
	builds int // how many times SetGame built the panel
}

var _ fyne.Widget = (*Notation)(nil)

// Words is what the notation asks of its host to show a game in the
// players' language and piece letters.
type Words interface {
	// SAN writes a SAN move in the players' piece letters.
	SAN(san string) string
	// Written says a comment written in the app's own English (the reason
	// a game ended, "White resigns") in the players' language, and returns
	// any other text as it is.
	Written(text string) string
	// Say words a Text in the players' language: what the game recorded in
	// a comment (game.Record).
	Say(t msg.Text) string
}

// New returns an empty notation panel.
func New() *Notation {
	n := &Notation{tokens: map[*game.Node]*Token{}, collapsed: map[*game.Node]bool{}}
	n.box = container.New(&flowLayout{hgap: 4, vgap: 2})
	n.scroll = container.NewVScroll(n.box)
	n.ExtendBaseWidget(n)
	return n
}

// CreateRenderer is part of fyne.Widget.
func (n *Notation) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(n.scroll)
}

// SetGame rebuilds the panel for g with cur highlighted.
func (n *Notation) SetGame(g *game.Game, cur *game.Node) {
	if g != n.game {
		n.collapsed = map[*game.Node]bool{}
	}
	if n.edit != nil && (g != n.game || !n.edit.slot.inGame(g)) {
		n.dropEdit()
	}
	n.game = g
	n.builds++
	n.tokens = map[*game.Node]*Token{}
	n.rows = map[*game.Node]fyne.CanvasObject{}
	var objs []fyne.CanvasObject
	add := func(o fyne.CanvasObject) { objs = append(objs, o) }
	root := CommentSlot{Node: g.Root()}
	n.comment(root, commentText(g, root), add)
	if n.twoColumns {
		n.table(g.Root(), add)
	} else {
		n.line(g.Root(), 0, true, add)
	}
	end := CommentSlot{Place: CommentEnd}
	n.comment(end, commentText(g, end), add)
	add(newTextToken(g.Result().String(), 0, true))
	n.box.Objects = objs
	n.box.Refresh()
	n.scroll.Refresh() // lays the tokens out, so that SetCurrent sees where they are
	n.cur = nil
	n.SetCurrent(cur)
}

// Resize is part of fyne.Widget: it lays the panel out at size s and keeps
// the comment being edited, or else the current move, in view.
func (n *Notation) Resize(s fyne.Size) {
	if s == n.Size() {
		return
	}
	n.BaseWidget.Resize(s)
	if n.edit != nil {
		n.scrollTo(n.edit.entry)
	} else if t := n.tokens[n.cur]; t != nil {
		n.scrollTo(t)
	}
}

// line adds the moves after from: the main continuation, each move followed
// by the variations that replace it.
func (n *Notation) line(from *game.Node, depth int, forceNumber bool, add func(fyne.CanvasObject)) {
	for node := from; ; {
		ch := node.Children()
		if len(ch) == 0 {
			return
		}
		main := ch[0]
		n.move(main, depth, forceNumber, add)
		after := CommentSlot{Node: main}
		c := commentText(n.game, after)
		n.comment(after, c, add)
		forceNumber = c != "" || len(ch) > 1
		for _, v := range ch[1:] {
			n.variationAt(v, depth+1, add)
		}
		node = main
	}
}

// variation adds the variation that starts with v, in the main line's
// notes.
func (n *Notation) variation(v *game.Node, add func(fyne.CanvasObject)) { n.variationAt(v, 1, add) }

// variationAt adds the variation that starts with v at depth, folded or
// whole, in parentheses.
func (n *Notation) variationAt(v *game.Node, depth int, add func(fyne.CanvasObject)) {
	if n.folded(v) {
		add(newMoveToken(fmt.Sprintf("( %s … +%d )", n.shown(v.SAN()), lineLength(v)-1), depth, func() { n.Toggle(v) }))
		return
	}
	add(newMoveToken("(", depth, func() { n.Toggle(v) }))
	n.move(v, depth, true, add)
	after := CommentSlot{Node: v}
	c := commentText(n.game, after)
	n.comment(after, c, add)
	n.line(v, depth, c != "", add)
	add(newTextToken(")", depth, false))
}

func (n *Notation) move(node *game.Node, depth int, forceNumber bool, add func(fyne.CanvasObject)) {
	before := CommentSlot{Node: node, Place: CommentBefore}
	c := commentText(n.game, before)
	n.comment(before, c, add)
	forceNumber = forceNumber || c != ""
	var b strings.Builder
	num := node.MoveNumber()
	if node.Mover() == chess.White {
		b.WriteString(strconv.Itoa(num) + ". ")
	} else if forceNumber {
		b.WriteString(strconv.Itoa(num) + "... ")
	}
	b.WriteString(n.moveText(node))
	if e, ok := node.Eval(); ok {
		b.WriteString("  [" + e.String() + "]")
	}
	if d, ok := node.Clock(); ok && depth == 0 {
		b.WriteString("  " + clock.FormatDisplay(d, 0))
	}
	t := newMoveToken(b.String(), depth, func() {
		if n.OnSelect != nil {
			n.OnSelect(node)
		}
	})
	if n.Explored != nil && n.Explored(node) {
		t.text.TextStyle.Italic = true
		t.text.Color = theme.Color(theme.ColorNamePrimary)
		t.base = t.text.Color
	}
	n.tokens[node] = t
	add(t)
}

// SetCurrent moves the highlight to cur and scrolls it into view.
func (n *Notation) SetCurrent(cur *game.Node) {
	if n.cur == cur {
		return
	}
	if t := n.tokens[n.cur]; t != nil {
		t.setCurrent(false)
	}
	n.cur = cur
	if t := n.tokens[cur]; t != nil {
		t.setCurrent(true)
		if row := n.rows[cur]; row != nil {
			n.scrollTo(row)
		} else {
			n.scrollTo(t)
		}
	} else if cur != nil && cur.IsRoot() {
		n.scroll.ScrollToTop()
	}
}

// scrollTo scrolls the panel so that o, one of its tokens, is visible.
func (n *Notation) scrollTo(o fyne.CanvasObject) {
	pos := o.Position()
	size := n.scroll.Size()
	off := n.scroll.Offset
	if pos.Y < off.Y || pos.Y+o.Size().Height > off.Y+size.Height {
		n.scroll.Offset = fyne.NewPos(0, max(0, pos.Y-size.Height/3))
		n.scroll.Refresh()
	}
}

// Token is one piece of the notation: a move (tappable), a comment or
// punctuation.
type Token struct {
	widget.BaseWidget
	text    *canvas.Text
	bg      *canvas.Rectangle
	onTap   func()
	current bool
	base    color.Color // the text colour when not current
}

func newMoveToken(s string, depth int, onTap func()) *Token {
	t := newToken(s, depth)
	t.onTap = onTap
	t.text.TextStyle.Bold = depth == 0
	return t
}

func newTextToken(s string, depth int, bold bool) *Token {
	t := newToken(s, depth)
	t.text.TextStyle.Bold = bold
	return t
}

// CommentToken shows a comment's text: short ones inline, long ones as a
// wrapped block of their own (flowLayout gives wrapped labels a full line).
// A tap on it calls onTap, which opens it for editing. A comment longer
// than commentShown is shown cut, with "show all": a wrapped label of
// megabytes would take minutes to lay out on the UI goroutine, so the
// whole text opens in a viewer that lays out only the lines in view.
type CommentToken struct {
	widget.BaseWidget
	label *widget.Label
	onTap func()
	full  string // the whole text of a comment shown cut, else ""
}

var (
	_ fyne.Tappable      = (*CommentToken)(nil)
	_ desktop.Cursorable = (*CommentToken)(nil)
)

// commentShown is the most of a comment the notation lays out, in bytes.
const commentShown = 1000

func newCommentToken(s string, onTap func()) *CommentToken {
	t := &CommentToken{onTap: onTap}
	if len(s) > commentShown {
		t.full = s
		cut := commentShown
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		n := utf8.RuneCountInString(t.full)
		s = s[:cut] + " … (" + lang.N("{{.Count}} characters: show all", n, map[string]any{"Count": n}) + ")"
	}
	l := widget.NewLabel(s)
	l.TextStyle.Italic = true
	l.Importance = widget.LowImportance
	if len([]rune(s)) > 40 {
		l.Wrapping = fyne.TextWrapWord
	}
	t.label = l
	t.ExtendBaseWidget(t)
	return t
}

// Tapped is part of fyne.Tappable: a comment shown cut opens whole in a
// viewer (an editor would lay it all out), another one for editing.
func (t *CommentToken) Tapped(*fyne.PointEvent) {
	if t.full != "" {
		widgets.ShowLongText(t, lang.L("Comment"), t.full)
		return
	}
	if t.onTap != nil {
		t.onTap()
	}
}

// Text returns the text the comment shows.
func (t *CommentToken) Text() string { return t.label.Text }

// Cursor is part of desktop.Cursorable: the text cursor says the comment
// can be edited.
func (t *CommentToken) Cursor() desktop.Cursor { return desktop.TextCursor }

// CreateRenderer is part of fyne.Widget.
func (t *CommentToken) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(t.label)
}

func newToken(s string, depth int) *Token {
	t := &Token{
		text: canvas.NewText(s, theme.Color(theme.ColorNameForeground)),
		bg:   canvas.NewRectangle(color.Transparent),
	}
	size := theme.TextSize()
	if depth > 0 {
		size *= 0.92
		t.text.Color = theme.Color(theme.ColorNamePlaceHolder)
	}
	t.text.TextSize = size
	t.base = t.text.Color
	t.bg.CornerRadius = 3
	t.ExtendBaseWidget(t)
	return t
}

// Text returns what the token shows.
func (t *Token) Text() string { return t.text.Text }

// TextStyle returns the style the token's text is drawn in: italic for a
// move of an exploration.
func (t *Token) TextStyle() fyne.TextStyle { return t.text.TextStyle }

func (t *Token) setCurrent(on bool) {
	t.current = on
	if on {
		t.bg.FillColor = theme.Color(theme.ColorNamePrimary)
		t.text.Color = theme.Color(theme.ColorNameForegroundOnPrimary)
	} else {
		t.bg.FillColor = color.Transparent
		t.text.Color = t.base
	}
	t.bg.Refresh()
	t.text.Refresh()
}

// Tapped is part of fyne.Tappable.
func (t *Token) Tapped(*fyne.PointEvent) {
	if t.onTap != nil {
		t.onTap()
	}
}

// CreateRenderer is part of fyne.Widget.
func (t *Token) CreateRenderer() fyne.WidgetRenderer {
	return &tokenRenderer{t: t, objs: []fyne.CanvasObject{t.bg, t.text}}
}

type tokenRenderer struct {
	t    *Token
	objs []fyne.CanvasObject
}

func (r *tokenRenderer) Layout(s fyne.Size) {
	r.t.bg.Resize(s)
	r.t.text.Move(fyne.NewPos(3, 1))
	r.t.text.Resize(r.t.text.MinSize())
}

func (r *tokenRenderer) MinSize() fyne.Size {
	m := r.t.text.MinSize()
	return fyne.NewSize(m.Width+6, m.Height+2)
}

func (r *tokenRenderer) Refresh() {
	r.t.bg.Refresh()
	r.t.text.Refresh()
}

func (r *tokenRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *tokenRenderer) Destroy()                     {}

// folded reports whether the variation starting with v is shown folded.
func (n *Notation) folded(v *game.Node) bool {
	c, ok := n.collapsed[v]
	if !ok {
		return n.collapseAll
	}
	return c
}

// Toggle folds or opens the variation starting with v, as a tap on its
// parenthesis does.
func (n *Notation) Toggle(v *game.Node) {
	n.collapsed[v] = !n.folded(v)
	n.SetGame(n.game, n.cur)
}

// moveText writes node's move as the notation shows it: its SAN in the
// players' piece letters, the move's judgement (!, ?) joined to it, other
// NAGs after a space.
func (n *Notation) moveText(node *game.Node) string {
	var b strings.Builder
	b.WriteString(n.shown(node.SAN()))
	var after []string
	for _, g := range node.NAGs() {
		if moveNAG(g) {
			b.WriteString(NAGSymbol(g))
		} else {
			after = append(after, NAGSymbol(g))
		}
	}
	if len(after) > 0 {
		b.WriteString(" " + strings.Join(after, " "))
	}
	return b.String()
}

// shown writes a SAN move in the players' piece letters.
func (n *Notation) shown(san string) string {
	if n.words == nil {
		return san
	}
	return n.words.SAN(san)
}

// SetWords gives the notation the words of the players' language and piece
// letters, and shows the game again in them.
func (n *Notation) SetWords(w Words) {
	n.words = w
	n.Redraw()
}

// Redraw shows the game again, as after a change of the words it is shown
// in (the piece letters).
func (n *Notation) Redraw() {
	if n.game != nil {
		n.SetGame(n.game, n.cur)
	}
}

// TwoColumns reports whether the main line is shown as a table
// (SetTwoColumns).
func (n *Notation) TwoColumns() bool { return n.twoColumns }

// CollapseAll reports whether the variations not toggled by hand are
// folded (SetCollapseAll).
func (n *Notation) CollapseAll() bool { return n.collapseAll }

// Objects returns what the panel shows, in order: the tokens of the moves
// and punctuation (or the rows of the table), the comments, the comment
// editor, the result.
func (n *Notation) Objects() []fyne.CanvasObject { return n.box.Objects }

// MoveToken returns the token that shows node's move, nil when the move is
// not shown (in a folded variation, or not in the game shown).
func (n *Notation) MoveToken(node *game.Node) *Token { return n.tokens[node] }

// SetTwoColumns shows the main line as a table (number, White, Black) with
// the clock times in a small column and evaluations as badges, or as
// flowing text.
func (n *Notation) SetTwoColumns(on bool) {
	n.twoColumns = on
	if n.game != nil {
		n.SetGame(n.game, n.cur)
	}
}

// SetCollapseAll folds (or opens) every variation not toggled by hand.
func (n *Notation) SetCollapseAll(on bool) {
	n.collapseAll = on
	n.collapsed = map[*game.Node]bool{}
	if n.game != nil {
		n.SetGame(n.game, n.cur)
	}
}

// lineLength counts the moves of v's line, v included, with its sub-variations.
func lineLength(v *game.Node) int {
	count := 0
	var walk func(x *game.Node)
	walk = func(x *game.Node) {
		count++
		for _, c := range x.Children() {
			walk(c)
		}
	}
	walk(v)
	return count
}

// flowLayout lays the notation out like text: tokens left to right, a new
// line when the next does not fit, each line as tall as its tallest token;
// a wrapped label (a long comment) takes a whole line of its own and as many
// lines of text as it needs.
type flowLayout struct {
	hgap, vgap float32
	width      float32 // the width of the last layout, for MinSize
}

// isBlock reports whether o takes whole lines: a wrapped comment or the
// comment editor.
func isBlock(o fyne.CanvasObject) bool {
	switch o := o.(type) {
	case *CommentToken:
		return o.label.Wrapping != fyne.TextWrapOff
	case *CommentEntry, *moveRow:
		return true
	}
	return false
}

// place positions the objects for width w (only when apply) and returns
// the height used and the widest inline object.
func (f *flowLayout) place(objs []fyne.CanvasObject, w float32, apply bool) (height, widest float32) {
	var x, y, rowH float32
	newLine := func() {
		if x > 0 {
			y += rowH + f.vgap
		}
		x, rowH = 0, 0
	}
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		if isBlock(o) {
			newLine()
			o.Resize(fyne.NewSize(w, o.MinSize().Height))
			h := o.MinSize().Height
			if apply {
				o.Resize(fyne.NewSize(w, h))
				o.Move(fyne.NewPos(0, y))
			}
			y += h + f.vgap
			continue
		}
		m := o.MinSize()
		widest = max(widest, m.Width)
		if x > 0 && x+m.Width > w {
			newLine()
		}
		if apply {
			o.Resize(m)
			o.Move(fyne.NewPos(x, y))
		}
		x += m.Width + f.hgap
		rowH = max(rowH, m.Height)
	}
	return y + rowH, widest
}

func (f *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	f.width = size.Width
	f.place(objs, size.Width, true)
}

func (f *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := f.width
	if w <= 0 {
		w = 300
	}
	h, widest := f.place(objs, w, false)
	return fyne.NewSize(min(widest, w), h)
}
