package ui

import (
	"context"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/library"
	"touchmove/app/prepare"
	"touchmove/app/store"
	"touchmove/ui/gamelist"
	"touchmove/ui/notation"
)

// The window's side of the action groups' hosts: each group declares, in
// its own file, the few things it asks of the window (moveBoxHost, …), and
// *Window answers them with the methods below.

// gameSession returns the session the window shows.
func (w *Window) gameSession() *app.Session { return w.session }

// playerWords returns the players' words: the window's messages and moves
// in their language and piece letters.
func (w *Window) playerWords() *words { return w.words }

// canvas returns the window's canvas, which holds the keyboard focus.
func (w *Window) canvas() fyne.Canvas { return w.win.Canvas() }

// setHint shows text on the status panel's message line in place of its
// message; "" gives the line back.
func (w *Window) setHint(text string) { w.status.setHint(text) }

// hint returns what the message line shows in place of the message, ""
// for nothing.
func (w *Window) hint() string { return w.status.hint }

// preferences returns the app's preferences, where the settings are kept
// (settingKeys).
func (w *Window) preferences() fyne.Preferences { return w.app.Preferences() }

// sanWords writes SAN moves in the players' piece letters.
func (w *Window) sanWords(san string) string { return w.words.san(san) }

// windowDialogs returns the window's dialogs, through which every dialog is
// shown (dialogs.show).
func (w *Window) windowDialogs() *dialogs { return w.dlg }

// newOpponentTab returns a new game's Opponent tab.
func (w *Window) newOpponentTab() *opponentTab { return w.opp.newOpponentTab() }

// whiteOnLeft reports whether White's clock is on the left (left Shift).
func (w *Window) whiteOnLeft() bool { return w.clocks.whiteLeft }

// setWhiteOnLeft puts White's clock on the left, or on the right.
func (w *Window) setWhiteOnLeft(on bool) { w.clocks.whiteLeft = on }

// background runs f off the UI goroutine, within the window's life
// (WithSpawn).
func (w *Window) background(f func()) { w.spawn(f) }

// lifeContext returns the window's life: done once the window closes.
func (w *Window) lifeContext() context.Context { return w.life }

// playerPanels returns the players' panels: their names and clocks.
func (w *Window) playerPanels() *playersPanel { return w.players }

// gameEditor returns the session's annotation editor, through which every
// edit can be undone.
func (w *Window) gameEditor() *app.Editor { return w.editor }

// notationPanel returns the notation panel.
func (w *Window) notationPanel() *notation.Notation { return w.notation }

// showNotationTab brings the game's tab, with the notation, to the front
// (once the tabs are built).
func (w *Window) showNotationTab() {
	if w.tabs != nil {
		w.tabs.Select(w.notationTab)
	}
}

// focusMoveBox gives the move box the keyboard.
func (w *Window) focusMoveBox() { w.moves.focus() }

// flipAnalysis turns the live analysis on or off.
func (w *Window) flipAnalysis() { w.engine.flip() }

// gamesTab returns the Games tab: the open file's games.
func (w *Window) gamesTab() *gamelist.Tab { return w.games }

// clipboard returns the system clipboard.
func (w *Window) clipboard() fyne.Clipboard { return w.app.Clipboard() }

// noticeShown returns what the message line says now (notice).
func (w *Window) noticeShown() string { return w.status.said }

// unsavedThen runs f once the game's changes not saved are saved or let
// go, as the user answers; not at all when the user cancels.
func (w *Window) unsavedThen(f func()) { w.files.unsavedThen(f) }

// redrawBoard shows the session's board anew, with what the window adds
// (the engine's arrow, the coordinates).
func (w *Window) redrawBoard() { w.board.SetView(w.boardView()) }

// hallFolder returns the folder the hall's boards are journaled in,
// beside the windows' journals; "" when the window keeps none.
func (w *Window) hallFolder() string {
	if w.journals == nil {
		return ""
	}
	return filepath.Join(w.journals.Dir(), "hall")
}

// windowJournals returns where every window keeps its journal.
func (w *Window) windowJournals() *store.Journals { return w.journals }

// openLibrary returns the open file's games; nil when none is open.
func (w *Window) openLibrary() *library.Library { return w.games.Library() }

// engineConfig returns the engine's settings, as View › Chess engine keeps
// them.
func (w *Window) engineConfig() (analysis.LiveConfig, error) { return w.engine.config() }

// pickFile asks for a file to open, from the folder last used.
func (w *Window) pickFile(done func(path string, err error)) {
	w.files.picker.Open(w.win, w.files.lastDir(), done)
}

// showTab brings item to the front of the tabs beside the board, adding it
// after the others the first time (the Report tab).
func (w *Window) showTab(item *container.TabItem) {
	if w.tabs == nil {
		return
	}
	if !slices.Contains(w.tabs.Items, item) {
		w.tabs.Append(item)
	}
	w.tabs.Select(item)
}

// savePDF asks where to save a PDF, offering name in the folder last used.
func (w *Window) savePDF(name string, then func(path string)) {
	w.files.pickSave(w.files.lastDir(), name, then)
}

// viewFile opens the file at path in the desktop's viewer.
func (w *Window) viewFile(path string) error { return w.app.OpenURL(fileURL(path)) }

// showReport shows the report r on the games of the file at path, made
// against the repertoire in the file rep ("" for none), in the Report tab.
func (w *Window) showReport(r prepare.Report, path, rep string) { w.reportTab.show(r, path, rep) }

// printReport writes the report shown in the Report tab as a PDF.
func (w *Window) printReport() { w.reportTab.printPDF() }
