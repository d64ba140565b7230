package ui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"touchmove/app/library/librarytest"
	"touchmove/core/chess"
)

// The window's side of the file-safety suite (issue 21): a save that the
// file refuses asks what to do, and writes nothing meanwhile.

// safetyGame is game i of the test files: every game has the same length.
func safetyGame(i int) string {
	return fmt.Sprintf("[Event \"Game %04d\"]\n[White \"White %04d\"]\n[Black \"Black\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n", i, i)
}

// writeSafetyFile writes n games of safetyGame to a new file.
func writeSafetyFile(t *testing.T, n int) (string, []string) {
	t.Helper()
	games := make([]string, n)
	for i := range games {
		games[i] = safetyGame(i)
	}
	return writeFile(t, "games.pgn", strings.Join(games, "")), games
}

// dialogButton returns the button with text on the top overlay of w: the
// dialog on show.
func dialogButton(w *Window, text string) *widget.Button {
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		return nil
	}
	if b := objectsIn(top, func(b *widget.Button) bool { return b.Text == text }); len(b) > 0 {
		return b[0]
	}
	return nil
}

// dialogEntries returns the entries of the dialog on show in w, in the
// order they were laid out; the test fails when no dialog is on show.
func dialogEntries(t *testing.T, w *Window) []*widget.Entry {
	t.Helper()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog is on show")
	}
	return objectsIn(top, func(*widget.Entry) bool { return true })
}

// dialogText returns the texts of the labels on the top overlay of w.
func dialogText(w *Window) string {
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var out []string
	for _, l := range objectsIn(top, func(*widget.Label) bool { return true }) {
		out = append(out, l.Text)
	}
	return strings.Join(out, "\n")
}

// TestSaveRefusesWhenFileChangedOnDisk opens a 1,000-game file, edits game
// 3, lets another program change the file, and saves: nothing is written,
// the window says the file changed, and Reload keeps the edited game. When
// game 3 is still in the file as it was read, a question says so and Save
// replaces it where it now is (the file never holds it twice); otherwise a
// question says that Save adds the game to the file as it is now.
func TestSaveRefusesWhenFileChangedOnDisk(t *testing.T) {
	swapped := func(games []string) []string {
		out := append([]string(nil), games...)
		out[2], out[4] = out[4], out[2]
		return out
	}
	cases := []struct {
		name   string
		change func(t *testing.T, path string, games []string) []string // the games now, nil if none
		now    int                                                      // game 3's place now, 1-based; 0 when it is gone
		tap    string                                                   // the answer to the question after Reload
	}{
		{"a game put in front", func(t *testing.T, path string, games []string) []string {
			return append([]string{safetyGame(9999)}, games...)
		}, 4, "Cancel"},
		{"a game put in front, replaced at once", func(t *testing.T, path string, games []string) []string {
			return append([]string{safetyGame(9999)}, games...)
		}, 4, "Replace the original game"},
		{"a game put in front, added as new", func(t *testing.T, path string, games []string) []string {
			return append([]string{safetyGame(9999)}, games...)
		}, 4, "Add as a new game"},
		{"the first game deleted", func(t *testing.T, path string, games []string) []string { return games[1:] }, 2, "Cancel"},
		{"truncated", func(t *testing.T, path string, games []string) []string { return games[:1] }, 0, "Cancel"},
		{"games swapped, size and time kept", func(t *testing.T, path string, games []string) []string { return swapped(games) }, 5, "Cancel"},
		{"deleted", func(t *testing.T, path string, games []string) []string { return nil }, 0, "Add as a new game"},
		{"replaced by a copy", func(t *testing.T, path string, games []string) []string { return games }, 3, "Cancel"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, games := writeSafetyFile(t, 1000)
			w := newTestWindow(t)
			w.files.open(path)
			w.games.Load(w.games.Library(), 2)
			if err := w.editor.SetTag("Annotator", "Edited"); err != nil {
				t.Fatal(err)
			}
			fi, _ := os.Stat(path)
			now := c.change(t, path, games)
			want := []byte(strings.Join(now, ""))
			switch {
			case c.name == "deleted":
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
				if _, err := os.Stat(path); err == nil && runtime.GOOS == "windows" {
					t.Skip("here the file stays, delete pending, while the list holds it open (Wine 8.0; Windows 10 removes its name at once)")
				}
			case c.name == "replaced by a copy":
				tmp := path + ".new"
				os.WriteFile(tmp, want, 0o644)
				if err := os.Rename(tmp, path); err != nil && runtime.GOOS == "windows" {
					t.Skipf("here the file the list holds open cannot be replaced: %v", err)
				} else if err != nil {
					t.Fatal(err)
				}
			default: // in place, as an editor that keeps the inode would
				os.WriteFile(path, want, 0o644)
				if c.name == "games swapped, size and time kept" {
					os.Chtimes(path, fi.ModTime(), fi.ModTime())
				}
			}
			w.files.save()
			got, err := os.ReadFile(path)
			if now == nil {
				if err == nil {
					t.Fatalf("the deleted file was written again: %d bytes", len(got))
				}
			} else if !bytes.Equal(got, want) {
				t.Fatalf("the file was written: %d bytes, want %d unchanged; Annotator %d times",
					len(got), len(want), bytes.Count(got, []byte("Annotator")))
			}
			if !w.session.Dirty() {
				t.Fatal("the game counts as saved")
			}
			if !strings.Contains(dialogText(w), "games.pgn was changed, replaced or deleted by another program") {
				t.Fatalf("dialog says %q", dialogText(w))
			}
			reload := dialogButton(w, "Reload")
			if reload == nil || dialogButton(w, "Save as…") == nil {
				t.Fatal("no Reload or Save as button")
			}
			test.Tap(reload)
			if g := w.session.Game(); g.Tags.Value("Annotator") != "Edited" || !w.session.Dirty() {
				t.Fatalf("after Reload the edited game is not kept, unsaved")
			}
			// The question after Reload, where the user looks.
			wantText := "games.pgn no longer holds the game you edited as Touchmove read it"
			if c.now > 0 {
				wantText = fmt.Sprintf("The game you edited is still in games.pgn as Touchmove read it, now as game %d.", c.now)
			}
			if !strings.Contains(dialogText(w), wantText) {
				t.Fatalf("after Reload the dialog says %q, want %q", dialogText(w), wantText)
			}
			answer := dialogButton(w, c.tap)
			if answer == nil {
				t.Fatalf("no %s button", c.tap)
			}
			test.Tap(answer)
			if c.tap == "Cancel" {
				w.files.save()
			}
			got, _ = os.ReadFile(path)
			edited := []byte("[Annotator \"Edited\"]\n")
			if bytes.Count(got, edited) != 1 {
				t.Fatalf("saving after Reload: the edited game is in the file %d times", bytes.Count(got, edited))
			}
			switch {
			case c.now > 0 && c.tap != "Add as a new game":
				// Replaced in place: the file as it is now, with the one game edited.
				if back := bytes.Replace(got, edited, nil, 1); !bytes.Equal(back, want) {
					t.Fatalf("saving after Reload did not replace game %d in place:\n%.600s", c.now, got)
				}
			default:
				if !bytes.HasPrefix(got, want) || bytes.Count(got, []byte("[Event \"Game 0002\"]")) != 1+bytes.Count(want, []byte("[Event \"Game 0002\"]")) {
					t.Fatalf("saving after Reload: the file's games were not kept, or the game not added once")
				}
			}
			if w.session.Dirty() {
				t.Error("still unsaved after the save")
			}
		})
	}
}

