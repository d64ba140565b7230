package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/charset"
)

// gamesTab is the Games tab beside the game: the list of the open file's
// games, the library behind it while the file is open, and the indexing
// under way. A file is indexed in the background; its first game shows as
// soon as it is listed, and with more than one game the list comes to the
// front.
type gamesTab struct {
	w        *Window
	list     *GameList
	item     *container.TabItem
	lib      *library.Library   // the open file's games; nil when none is open
	cancel   context.CancelFunc // stops the indexing under way
	shown    bool               // the list came to the front once for this file
	loaded   bool               // the file's first game is on the board
	cacheDir string             // folder of the game lists' index cache; "" for none
	charset  charset.Charset    // the next file's charset as the user chose it, or Unknown
	reopenAt int                // the game to show once listed, after Reopen with encoding
}

// build gives the tab of its window an empty list; Enter or a double click
// on a game of the list opens it (openFromList). The list measures its
// column titles: the text fonts are loaded by then.
func (t *gamesTab) build() {
	t.list = NewGameList()
	t.list.OnOpen = t.openFromList
	t.item = container.NewTabItem(lang.L("Games"), t.list)
}

// open indexes the file at path in the background, the list following the
// indexing; progress is called on the UI goroutine with the library and
// each report. With keep, the list takes that state at once, and the file
// counts as shown and its first game as loaded.
func (t *gamesTab) open(path string, spawn func(func()), keep *library.ListState, progress func(*library.Library, library.Progress)) (*library.Library, error) {
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.loaded, t.shown = keep != nil, keep != nil
	var lib *library.Library
	lib, err := t.list.Open(ctx, path, library.Options{Spawn: spawn, CacheDir: t.cacheDir, Charset: t.charset, OnProgress: func(p library.Progress) {
		fyne.Do(func() { progress(lib, p) })
	}})
	if err != nil {
		cancel()
		return nil, err
	}
	t.lib = lib
	if keep != nil {
		lib.SetState(*keep)
		t.list.SetLibrary(lib)
	}
	return lib, nil
}

// restoreState gives the list the sort, filter and selection kept in prefs
// for its file.
func (t *gamesTab) restoreState(prefs fyne.Preferences) {
	if data := prefs.String(listStateKey(t.lib.Path())); data != "" {
		var st library.ListState
		if json.Unmarshal([]byte(data), &st) == nil {
			t.lib.SetState(st)
			t.list.SetLibrary(t.lib)
		}
	}
}

// saveState keeps the list's sort, filter and selection for its file in
// prefs.
func (t *gamesTab) saveState(prefs fyne.Preferences) {
	if t.lib == nil {
		return
	}
	if data, err := json.Marshal(t.lib.State()); err == nil {
		prefs.SetString(listStateKey(t.lib.Path()), string(data))
	}
}

// close keeps the list's state in prefs, stops the indexing and lets the
// file go.
func (t *gamesTab) close(prefs fyne.Preferences) {
	if t.lib != nil {
		t.saveState(prefs)
		if err := t.lib.Close(); err != nil {
			fyne.LogError("close the game list", err) // the file was only read
		}
		t.lib = nil
	}
	if t.cancel != nil {
		t.cancel()
		t.cancel = nil
	}
}

// openLibrary indexes the file at path into the game list and shows its
// first game once it is read; errors come back through the UI.
func (t *gamesTab) openLibrary(path string) { t.indexLibrary(path, nil) }

// reloadLibrary indexes the open file again after the game on the board was
// saved into it, so that the list and the games read from it are the
// file's as it is now. The list keeps its sort, filter and selection, and
// the board its game.
func (t *gamesTab) reloadLibrary() {
	lib := t.lib
	if lib == nil {
		return
	}
	st := lib.State()
	t.indexLibrary(lib.Path(), &st)
}

// indexLibrary opens the file at path as the game list. With keep, the list
// takes that state at once and neither the board nor the tabs change.
func (t *gamesTab) indexLibrary(path string, keep *library.ListState) {
	t.closeLibrary()
	t.charset = chosenCharset(t.w.app.Preferences(), path)
	lib, err := t.open(path, t.w.spawn, keep, t.libraryProgress)
	var format *store.FormatError
	switch {
	case errors.As(err, &format):
		t.w.dlg.showProblem(formatText(format))
		return
	case err != nil:
		t.w.dlg.showError(err)
		return
	}
	if keep != nil {
		return
	}
	t.w.files.addRecent(path)
	t.libraryProgress(lib, lib.Progress())
}

