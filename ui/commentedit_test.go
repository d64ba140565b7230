package ui

import (
	"os"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"touchmove/core/chess"
	"touchmove/ui/notation"
)

// commentedPGN has comments with embedded commands after moves, one before
// the first move, one in a variation and one that closes the game (after a variation, where PGN puts it).
const commentedPGN = `[Event "Lesson"]
[Site "?"]
[Date "2024.01.01"]
[Round "-"]
[White "A"]
[Black "B"]
[Result "1-0"]

{Opening remarks} 1. e4 {[%clk 0:05:00] [%eval 0.17] Best by test} e5 (1... c5
{[%eval 0.30] Sicilian} 2. Nf3) 2. Nf3 {[%clk 0:04:58]} Nc6 {[%eval 0.20]
[%cal Ge2e4] Solid} 3. Bb5 {Pin} (3. Bc4) {closing words} 1-0
`

func loadCommented(t *testing.T) *Window {
	t.Helper()
	w := loadPGN(t, commentedPGN)
	if got := w.session.Game().EndComment(); got != "closing words" {
		t.Fatalf("closing comment %q", got)
	}
	return w
}

// flatPGN returns the game exported as PGN with its lines joined, so that
// checks do not depend on where the writer breaks lines.
func flatPGN(t *testing.T, w *Window) string {
	t.Helper()
	return strings.Join(strings.Fields(exported(t, w)), " ")
}

// The helpers below deliver the keyboard as Fyne's desktop driver does
// (internal/driver/glfw/window.go): keys and characters go to the focused
// widget if there is one, else to the canvas handlers; a key with Control
// (or Alt) is a shortcut, looked up in the main menu first, then given to
// the focused widget or else the canvas. Ctrl+Z, Ctrl+A… become Fyne's
// own shortcuts.

// typeRunes types s.
func typeRunes(w *Window, s string) {
	c := w.win.Canvas()
	for _, r := range s {
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else if h := c.OnTypedRune(); h != nil {
			h(r)
		}
	}
}

// keyDown and keyUp deliver a key's press and release events.
func keyDown(w *Window, name fyne.KeyName) {
	if k, ok := w.win.Canvas().Focused().(desktop.Keyable); ok {
		k.KeyDown(&fyne.KeyEvent{Name: name})
	}
}

func keyUp(w *Window, name fyne.KeyName) {
	if k, ok := w.win.Canvas().Focused().(desktop.Keyable); ok {
		k.KeyUp(&fyne.KeyEvent{Name: name})
	}
}

// pressKey presses and releases a key with no modifier, or with Shift when
// shift is set.
func pressKey(w *Window, name fyne.KeyName, shift bool) {
	if shift {
		keyDown(w, desktop.KeyShiftLeft)
	}
	keyDown(w, name)
	c := w.win.Canvas()
	if f := c.Focused(); f != nil {
		f.TypedKey(&fyne.KeyEvent{Name: name})
	} else if h := c.OnTypedKey(); h != nil {
		h(&fyne.KeyEvent{Name: name})
	}
	keyUp(w, name)
	if shift {
		keyUp(w, desktop.KeyShiftLeft)
	}
}

// pressShortcut presses name with Control and the modifiers in mod.
func pressShortcut(w *Window, name fyne.KeyName, mod fyne.KeyModifier) {
	mod |= fyne.KeyModifierControl
	var sc fyne.Shortcut = &desktop.CustomShortcut{KeyName: name, Modifier: mod}
	if mod == fyne.KeyModifierControl {
		switch name {
		case fyne.KeyZ:
			sc = &fyne.ShortcutUndo{}
		case fyne.KeyY:
			sc = &fyne.ShortcutRedo{}
		case fyne.KeyA:
			sc = &fyne.ShortcutSelectAll{}
		}
	}
	if it := menuItemFor(w, sc); it != nil {
		it.Action()
		return
	}
	c := w.win.Canvas()
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(sc)
		return
	}
	c.(fyne.Shortcutable).TypedShortcut(sc)
}

