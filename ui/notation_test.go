package ui

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"touchmove/core/pgn"
	"touchmove/internal/corpus"
)

// visible reports whether o lies within the notation's scrolled view.
func visible(n *Notation, o fyne.CanvasObject) bool {
	top, bottom := n.scroll.Offset.Y, n.scroll.Offset.Y+n.scroll.Size().Height
	return o.Position().Y >= top && o.Position().Y+o.Size().Height <= bottom
}

// When the window shrinks, the current move — or the comment being
// edited — stays in view rather than scrolling out under the panel's edge.
func TestNotationKeepsCurrentInViewOnResize(t *testing.T) {
	data := corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz")
	b := pgn.NewGameBuilder()
	if err := pgn.NewReader(bytes.NewReader(data)).ReadGame(b); err != nil {
		t.Fatal(err)
	}
	g := b.Game()
	n := NewNotation()
	w := test.NewTempWindow(t, n)
	w.Resize(fyne.NewSize(500, 900))
	last := g.End()
	n.SetGame(g, last)
	if !visible(n, n.tokens[last]) {
		t.Fatalf("last move not in view in a tall panel: y=%v h=%v, view %v..%v, box %v", n.tokens[last].Position().Y, n.tokens[last].Size().Height, n.scroll.Offset.Y, n.scroll.Offset.Y+n.scroll.Size().Height, n.box.Size())
	}
	w.Resize(fyne.NewSize(400, 150))
	if !visible(n, n.tokens[last]) {
		t.Errorf("last move at y=%v, view %v..%v after shrinking", n.tokens[last].Position().Y,
			n.scroll.Offset.Y, n.scroll.Offset.Y+n.scroll.Size().Height)
	}

	n.EditComment(CommentSlot{Node: last.Parent()})
	w.Resize(fyne.NewSize(500, 900))
	w.Resize(fyne.NewSize(380, 140))
	if !visible(n, n.edit.entry) {
		t.Errorf("comment editor at y=%v, view %v..%v after shrinking", n.edit.entry.Position().Y,
			n.scroll.Offset.Y, n.scroll.Offset.Y+n.scroll.Size().Height)
	}
}
