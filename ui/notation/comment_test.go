package notation

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/pgn"
	"touchmove/ui/internal/uitest"
	"touchmove/ui/widgets"
)

// TestNotationElidesLongComment shows a game with a comment of 200 KB: the
// notation lays out its first thousand bytes with "show all", which opens
// the whole text in a viewer of lines.
func TestNotationElidesLongComment(t *testing.T) {
	long := strings.Repeat("a long comment ", 200<<10/15)
	b := pgn.NewGameBuilder()
	if err := pgn.NewReader(strings.NewReader("1. e4 {" + long + "} e5 *")).ReadGame(b); err != nil {
		t.Fatal(err)
	}
	test.NewTempApp(t)
	n := New()
	w := test.NewTempWindow(t, n)
	w.Resize(fyne.NewSize(500, 600))
	n.SetGame(b.Game(), b.Game().End())
	tokens := uitest.ObjectsIn(w.Content(), func(*CommentToken) bool { return true })
	if len(tokens) != 1 {
		t.Fatalf("%d comments shown", len(tokens))
	}
	c := tokens[0]
	if got := c.label.Text; len(got) > 1100 || !strings.HasSuffix(got, "characters: show all)") {
		t.Fatalf("the comment shows %d bytes, ending %q", len(got), got[max(0, len(got)-40):])
	}
	test.Tap(c)
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("show all opened nothing")
	}
	want := fmt.Sprintf("Comment (%d lines)", len(widgets.LongTextLines(strings.TrimSpace(long))))
	if len(uitest.ObjectsIn(top, func(l *widget.Label) bool { return l.Text == want })) != 1 {
		t.Errorf("the viewer has no title %q", want)
	}
	// Editing it in place (Ctrl+K) shows it too, rather than lay it all
	// out in an entry.
	top.Hide()
	n.EditComment(CommentSlot{Node: b.Game().Root().Children()[0]})
	if n.edit != nil {
		t.Error("the comment of 200 KB opened in an entry")
	}
}

func TestWrappedRows(t *testing.T) {
	measure := func(s string) float32 { return float32(len(s)) } // one unit a byte
	for _, tc := range []struct {
		text  string
		width float32
		want  int
	}{
		{"", 10, 1},
		{"short", 10, 1},
		{"0123456789", 10, 1},
		{"01234 6789 abc", 10, 2},
		{"aaa bbb ccc ddd eee", 7, 3},
		{"one\ntwo\n", 10, 3},
		{"aaa bbb\nccc ddd eee", 7, 3},
	} {
		if got := wrappedRows(tc.text, tc.width, measure); got != tc.want {
			t.Errorf("wrappedRows(%q, %v) = %d, want %d", tc.text, tc.width, got, tc.want)
		}
	}
}
