package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The restore question of a game with no move says "before the first
// move", not "(move 0)", in each language (issue 50, points 8 and 9).
func TestRestoreBeforeTheFirstMove(t *testing.T) {
	when := map[string]any{"Time": "10:15:00", "Move": 0, "Path": "a.pgn"}
	for _, tc := range []struct{ locale, want, wantPath string }{
		{"ru_RU.UTF-8", "Восстановить партию такой, какой она была в 10:15:00, до первого хода?", "Восстановить партию из a.pgn такой, какой она была в 10:15:00, до первого хода?"},
		{"sk_SK.UTF-8", "Obnoviť partiu, ako bola o 10:15:00, pred prvým ťahom?", "Obnoviť partiu z a.pgn, ako bola o 10:15:00, pred prvým ťahom?"},
		{"en_US.UTF-8", "Restore the game as it was at 10:15:00, before the first move?", "Restore the game from a.pgn as it was at 10:15:00, before the first move?"},
	} {
		inLanguage(t, tc.locale)
		if got := restoreQuestion(false, true, when); !hasLine(got, tc.want) {
			t.Errorf("%s: %q, want the line %q", tc.locale, got, tc.want)
		}
		if got := restoreQuestion(true, true, when); !hasLine(got, tc.wantPath) {
			t.Errorf("%s: %q, want the line %q", tc.locale, got, tc.wantPath)
		}
	}
}

func hasLine(text, line string) bool { return slices.Contains(strings.Split(text, "\n"), line) }

// Help › User's guide shows the guide in the window's language, a section
// at a time as its list chooses, its paragraphs whole and its screenshots
// shown (issue 50, the guide).
func TestUsersGuideInRussian(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	findItem(t, w, "Руководство пользователя").Action()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("Help › User's guide showed nothing")
	}
	// The page wraps its paragraphs; the list's and the buttons' texts do not.
	pages := objectsIn(top, func(r *widget.RichText) bool { return r.Wrapping == fyne.TextWrapWord })
	lists := objectsIn(top, func(*widget.List) bool { return true })
	if len(pages) == 0 || len(lists) == 0 {
		t.Fatalf("the guide shows %d pages and %d lists of sections", len(pages), len(lists))
	}
	page := pages[0]
	text, images := "", 0
	for i := range lists[0].Length() {
		lists[0].Select(i)
		for _, seg := range page.Segments {
			switch seg := seg.(type) {
			case *widget.ImageSegment:
				images++
			default:
				text += seg.Textual() + "\n"
			}
		}
	}
	for _, want := range []string{"Touchmove: руководство пользователя", "1. Игра за доской", "Каждое решение записывается в партию"} {
		if !strings.Contains(text, want) {
			t.Errorf("the guide lacks %q", want)
		}
	}
	if images < 5 {
		t.Errorf("the guide shows %d screenshots", images)
	}
}
