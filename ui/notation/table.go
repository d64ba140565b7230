package notation

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
)

// The notation as a table, as lichess shows it: a row a move number, White's
// move and Black's, each with its clock time in a small, dimmer column and
// its evaluation as a small badge; comments and variations break the table
// and follow the move they belong to, as text.

// moveRow is one row of the table: it takes a whole line of the notation.
type moveRow struct {
	widget.BaseWidget
	c *fyne.Container
}

func newMoveRow(cells ...fyne.CanvasObject) *moveRow {
	r := &moveRow{c: container.New(&rowLayout{}, cells...)}
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer is part of fyne.Widget.
func (r *moveRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.c) }

// rowLayout gives the move number a narrow column and the two moves half
// of the rest each, less the width of the scroll bar that Fyne draws over
// the notation's right edge, so that Black's clock time is never under it.
type rowLayout struct{}

func (rowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	num := min(size.Width/5, fyne.MeasureText("888.", theme.TextSize(), fyne.TextStyle{}).Width+theme.InnerPadding())
	half := max(0, size.Width-num-theme.ScrollBarSize()) / 2
	xs := []float32{0, num, num + half}
	ws := []float32{num, half, half}
	for i, o := range objs {
		if i < 3 {
			o.Move(fyne.NewPos(xs[i], 0))
			o.Resize(fyne.NewSize(ws[i], size.Height))
		}
	}
}

func (rowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var h, w float32
	for _, o := range objs {
		m := o.MinSize()
		h = max(h, m.Height)
		w += m.Width
	}
	return fyne.NewSize(w, h)
}

// table adds the main line from the root as rows, with the notes of each
// move after its row.
func (n *Notation) table(root *game.Node, add func(fyne.CanvasObject)) {
	for node := root; ; {
		ch := node.Children()
		if len(ch) == 0 {
			return
		}
		first := ch[0]
		n.comment(CommentSlot{Node: first, Place: CommentBefore}, commentText(n.game, CommentSlot{Node: first, Place: CommentBefore}), add)
		num := newTextToken(strconv.Itoa(first.MoveNumber())+".", 0, false)
		num.text.Color = theme.Color(theme.ColorNamePlaceHolder)
		num.base = num.text.Color
		if first.Mover() == chess.Black {
			n.row(add, []*game.Node{first}, num, newTextToken("…", 0, false), n.cell(first))
			n.notes(node, first, add)
			node = first
			continue
		}
		white := n.cell(first)
		second := first.Next()
		if second == nil || n.hasNotes(node, first) || n.commentBefore(second) {
			n.row(add, []*game.Node{first}, num, white, newTextToken("", 0, false))
			n.notes(node, first, add)
			node = first
			continue
		}
		n.row(add, []*game.Node{first, second}, num, white, n.cell(second))
		n.notes(first, second, add)
		node = second
	}
}

// row adds a row of cells, the row of the moves given.
func (n *Notation) row(add func(fyne.CanvasObject), moves []*game.Node, cells ...fyne.CanvasObject) {
	r := newMoveRow(cells...)
	for _, m := range moves {
		n.rows[m] = r
	}
	add(r)
}

// cell is a move of the table: its SAN and NAGs, with the evaluation as a
// badge and the clock time small and dim at the right.
func (n *Notation) cell(node *game.Node) fyne.CanvasObject {
	t := newMoveToken(n.moveText(node), 0, func() {
		if n.OnSelect != nil {
			n.OnSelect(node)
		}
	})
	n.tokens[node] = t
	var right []fyne.CanvasObject
	if e, ok := node.Eval(); ok {
		badge := canvas.NewText(e.String(), theme.Color(theme.ColorNameForeground))
		badge.TextSize = theme.CaptionTextSize()
		bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
		bg.CornerRadius = 4
		right = append(right, container.NewStack(bg, container.NewPadded(badge)))
	}
	if d, ok := node.Clock(); ok {
		c := canvas.NewText(clock.FormatDisplay(d, 0), theme.Color(theme.ColorNamePlaceHolder))
		c.TextSize = theme.CaptionTextSize()
		right = append(right, container.NewCenter(c))
	}
	return container.NewBorder(nil, nil, nil, container.NewHBox(right...), container.NewHBox(t))
}

// hasNotes reports whether move (a child of parent) has a comment after it
// or alternatives: then the row ends after it.
func (n *Notation) hasNotes(parent, move *game.Node) bool {
	return commentText(n.game, CommentSlot{Node: move}) != "" || len(parent.Children()) > 1 || n.edit != nil && n.edit.slot.Node == move
}

// commentBefore reports whether move has a comment before it.
func (n *Notation) commentBefore(move *game.Node) bool {
	return commentText(n.game, CommentSlot{Node: move, Place: CommentBefore}) != ""
}

// notes adds what follows move (a child of parent) in the table: its
// comment, then the variations that replace it, as text.
func (n *Notation) notes(parent, move *game.Node, add func(fyne.CanvasObject)) {
	after := CommentSlot{Node: move}
	n.comment(after, commentText(n.game, after), add)
	for _, v := range parent.Children()[1:] {
		n.variation(v, add)
	}
}
