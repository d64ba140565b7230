//go:build e2e

package e2e

import (
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPreferencesShortcut: Ctrl+, opens the Preferences window over the
// main window, whose preview board is then the only board drawn in full
// colour (the dialog dims the window behind it); Escape closes it.
func TestPreferencesShortcut(t *testing.T) {
	d := startXvfb(t)
	a := startApp(t, d, t.TempDir())
	a.locate(t, "prefs-before")
	main := a.sq
	d.xdotool(t, "key", "ctrl+comma")
	if sq := a.waitBoard(t, "prefs-open", func(sq float64) bool { return sq < main/2 }); sq >= main/2 {
		t.Fatalf("after Ctrl+, the board in full colour has %v-pixel squares, the main board's are %v: no preview", sq, main)
	}
	d.xdotool(t, "key", "Escape")
	if sq := a.waitBoard(t, "prefs-closed", func(sq float64) bool { return sq == main }); sq != main {
		t.Fatalf("after Escape the board has %v-pixel squares, want the main board's %v", sq, main)
	}
}

// TestPreferencesKeptForTheNextStart: a piece set and board colours kept
// in the preferences (as Apply keeps them) are those the window starts with.
func TestPreferencesKeptForTheNextStart(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	dir := filepath.Join(home, ".config", "fyne", "io.github.touchmove.Touchmove")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "preferences.json"), []byte(`{"boardTheme":3,"pieceSet":"flat"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	startApp(t, d, home)
	var err error
	for range 30 {
		// Slate, the fourth of board.Themes (ui/board).
		if _, _, _, err = findBoardIn(d.screenshot(t, "prefs-slate"), color.RGBA{224, 224, 220, 255}, color.RGBA{150, 153, 156, 255}); err == nil {
			return
		}
		time.Sleep(300 * time.Millisecond)
	}
	t.Fatalf("no board in the kept colours: %v", err)
}

// waitBoard looks at the screen until the board found in the default
// colours has squares that ok accepts, for up to about nine seconds, and
// returns the size it last found (0 for none).
func (a *app) waitBoard(t *testing.T, shot string, ok func(sq float64) bool) float64 {
	t.Helper()
	var sq float64
	for range 30 {
		_, _, s, err := findBoard(a.d.screenshot(t, shot))
		if sq = s; err == nil && ok(s) {
			return s
		}
		time.Sleep(300 * time.Millisecond)
	}
	return sq
}
