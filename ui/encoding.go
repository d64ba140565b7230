package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/charset"
)

// File › Reopen with encoding…: the user overrides the charset decided
// from a file's bytes (pgn.md §1.1). The choice is kept per file; the
// list, the game on the board and the index follow it.

// encodingKey is the preference that keeps the charset chosen for path.
func encodingKey(path string) string { return "encoding:" + path }

// chosenCharset returns the charset the user chose for the file at path,
// or charset.Unknown: decided from its bytes.
func chosenCharset(prefs fyne.Preferences, path string) charset.Charset {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	c, err := charset.Parse(prefs.String(encodingKey(path)))
	if err != nil {
		return charset.Unknown
	}
	return c
}

// setChosenCharset keeps c as the charset of the file at path; Unknown
// forgets the choice.
func setChosenCharset(prefs fyne.Preferences, path string, c charset.Charset) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if c == charset.Unknown {
		prefs.RemoveValue(encodingKey(path))
		return
	}
	prefs.SetString(encodingKey(path), c.String())
}

// reopenWithEncoding asks which charset the open file is in and reads it
// again in that one: the list, and the game on the board (read anew).
func (w *Window) reopenWithEncoding() {
	lib := w.games.lib
	if lib == nil {
		w.dlg.showProblem(lang.L("Open a PGN file first."))
		return
	}
	path := lib.Path()
	auto := lang.L("As its bytes say (now {{.Charset}})", map[string]any{"Charset": lib.Charset().String()})
	options := []string{auto}
	for _, c := range charset.All() {
		options = append(options, c.String())
	}
	sel := widget.NewSelect(options, nil)
	if c := chosenCharset(w.app.Preferences(), path); c != charset.Unknown {
		sel.SetSelected(c.String())
	} else {
		sel.SetSelected(auto)
	}
	form := []*widget.FormItem{widget.NewFormItem(lang.L("Encoding"), sel)}
	dialog.ShowForm(lang.L("Reopen {{.Name}} with encoding", map[string]any{"Name": filepath.Base(path)}), lang.L("Reopen"), lang.L("Cancel"), form, func(ok bool) {
		if !ok {
			return
		}
		c, err := charset.Parse(sel.Selected)
		if err != nil {
			c = charset.Unknown
		}
		w.unsavedThen(func() { w.reopenIn(path, c) })
	}, w.win)
}

// reopenIn reads the file at path again in charset c (Unknown: as its
// bytes say), remembered for the file.
func (w *Window) reopenIn(path string, c charset.Charset) {
	setChosenCharset(w.app.Preferences(), path, c)
	if own, i := w.session.Path(); samePath(own, path) && i > 0 {
		w.games.reopenAt = i
	}
	w.openLibrary(path)
}
