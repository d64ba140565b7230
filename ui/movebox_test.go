package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"touchmove/app"
)

// The '/' that opens the move box, pressed again, types nothing; in a move
// it is kept (e8/Q). A new game empties the box and what it said.
func TestMoveBoxSlashAndNewGame(t *testing.T) {
	w := newTestWindow(t)
	b := w.moves
	w.annot.typedRune('/')
	if w.win.Canvas().Focused() != b.entry {
		t.Fatal("/ does not give the move box the keyboard")
	}
	test.Type(b.entry, "/")
	if b.entry.Text != "" {
		t.Fatalf("a second / typed %q into the box", b.entry.Text)
	}
	test.Type(b.entry, "e8/Q")
	if b.entry.Text != "e8/Q" {
		t.Fatalf("typed e8/Q, the box holds %q", b.entry.Text)
	}
	if b.said() == "" {
		t.Fatal("no word under the box for a move that cannot be played")
	}
	if err := w.session.NewGame(app.NewGameOptions{}); err != nil {
		t.Fatal(err)
	}
	if b.entry.Text != "" || b.said() != "" {
		t.Errorf("after a new game the box holds %q and says %q", b.entry.Text, b.said())
	}
}

// File › Convert this file to UTF-8 is disabled for a game that comes from
// no file, and enabled for one that does.
func TestConvertToUTF8NeedsAFile(t *testing.T) {
	w := newTestWindow(t)
	if !findItem(t, w, "Convert this file to UTF-8").Disabled {
		t.Fatal("Convert this file to UTF-8 is enabled for an untitled game")
	}
	w2, _ := openFile(t, "club.pgn", "[Event \"A\"]\n\n1. e4 *\n")
	if findItem(t, w2, "Convert this file to UTF-8").Disabled {
		t.Fatal("Convert this file to UTF-8 is disabled for a game from a file")
	}
}
