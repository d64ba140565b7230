package gamelist

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/charset"
)

// Tab is the Games tab beside the game: the list of the open file's
// games, the library behind it while the file is open, and the indexing
// under way. A file is indexed in the background; its first game shows as
// soon as it is listed, and with more than one game the list comes to the
// front.
type Tab struct {
	host     Host
	list     *List
	item     *container.TabItem
	lib      *library.Library   // the open file's games; nil when none is open
	cancel   context.CancelFunc // stops the indexing under way
	shown    bool               // the list came to the front once for this file
	loaded   bool               // the file's first game is on the board
	cacheDir string             // folder of the game lists' index cache; "" for none
	charset  charset.Charset    // the next file's charset as the user chose it, or Unknown
	reopenAt int                // the game to show once listed, after Reopen with encoding
}

// NewTab returns the Games tab of host's window, without its list yet
// (Build).
func NewTab(host Host) *Tab { return &Tab{host: host} }

// Build gives the tab an empty list; Enter or a double click on a game of
// the list opens it (OpenFromList). The list measures its column titles:
// the text fonts are to be loaded by then.
func (t *Tab) Build() {
	t.list = NewList(t.host.Words())
	t.list.OnOpen = t.OpenFromList
	t.item = container.NewTabItem(lang.L("Games"), t.list)
}

// SetCacheDir keeps the game lists of large files in the folder dir, to
// be read again rather than indexed ("" for none).
func (t *Tab) SetCacheDir(dir string) { t.cacheDir = dir }

// CacheDir returns the folder of the game lists' index cache, "" for none.
func (t *Tab) CacheDir() string { return t.cacheDir }

// List returns the list the tab shows.
func (t *Tab) List() *List { return t.list }

// Item returns the tab, to place among the window's tabs.
func (t *Tab) Item() *container.TabItem { return t.item }

// Library returns the open file's games, nil when none is open.
func (t *Tab) Library() *library.Library { return t.lib }

// ReopenAt makes game i the one shown once the file opened next is listed
// (File › Reopen with encoding…, which reads the file again).
func (t *Tab) ReopenAt(i int) { t.reopenAt = i }

