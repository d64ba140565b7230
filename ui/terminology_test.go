package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/ui/widgets"
)

// translations returns the values of a language's file, plural forms
// included, by key.
func translatedValues(t *testing.T, code string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for k, v := range translationFile(t, code) {
		switch v := v.(type) {
		case string:
			out[k] = []string{v}
		case map[string]any:
			for _, f := range v {
				if s, ok := f.(string); ok {
					out[k] = append(out[k], s)
				}
			}
		}
	}
	return out
}

// The terms the native review asked for, everywhere: FIDE's «невозможный
// ход» and „nemožný ťah“ for an illegal move, the position editor's capture
// en passant in words, and one Slovak name of the scoresheet.
func TestTerminology(t *testing.T) {
	for _, tc := range []struct {
		code      string
		forbidden []string
	}{
		{"ru", []string{"неправильн"}},
		{"sk", []string{"nepovolen", "partiový zápis", "partiového zápisu", "partiár", "formulár", "en passant"}},
	} {
		for k, vs := range translatedValues(t, tc.code) {
			for _, v := range vs {
				for _, f := range tc.forbidden {
					if strings.Contains(strings.ToLower(v), f) {
						t.Errorf("%s: %q is %q: it says %q", tc.code, k, v, f)
					}
				}
				if tc.code == "sk" && strings.Contains(strings.ToLower(k), "scoresheet") && !strings.Contains(strings.ToLower(v), "zápis partie") {
					t.Errorf("sk: %q is %q: the scoresheet is „zápis partie“", k, v)
				}
			}
		}
	}
	for code, want := range map[string]string{"ru": "Взятие на проходе", "sk": "Branie mimochodom"} {
		if got := translatedValues(t, code)["En passant"]; len(got) != 1 || got[0] != want {
			t.Errorf("%s: the position editor's en passant is %q, want %q", code, got, want)
		}
	}
}

// With Slovak chosen, the touch-move refusal says it as a person does.
func TestTouchMoveRefusalInSlovak(t *testing.T) {
	inLanguage(t, "sk_SK.UTF-8")
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	p := squarePos(w.board, chess.G1)
	w.board.MouseDown(boardMouse(p, desktop.MouseButtonPrimary, 0))
	w.board.MouseUp(boardMouse(p, desktop.MouseButtonPrimary, 0))
	realDrag(w, chess.E2, chess.E4)
	if want := "Dotkli ste sa figúry (jazdec g1): musíte ňou ťahať."; w.status.message.Text != want {
		t.Errorf("message %q, want %q", w.status.message.Text, want)
	}
}

// The filter box's placeholder shows the keywords of the players' language
// (the filter reads them, and the English ones: library.ParseListFilter).
func TestFilterKeywordsInThePlayersLanguage(t *testing.T) {
	for code, want := range map[string]string{"ru": "игрок:, год:", "sk": "hráč:, rok:"} {
		got := translatedValues(t, code)["Filter: player:, year:…"]
		if len(got) != 1 || !strings.Contains(got[0], want) || strings.Contains(got[0], "player:") {
			t.Errorf("%s: the placeholder is %q, want the keywords %q", code, got, want)
		}
	}
}

// A paused clock says so in the players' language.
func TestPausedClockInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	test.NewTempApp(t)
	c := widgets.NewClockFace()
	c.SetShowCounter(true)
	c.SetFace(app.ClockFace{Time: time.Minute, Paused: true, Live: true, Moves: 2}, true)
	test.NewTempWindow(t, c)
	if got := c.Info(); got != "пауза · 2 хода" {
		t.Errorf("info %q, want %q", got, "пауза · 2 хода")
	}
}
