package notation

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"touchmove/app/store"
	"touchmove/core/game"
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
	n := New()
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

// The notation as a table: a row a move number with White's and Black's
// moves, clock times and evaluations beside them; a comment or a variation
// ends the row and follows it; a tap on a move selects it.
func TestNotationTwoColumns(t *testing.T) {
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {[%clk 0:03:00] [%eval 0.2]} e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	n := New()
	n.SetTwoColumns(true)
	var picked *game.Node
	n.OnSelect = func(x *game.Node) { picked = x }
	n.SetGame(g, g.Root())
	var rows int
	var kinds []string
	for _, o := range n.box.Objects {
		switch o.(type) {
		case *moveRow:
			rows++
			kinds = append(kinds, "row")
		case *CommentToken:
			kinds = append(kinds, "comment")
		default:
			kinds = append(kinds, "text")
		}
	}
	// 1. e4 e5 | 2. Nf3 … | {a comment} | 2... Nc6 | ( 2... d6 ) | 3. Bb5
	if rows != 4 || kinds[2] != "comment" {
		t.Fatalf("rows %d, objects %v", rows, kinds)
	}
	e4 := g.Root().Next()
	n.tokens[e4].Tapped(nil)
	if picked != e4 {
		t.Fatal("a tap on e4 did not select it")
	}
	n.SetCurrent(e4.Next())
	if n.rows[e4.Next()] != n.rows[e4] {
		t.Fatal("1... e5 is not in the row of 1. e4")
	}
}

// In two columns Black's clock time stays clear of the scroll bar, which
// Fyne draws over the right edge of the notation (issue 27 point 13).
func TestNotationTwoColumnsClearOfScrollBar(t *testing.T) {
	test.NewTempApp(t)
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {[%clk 0:02:59]} e5 {[%clk 0:02:58]} 2. Nf3 {[%clk 0:02:57]} Nc6 {[%clk 0:02:55]} *\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	n := New()
	n.SetTwoColumns(true)
	n.SetGame(g, g.Root())
	w := test.NewWindow(n)
	defer w.Close()
	for _, width := range []float32{300, 420, 700} {
		w.Resize(fyne.NewSize(width, 400))
		for _, o := range n.box.Objects {
			r, ok := o.(*moveRow)
			if !ok {
				continue
			}
			black := r.c.Objects[2]
			right := fyne.CurrentApp().Driver().AbsolutePositionForObject(black).X + black.Size().Width
			edge := fyne.CurrentApp().Driver().AbsolutePositionForObject(n).X + n.Size().Width
			if right > edge-theme.ScrollBarSize() {
				t.Errorf("at %.0f px Black's cell ends at %.1f, under the scroll bar (from %.1f)", width, right, edge-theme.ScrollBarSize())
			}
		}
	}
}
