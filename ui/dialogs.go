package ui

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"touchmove/app"
	"touchmove/core/msg"
	"touchmove/docs/guide"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// dialogs shows the window's messages and questions with the keys of a
// desktop dialog (Return, Enter and Escape), in the players' language.
// Everything else of the window that asks or tells goes through it
// (Window.dlg).
type dialogs struct {
	win   fyne.Window
	words *words
	// onShow, when set, is told of each dialog shown: its kind and the
	// overlay it is (the crawl, crawl_test.go, checks that every overlay
	// of the window came through show).
	onShow func(kind dialogKind, overlay fyne.CanvasObject)
}

// show shows d, a dialog of kind: every dialog of the window is shown
// through it (dialogKinds lists them).
func (dl *dialogs) show(kind dialogKind, d dialog.Dialog) {
	d.Show()
	if dl.onShow != nil {
		dl.onShow(kind, dl.win.Canvas().Overlays().Top())
	}
}

// showError shows err as the player reads it (errorText).
func (dl *dialogs) showError(err error) { dl.showProblem(dl.problemText(err)) }

// problemText returns what the player reads for err: the players' text of a
// refusal in their language, else errorText's sentence; for errors joined
// (errors.Join), each on a line of its own.
func (dl *dialogs) problemText(err error) string {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var parts []string
		for _, e := range j.Unwrap() {
			parts = append(parts, dl.problemText(e))
		}
		return strings.Join(parts, "\n")
	}
	var refusal *msg.Error
	if errors.As(err, &refusal) {
		return dl.words.sayErr(err)
	}
	return errorText(err)
}

// showProblem shows text, in the players' language, as an error. Not
// dialog.ShowError, which would capitalise a file's name at the start.
func (dl *dialogs) showProblem(text string) {
	dl.showNotice(dlgProblem, dialog.NewInformation(lang.L("Error"), text, dl.win), nil)
}

// showNotice shows d, a dialog of kind with one button, with the keys of a
// desktop dialog: Return, Enter and Escape close it, and the window's own
// keys are back once it is closed, before then (when not nil) runs.
func (dl *dialogs) showNotice(kind dialogKind, d dialog.Dialog, then func()) {
	dl.showWithKeys(kind, d, d.Hide, d.Hide, then)
}

// showWithKeys shows d, a dialog of kind, with the keys of a desktop
// dialog: Return and Enter run onReturn, its default button, and Escape
// onEscape; each closes d. The window's own keys are back once d is
// closed, before then (when not nil) runs.
func (dl *dialogs) showWithKeys(kind dialogKind, d dialog.Dialog, onReturn, onEscape, then func()) {
	restore := dl.takeKeys(onReturn, onEscape)
	d.SetOnClosed(func() {
		restore()
		if then != nil {
			then()
		}
	})
	dl.show(kind, d)
}

// takeKeys gives the window's keys to a dialog while no entry has the
// keyboard: Return and Enter run onReturn, Escape onEscape. The function
// it returns gives the window its own keys back.
func (dl *dialogs) takeKeys(onReturn, onEscape func()) (restore func()) {
	c := dl.win.Canvas()
	prev := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			onReturn()
		case fyne.KeyEscape:
			onEscape()
		}
	})
	return func() { c.SetOnTypedKey(prev) }
}

// confirm asks msg under title, with the keys of a desktop dialog (Return
// yes, Escape no), and runs yes on yes.
func (dl *dialogs) confirm(title, msg string, yes func()) {
	answer, show := dl.dialogKeys(dlgQuestion, func(ok bool) {
		if ok {
			yes()
		}
	})
	show(dialog.NewConfirm(title, msg, answer, dl.win))
}

// confirmRestore asks whether to restore a game left by a crash, with
// Restore and Start afresh; Return answers yes and Escape no.
func (dl *dialogs) confirmRestore(title, msg string, answer func(yes bool)) {
	answer, show := dl.dialogKeys(dlgRestore, answer)
	d := dialog.NewConfirm(title, msg, answer, dl.win)
	d.SetConfirmText(lang.L("Restore"))
	d.SetDismissText(lang.L("Start afresh"))
	show(d)
}

// confirmRound asks whether to bring back the round of the hall a crash
// left, with Bring back and Start afresh; Return answers yes and Escape no.
func (dl *dialogs) confirmRound(title, msg string, answer func(yes bool)) {
	answer, show := dl.dialogKeys(dlgHallRestore, answer)
	d := dialog.NewConfirm(title, msg, answer, dl.win)
	d.SetConfirmText(lang.L("Bring back"))
	d.SetDismissText(lang.L("Start afresh"))
	show(d)
}

// dialogKeys gives a confirmation dialog of kind the keys of a desktop
// dialog: Return confirms and Escape dismisses while no entry has the
// keyboard. It returns answer wrapped, for the dialog's callback, so that
// the window's own keys are back before answer runs (answer may open
// another dialog), and the function that shows the dialog.
func (dl *dialogs) dialogKeys(kind dialogKind, answer func(bool)) (func(bool), func(*dialog.ConfirmDialog)) {
	restore := func() {}
	wrapped := func(ok bool) {
		restore()
		answer(ok)
	}
	show := func(d *dialog.ConfirmDialog) {
		restore = dl.takeKeys(d.Confirm, d.Dismiss)
		dl.show(kind, d)
	}
	return wrapped, show
}

