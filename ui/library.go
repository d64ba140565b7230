package ui

import (
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/core/charset"
)

// The game list of the open file: a tab beside the notation. A file is
// indexed in the background; its first game shows as soon as it is listed,
// and with more than one game the list comes to the front.

// openLibrary indexes the file at path into the game list and shows its
// first game once it is read; errors come back through the UI.
func (w *Window) openLibrary(path string) { w.indexLibrary(path, nil) }

// reloadLibrary indexes the open file again after the game on the board was
// saved into it, so that the list and the games read from it are the
// file's as it is now. The list keeps its sort, filter and selection, and
// the board its game.
func (w *Window) reloadLibrary() {
	lib := w.games.lib
	if lib == nil {
		return
	}
	st := lib.State()
	w.indexLibrary(lib.Path(), &st)
}

// indexLibrary opens the file at path as the game list. With keep, the list
// takes that state at once and neither the board nor the tabs change.
func (w *Window) indexLibrary(path string, keep *app.ListState) {
	w.closeLibrary()
	w.games.charset = chosenCharset(w.app.Preferences(), path)
	lib, err := w.games.open(path, w.spawn, keep, w.libraryProgress)
	var format *app.FormatError
	switch {
	case errors.As(err, &format):
		w.dlg.showProblem(formatText(format))
		return
	case err != nil:
		w.dlg.showError(err)
		return
	}
	if keep != nil {
		return
	}
	w.addRecent(path)
	w.libraryProgress(lib, lib.Progress())
}

// libraryProgress shows the first game once it is listed, brings the list
// to the front when the file holds several, and says when it holds none.
func (w *Window) libraryProgress(lib *app.Library, p app.LibraryProgress) {
	if lib == nil || w.games.lib != lib {
		return
	}
	at := w.games.reopenAt // the game to show: 0, or the one shown before a reopening
	if !w.games.loaded && lib.Len() > 0 && (lib.Len() > at || p.Finished) {
		w.games.loaded = true
		w.games.reopenAt = 0
		w.games.restoreState(w.app.Preferences())
		if at >= lib.Len() {
			at = 0
		}
		w.loadFromLibrary(lib, at)
		if f := lib.Format(); f != charset.Plain {
			w.notice(formatText(&app.FormatError{Path: lib.Path(), Format: f}))
		}
	}
	if lib.Len() > 1 && !w.games.shown {
		w.games.shown = true
		w.tabs.Select(w.games.item)
	}
	if p.Finished && lib.Len() == 0 {
		// Not an error dialog, which would capitalise the file's name.
		msg := lang.L("{{.Name}} holds no game.", map[string]any{"Name": filepath.Base(lib.Path())})
		if text, ok := pgnErrorText(p.Err); ok {
			msg += "\n" + text
		} else if p.Err != nil {
			msg += "\n" + p.Err.Error()
		}
		w.dlg.showNotice(dialog.NewInformation(lang.L("No game"), msg, w.win), nil)
	}
}

// loadFromLibrary shows game i of lib; its problems go to the message line.
func (w *Window) loadFromLibrary(lib *app.Library, i int) {
	g, origin, err := lib.Read(i)
	if errors.Is(err, app.ErrFileChanged) && lib == w.games.lib {
		// The list's places are stale: read the file again, keeping the
		// board's game; the user picks the game again from the new list.
		w.reloadLibrary()
		w.notice(lang.L("{{.Name}} changed on disk since it was listed: the list is read again.", map[string]any{"Name": filepath.Base(lib.Path())}))
		return
	}
	if g == nil {
		if err == nil {
			err = fmt.Errorf("game %d could not be read", i+1)
		}
		w.dlg.showProblem(withDetail(lang.L("Game {{.Number}} could not be read.", map[string]any{"Number": i + 1}), err))
		return
	}
	lib.Select(i)
	w.session.Load(g, lib.Path(), i)
	w.setOrigin(origin)
	if err != nil {
		problem, ok := pgnErrorText(err)
		if !ok {
			problem = firstLine(err.Error())
		}
		w.notice(lang.L("Game {{.Number}} has problems: {{.Problem}}", map[string]any{"Number": i + 1, "Problem": problem}))
	}
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i] + " …"
		}
	}
	return s
}

// openFromList opens the game chosen in the list (Enter or a double click).
func (w *Window) openFromList(i int) {
	lib := w.games.lib
	if lib == nil {
		return
	}
	w.unsavedThen(func() {
		w.loadFromLibrary(lib, i)
		w.tabs.Select(w.notationTab)
		w.saveListState()
		w.win.Canvas().Unfocus() // the keys go to the game now
	})
}

// nextGame opens the game after (delta 1) or before (-1) the current one in
// the list's order (Ctrl+Down / Ctrl+Up, PageDown / PageUp on the board).
func (w *Window) nextGame(delta int) {
	lib := w.games.lib
	path, i := w.session.Path()
	if lib == nil || path != lib.Path() {
		return
	}
	r := lib.RowOf(i)
	if r < 0 {
		return
	}
	r += delta
	if r < 0 || r >= lib.Rows() {
		return
	}
	next := lib.Row(r).Index
	w.unsavedThen(func() {
		w.loadFromLibrary(lib, next)
		w.games.list.Refresh()
	})
}

// saveListState remembers the list's sort, filter and selection for its file.
func (w *Window) saveListState() { w.games.saveState(w.app.Preferences()) }

// closeLibrary stops indexing and lets the file go.
func (w *Window) closeLibrary() { w.games.close(w.app.Preferences()) }

// exportFiltered writes the games the list shows now, in its order, to a new
// file: each game's bytes as they are in the open file.
func (w *Window) exportFiltered() {
	lib := w.games.lib
	if lib == nil {
		w.dlg.showProblem(lang.L("Open a PGN file with several games first."))
		return
	}
	entries := make([]app.LibraryEntry, lib.Rows())
	for r := range entries {
		entries[r] = lib.Row(r)
	}
	w.pickSave(filepath.Dir(lib.Path()), "filtered.pgn", func(out string) {
		w.spawn(func() { // the open file itself, under any name, is refused (app.ErrSameFile)
			err := lib.Export(out, entries)
			fyne.Do(func() {
				if err != nil {
					w.dlg.showError(err)
					return
				}
				w.dlg.showNotice(dialog.NewInformation(lang.L("Export"), lang.N("{{.Count}} games written to {{.Name}}.", len(entries), map[string]any{"Count": formatCount(len(entries), appLanguage(w.app.Preferences())), "Name": filepath.Base(out)}), w.win), nil)
			})
		})
	})
}

// newTabs puts the game (players, clocks, notation, controls) and the game
// list of the open file side by side as tabs; the list gets the whole height.
func (w *Window) newTabs(gamePanel fyne.CanvasObject) *container.AppTabs {
	w.notationTab = container.NewTabItem(lang.L("Game"), gamePanel)
	return container.NewAppTabs(w.notationTab, w.games.item)
}
