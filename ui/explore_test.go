package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"touchmove/app/analysis"
	"touchmove/app/store"
	"touchmove/core/chess"
)

// exploreFile is a file of seven games: two that begin 1. d4, four 1. e4,
// and one from a set-up position.
const exploreFile = `[Event "A"]
[White "W1"]
[Black "B1"]
[Result "1-0"]

1. d4 d5 2. c4 e6 1-0

[Event "B"]
[White "W2"]
[Black "B2"]
[Result "0-1"]

1. d4 Nf6 2. c4 e6 0-1

[Event "C"]
[White "W3"]
[Black "B3"]
[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Event "E"]
[Result "*"]

1. e4 e5 *

[Event "F"]
[Result "*"]

1. e4 e6 *

[Event "G"]
[Result "*"]

1. e4 c6 *

[Event "D"]
[White "W4"]
[Black "B4"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 *
`

// treeReady opens exploreFile and waits until the tree shows the rows of
// the position on the board.
func treeReady(t *testing.T) *Window {
	t.Helper()
	w, _ := openFile(t, "games.pgn", exploreFile)
	w.win.Resize(fyne.NewSize(1400, 900)) // tall enough for the tree
	if !w.tree.On() {
		w.tree.Toggle()
	}
	treeWait(t, w)
	return w
}

// treeWait waits until the tree shows the position on the board.
func treeWait(t *testing.T, w *Window) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		w.tree.Follow()
		pos := w.session.Current().Position()
		p := w.tree.Progress()
		if p.Finished && len(w.tree.Rows()) > 0 && w.tree.Shows(pos) && w.tree.Passing() > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tree shows no moves: %+v", p)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// clickTree clicks the tree's row of the move san, as a user does.
func clickTree(t *testing.T, w *Window, san string) {
	t.Helper()
	treeWait(t, w)
	for i, r := range w.tree.Rows() {
		if !r.End() && r.SAN == san {
			w.tabs.Select(w.notationTab)
			w.win.Canvas().Focus(w.tree.List()) // as a press on the list does
			if w.win.Canvas().Focused() != w.tree.List() {
				t.Fatal("the tree's list cannot take the focus")
			}
			w.tree.List().Select(i)
			return
		}
	}
	t.Fatalf("the tree has no %s", san)
}

// Clicking moves in the tree over a game of the file explores: the game is
// not changed, nothing asks to save it when another game is opened, the
// board and the notation show the explored moves, and Esc brings the game
// back as it was; Ctrl+I keeps them as a variation (issue 45, point 6).
func TestTreeExploresTheGame(t *testing.T) {
	w := treeReady(t)
	if path, i := w.session.Path(); path == "" || i != 0 {
		t.Fatalf("game 1 is not on the board: %q %d", path, i)
	}
	before, err := store.EncodeGame(w.session.Game())
	if err != nil {
		t.Fatal(err)
	}
	clickTree(t, w, "e4")
	clickTree(t, w, "c5")
	s := w.session
	if s.Dirty() {
		t.Fatal("exploring the tree marked game 1 changed")
	}
	if after, _ := store.EncodeGame(s.Game()); string(after) != string(before) {
		t.Fatalf("exploring the tree wrote into game 1:\n%s", after)
	}
	if got := s.Current().SAN(); got != "c5" {
		t.Fatalf("the board shows %q, want the explored c5", got)
	}
	tok := w.notation.MoveToken(s.Current())
	if tok == nil || !strings.Contains(tok.Text(), "c5") || !tok.TextStyle().Italic {
		t.Fatalf("the notation does not show c5 as explored: %+v", tok)
	}
	if w.status.mode.Text != "Exploring" || !strings.Contains(w.status.message.Text, "Esc") {
		t.Errorf("the status does not say the board explores: %q, %q", w.status.mode.Text, w.status.message.Text)
	}

	// Esc: back to the game as it was.
	pressKey(w, fyne.KeyEscape, false)
	if s.Exploring() || s.Dirty() || !s.Current().IsRoot() {
		t.Fatalf("after Esc: exploring %v, dirty %v, at %q", s.Exploring(), s.Dirty(), s.Current().SAN())
	}
	if w.notation.MoveToken(s.Shown().Root().Children()[0]) == nil || len(s.Shown().Root().Children()) != 1 {
		t.Fatal("the notation still shows the explored moves")
	}

	// Explore again, open another game: no question.
	clickTree(t, w, "e4")
	w.tree.OpenFromList(2)
	if top := w.win.Canvas().Overlays().Top(); top != nil {
		t.Fatal("opening another game after exploring asks something (Save the game?)")
	}
	if _, i := s.Path(); i != 2 {
		t.Fatalf("game %d is on the board, want 3", i+1)
	}

	// Keep: Edit › Keep the explored moves as a variation.
	w.tree.OpenFromList(0)
	treeWait(t, w)
	clickTree(t, w, "e4")
	clickTree(t, w, "c5")
	w.keepExplored()
	if s.Exploring() || !s.Dirty() {
		t.Fatalf("after Keep: exploring %v, dirty %v", s.Exploring(), s.Dirty())
	}
	if after, _ := store.EncodeGame(s.Game()); !strings.Contains(string(after), "( 1. e4 c5 )") {
		t.Fatalf("Keep did not keep the variation:\n%s", after)
	}
}

// The tree's title says how many of the file's games pass through the
// start position
// and why the others do not (issue 45, point 10).
func TestTreeTitleCountsPassing(t *testing.T) {
	w := treeReady(t)
	title := w.tree.Title()
	for _, want := range []string{"7 games", "6 of them pass through this position", "the other 1 starts from a set-up position"} {
		if !strings.Contains(title, want) {
			t.Errorf("the title %q does not say %q", title, want)
		}
	}
}

// The tree shows the first moves of a new position: a list scrolled down
// at the last position scrolls back to the top (issue 45, point 10).
func TestTreeScrollsToTop(t *testing.T) {
	w := treeReady(t)
	w.tree.List().Resize(fyne.NewSize(300, 30)) // one row in view
	w.tree.List().ScrollToBottom()
	if w.tree.List().GetScrollOffset() == 0 {
		t.Fatal("the list does not scroll at this size")
	}
	clickTree(t, w, "d4") // the second row, in view at the bottom
	treeWait(t, w)
	if off := w.tree.List().GetScrollOffset(); off != 0 {
		t.Errorf("after a move the tree stays scrolled at %.0f", off)
	}
}

// An engine's line played out over a game of the file explores too: the
// board shows its moves, the game is not changed (issue 45, point 6).
func TestEngineLineExploresTheGame(t *testing.T) {
	w := newTestWindow(t)
	games, _ := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	w.session.Load(games[0], "games.pgn", 0)
	before, _ := store.EncodeGame(w.session.Game())
	p := w.engine
	an := analysisOn(t, w)
	start := chess.StartPosition()
	moves := []chess.Move{chess.NewMove(chess.D2, chess.D4), chess.NewMove(chess.D7, chess.D5)}
	an.Hear(analysis.Live{FEN: start.FEN(), Lines: []analysis.LiveLine{{Moves: moves, SAN: []string{"d4", "d5"}}}})
	p.playLine(0, 1) // up to 1... d5
	an.Stop()
	s := w.session
	if after, _ := store.EncodeGame(s.Game()); s.Dirty() || string(after) != string(before) {
		t.Fatalf("the engine's line changed the game (dirty %v):\n%s", s.Dirty(), after)
	}
	if !s.Explored(s.Current()) || s.Current().SAN() != "d5" {
		t.Fatalf("the board does not show the explored 1... d5: %q", s.Current().SAN())
	}
}
