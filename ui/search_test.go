package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestSearchEveryKind presses Search in Search › Search the games… for each
// kind of search: each ends with the list narrowed or "No game found", and
// no dialog left on show (issue 45, point 1: the progress dialog's nil
// OnClosed panicked on every search).
func TestSearchEveryKind(t *testing.T) {
	for _, tc := range []struct {
		kind     int
		material string
	}{
		{kind: 0},
		{kind: 1, material: "R vs B"},
		{kind: 2},
	} {
		w, _ := openFile(t, "list.pgn", strings.Repeat("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n", 5))
		w.searchDialog()
		top := w.win.Canvas().Overlays().Top()
		if top == nil {
			t.Fatal("Search the games… showed no dialog")
		}
		radio := objectsIn(top, func(*widget.RadioGroup) bool { return true })
		if len(radio) != 1 {
			t.Fatalf("%d radio groups in the search dialog", len(radio))
		}
		radio[0].SetSelected(radio[0].Options[tc.kind])
		if tc.material != "" {
			dialogEntries(t, w)[0].SetText(tc.material)
		}
		b := dialogButton(w, "Search")
		if b == nil {
			t.Fatal("no Search button")
		}
		test.Tap(b)
		if top := w.win.Canvas().Overlays().Top(); top != nil {
			t.Errorf("kind %d: a dialog is left on show: %q", tc.kind, dialogText(w))
		}
		if w.status.message.Text == "" {
			t.Errorf("kind %d: the search said nothing", tc.kind)
		}
	}
}

// The material search reads the window's piece letters: in Slovak "V vs
// S+2P" is a rook against a bishop and two pawns (the V no longer read as
// "vs"), in Russian «Л против С»; the placeholder is in the window's
// letters, and a balance not read says which letters to use (issue 50,
// point 3).
func TestMaterialSearchInTheWindowsLetters(t *testing.T) {
	for _, tc := range []struct {
		locale, placeholder, material, problem string
	}{
		{"sk_SK.UTF-8", "V proti S+2P", "V vs S+2P", "K D V S J P alebo anglické K Q R B N P"},
		{"ru_RU.UTF-8", "Л против С+2П", "Л против С", "Кр Ф Л С К П или латинские K Q R B N P"},
	} {
		inLanguage(t, tc.locale)
		w, _ := openFile(t, "list.pgn", strings.Repeat("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n", 5))
		for _, material := range []string{tc.material, "X vs Y"} {
			w.searchDialog()
			entry := dialogEntries(t, w)[0]
			if entry.PlaceHolder != tc.placeholder {
				t.Errorf("%s: placeholder %q, want %q", tc.locale, entry.PlaceHolder, tc.placeholder)
			}
			entry.SetText(material)
			test.Tap(dialogButton(w, lang.L("Search")))
			shown := ""
			if top := w.win.Canvas().Overlays().Top(); top != nil {
				shown = dialogText(w)
				w.win.Canvas().Overlays().Remove(top)
			}
			if material == tc.material && shown != "" {
				t.Errorf("%s: %q not searched: %q", tc.locale, material, shown)
			}
			if material != tc.material && !strings.Contains(shown, tc.problem) {
				t.Errorf("%s: %q says %q, want the letters %q", tc.locale, material, shown, tc.problem)
			}
		}
	}
}