func (dl *dialogs) showKeys() {
	keys := widget.NewLabel(strings.Join([]string{
		lang.L("Files"),
		lang.L("  Ctrl+N new game    Ctrl+O open    Ctrl+S save    Ctrl+Shift+S save as    Ctrl+Q quit"),
		lang.L("  Ctrl+Shift+C copy FEN    Ctrl+Alt+C copy PGN    Ctrl+Shift+V paste FEN or PGN"),
		lang.L("  Ctrl+, preferences: pieces, board colours, sounds, language"),
		lang.L("Moving through a game"),
		lang.L("  ← →  previous / next move    Home / End  first / last move"),
		lang.L("  ↑ ↓  choose among the continuations here (variations)"),
		lang.L("  Ctrl+↑ / Ctrl+↓ or PageUp / PageDown  previous / next game of the list"),
		lang.L("  Ctrl+F or F  flip the board"),
		lang.L("Game list"),
		lang.L("  type in the filter box: words, player:, event:, site:, year:1990-1999, result:1-0, eco:B90, opening:Najdorf, is:bad"),
		lang.L("  click a column header to sort, again to reverse    ↑ ↓ PageUp PageDown move    Enter opens"),
		lang.L("Annotating"),
		lang.L("  Ctrl+K comment after the move    Ctrl+Shift+K comment before it (or click a comment)"),
		lang.L("    in the comment: Enter keeps it, Shift+Enter new line, Escape cancels"),
		lang.L("  1–6  ! ? !! ?? !? ?!    = ~ + -  position signs    Ctrl+T tags"),
		lang.L("  Ctrl+Shift+↑ promote variation    Ctrl+M make main line    Ctrl+Delete delete from here"),
		lang.L("  Right-click a square or right-drag an arrow: green; Shift red, Alt blue, both yellow"),
		lang.L("  Ctrl+Z undo    Ctrl+Shift+Z redo (every edit; in a casual game Ctrl+Z takes a move back)"),
		lang.L("Playing"),
		lang.L("  drag a piece, or click it and then its square; castle by moving the king two squares or onto its rook"),
		lang.L("  / or Ctrl+L type a move (e4, Nf3, o-o, e7e8q)    Ctrl+Backspace take back (casual games)"),
		lang.L("  promotion: Q R B N to choose, Escape to cancel (casual games)"),
		lang.L("  Ctrl+P pause or resume the clocks    Ctrl+J j'adoube    Ctrl+D offer a draw    Ctrl+Shift+D claim a draw"),
		lang.L("Analysing"),
		lang.L("  L engine on or off    Ctrl+Shift+A analyse the game    Ctrl+Shift+E set up a position"),
		lang.L("Opening tree and search"),
		lang.L("  Ctrl+Shift+T opening tree on or off (click a move to play it)    Ctrl+Shift+G the games that reach this position"),
		lang.L("  Ctrl+Shift+F search the games: position, material, pawns    Ctrl+Alt+A show all games again"),
		lang.L("  a move of the tree or of an engine line explores a game of a file: Esc leaves, Ctrl+I keeps the moves as a variation"),
	}, "\n"))
	dl.showNotice(dlgKeys, dialog.NewCustom(lang.L("Keyboard shortcuts"), lang.L("Close"), keys, dl.win), nil)
}

// showGuide shows the user's guide (docs/guide) in the language code: its
// sections listed on the left, the one chosen on the right with its
// screenshots, which are written into the user's cache folder for the
// window to show (without one, the guide shows without them). One section
// at a time: the whole guide's screenshots at once took the window a
// minute to lay out under the race detector.
func (dl *dialogs) showGuide(code string) {
	text := guide.Text(code)
	if cache, err := os.UserCacheDir(); err == nil {
		if t, err := guide.WithImagesIn(code, filepath.Join(cache, "touchmove", "guide")); err == nil {
			text = t
		}
	}
	if !strings.Contains(text, "](file://") {
		text = guideImage.ReplaceAllString(text, "")
	}
	titles, sections := guideSections(text)
	page := widget.NewRichText()
	page.Wrapping = fyne.TextWrapWord
	scroll := container.NewVScroll(page)
	show := func(i int) {
		page.ParseMarkdown(unwrapParagraphs(sections[i]))
		for _, seg := range page.Segments {
			if img, ok := seg.(*widget.ImageSegment); ok {
				img.Alignment = fyne.TextAlignCenter
			}
		}
		page.Refresh()
		scroll.ScrollToTop()
	}
	list := widget.NewList(func() int { return len(titles) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(titles[i]) })
	list.OnSelected = func(i widget.ListItemID) { show(i) }
	split := container.NewHSplit(list, scroll)
	d := dialog.NewCustom(lang.L("User's guide"), lang.L("Close"), split, dl.win)
	size := dl.win.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width*0.9, size.Height*0.9))
	split.Offset = guideListShare(titles, size.Width*0.9)
	list.Select(0)
	dl.showNotice(dlgGuide, d, nil)
}