// menuItemFor returns the main menu item with shortcut sc, if any.
func menuItemFor(w *Window, sc fyne.Shortcut) *fyne.MenuItem {
	return menuItemWhere(w, func(it *fyne.MenuItem) bool {
		return it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil
	})
}

// menuItemWhere returns the first item of the main menu, in submenus too,
// that match accepts, or nil.
func menuItemWhere(w *Window, match func(*fyne.MenuItem) bool) *fyne.MenuItem {
	var find func(items []*fyne.MenuItem) *fyne.MenuItem
	find = func(items []*fyne.MenuItem) *fyne.MenuItem {
		for _, it := range items {
			if match(it) {
				return it
			}
			if it.ChildMenu != nil {
				if f := find(it.ChildMenu.Items); f != nil {
					return f
				}
			}
		}
		return nil
	}
	for _, m := range w.win.MainMenu().Items {
		if it := find(m.Items); it != nil {
			return it
		}
	}
	return nil
}

// openEntry returns the inline comment editor and checks that it edits s
// and has the keyboard focus.
func openEntry(t *testing.T, w *Window, s notation.CommentSlot) *notation.CommentEntry {
	t.Helper()
	got, ok := w.notation.Editing()
	if !ok {
		t.Fatal("no inline comment editor open")
	}
	if got != s {
		t.Fatalf("the editor edits %+v, want %+v", got, s)
	}
	e := w.notation.Editor()
	if !slices.Contains(w.notation.Objects(), fyne.CanvasObject(e)) {
		t.Fatal("the editor is not in the notation")
	}
	if f := w.win.Canvas().Focused(); f != e {
		t.Fatalf("focus on %T, not on the comment editor", f)
	}
	return e
}

// closed checks that no editor is open and the window has the keyboard.
func closed(t *testing.T, w *Window) {
	t.Helper()
	if s, ok := w.notation.Editing(); ok {
		t.Fatalf("the editor of %+v is still open", s)
	}
	for _, o := range w.notation.Objects() {
		if _, ok := o.(*notation.CommentEntry); ok {
			t.Fatal("a comment entry is still shown")
		}
	}
	if f := w.win.Canvas().Focused(); f != nil {
		t.Fatalf("focus stays on %T", f)
	}
}

// commentTokenFor returns the notation's comment showing text.
func commentTokenFor(t *testing.T, w *Window, text string) *notation.CommentToken {
	t.Helper()
	for _, o := range w.notation.Objects() {
		if c, ok := o.(*notation.CommentToken); ok && c.Text() == text {
			return c
		}
	}
	t.Fatalf("no comment %q in the notation", text)
	return nil
}

// index returns where o stands in the notation, -1 if absent.
func index(w *Window, o fyne.CanvasObject) int {
	return slices.Index(w.notation.Objects(), o)
}

// typeAndCommit types text into the open editor, presses Enter and checks
// that the editor closed and the exported game holds want.
func typeAndCommit(t *testing.T, w *Window, text, want string) {
	t.Helper()
	typeRunes(w, text)
	pressKey(w, fyne.KeyReturn, false)
	closed(t, w)
	if got := flatPGN(t, w); !strings.Contains(got, want) {
		t.Fatalf("after %q and Enter the game lacks %q:\n%s", text, want, got)
	}
}

// clearEntry selects the entry's text and deletes it, as a user does.
func clearEntry(w *Window) {
	pressShortcut(w, fyne.KeyA, 0)
	pressKey(w, fyne.KeyBackspace, false)
}

