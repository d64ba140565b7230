package ui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// cutTexts returns the window's own words (the values of the language's
// translations) that root shows cut short: an entry's placeholder or a
// choice of a select wider than its room, a label that truncates, a text
// the tree cut with "…". A player's name or a comment may be cut; the
// window's words may not.
func cutTexts(t *testing.T, root fyne.CanvasObject, ours map[string]bool) []string {
	t.Helper()
	size, pad := theme.TextSize(), theme.InnerPadding()
	var out []string
	wide := func(what, text string, room float32, style fyne.TextStyle) {
		if text == "" || !ours[text] || room <= 0 {
			return
		}
		if w := fyne.MeasureText(text, size, style).Width; w > room {
			out = append(out, fmt.Sprintf("%s %q: %.0f px in %.0f", what, text, w, room))
		}
	}
	for _, o := range objectsIn(root, func(fyne.CanvasObject) bool { return true }) {
		switch o := o.(type) {
		case *widget.Select:
			wide("choice", o.Selected, o.Size().Width-3*pad-theme.IconInlineSize()-pad, fyne.TextStyle{})
			continue
		case *widget.Label:
			if o.Truncation != fyne.TextTruncateOff {
				wide("label", o.Text, o.Size().Width-2*pad, o.TextStyle)
			}
			continue
		case *canvas.Text:
			if strings.HasSuffix(o.Text, "…") && !ours[o.Text] {
				for text := range ours {
					if len(o.Text) > 3 && strings.HasPrefix(text, strings.TrimSuffix(o.Text, "…")) {
						out = append(out, fmt.Sprintf("text %q cut to %q", text, o.Text))
						break
					}
				}
			}
			continue
		}
		// An entry's placeholder (widget.Entry, or a widget that embeds it).
		v := reflect.ValueOf(o)
		if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
			if f := v.Elem().FieldByName("PlaceHolder"); f.IsValid() && f.Kind() == reflect.String {
				if e := v.Elem().FieldByName("Text"); e.IsValid() && e.String() == "" {
					wide("placeholder", f.String(), o.Size().Width-2*pad-2*theme.InputBorderSize(), fyne.TextStyle{})
				}
			}
		}
	}
	return out
}

// ourWords returns the values of the language's translations.
func ourWords(t *testing.T, code string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, vs := range translatedValues(t, code) {
		for _, v := range vs {
			out[v] = true
		}
	}
	return out
}

// The window's own words fit their room, or wrap, in English, Russian and
// Slovak, at 800×600 and at the first size (1100×720, less the menu bar the
// test window lacks), and at 1600×1000 where the tree shows: the Games tab's filter placeholder, the tree's
// headings and its move column at a game's end, the Game tab's words, the
// Reopen with encoding choice; at the first size the tree shows, its title
// three lines long (issue 50, point 11).
func TestWindowWordsFit(t *testing.T) {
	for _, locale := range []string{"en_GB.UTF-8", "ru_RU.UTF-8", "sk_SK.UTF-8"} {
		inLanguage(t, locale)
		ours := ourWords(t, locale[:2])
		// Two games from a set-up position make the tree's title three
		// lines long at the first size (before the title took the
		// caption's size, the tree gave way there).
		w, _ := openFile(t, "list.pgn", strings.Repeat("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n", 5)+
			strings.Repeat("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 1-0\n\n", 2))
		fyne.CurrentApp().Settings().SetTheme(NewTheme())
		if !w.tree.On() {
			w.tree.Toggle()
		}
		w.games.Load(w.games.Library(), 0)
		treeWait(t, w)
		for _, size := range []fyne.Size{{Width: 800, Height: 600}, {Width: 1100, Height: 690}, {Width: 1600, Height: 1000}} {
			w.win.Resize(fyne.NewSize(size.Width, size.Height+1))
			w.win.Resize(size)
			if size.Width >= 1100 && !parentsShown(w, w.tree.Box()) {
				t.Errorf("%s at %v: the tree, ticked, gives way (its title %q)", locale, size, w.tree.Title())
			}
			for tab := range w.tabs.Items {
				w.tabs.SelectIndex(tab)
				for _, cut := range cutTexts(t, w.win.Content(), ours) {
					t.Errorf("%s at %v, tab %d: %s", locale, size, tab, cut)
				}
			}
			w.tabs.SelectIndex(0)
			// At the game's end the tree's move column says "(end)".
			w.session.Last()
			w.refresh()
			treeWait(t, w)
			if !w.tree.Rows()[0].End() {
				t.Fatalf("%s: the tree at the game's end shows %v", locale, w.tree.Rows()[0])
			}
			if parentsShown(w, w.tree.Box()) { // an 800×600 window hides it
				for _, cut := range cutTexts(t, w.tree.Box(), ours) {
					t.Errorf("%s at %v, the tree at the game's end: %s", locale, size, cut)
				}
			}
			w.session.GoTo(w.session.Game().Root())
			w.refresh()
			treeWait(t, w)
		}
		w.files.reopenWithEncoding()
		if top := w.win.Canvas().Overlays().Top(); top != nil {
			sel := objectsIn(top, func(*widget.Select) bool { return true })
			if len(sel) != 1 {
				t.Fatalf("%s: %d selects in Reopen with encoding", locale, len(sel))
			}
			sel[0].SetSelected(sel[0].Options[0])
			ours[sel[0].Options[0]] = true
			for _, cut := range cutTexts(t, top, ours) {
				t.Errorf("%s: Reopen with encoding: %s", locale, cut)
			}
			w.win.Canvas().Overlays().Remove(top)
		}
	}
}

// At the first size, 1100×720, the opening tree ticked in the menu shows
// under the notation with the navigation buttons, in each language, for a
// file of games from the standard start (its title one line) and for one
// with games from set-up positions too (its title three lines) (issue 50,
// point 11).
func TestTreeShowsAtTheFirstSize(t *testing.T) {
	games := strings.Repeat("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 { [%eval 0.3] } e5 { [%eval 0.3] } 2. Nf3 1-0\n\n", 1000)
	// Games from a set-up position make the title three lines long:
	// "…; 1,000 of them pass through this position (the other 500 start
	// from a set-up position)".
	setUp := games + strings.Repeat("[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 1-0\n\n", 500)
	for _, c := range []struct{ locale, games string }{
		{"en_GB.UTF-8", games}, {"ru_RU.UTF-8", games}, {"sk_SK.UTF-8", games},
		{"en_GB.UTF-8", setUp}, {"ru_RU.UTF-8", setUp}, {"sk_SK.UTF-8", setUp},
	} {
		locale := c.locale
		inLanguage(t, locale)
		w, _ := openFile(t, "list.pgn", c.games)
		fyne.CurrentApp().Settings().SetTheme(NewTheme())
		if !w.tree.On() {
			w.tree.Toggle()
		}
		w.games.Load(w.games.Library(), 0)
		w.tabs.SelectIndex(0)
		treeWait(t, w)
		w.win.Resize(fyne.NewSize(1100, 691)) // the test window has no menu bar
		w.win.Resize(fyne.NewSize(1100, 690))
		if !parentsShown(w, w.tree.Box()) || w.tree.Box().Size().Height < w.tree.Box().MinSize().Height {
			t.Errorf("%s: the tree (%q) is not shown at 1100×720", locale, w.tree.Title())
		}
		if !parentsShown(w, w.navRow) {
			t.Errorf("%s: the navigation buttons are hidden", locale)
		}
		if h := w.notation.Size().Height; h < middleMin*0.9 {
			t.Errorf("%s: the notation is %.0f px high", locale, h)
		}
	}
}
