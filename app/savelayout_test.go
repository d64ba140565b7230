package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app"
)

// An edited game saved into its file changes only where it was edited: its
// tags keep their order and gain no roster tag, separate comments stay
// separate, and the games around it keep their bytes (pgn.md §13).
func TestSaveEditedGameKeepsLayout(t *testing.T) {
	const (
		first  = "[Event \"A\"]\n\n1. e4 *\n\n"
		edited = "[White \"Novak\"]\n[Black \"Ivanov\"]\n[Event \"Club\"]\n[Result \"1-0\"]\n[ECO \"C00\"]\n\n" +
			"{ French. } { For the bulletin. } 1. e4 e6 2. d4 d5 3. e5 { [%clk 1:31:03] } {\nAdvance. } 3... c5 1-0\n\n"
		last = "[Event \"C\"]\n\n1. c4 *\n"
	)
	path := filepath.Join(t.TempDir(), "club.pgn")
	f := openWritten(t, path, first+edited+last, 0o644, 3)
	if f.Problems != nil {
		t.Fatalf("OpenFile: %v", f.Problems)
	}
	s := newSession(t)
	s.Load(f.Games[1], path, 1)
	e5 := s.Game().End().Parent()
	if err := app.NewEditor(s).SetCommentText(e5, "The Advance Variation."); err != nil {
		t.Fatal(err)
	}
	if _, err := app.SaveGame(path, 1, s.Game()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := first + strings.Replace(edited, "{\nAdvance. } 3... c5", "{\nThe Advance Variation. } 3... c5", 1) + last
	// Where the writer breaks the line is not what this test is about.
	if got := strings.Join(strings.Fields(string(data)), " "); got != strings.Join(strings.Fields(want), " ") {
		t.Errorf("saved file:\n%s\nwant\n%s", data, want)
	}
}

// Comments written apart before a move (after a variation) and at the game's
// end stay apart when the game is annotated and its closing text edited:
// a NAG on the move or a new closing text does not join them into one.
func TestSaveKeepsCommentsBeforeAndAtTheEndApart(t *testing.T) {
	const (
		in = "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 ( 1. d4 ) { Or } { simply } 1... e5 2. Nf3 ( 2. Nc3 ) { [%csl Gd4] } { Drawn. } *\n"
		// What the edits change: a NAG after e5, the closing text.
		want = "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 ( 1. d4 ) { Or } { simply } 1... e5 $1 2. Nf3 ( 2. Nc3 ) { [%csl Gd4] } { Adjourned. } *\n"
	)
	path := filepath.Join(t.TempDir(), "club.pgn")
	f := openWritten(t, path, in, 0o644, 1)
	if f.Problems != nil {
		t.Fatalf("OpenFile: %v", f.Problems)
	}
	s := newSession(t)
	s.Load(f.Games[0], path, 0)
	e := app.NewEditor(s)
	e5 := s.Game().Root().Next().Next()
	if err := e.ToggleNAG(e5, 1); err != nil {
		t.Fatal(err)
	}
	if err := e.SetEndCommentText("Adjourned."); err != nil {
		t.Fatal(err)
	}
	if got := e5.CommentsBefore(); len(got) != 2 {
		t.Errorf("comments before e5: %q, want two", got)
	}
	if _, err := app.SaveGame(path, 0, s.Game()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Where the writer breaks the line is not what this test is about.
	if got := strings.Join(strings.Fields(string(data)), " "); got != strings.Join(strings.Fields(want), " ") {
		t.Errorf("saved file:\n%s\nwant\n%s", data, want)
	}
}
