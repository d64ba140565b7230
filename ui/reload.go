package ui

import (
	"context"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// reloadAfterChange reads the file at path again into the list, when the
// list shows it, after another program changed it (Reload in the question
// of a refused save), and keeps the edited game on the board, unsaved. When
// the game read, game i, is still in the file byte for byte (games added,
// removed or moved around it), Save replaces it where it now is, and a
// question offers that or adding the game as a new one, so that the file
// does not hold it twice. Otherwise a question says that Save adds it.
func (w *Window) reloadAfterChange(path string, i int, next func()) {
	if w.games.lib != nil && w.games.lib.Path() == path {
		w.reloadLibrary()
	}
	o, known := w.originFor(path, i)
	w.session.SetSaved(path, -1) // no origin for index -1: Save appends
	w.session.MarkDirty()
	name := filepath.Base(path)
	asNew := func() {
		w.dlg.ask(lang.L("Your game will be added as a new game"),
			lang.L("{{.Name}} no longer holds the game you edited as Touchmove read it: another program changed or removed it. The list shows the file as it is now; your game is kept here, unsaved, and Save adds it to the file as a new game.",
				map[string]any{"Name": name}),
			choice{lang.L("Add as a new game"), func() { w.saveTo(path, -1, next) }})
	}
	if !known {
		asNew()
		return
	}
	w.spawn(func() {
		found, ok, err := o.Relocate(context.Background())
		fyne.Do(func() {
			if p, j := w.session.Path(); p != path || j != -1 {
				return // another game or file since
			}
			if err != nil || !ok {
				asNew()
				return
			}
			w.setOrigin(found)
			w.session.SetSaved(path, found.Index)
			w.session.MarkDirty()
			w.dlg.ask(lang.L("Replace the original game?"),
				lang.L("The game you edited is still in {{.Name}} as Touchmove read it, now as game {{.Number}}. Save replaces it there with your edited game; or your game can be added to the file as a new one, beside the original.",
					map[string]any{"Name": name, "Number": found.Index + 1}),
				choice{lang.L("Add as a new game"), func() {
					w.session.SetSaved(path, -1)
					w.session.MarkDirty()
					w.saveTo(path, -1, next)
				}},
				choice{lang.L("Replace the original game"), func() { w.saveTo(path, found.Index, next) }})
		})
	})
}
