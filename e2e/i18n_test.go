//go:build e2e

package e2e

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A game played to mate in a Russian desktop: the window speaks Russian
// (its title, read without a screenshot), and the game is journaled and
// saved in English SAN, as PGN is everywhere.
func TestRussianGameToMate(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	a := startAppIn(t, d, home, "ru_RU.UTF-8")
	if title := a.windowTitle(t, "Партия без названия"); !strings.HasPrefix(title, "Партия без названия") {
		t.Fatalf("the window title is %q, not Russian", title)
	}
	a.locate(t, "80-russian-start")
	a.drag(t, "f2", "f3")
	a.click(t, "e7") // click-click
	a.click(t, "e5")
	a.drag(t, "g2", "g4")
	a.drag(t, "d8", "h4") // mate
	time.Sleep(500 * time.Millisecond)
	d.screenshot(t, "81-russian-mate")
	if pgn := a.waitJournal(t, "0-1"); !strings.Contains(pgn, "1. f3 e5 2. g4 Qh4#") || !strings.Contains(pgn, "[Result \"0-1\"]") {
		t.Fatalf("journal after the mate:\n%s", pgn)
	}
	d.xdotool(t, "key", "Return") // closes the notice of the end of the game
	time.Sleep(300 * time.Millisecond)

	out := filepath.Join(home, "mate.pgn")
	saved := a.saveWithChooser(t, out, "82-russian-save")
	for _, want := range []string{"[Result \"0-1\"]", "1. f3 e5 2. g4 Qh4#", " 0-1\n"} {
		if !bytes.Contains(saved, []byte(want)) {
			t.Errorf("the saved file lacks %q:\n%s", want, saved)
		}
	}
	for _, russian := range []string{"Ф", "Кр", "Белые", "Чёрные"} {
		if bytes.Contains(saved, []byte(russian)) {
			t.Errorf("the saved file holds the Russian %q:\n%s", russian, saved)
		}
	}
	if title := a.windowTitle(t, "mate.pgn — "); !strings.HasPrefix(title, "mate.pgn — Touchmove") {
		t.Errorf("after the save the title is %q", title)
	}
}
