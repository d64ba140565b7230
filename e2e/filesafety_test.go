//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The file-safety suite of issue 21 with the real binary, where the window
// matters: a save into a file changed on disk, a file whose comment is of
// megabytes, a FIFO on the command line.

// windowTitle returns the title of the app's window, waiting up to 10 s
// for one that holds want.
func (a *app) windowTitle(t *testing.T, want string) string {
	t.Helper()
	var title string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		id := strings.Fields(a.d.xdotool(t, "search", "--onlyvisible", "--name", "Touchmove"))[0]
		if title = a.d.xdotool(t, "getwindowname", id); strings.Contains(title, want) {
			break
		}
	}
	return title
}

// TestE2ESaveRefusedWhenFileChangedOnDisk opens a file of 1,000 games,
// marks a move of game 3, lets another program put a game in front, and
// saves with Ctrl+S: the file keeps the other program's bytes, and the
// game stays unsaved.
func TestE2ESaveRefusedWhenFileChangedOnDisk(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	path := filepath.Join(home, "thousand.pgn")
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "[Event \"Game %04d\"]\n[White \"White %04d\"]\n[Black \"Black\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n", i, i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, d, home, path)
	time.Sleep(500 * time.Millisecond)
	d.xdotool(t, "key", "ctrl+Down")
	time.Sleep(300 * time.Millisecond)
	d.xdotool(t, "key", "ctrl+Down")
	time.Sleep(300 * time.Millisecond)
	d.xdotool(t, "key", "End")
	time.Sleep(200 * time.Millisecond)
	d.xdotool(t, "key", "1") // "!" on the last move
	if title := a.windowTitle(t, "•"); !strings.Contains(title, "•") {
		t.Fatalf("no unsaved mark after the edit: %q", title)
	}
	changed := "[Event \"In front\"]\n[Result \"*\"]\n\n1. d4 *\n\n" + b.String()
	if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	d.xdotool(t, "key", "ctrl+s")
	time.Sleep(2 * time.Second)
	d.screenshot(t, "30-file-changed-on-disk")
	if got, _ := os.ReadFile(path); string(got) != changed {
		t.Fatalf("the save wrote into the changed file: %d bytes, %d expected unchanged", len(got), len(changed))
	}
	if title := a.windowTitle(t, "•"); !strings.Contains(title, "•") {
		t.Errorf("the game counts as saved: %q", title)
	}
}

// TestE2EHugeCommentKeepsWindowResponsive opens a file whose first game
// holds a comment of 50 MB: the list is indexed, the game shown, and the
// window answers keys at once (an edit marks it unsaved).
func TestE2EHugeCommentKeepsWindowResponsive(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	path := filepath.Join(home, "comment.pgn")
	text := "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 {" + strings.Repeat("x", 50<<20) + "} e5 *\n\n[Event \"B\"]\n\n1. d4 *\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, d, home, path)
	time.Sleep(3 * time.Second) // indexing takes under a second
	// The Game tab, the notation with the comment in front (the window
	// sits at the screen's corner: there is no window manager).
	d.xdotool(t, "mousemove", "498", "53", "click", "1")
	time.Sleep(500 * time.Millisecond)
	d.xdotool(t, "key", "End")
	time.Sleep(200 * time.Millisecond)
	d.xdotool(t, "key", "1")
	title := a.windowTitle(t, "•")
	d.screenshot(t, "31-huge-comment")
	if !strings.Contains(title, "comment.pgn") || !strings.Contains(title, "•") {
		t.Fatalf("the window did not answer within seconds: title %q", title)
	}
}

// TestE2EFIFOOnCommandLine starts the app with a FIFO as its file: the
// window appears, where it used to block before it did.
func TestE2EFIFOOnCommandLine(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	path := filepath.Join(home, "fifo.pgn")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Lets a blocked open go, so the app can be stopped.
		if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	a := startApp(t, d, home, path)
	d.screenshot(t, "32-fifo")
	if title := a.windowTitle(t, "Touchmove"); !strings.Contains(title, "Touchmove") {
		t.Fatalf("title %q", title)
	}
}