func TestCommentEditShortcutEnterUndo(t *testing.T) {
	w := loadCommented(t)
	w.session.Forward() // 1. e4
	e4 := w.session.Current()
	pressShortcut(w, fyne.KeyK, 0)
	e := openEntry(t, w, notation.CommentSlot{Node: e4})
	if e.Text != "Best by test" {
		t.Fatalf("the editor shows %q, want the text without commands", e.Text)
	}
	// Where the comment stood: right after the move.
	if i, j := index(w, w.notation.MoveToken(e4)), index(w, e); j != i+1 {
		t.Errorf("editor at %d, move at %d", j, i)
	}
	pressKey(w, fyne.KeyLeft, false) // moves the text cursor, not the game
	pressKey(w, fyne.KeyEnd, false)
	if w.session.Current() != e4 {
		t.Fatal("arrow keys in the editor moved through the game")
	}
	clearEntry(w)
	typeAndCommit(t, w, "The king's pawn 1 2 =", "1. e4 { [%clk 0:05:00] [%eval 0.17] The king's pawn 1 2 = } 1... e5")
	if got := flatPGN(t, w); strings.Contains(got, "$") {
		t.Fatalf("keys typed in the editor added NAGs:\n%s", got)
	}
	if !strings.Contains(commentTokenFor(t, w, "The king's pawn 1 2 =").Text(), "king") {
		t.Fatal("the notation does not show the new text")
	}
	// The keys are the window's again.
	typeRunes(w, "1")
	if got := flatPGN(t, w); !strings.Contains(got, "1. e4 $1 {") {
		t.Fatalf("NAG key after the edit:\n%s", got)
	}
	pressShortcut(w, fyne.KeyZ, 0) // Ctrl+Z: the NAG
	pressShortcut(w, fyne.KeyZ, 0) // Ctrl+Z: the comment
	if got := flatPGN(t, w); !strings.Contains(got, "1. e4 { [%clk 0:05:00] [%eval 0.17] Best by test } 1... e5") {
		t.Fatalf("after undo:\n%s", got)
	}
	pressShortcut(w, fyne.KeyZ, fyne.KeyModifierShift) // Ctrl+Shift+Z
	if got := flatPGN(t, w); !strings.Contains(got, "{ [%clk 0:05:00] [%eval 0.17] The king's pawn 1 2 = }") {
		t.Fatalf("after redo:\n%s", got)
	}
}

func TestCommentEditTapEscapeAndFocusLoss(t *testing.T) {
	w := loadCommented(t)
	before := flatPGN(t, w)
	e4 := w.session.Game().Root().Children()[0]
	test.Tap(commentTokenFor(t, w, "Best by test"))
	if w.session.Current() != e4 {
		t.Error("tapping the comment did not go to its move")
	}
	e := openEntry(t, w, notation.CommentSlot{Node: e4})
	typeRunes(w, " indeed")
	pressKey(w, fyne.KeyReturn, true) // Shift+Enter breaks the line
	typeRunes(w, "more")
	if e.Text != "Best by test indeed\nmore" {
		t.Fatalf("entry text %q", e.Text)
	}
	if _, ok := w.notation.Editing(); !ok {
		t.Fatal("Shift+Enter closed the editor")
	}
	pressKey(w, fyne.KeyEscape, false)
	closed(t, w)
	if got := flatPGN(t, w); got != before {
		t.Fatalf("Escape changed the game:\n%s", got)
	}
	if w.session.Current() != e4 {
		t.Fatal("Escape in the editor went to the window")
	}

	// Losing the focus commits: a tap on another move.
	test.Tap(commentTokenFor(t, w, "Best by test"))
	openEntry(t, w, notation.CommentSlot{Node: e4})
	typeRunes(w, ", they say")
	nf3 := e4.Children()[0].Children()[0]
	test.Tap(w.notation.MoveToken(nf3))
	closed(t, w)
	if w.session.Current() != nf3 {
		t.Error("the tap after the edit did not select its move")
	}
	if got := flatPGN(t, w); !strings.Contains(got, "{ [%clk 0:05:00] [%eval 0.17] Best by test, they say }") {
		t.Fatalf("after focus loss:\n%s", got)
	}
}