// TestSaveAsksBeforeTruncatingPartlyReadGame edits a game that could not be
// read past an illegal move: Save asks first, writes nothing until the
// user agrees, and "Save anyway" writes what was read.
func TestSaveAsksBeforeTruncatingPartlyReadGame(t *testing.T) {
	data := safetyGame(0) + "[Event \"Bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qxh8 Nf6 5. O-O Be7 *\n\n" + safetyGame(2)
	w, path := openFile(t, "bad.pgn", data)
	w.games.Load(w.games.Library(), 1)
	if err := w.editor.SetTag("Annotator", "Edited"); err != nil {
		t.Fatal(err)
	}
	w.files.save()
	if got, _ := os.ReadFile(path); string(got) != data {
		t.Fatal("the game read in part was saved without asking")
	}
	if !strings.Contains(dialogText(w), "Game 2 of bad.pgn was read only in part: reading stopped at a problem on line 11.") {
		t.Fatalf("dialog says %q", dialogText(w))
	}
	test.Tap(dialogButton(w, "Save anyway"))
	got, _ := os.ReadFile(path)
	if !strings.Contains(string(got), "[Annotator \"Edited\"]") || !strings.HasPrefix(string(got), safetyGame(0)) ||
		!strings.HasSuffix(string(got), safetyGame(2)) {
		t.Fatalf("after Save anyway:\n%s", got)
	}
}

// saveIntoReadOnly edits game 2 of a 0444 file of 3 games and saves it.
func saveIntoReadOnly(t *testing.T) (w *Window, path string, games []string) {
	t.Helper()
	path, games = writeSafetyFile(t, 3)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	w = newTestWindow(t)
	w.files.open(path)
	w.games.Load(w.games.Library(), 1)
	if err := w.editor.SetTag("Annotator", "Edited"); err != nil {
		t.Fatal(err)
	}
	w.files.save()
	return w, path, games
}

