package ui

import (
	"encoding/json"

	"fyne.io/fyne/v2/dialog"

	"touchmove/app"
	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/msg"
	"touchmove/core/pgn"
	"touchmove/ui/gamelist"
)

// gamesHost is the Games tab's window (gamelist.Host): its dialogs go
// through the window's, each of its kind (dialogkinds.go), and its
// settings through settingKeys' per-file keys.
type gamesHost struct{ w *Window }

// Words is part of gamelist.Host: the players' words in the app's language
// now.
func (h gamesHost) Words() gamelist.Words {
	return listWords{language: appLanguage(h.w.app.Preferences())}
}

// Session is part of gamelist.Host.
func (h gamesHost) Session() *app.Session { return h.w.session }

// Spawn is part of gamelist.Host.
func (h gamesHost) Spawn(f func()) { h.w.spawn(f) }

// Notice is part of gamelist.Host.
func (h gamesHost) Notice(text string) { h.w.notice(text) }

// ShowProblem is part of gamelist.Host.
func (h gamesHost) ShowProblem(text string) { h.w.dlg.showProblem(text) }

// ShowError is part of gamelist.Host.
func (h gamesHost) ShowError(err error) { h.w.dlg.showError(err) }

// ShowInfo is part of gamelist.Host: a dlgNotice.
func (h gamesHost) ShowInfo(title, text string) {
	h.w.dlg.showNotice(dlgNotice, dialog.NewInformation(title, text, h.w.win), nil)
}

// ShowGames is part of gamelist.Host.
func (h gamesHost) ShowGames() { h.w.tabs.Select(h.w.games.Item()) }

// ShowGame is part of gamelist.Host.
func (h gamesHost) ShowGame() { h.w.tabs.Select(h.w.notationTab) }

// Unfocus is part of gamelist.Host.
func (h gamesHost) Unfocus() { h.w.win.Canvas().Unfocus() }

// Openings is part of gamelist.Host: the window's table of opening names.
func (h gamesHost) Openings() *eco.Table { return h.w.openingTable() }

// AddRecent is part of gamelist.Host.
func (h gamesHost) AddRecent(path string) { h.w.files.addRecent(path) }

// SetOrigin is part of gamelist.Host.
func (h gamesHost) SetOrigin(o store.Origin) { h.w.files.setOrigin(o) }

// UnsavedThen is part of gamelist.Host.
func (h gamesHost) UnsavedThen(next func()) { h.w.files.unsavedThen(next) }

// PickSave is part of gamelist.Host.
func (h gamesHost) PickSave(dir, name string, then func(path string)) {
	h.w.files.pickSave(dir, name, then)
}

// Charset is part of gamelist.Host.
func (h gamesHost) Charset(path string) charset.Charset {
	return chosenCharset(h.w.app.Preferences(), path)
}

// ListState is part of gamelist.Host: the state kept under listStateKey.
func (h gamesHost) ListState(path string) (library.ListState, bool) {
	var st library.ListState
	data := h.w.app.Preferences().String(listStateKey(path))
	if data == "" || json.Unmarshal([]byte(data), &st) != nil {
		return library.ListState{}, false
	}
	return st, true
}

// SetListState is part of gamelist.Host.
func (h gamesHost) SetListState(path string, st library.ListState) {
	if data, err := json.Marshal(st); err == nil {
		h.w.app.Preferences().SetString(listStateKey(path), string(data))
	}
}

// listWords writes the game list's counts, dates and problems in language
// (gamelist.Words).
type listWords struct{ language string }

// Count is part of gamelist.Words.
func (lw listWords) Count(n int) string { return formatCount(n, lw.language) }

// Date is part of gamelist.Words.
func (lw listWords) Date(d string) string { return formatPGNDate(d, lw.language) }

// Problem is part of gamelist.Words.
func (listWords) Problem(e *pgn.SyntaxError) string { return pgnProblemText(e) }

// PGNError is part of gamelist.Words.
func (listWords) PGNError(err error) (string, bool) { return pgnErrorText(err) }

// Format is part of gamelist.Words.
func (listWords) Format(e *store.FormatError) string { return formatText(e) }

// WithDetail is part of gamelist.Words.
func (listWords) WithDetail(lead string, err error) string { return withDetail(lead, err) }

// treeHost is the opening tree's window (tree.Host).
type treeHost struct{ w *Window }

// Session is part of tree.Host.
func (h treeHost) Session() *app.Session { return h.w.session }

// Library is part of tree.Host.
func (h treeHost) Library() *library.Library { return h.w.games.Library() }

// CacheDir is part of tree.Host.
func (h treeHost) CacheDir() string { return h.w.games.CacheDir() }

// Openings is part of tree.Host: the window's table of opening names.
func (h treeHost) Openings() *eco.Table { return h.w.openingTable() }

// Spawn is part of tree.Host.
func (h treeHost) Spawn(f func()) { h.w.spawn(f) }

// RefreshList is part of tree.Host.
func (h treeHost) RefreshList() { h.w.games.List().Refresh() }

// ShowGames is part of tree.Host.
func (h treeHost) ShowGames() { h.w.tabs.Select(h.w.games.Item()) }

// OpenGame is part of tree.Host.
func (h treeHost) OpenGame(i int) { h.w.games.OpenFromList(i) }

// AddToRepertoire is part of tree.Host.
func (h treeHost) AddToRepertoire(m chess.Move) { h.w.trainer.addToRepertoire(m) }

// Unfocus is part of tree.Host.
func (h treeHost) Unfocus() { h.w.win.Canvas().Unfocus() }

// Notice is part of tree.Host.
func (h treeHost) Notice(text string) { h.w.notice(text) }

// ShowProblem is part of tree.Host.
func (h treeHost) ShowProblem(text string) { h.w.dlg.showProblem(text) }

// SAN is part of tree.Host.
func (h treeHost) SAN(san string) string { return h.w.words.san(san) }

// Say is part of tree.Host.
func (h treeHost) Say(t msg.Text) string { return h.w.words.say(t) }

// Count is part of tree.Host: in the app's language now.
func (h treeHost) Count(n int) string { return formatCount(n, appLanguage(h.w.app.Preferences())) }

// TreeOn is part of tree.Host.
func (h treeHost) TreeOn() bool { return settingKeys().openingTree.get(h.w.app.Preferences()) }

// SetTreeOn is part of tree.Host.
func (h treeHost) SetTreeOn(on bool) { settingKeys().openingTree.set(h.w.app.Preferences(), on) }

// TreeSplit is part of tree.Host.
func (h treeHost) TreeSplit() float64 { return settingKeys().splitTree.get(h.w.app.Preferences()) }