// guideListShare returns the share of a guide dialog width wide that its
// list of sections takes: room for the longest of titles, its padding and
// the list's scroll bar, at least a quarter and at most two fifths (a
// narrower window cuts the longest titles short).
func guideListShare(titles []string, width float32) float64 {
	var widest float32
	for _, t := range titles {
		widest = max(widest, fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	// The dialog's own padding, the label's and the scroll bar's.
	inner := width - 4*theme.Padding()
	need := widest + 2*theme.InnerPadding() + theme.ScrollBarSize() + 2*theme.Padding()
	return float64(min(max(need/inner, 0.25), 0.4))
}

// guideSections cuts the guide's Markdown at its "## " headings: the text
// before the first is the first section, under the guide's own title.
func guideSections(text string) (titles, sections []string) {
	for i, part := range strings.Split("\n"+text, "\n## ") {
		part = strings.TrimPrefix(part, "\n")
		if strings.TrimSpace(part) == "" {
			continue
		}
		title, _, _ := strings.Cut(part, "\n")
		if i > 0 {
			part = "## " + part
		}
		titles = append(titles, strings.TrimSpace(strings.TrimLeft(title, "# ")))
		sections = append(sections, part)
	}
	return titles, sections
}

// unwrapParagraphs joins the lines of each paragraph of the Markdown text,
// which the guide's files wrap at 95 columns and the window wraps at its
// own width.
func unwrapParagraphs(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	for i, l := range lines {
		joins := i > 0 && l != "" && lines[i-1] != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "!") &&
			!strings.HasPrefix(lines[i-1], "#") && !strings.HasPrefix(lines[i-1], "!")
		if joins {
			out[len(out)-1] += " " + l
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// guideImage matches a Markdown image line of the guide.
var guideImage = regexp.MustCompile(`(?m)^!\[[^\]]*\]\([^)]*\)\n?`)

func (dl *dialogs) showAbout() {
	dl.showNotice(dlgAbout, dialog.NewInformation(lang.L("About Touchmove"), "Touchmove "+app.Version+"\n"+lang.L("Over-the-board chess with FIDE clocks, touch-move and PGN."), dl.win), nil)
}

// ask shows a question with Cancel and the choices, the last one first in
// importance.
func (dl *dialogs) ask(title, text string, choices ...choice) {
	var d dialog.Dialog
	buttons := []fyne.CanvasObject{widget.NewButton(lang.L("Cancel"), func() { d.Hide() })}
	for k, c := range choices {
		b := widget.NewButton(c.text, func() { d.Hide(); c.do() })
		if k == len(choices)-1 {
			b.Importance = widget.HighImportance
		}
		buttons = append(buttons, b)
	}
	row := fyne.CanvasObject(container.NewHBox(buttons...))
	if row.MinSize().Width > dl.textWidth(row.MinSize().Width) {
		row = container.NewVBox(buttons...) // a narrow window: one above the other
	}
	d = dialog.NewCustomWithoutButtons(title, container.NewVBox(dl.wrapped(text), row), dl.win)
	dl.show(dlgChoice, d)
}

// maxTextWidth is the widest a dialog's text is in a large window: lines
// longer than this are broken, as Fyne's own message dialogs do.
const maxTextWidth = 600

// textWidth returns the widest a dialog's content may be for one that needs
// natural: no wider than the window leaves room for (issue 45, point 10e).
func (dl *dialogs) textWidth(natural float32) float32 {
	w := min(natural, maxTextWidth)
	if win := dl.win.Canvas().Size().Width; win > 0 {
		// The dialog's own margins (32) and the room around it.
		w = min(w, win*0.9-32-2*theme.Padding())
	}
	return max(w, 1)
}

// wrapped returns text as a dialog shows it: a label whose lines break at
// the width the window leaves a dialog, not cut at the window's edge.
func (dl *dialogs) wrapped(text string) fyne.CanvasObject {
	l := widget.NewLabel(text)
	natural := l.MinSize().Width
	l.Wrapping = fyne.TextWrapWord
	return container.New(&wrapLayout{natural: natural, dl: dl}, l)
}

// wrapLayout gives its one label the width a dialog's text may take, and
// the height its lines take at that width.
type wrapLayout struct {
	natural float32 // the label's width on one line
	dl      *dialogs
}

// MinSize lays the label out at the width it may take, and returns its
// size there.
func (wl *wrapLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := wl.dl.textWidth(wl.natural)
	objs[0].Resize(fyne.NewSize(w, objs[0].Size().Height))
	return fyne.NewSize(w, objs[0].MinSize().Height)
}

// Layout gives the label the width it is given.
func (wl *wrapLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// focusSelected gives e the keyboard with its text selected, as a desktop
// dialog's field with a value filled in: typing replaces the value rather
// than going in front of it.
func focusSelected(c fyne.Canvas, e *widget.Entry) {
	c.Focus(e)
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
}