// open indexes the file at path in the background, the list following the
// indexing; progress is called on the UI goroutine with the library and
// each report. With keep, the list takes that state at once, and the file
// counts as shown and its first game as loaded.
func (t *Tab) open(path string, spawn func(func()), keep *library.ListState, progress func(*library.Library, library.Progress)) (*library.Library, error) {
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.loaded, t.shown = keep != nil, keep != nil
	var lib *library.Library
	lib, err := t.list.Open(ctx, path, library.Options{Spawn: spawn, CacheDir: t.cacheDir, Charset: t.charset, Openings: t.host.Openings(), OnProgress: func(p library.Progress) {
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

// restoreState gives the list the sort, filter and selection kept for its
// file.
func (t *Tab) restoreState() {
	if st, ok := t.host.ListState(t.lib.Path()); ok {
		t.lib.SetState(st)
		t.list.SetLibrary(t.lib)
	}
}

// SaveListState keeps the list's sort, filter and selection for its file.
func (t *Tab) SaveListState() {
	if t.lib == nil {
		return
	}
	t.host.SetListState(t.lib.Path(), t.lib.State())
}

// Close keeps the list's state, stops the indexing and lets the file go.
func (t *Tab) Close() {
	if t.lib != nil {
		t.SaveListState()
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

// Open indexes the file at path into the game list and shows its first
// game once it is read; errors come back through the UI.
func (t *Tab) Open(path string) { t.indexLibrary(path, nil) }

// Reload indexes the open file again after the game on the board was
// saved into it, so that the list and the games read from it are the
// file's as it is now. The list keeps its sort, filter and selection, and
// the board its game.
func (t *Tab) Reload() {
	lib := t.lib
	if lib == nil {
		return
	}
	st := lib.State()
	t.indexLibrary(lib.Path(), &st)
}

// indexLibrary opens the file at path as the game list. With keep, the list
// takes that state at once and neither the board nor the tabs change.
func (t *Tab) indexLibrary(path string, keep *library.ListState) {
	t.Close()
	t.charset = t.host.Charset(path)
	lib, err := t.open(path, t.host.Spawn, keep, t.Progressed)
	var format *store.FormatError
	switch {
	case errors.As(err, &format):
		t.host.ShowProblem(t.host.Words().Format(format))
		return
	case err != nil:
		t.host.ShowError(err)
		return
	}
	if keep != nil {
		return
	}
	t.host.AddRecent(path)
	t.Progressed(lib, lib.Progress())
}

// Progressed takes a report of lib's indexing: it shows the first game once
// it is listed, brings the list to the front when the file holds several,
// and says when it holds none.
func (t *Tab) Progressed(lib *library.Library, p library.Progress) {
	if lib == nil || t.lib != lib {
		return
	}
	at := t.reopenAt // the game to show: 0, or the one shown before a reopening
	if !t.loaded && lib.Len() > 0 && (lib.Len() > at || p.Finished) {
		t.loaded = true
		t.reopenAt = 0
		t.restoreState()
		if at >= lib.Len() {
			at = 0
		}
		t.Load(lib, at)
		if f := lib.Format(); f != charset.Plain {
			t.host.Notice(t.host.Words().Format(&store.FormatError{Path: lib.Path(), Format: f}))
		}
	}
	if lib.Len() > 1 && !t.shown {
		t.shown = true
		t.host.ShowGames()
	}
	if p.Finished && lib.Len() == 0 {
		// Not an error dialog, which would capitalise the file's name.
		msg := lang.L("{{.Name}} holds no game.", map[string]any{"Name": filepath.Base(lib.Path())})
		if text, ok := t.host.Words().PGNError(p.Err); ok {
			msg += "\n" + text
		} else if p.Err != nil {
			msg += "\n" + p.Err.Error()
		}
		t.host.ShowInfo(lang.L("No game"), msg)
	}
}

// Load shows game i of lib; its problems go to the message line.
func (t *Tab) Load(lib *library.Library, i int) {
	g, origin, err := lib.Read(i)
	if errors.Is(err, store.ErrFileChanged) && lib == t.lib {
		// The list's places are stale: read the file again, keeping the
		// board's game; the user picks the game again from the new list.
		t.Reload()
		t.host.Notice(lang.L("{{.Name}} changed on disk since it was listed: the list is read again.", map[string]any{"Name": filepath.Base(lib.Path())}))
		return
	}
	if g == nil {
		if err == nil {
			err = fmt.Errorf("game %d could not be read", i+1)
		}
		t.host.ShowProblem(t.host.Words().WithDetail(lang.L("Game {{.Number}} could not be read.", map[string]any{"Number": i + 1}), err))
		return
	}
	lib.Select(i)
	t.host.Session().Load(g, lib.Path(), i)
	t.host.SetOrigin(origin)
	if err != nil {
		problem, ok := t.host.Words().PGNError(err)
		if !ok {
			problem = firstLine(err.Error())
		}
		t.host.Notice(lang.L("Game {{.Number}} has problems: {{.Problem}}", map[string]any{"Number": i + 1, "Problem": problem}))
	}
}

// OpenFromList opens the game chosen in the list (Enter or a double click).
func (t *Tab) OpenFromList(i int) {
	lib := t.lib
	if lib == nil {
		return
	}
	t.host.UnsavedThen(func() {
		t.Load(lib, i)
		t.host.ShowGame()
		t.SaveListState()
		t.host.Unfocus() // the keys go to the game now
	})
}

// NextGame opens the game after (delta 1) or before (-1) the current one in
// the list's order (Ctrl+Down / Ctrl+Up, PageDown / PageUp on the board).
func (t *Tab) NextGame(delta int) {
	lib := t.lib
	path, i := t.host.Session().Path()
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
	t.host.UnsavedThen(func() {
		t.Load(lib, next)
		t.list.Refresh()
	})
}

// ExportFiltered writes the games the list shows now, in its order, to a new
// file: each game's bytes as they are in the open file.
func (t *Tab) ExportFiltered() {
	lib := t.lib
	if lib == nil {
		t.host.ShowProblem(lang.L("Open a PGN file with several games first."))
		return
	}
	entries := make([]library.Entry, lib.Rows())
	for r := range entries {
		entries[r] = lib.Row(r)
	}
	t.host.PickSave(filepath.Dir(lib.Path()), "filtered.pgn", func(out string) {
		t.host.Spawn(func() { // the open file itself, under any name, is refused (store.ErrSameFile)
			err := lib.Export(out, entries)
			fyne.Do(func() {
				if err != nil {
					t.host.ShowError(err)
					return
				}
				t.host.ShowInfo(lang.L("Export"), lang.N("{{.Count}} games written to {{.Name}}.", len(entries), map[string]any{"Count": t.host.Words().Count(len(entries)), "Name": filepath.Base(out)}))
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
