package ui

import (
	"context"
	"encoding/json"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/core/charset"
)

// gamesTab is the Games tab beside the game: the list of the open file's
// games, the library behind it while the file is open, and the indexing
// under way. The window's library.go decides what opening a file or a game
// from the list does; the tab keeps the state of the file open.
type gamesTab struct {
	list     *GameList
	item     *container.TabItem
	lib      *app.Library       // the open file's games; nil when none is open
	cancel   context.CancelFunc // stops the indexing under way
	shown    bool               // the list came to the front once for this file
	loaded   bool               // the file's first game is on the board
	cacheDir string             // folder of the game lists' index cache; "" for none
	charset  charset.Charset    // the next file's charset as the user chose it, or Unknown
	reopenAt int                // the game to show once listed, after Reopen with encoding
}

// newGamesTab returns the tab with an empty list; open is what Enter or a
// double click on a game of the list does.
func newGamesTab(open func(i int)) *gamesTab {
	t := &gamesTab{list: NewGameList()}
	t.list.OnOpen = open
	t.item = container.NewTabItem(lang.L("Games"), t.list)
	return t
}

// open indexes the file at path in the background, the list following the
// indexing; progress is called on the UI goroutine with the library and
// each report. With keep, the list takes that state at once, and the file
// counts as shown and its first game as loaded.
func (t *gamesTab) open(path string, spawn func(func()), keep *app.ListState, progress func(*app.Library, app.LibraryProgress)) (*app.Library, error) {
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.loaded, t.shown = keep != nil, keep != nil
	var lib *app.Library
	lib, err := t.list.Open(ctx, path, app.LibraryOptions{Spawn: spawn, CacheDir: t.cacheDir, Charset: t.charset, OnProgress: func(p app.LibraryProgress) {
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
		var st app.ListState
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

// listStateKey is the preference that keeps a file's sort, filter and selection.
func listStateKey(path string) string { return "listState:" + path }
