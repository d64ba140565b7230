package ui

import (
	"fmt"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
)

const recentKey = "recentFiles"

func fileWord(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '_'
		}
		return r
	}, strings.TrimSpace(s))
	if s == "" || s == "?" {
		return "game"
	}
	return strings.ReplaceAll(s, " ", "_")
}

// quit leaves, asking first when the game is not saved. A clean exit
// removes the journal.
func (w *Window) quit() {
	w.files.unsavedThen(func() {
		w.release()
		if w.saveLayout != nil {
			w.saveLayout()
		}
		if w.journal != nil {
			if err := w.journal.Clear(); err != nil {
				// Quitting anyway: the next start offers the game to restore.
				fyne.LogError("quit: the journal of the game in progress stays", err)
			}
		}
		w.app.Quit()
	})
}

// release stops the window's background work and lets go of what it holds
// open: the file's indexing, the analysis of a game and an engine's probe,
// the live analysis (whose engine's answers would otherwise still come), the
// engines playing and the electronic board. It returns once the live
// analysis has stopped.
func (w *Window) release() {
	w.games.Close()
	w.endLife()
	w.engine.stop()
	w.opp.closeOpponent()
	w.eboard.disconnect()
	w.hall.close(true) // the next start offers every game unfinished
}

// restoreQuestion asks whether to restore a game left by a window that did
// not close cleanly, with its file when withPath, at its move or before
// the first one.
func restoreQuestion(withPath, beforeFirst bool, when map[string]any) string {
	switch {
	case withPath && beforeFirst:
		return lang.L("A Touchmove window did not close cleanly.\nRestore the game from {{.Path}} as it was at {{.Time}}, before the first move?", when)
	case withPath:
		return lang.L("A Touchmove window did not close cleanly.\nRestore the game from {{.Path}} as it was at {{.Time}} (move {{.Move}})?", when)
	case beforeFirst:
		return lang.L("A Touchmove window did not close cleanly.\nRestore the game as it was at {{.Time}}, before the first move?", when)
	}
	return lang.L("A Touchmove window did not close cleanly.\nRestore the game as it was at {{.Time}} (move {{.Move}})?", when)
}

// OfferRestore asks whether to bring back the hall's round a crash left
// (one question for the round), reports journals that could not be read,
// then asks, for each game left by a window that did not close cleanly,
// whether to restore it. A journal stays on disk until its question is answered.
func (w *Window) OfferRestore() {
	if !w.hall.asked {
		w.hall.offerRound(w.OfferRestore) // the round first, as one question
		return
	}
	if len(w.orphanErrs) > 0 {
		var lines []string
		for _, err := range w.orphanErrs {
			lines = append(lines, errorText(err))
		}
		w.orphanErrs = nil
		w.dlg.showNotice(dlgJournalErrors, dialog.NewInformation(lang.L("Game journal"), strings.Join(lines, "\n"), w.win), w.OfferRestore)
		return
	}
	if len(w.orphans) == 0 {
		return
	}
	o := w.orphans[0]
	w.orphans = w.orphans[1:]
	e := o.Entry
	when := map[string]any{"Time": e.Written.Format("15:04:05"), "Move": (e.Plies() + 1) / 2, "Path": e.Path}
	question := restoreQuestion(e.Path != "", e.Plies() == 0, when)
	if e.Drilling() {
		question = lang.L("A Touchmove window did not close cleanly during training.\nRestore the training as it was at {{.Time}}, at the same position?", when)
	}
	w.dlg.confirmRestore(lang.L("Restore the game in progress?"), question,
		func(restore bool) {
			if !restore {
				if err := o.Discard(); err != nil {
					w.dlg.showError(fmt.Errorf("%s: %w", lang.L("The game in progress could not be discarded"), err))
				}
				w.OfferRestore()
				return
			}
			restoreNow := func() {
				if err := w.session.Restore(e); err != nil {
					w.dlg.showProblem(errorText(err) + "\n\n" + lang.L("The journal is kept as {{.Path}}.", map[string]any{"Path": o.Path()}))
					o.Release()
					return
				}
				w.trainer.resume() // a drill restored: the engine judges its moves again
				// The game is in this window's journal now: the old one goes.
				if err := o.Discard(); err != nil {
					w.dlg.showError(fmt.Errorf("%s: %w", lang.L("The old journal of the restored game could not be removed"), err))
				}
				w.OfferRestore()
			}
			w.files.unsavedThen(restoreNow)
		})
}

// samePath reports whether a and b name the same file.
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}