// TestSaveRefusesReadOnlyFile saves into a 0444 file: nothing is written,
// and the dialog offers Save as.
func TestSaveRefusesReadOnlyFile(t *testing.T) {
	w, path, games := saveIntoReadOnly(t)
	got, _ := os.ReadFile(path)
	if string(got) != strings.Join(games, "") {
		t.Fatal("the read-only file was replaced")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v", fi.Mode())
	}
	if !strings.Contains(dialogText(w), "read-only") || dialogButton(w, "Save as…") == nil {
		t.Fatalf("dialog says %q", dialogText(w))
	}
	if _, err := os.Stat(path); err != nil || !w.session.Dirty() {
		t.Error("the game counts as saved")
	}
}

// TestFileNameShownAsItIs opens empty.pgn: the window says "empty.pgn
// holds no game.", the name as it is.
func TestFileNameShownAsItIs(t *testing.T) {
	w, _ := openFile(t, "empty.pgn", "")
	if got := dialogText(w); !strings.Contains(got, "empty.pgn holds no game.") {
		t.Errorf("dialog says %q", got)
	}
}

// TestListSaysWhenPartOfFileIsNotRead opens a file of games on one line of
// 2 MB: the list says that games past the line length limit are not read.
func TestListSaysWhenPartOfFileIsNotRead(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 2<<20; i++ {
		fmt.Fprintf(&b, "[Event \"G%d\"] [Result \"1-0\"] 1. e4 e5 1-0 ", i)
	}
	w, _ := openFile(t, "oneline.pgn", b.String())
	if got := w.games.List().Status(); !strings.Contains(got, "the rest of line 1 (1.0 MB) was not read: it is longer than 1 MiB") {
		t.Errorf("the list says %q", got)
	}
}

// TestPasteSeveralGamesSaysWhatWasTaken pastes five PGN games: the first is
// on the board and the window says the clipboard held five.
func TestPasteSeveralGamesSaysWhatWasTaken(t *testing.T) {
	w := newTestWindow(t)
	var text strings.Builder
	for i := range 5 {
		text.WriteString(safetyGame(i))
	}
	w.app.Clipboard().SetContent(text.String())
	w.files.paste()
	if got := w.session.Game().Tags.Value("Event"); got != "Game 0000" {
		t.Fatalf("the board shows %q", got)
	}
	if !strings.Contains(w.status.message.Text, "holds 5 games: the first is on the board") {
		t.Errorf("message %q", w.status.message.Text)
	}
}

// TestPasteFENWithHugeFullmoveIsAFENError pastes a FEN whose full-move
// number is 99999999999999999999: the error is the FEN's, not PGN's "bad
// move".
func TestPasteFENWithHugeFullmoveIsAFENError(t *testing.T) {
	w := newTestWindow(t)
	w.app.Clipboard().SetContent("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 99999999999999999999")
	w.files.paste()
	got := dialogText(w)
	if !strings.Contains(got, "full-move number") || strings.Contains(got, "bad move") {
		t.Errorf("dialog says %q", got)
	}
}

// TestPasteFENWithImpossibleCastling pastes a FEN that gives Black the
// queen-side castling with the king on h8, as many files write KQkq on any
// position: the game starts without that right, and the window says so.
func TestPasteFENWithImpossibleCastling(t *testing.T) {
	w := newTestWindow(t)
	w.app.Clipboard().SetContent("r6k/8/8/8/8/8/8/R3K3 w Qq - 0 1")
	w.files.paste()
	if d := dialogText(w); d != "" {
		t.Fatalf("a dialog: %q", d)
	}
	if start := w.session.Game().Start(); start.FEN() != "r6k/8/8/8/8/8/8/R3K3 w Q - 0 1" {
		t.Errorf("the game starts at %s", start.FEN())
	}
	if got := w.status.message.Text; got != "The castling rights the position cannot have were dropped." {
		t.Errorf("message %q", got)
	}
}

// TestLongPlayerNameKeepsBoardSize gives White a name of 300 characters:
// the name is cut with an ellipsis and the board keeps its size.
func TestLongPlayerNameKeepsBoardSize(t *testing.T) {
	w := newTestWindow(t)
	w.win.Resize(fyne.NewSize(1100, 720))
	before := w.board.Size()
	if err := w.editor.SetTag("White", strings.Repeat("Longname ", 34)); err != nil {
		t.Fatal(err)
	}
	w.win.Resize(fyne.NewSize(1101, 720))
	w.win.Resize(fyne.NewSize(1100, 720))
	if after := w.board.Size(); after.Width < before.Width-1 {
		t.Errorf("the board went from %v to %v wide", before.Width, after.Width)
	}
	if w.players.bottom.name.Truncation != fyne.TextTruncateEllipsis || w.players.bottom.name.MinSize().Width > 200 {
		t.Errorf("the name is not cut: min width %v", w.players.bottom.name.MinSize().Width)
	}
}

