package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
)

// The game list of the open file: a tab beside the notation. A file is
// indexed in the background; its first game shows as soon as it is listed,
// and with more than one game the list comes to the front.

// listStateKey is the preference that keeps a file's sort, filter and selection.
func listStateKey(path string) string { return "listState:" + path }

// openLibrary indexes the file at path into the game list and shows its
// first game once it is read; errors come back through the UI.
func (w *Window) openLibrary(path string) { w.indexLibrary(path, nil) }

// reloadLibrary indexes the open file again after the game on the board was
// saved into it, so that the list and the games read from it are the
// file's as it is now. The list keeps its sort, filter and selection, and
// the board its game.
func (w *Window) reloadLibrary() {
	if w.lib == nil {
		return
	}
	st := w.lib.State()
	w.indexLibrary(w.lib.Path(), &st)
}

// indexLibrary opens the file at path as the game list. With keep, the list
// takes that state at once and neither the board nor the tabs change.
func (w *Window) indexLibrary(path string, keep *app.ListState) {
	w.closeLibrary()
	ctx, cancel := context.WithCancel(context.Background())
	w.libCancel = cancel
	w.libLoaded, w.listShown = keep != nil, keep != nil
	var lib *app.Library
	lib, err := w.games.Open(ctx, path, app.LibraryOptions{Spawn: w.spawn, CacheDir: w.indexCache, OnProgress: func(p app.LibraryProgress) {
		fyne.Do(func() { w.libraryProgress(lib, p) })
	}})
	if err != nil {
		cancel()
		w.showError(err)
		return
	}
	w.lib = lib
	if keep != nil {
		lib.SetState(*keep)
		w.games.SetLibrary(lib)
		return
	}
	w.addRecent(path)
	w.libraryProgress(lib, lib.Progress())
}

// libraryProgress shows the first game once it is listed, brings the list
// to the front when the file holds several, and says when it holds none.
func (w *Window) libraryProgress(lib *app.Library, p app.LibraryProgress) {
	if lib == nil || w.lib != lib {
		return
	}
	if !w.libLoaded && lib.Len() > 0 {
		w.libLoaded = true
		if data := w.app.Preferences().String(listStateKey(lib.Path())); data != "" {
			var st app.ListState
			if json.Unmarshal([]byte(data), &st) == nil {
				lib.SetState(st)
				w.games.SetLibrary(lib)
			}
		}
		w.loadFromLibrary(lib, 0)
	}
	if lib.Len() > 1 && !w.listShown {
		w.listShown = true
		w.tabs.Select(w.gamesTab)
	}
	if p.Finished && lib.Len() == 0 {
		// Not an error dialog, which would capitalise the file's name.
		msg := lang.L("{{.Name}} holds no game.", map[string]any{"Name": filepath.Base(lib.Path())})
		if p.Err != nil {
			msg += "\n" + p.Err.Error()
		}
		dialog.ShowInformation(lang.L("No game"), msg, w.win)
	}
}

// loadFromLibrary shows game i of lib; its problems go to the message line.
func (w *Window) loadFromLibrary(lib *app.Library, i int) {
	g, origin, err := lib.Read(i)
	if errors.Is(err, app.ErrFileChanged) && lib == w.lib {
		// The list's places are stale: read the file again, keeping the
		// board's game; the user picks the game again from the new list.
		w.reloadLibrary()
		w.message.SetText(fmt.Sprintf("%s changed on disk since it was listed: the list is read again.", filepath.Base(lib.Path())))
		return
	}
	if g == nil {
		if err == nil {
			err = fmt.Errorf("game %d could not be read", i+1)
		}
		w.showError(err)
		return
	}
	lib.Select(i)
	w.session.Load(g, lib.Path(), i)
	w.setOrigin(origin)
	if err != nil {
		w.message.SetText(fmt.Sprintf("Game %d has problems: %v", i+1, firstLine(err.Error())))
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
	lib := w.lib
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
	lib := w.lib
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
		w.games.Refresh()
	})
}

// saveListState remembers the list's sort, filter and selection for its file.
func (w *Window) saveListState() {
	if w.lib == nil {
		return
	}
	if data, err := json.Marshal(w.lib.State()); err == nil {
		w.app.Preferences().SetString(listStateKey(w.lib.Path()), string(data))
	}
}

// closeLibrary stops indexing and lets the file go.
func (w *Window) closeLibrary() {
	if w.lib != nil {
		w.saveListState()
		if err := w.lib.Close(); err != nil {
			fyne.LogError("close the game list", err) // the file was only read
		}
		w.lib = nil
	}
	if w.libCancel != nil {
		w.libCancel()
		w.libCancel = nil
	}
}

// exportFiltered writes the games the list shows now, in its order, to a new
// file: each game's bytes as they are in the open file.
func (w *Window) exportFiltered() {
	lib := w.lib
	if lib == nil {
		w.showError(errors.New("open a PGN file with several games first"))
		return
	}
	entries := make([]app.LibraryEntry, lib.Rows())
	for r := range entries {
		entries[r] = lib.Row(r)
	}
	w.pickSave(filepath.Dir(lib.Path()), "filtered.pgn", func(out string) {
		if out == lib.Path() {
			w.showError(errors.New("export to another file than the one open"))
			return
		}
		go func() {
			err := exportEntries(lib.Path(), out, entries)
			fyne.Do(func() {
				if err != nil {
					w.showError(err)
					return
				}
				dialog.ShowInformation(lang.L("Export"), lang.N("{{.Count}} games written to {{.Name}}.", len(entries), map[string]any{"Count": len(entries), "Name": filepath.Base(out)}), w.win)
			})
		}()
	})
}

// exportEntries copies the games' bytes from src to a new file dst, atomically.
func exportEntries(src, dst string, entries []app.LibraryEntry) error {
	f, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer f.Close()
	var out []byte
	for _, e := range entries {
		buf := make([]byte, e.Length)
		if _, err := f.ReadAt(buf, e.Offset); err != nil {
			return fmt.Errorf("export game %d: %w", e.Index+1, err)
		}
		out = append(out, trimBlank(buf)...)
		out = append(out, '\n', '\n')
	}
	return app.WriteFileAtomic(dst, out)
}

func trimBlank(b []byte) []byte {
	for len(b) > 0 && (b[0] == '\n' || b[0] == '\r' || b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

// newTabs puts the game (players, clocks, notation, controls) and the game
// list of the open file side by side as tabs; the list gets the whole height.
func (w *Window) newTabs(gamePanel fyne.CanvasObject) *container.AppTabs {
	w.notationTab = container.NewTabItem(lang.L("Game"), gamePanel)
	w.gamesTab = container.NewTabItem(lang.L("Games"), w.games)
	return container.NewAppTabs(w.notationTab, w.gamesTab)
}
