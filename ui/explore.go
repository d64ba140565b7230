package ui

import "fyne.io/fyne/v2/lang"

// keepExplored keeps the moves explored over the game of the file as a
// variation of it (Edit › Keep the explored moves as a variation, Ctrl+I):
// an undoable edit, which marks the game changed.
func (w *Window) keepExplored() {
	if !w.session.Exploring() {
		w.notice(lang.L("No moves are explored: a move played from the opening tree or an engine's line over a game of a file starts an exploration."))
		return
	}
	if err := w.session.KeepExplored(); err != nil {
		w.dlg.showError(err)
	}
}