// libraryProgress shows the first game once it is listed, brings the list
// to the front when the file holds several, and says when it holds none.
func (t *gamesTab) libraryProgress(lib *library.Library, p library.Progress) {
	if lib == nil || t.lib != lib {
		return
	}
	at := t.reopenAt // the game to show: 0, or the one shown before a reopening
	if !t.loaded && lib.Len() > 0 && (lib.Len() > at || p.Finished) {
		t.loaded = true
		t.reopenAt = 0
		t.restoreState(t.w.app.Preferences())
		if at >= lib.Len() {
			at = 0
		}
		t.loadFromLibrary(lib, at)
		if f := lib.Format(); f != charset.Plain {
			t.w.notice(formatText(&store.FormatError{Path: lib.Path(), Format: f}))
		}
	}
	if lib.Len() > 1 && !t.shown {
		t.shown = true
		t.w.tabs.Select(t.item)
	}
	if p.Finished && lib.Len() == 0 {
		// Not an error dialog, which would capitalise the file's name.
		msg := lang.L("{{.Name}} holds no game.", map[string]any{"Name": filepath.Base(lib.Path())})
		if text, ok := pgnErrorText(p.Err); ok {
			msg += "\n" + text
		} else if p.Err != nil {
			msg += "\n" + p.Err.Error()
		}
		t.w.dlg.showNotice(dlgNotice, dialog.NewInformation(lang.L("No game"), msg, t.w.win), nil)
	}
}

// loadFromLibrary shows game i of lib; its problems go to the message line.
func (t *gamesTab) loadFromLibrary(lib *library.Library, i int) {
	g, origin, err := lib.Read(i)
	if errors.Is(err, store.ErrFileChanged) && lib == t.lib {
		// The list's places are stale: read the file again, keeping the
		// board's game; the user picks the game again from the new list.
		t.reloadLibrary()
		t.w.notice(lang.L("{{.Name}} changed on disk since it was listed: the list is read again.", map[string]any{"Name": filepath.Base(lib.Path())}))
		return
	}
	if g == nil {
		if err == nil {
			err = fmt.Errorf("game %d could not be read", i+1)
		}
		t.w.dlg.showProblem(withDetail(lang.L("Game {{.Number}} could not be read.", map[string]any{"Number": i + 1}), err))
		return
	}
	lib.Select(i)
	t.w.session.Load(g, lib.Path(), i)
	t.w.files.setOrigin(origin)
	if err != nil {
		problem, ok := pgnErrorText(err)
		if !ok {
			problem = firstLine(err.Error())
		}
		t.w.notice(lang.L("Game {{.Number}} has problems: {{.Problem}}", map[string]any{"Number": i + 1, "Problem": problem}))
	}
}

// openFromList opens the game chosen in the list (Enter or a double click).
func (t *gamesTab) openFromList(i int) {
	lib := t.lib
	if lib == nil {
		return
	}
	t.w.files.unsavedThen(func() {
		t.loadFromLibrary(lib, i)
		t.w.tabs.Select(t.w.notationTab)
		t.saveListState()
		t.w.win.Canvas().Unfocus() // the keys go to the game now
	})
}

// nextGame opens the game after (delta 1) or before (-1) the current one in
// the list's order (Ctrl+Down / Ctrl+Up, PageDown / PageUp on the board).
func (t *gamesTab) nextGame(delta int) {
	lib := t.lib
	path, i := t.w.session.Path()
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
	t.w.files.unsavedThen(func() {
		t.loadFromLibrary(lib, next)
		t.list.Refresh()
	})
}

// saveListState remembers the list's sort, filter and selection for its file.
func (t *gamesTab) saveListState() { t.saveState(t.w.app.Preferences()) }

// closeLibrary stops indexing and lets the file go.
func (t *gamesTab) closeLibrary() { t.close(t.w.app.Preferences()) }

// exportFiltered writes the games the list shows now, in its order, to a new
// file: each game's bytes as they are in the open file.
func (t *gamesTab) exportFiltered() {
	lib := t.lib
	if lib == nil {
		t.w.dlg.showProblem(lang.L("Open a PGN file with several games first."))
		return
	}
	entries := make([]library.Entry, lib.Rows())
	for r := range entries {
		entries[r] = lib.Row(r)
	}
	t.w.files.pickSave(filepath.Dir(lib.Path()), "filtered.pgn", func(out string) {
		t.w.spawn(func() { // the open file itself, under any name, is refused (store.ErrSameFile)
			err := lib.Export(out, entries)
			fyne.Do(func() {
				if err != nil {
					t.w.dlg.showError(err)
					return
				}
				t.w.dlg.showNotice(dlgNotice, dialog.NewInformation(lang.L("Export"), lang.N("{{.Count}} games written to {{.Name}}.", len(entries), map[string]any{"Count": formatCount(len(entries), appLanguage(t.w.app.Preferences())), "Name": filepath.Base(out)}), t.w.win), nil)
			})
		})
	})
}

// firstLine returns the first line of s, with " …" when more follow.
func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i] + " …"
		}
	}
	return s
}