func TestCommentEditEmptiedKeepsCommands(t *testing.T) {
	w := loadCommented(t)
	nc6 := w.session.Game().Root().MainLine()[4]
	test.Tap(commentTokenFor(t, w, "Solid"))
	openEntry(t, w, notation.CommentSlot{Node: nc6})
	clearEntry(w)
	typeAndCommit(t, w, "", "2... Nc6 { [%eval 0.20] [%cal Ge2e4] } 3. Bb5")
	if v := w.board.View(); len(v.Arrows) != 1 {
		t.Errorf("the board shows %d arrows, want the comment's one", len(v.Arrows))
	}
	// Without commands, the emptied comment goes.
	test.Tap(commentTokenFor(t, w, "Opening remarks"))
	openEntry(t, w, notation.CommentSlot{Node: w.session.Game().Root()})
	clearEntry(w)
	typeAndCommit(t, w, "", `[Result "1-0"] 1. e4`)
	if got := w.session.Game().Root().Comment(); got != "" {
		t.Fatalf("root comment %q", got)
	}
}

func TestCommentEditBeforeMove(t *testing.T) {
	w := loadCommented(t)
	w.session.GoTo(w.session.Game().Root().MainLine()[3]) // 2. Nf3
	nf3 := w.session.Current()
	pressShortcut(w, fyne.KeyK, fyne.KeyModifierShift) // Ctrl+Shift+K
	e := openEntry(t, w, notation.CommentSlot{Node: nf3, Place: notation.CommentBefore})
	if e.Text != "" {
		t.Fatalf("new comment prefilled with %q", e.Text)
	}
	if i, j := index(w, w.notation.MoveToken(nf3)), index(w, e); j != i-1 {
		t.Errorf("editor at %d, move at %d: want it just before the move", j, i)
	}
	typeAndCommit(t, w, "Now the knight", "{ Now the knight } 2. Nf3 { [%clk 0:04:58] }")
	if nf3.CommentBefore() != "Now the knight" || nf3.Comment() != "[%clk 0:04:58]" {
		t.Fatalf("before %q, after %q", nf3.CommentBefore(), nf3.Comment())
	}
	// A move without a comment: the editor comes where its comment would.
	pressShortcut(w, fyne.KeyK, 0)
	e = openEntry(t, w, notation.CommentSlot{Node: nf3})
	if e.Text != "" {
		t.Fatalf("comment of only a clock prefilled with %q", e.Text)
	}
	if i, j := index(w, w.notation.MoveToken(nf3)), index(w, e); j != i+1 {
		t.Errorf("editor at %d, move at %d: want it just after the move", j, i)
	}
	typeAndCommit(t, w, "develops", "2. Nf3 { [%clk 0:04:58] develops } 2... Nc6")
}

func TestCommentEditEndOfGame(t *testing.T) {
	w := loadCommented(t)
	w.tabs.Select(w.games.Item())
	findItem(t, w, "Closing comment of the game").Action()
	if w.tabs.Selected() != w.notationTab {
		t.Error("the notation did not come to the front")
	}
	e := openEntry(t, w, notation.CommentSlot{Place: notation.CommentEnd})
	if w.session.Current() != w.session.Game().End() {
		t.Error("the board does not show the end of the game")
	}
	if e.Text != "closing words" {
		t.Fatalf("closing comment shows %q", e.Text)
	}
	if j := index(w, e); j != len(w.notation.Objects())-2 {
		t.Errorf("editor at %d of %d: want it just before the result", j, len(w.notation.Objects()))
	}
	typeAndCommit(t, w, ": White wins", "3. Bb5 { Pin } ( 3. Bc4 ) { closing words: White wins } 1-0")
	pressShortcut(w, fyne.KeyZ, 0)
	if got := w.session.Game().EndComment(); got != "closing words" {
		t.Fatalf("after undo the closing comment is %q", got)
	}
}