// TestListReadAgainWhenFileChangedOnDisk opens a game from the list after
// another program changed the file: the list is read again, rather than a
// game read at a stale place.
func TestListReadAgainWhenFileChangedOnDisk(t *testing.T) {
	path, games := writeSafetyFile(t, 10)
	w := newTestWindow(t)
	w.files.open(path)
	changed := append([]string{safetyGame(99)}, games...)
	if err := os.WriteFile(path, []byte(strings.Join(changed, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	w.games.Load(w.games.Library(), 2)
	if !strings.Contains(w.status.message.Text, "changed on disk since it was listed") {
		t.Errorf("message %q", w.status.message.Text)
	}
	if w.games.Library().Len() != 11 || w.games.Library().Entry(0).Event != "Game 0099" {
		t.Fatalf("the list was not read again: %d games", w.games.Library().Len())
	}
	w.games.Load(w.games.Library(), 2)
	if got := w.session.Game().Tags.Value("Event"); got != "Game 0001" {
		t.Errorf("game 3 of the new list is %q", got)
	}
}

// TestExportRefusesTheOpenFile exports the listed games over the open file,
// named by a symbolic link: the window refuses, in the player's words, and
// the file keeps all its games.
func TestExportRefusesTheOpenFile(t *testing.T) {
	path, _ := writeSafetyFile(t, 20)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link.pgn")
	librarytest.Symlink(t, path, link)
	w := newTestWindow(t, WithPicker(fakePicker{save: link}))
	w.files.open(path)
	if w.games.Library() == nil {
		t.Fatal("the file did not open as a list")
	}
	w.games.ExportFiltered()
	if got := dialogText(w); !strings.Contains(got, "Export to another file than the one open.") {
		t.Errorf("the window says %q", got)
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the open file changed (%v)", err)
	}
}

// TestNoticeClosesWithKeys shows an error dialog and presses Escape, then
// the shortcuts and Return: each closes, and the board's keys work again
// (F flips the board).
func TestNoticeClosesWithKeys(t *testing.T) {
	w := newTestWindow(t)
	c := w.win.Canvas()
	for _, tc := range []struct {
		show func()
		key  fyne.KeyName
	}{
		{func() { w.dlg.showProblem("Something") }, fyne.KeyEscape},
		{w.dlg.showKeys, fyne.KeyReturn},
	} {
		tc.show()
		if c.Overlays().Top() == nil {
			t.Fatal("no dialog on show")
		}
		c.OnTypedKey()(&fyne.KeyEvent{Name: tc.key})
		if c.Overlays().Top() != nil {
			t.Errorf("%s left the dialog open", tc.key)
		}
	}
	flipped := w.session.Flipped()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF})
	if w.session.Flipped() == flipped {
		t.Error("the board's keys did not come back: F did not flip it")
	}
}

// TestConfirmKeys asks White to confirm a resignation: Escape answers no
// (the game goes on), Return yes (White has resigned).
func TestConfirmKeys(t *testing.T) {
	w := newTestWindow(t)
	c := w.win.Canvas()
	w.play.resignAs(chess.White)
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil || w.session.Status().Over {
		t.Fatalf("after Escape: dialog open %v, game over %v", c.Overlays().Top() != nil, w.session.Status().Over)
	}
	w.play.resignAs(chess.White)
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if st := w.session.Status(); !st.Over || st.Result != chess.BlackWins {
		t.Fatalf("after Return: %+v, want Black to win by resignation", st)
	}
}

// TestUnsavedQuestionKeys leaves an edited game: Escape cancels (the game
// stays, unsaved), Return saves it (the file holds it) and then goes on.
func TestUnsavedQuestionKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.pgn")
	w := newTestWindow(t, WithPicker(fakePicker{save: path}))
	if fb := w.session.PlayMove(chess.NewMove(chess.E2, chess.E4)); !fb.Moved {
		t.Fatal("1. e4 not played")
	}
	c := w.win.Canvas()
	left := false
	w.files.unsavedThen(func() { left = true })
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if left || c.Overlays().Top() != nil || !w.session.Dirty() {
		t.Fatalf("after Escape: left %v, dialog open %v, unsaved %v", left, c.Overlays().Top() != nil, w.session.Dirty())
	}
	w.files.unsavedThen(func() { left = true })
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !left || w.session.Dirty() {
		t.Fatalf("after Return: left %v, unsaved %v", left, w.session.Dirty())
	}
	if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), "1. e4") {
		t.Errorf("the file holds %q (%v)", data, err)
	}
}