// A comment in a folded variation opens the variation to be edited.
func TestCommentEditInFoldedVariation(t *testing.T) {
	w := loadCommented(t)
	c5 := w.session.Game().Root().Children()[0].Children()[1]
	w.notation.SetCollapseAll(true)
	w.session.GoTo(c5)
	pressShortcut(w, fyne.KeyK, 0)
	e := openEntry(t, w, notation.CommentSlot{Node: c5})
	if e.Text != "Sicilian" {
		t.Fatalf("variation comment shows %q", e.Text)
	}
	typeAndCommit(t, w, " Defence", "( 1... c5 { [%eval 0.30] Sicilian Defence } 2. Nf3 )")
}

// Comments wait for the end of a live game, like every annotation.
func TestCommentEditRefusedInLiveGame(t *testing.T) {
	w := newTestWindow(t)
	realDrag(w, chess.E2, chess.E4)
	pressShortcut(w, fyne.KeyK, 0)
	if _, ok := w.notation.Editing(); ok {
		t.Fatal("a comment editor opened in a live game")
	}
	if !strings.Contains(strings.ToLower(w.status.message.Text), "after the game") {
		t.Errorf("message %q", w.status.message.Text)
	}
}

// A second editor opened while one is open commits the first.
func TestCommentEditSwitch(t *testing.T) {
	w := loadCommented(t)
	test.Tap(commentTokenFor(t, w, "Best by test"))
	typeRunes(w, "!")
	test.Tap(commentTokenFor(t, w, "Solid"))
	nc6 := w.session.Game().Root().MainLine()[4]
	openEntry(t, w, notation.CommentSlot{Node: nc6})
	if got := flatPGN(t, w); !strings.Contains(got, "Best by test! }") {
		t.Fatalf("the first edit was not committed:\n%s", got)
	}
}

// The editor grows with its lines, and the notation makes room for it.
func TestCommentEditGrows(t *testing.T) {
	w := loadCommented(t)
	test.Tap(commentTokenFor(t, w, "Best by test"))
	e := openEntry(t, w, notation.CommentSlot{Node: w.session.Current()})
	h := e.Size().Height
	next := w.notation.Objects()[index(w, e)+1]
	y := next.Position().Y
	for range 3 {
		pressKey(w, fyne.KeyReturn, true)
		typeRunes(w, "another line")
	}
	if e.Rows() != 4 {
		t.Fatalf("%d rows for four lines", e.Rows())
	}
	if e.Size().Height <= h || next.Position().Y <= y {
		t.Fatalf("entry height %v → %v, next token at %v → %v", h, e.Size().Height, y, next.Position().Y)
	}
}

// A comment being typed is kept before a menu command runs: Ctrl+S saves
// it, and leaving the game asks about it as about any unsaved edit.
func TestCommentEditKeptBeforeCommands(t *testing.T) {
	w := loadCommented(t)
	path := t.TempDir() + "/saved.pgn"
	w.files.picker = fakePicker{save: path}
	w.session.Forward()
	pressShortcut(w, fyne.KeyK, 0)
	typeRunes(w, "typed then saved")
	pressShortcut(w, fyne.KeyS, 0)
	closed(t, w)
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(strings.Join(strings.Fields(string(data)), " "), "typed then saved") {
		t.Fatalf("saved file lacks the comment being typed (%v):\n%s", err, data)
	}
	if w.session.Dirty() {
		t.Error("unsaved after saving")
	}
	pressShortcut(w, fyne.KeyK, 0)
	typeRunes(w, " and more")
	left := false
	w.files.unsavedThen(func() { left = true })
	if left || !w.session.Dirty() {
		t.Errorf("leaving the game with a comment being typed: left %v, unsaved %v", left, w.session.Dirty())
	}
	if !strings.Contains(flatPGN(t, w), "typed then saved and more") {
		t.Errorf("the comment being typed was not kept: %s", flatPGN(t, w))
	}
}
