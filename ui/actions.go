package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/chess"
)

const recentKey = "recentFiles"

// unsavedThen runs next at once when the game is saved, else asks first:
// save, discard or cancel.
func (w *Window) unsavedThen(next func()) {
	w.notation.CommitEdit() // a comment being typed counts
	if !w.session.Dirty() || w.session.Game().PlyCount() == 0 && w.session.Game().Result() == chess.Unfinished {
		next()
		return
	}
	var d dialog.Dialog
	save := widget.NewButton(lang.L("Save"), func() {
		d.Hide()
		w.saveThen(next)
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton(lang.L("Don't save"), func() { d.Hide(); next() })
	cancel := widget.NewButton(lang.L("Cancel"), func() { d.Hide() })
	body := widget.NewLabel(lang.L("The game has changes that are not saved."))
	d = dialog.NewCustomWithoutButtons(lang.L("Save the game?"), container.NewVBox(body, container.NewHBox(cancel, discard, save)), w.win)
	w.dlg.showWithKeys(d, save.OnTapped, cancel.OnTapped, nil)
}

func (w *Window) openDialog() {
	w.unsavedThen(func() {
		w.picker.Open(w.win, w.lastDir(), func(path string, err error) {
			switch {
			case errors.Is(err, errCancelled):
			case err != nil:
				w.dlg.showError(err)
			default:
				w.Open(path)
			}
		})
	})
}

// Open reads the PGN file at path: its games are listed in the Games tab
// (indexed in the background, so files of any size open at once) and the
// first one is shown; with several games the list comes to the front.
func (w *Window) Open(path string) {
	if err := openable(path); err != nil {
		w.dlg.showError(err)
		return
	}
	w.openLibrary(path)
}

func (w *Window) save() { w.saveThen(func() {}) }

// saveThen saves to the game's file (asking for one when there is none) and
// runs next when it worked.
func (w *Window) saveThen(next func()) {
	path, i := w.session.Path()
	if path == "" {
		w.saveAsThen(next)
		return
	}
	w.saveTo(path, i, next)
}

func (w *Window) saveAs() { w.saveAsThen(func() {}) }

func (w *Window) saveAsThen(next func()) {
	w.pickSave(w.lastDir(), w.gameFileName(), func(path string) {
		w.saveTo(path, -1, next) // a new file gets the game alone; an existing one, appended
	})
}

// pickSave asks where to save, in folder dir with the name offered, and
// runs then with the path chosen; a failed chooser is reported, a
// cancelled one does nothing.
func (w *Window) pickSave(dir, name string, then func(path string)) {
	w.picker.Save(w.win, dir, name, func(path string, err error) {
		switch {
		case errors.Is(err, errCancelled):
		case err != nil:
			w.dlg.showError(err)
		default:
			then(path)
		}
	})
}

// gameFileName offers a file name for the game on the board: its players.
func (w *Window) gameFileName() string {
	g := w.session.Game()
	return fmt.Sprintf("%s-%s.pgn", fileWord(g.Tags.Value("White")), fileWord(g.Tags.Value("Black")))
}

// saveTo encodes the game here and writes it on a background goroutine:
// saving into a large file rewrites all of it. The result comes back
// through fyne.Do.
func (w *Window) saveTo(path string, i int, next func()) { w.saveToWith(path, i, next, false) }

// saveToWith is saveTo; allowLoss saves a game read only in part, which
// the user agreed to.
func (w *Window) saveToWith(path string, i int, next func(), allowLoss bool) {
	w.session.StampClock()
	job, err := app.NewSaveJob(w.session.Game())
	if err != nil {
		w.dlg.showError(err)
		return
	}
	job.AllowLoss = allowLoss
	origin, known := w.originFor(path, i)
	version := w.session.TreeVersion()
	w.notice(lang.L("Saving {{.Name}}…", map[string]any{"Name": filepath.Base(path)}))
	w.spawn(func() {
		var saved app.Origin
		var err error
		if known { // checked against the file as it was read
			saved, err = job.Replace(origin)
		} else {
			saved, err = job.WriteOrigin(path, i)
		}
		fyne.Do(func() {
			w.notice("")
			if err != nil {
				w.saveRefused(err, path, i, next)
				return
			}
			changed := w.session.TreeVersion() != version
			w.session.SetSaved(path, saved.Index)
			w.setOrigin(saved)
			if changed { // edited while it was being written: still unsaved
				w.session.MarkDirty()
			}
			if w.games.lib != nil && samePath(w.games.lib.Path(), path) {
				w.reloadLibrary()
			}
			w.addRecent(path)
			next()
		})
	})
}

// exportGame writes a copy of the game on the board to another file, new or
// appended to; the game stays where it is, saved or not.
func (w *Window) exportGame() {
	w.pickSave(w.lastDir(), w.gameFileName(), func(path string) {
		if own, _ := w.session.Path(); own != "" && samePath(own, path) {
			w.dlg.showProblem(lang.L("That is this game's own file: Save writes the game there."))
			return
		}
		job, err := app.NewExportJob(w.session.Game())
		if err != nil {
			w.dlg.showError(err)
			return
		}
		w.spawn(func() {
			i, err := job.Write(path, -1)
			fyne.Do(func() {
				if err != nil {
					w.dlg.showError(err)
					return
				}
				w.notice(lang.L("Game exported to {{.Name}} as game {{.Number}}.", map[string]any{"Name": filepath.Base(path), "Number": i + 1}))
				if w.games.lib != nil && samePath(w.games.lib.Path(), path) {
					w.reloadLibrary()
				}
			})
		})
	})
}

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
	w.unsavedThen(func() {
		w.closeLibrary()
		w.endLife() // the analysis of a game and an engine's probe stop with the window
		w.engine.stop()
		w.closeOpponent()
		if w.eboard != nil {
			w.eboard.disconnect()
		}
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

// dropped opens a .pgn file dropped on the window.
func (w *Window) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, u := range uris {
		if strings.EqualFold(filepath.Ext(u.Path()), ".pgn") {
			path := u.Path()
			w.unsavedThen(func() { w.Open(path) })
			return
		}
	}
}

func (w *Window) copyFEN() {
	p := w.session.Current().Position()
	w.app.Clipboard().SetContent(p.FEN())
}

func (w *Window) copyPGN() {
	text, err := app.EncodeGame(w.session.Game())
	if err != nil {
		w.dlg.showError(err)
		return
	}
	w.app.Clipboard().SetContent(string(text))
}

// paste starts a game from a FEN on the clipboard, or opens PGN text.
func (w *Window) paste() {
	text := strings.TrimSpace(w.app.Clipboard().Content())
	if text == "" {
		w.dlg.showProblem(lang.L("The clipboard is empty."))
		return
	}
	w.unsavedThen(func() {
		// A line shaped like a FEN that does not parse is a FEN with a bad
		// field, not PGN with bad moves.
		// The session reads the FEN as tolerantly as a PGN file's and
		// says what it dropped.
		if _, err := chess.ParseFEN(text); err == nil || looksLikeFEN(text) {
			if err := w.session.NewGame(app.NewGameOptions{FEN: text}); err != nil {
				w.dlg.showError(err)
			}
			return
		}
		g, count, err := app.FirstGame([]byte(text))
		if g == nil {
			if err == nil {
				w.dlg.showProblem(lang.L("The clipboard holds neither a FEN nor a PGN game."))
				return
			}
			w.dlg.showError(err)
			return
		}
		w.session.Load(g, "", 0)
		w.session.MarkDirty()
		if count > 1 {
			w.notice(lang.N("The clipboard holds {{.Count}} games: the first is on the board. Save them to a file and open it to see them all.", count, map[string]any{"Count": count}))
		}
		if err != nil {
			w.dlg.showError(err)
		}
	})
}

func (w *Window) lastDir() string {
	if r := w.recent(); len(r) > 0 {
		return filepath.Dir(r[0])
	}
	return ""
}

func (w *Window) recent() []string {
	return w.app.Preferences().StringListWithFallback(recentKey, nil)
}

func (w *Window) addRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := []string{path}
	for _, p := range w.recent() {
		if p != path && len(list) < 10 {
			list = append(list, p)
		}
	}
	w.app.Preferences().SetStringList(recentKey, list)
	w.updateRecentMenu()
}

func (w *Window) updateRecentMenu() {
	if w.recentMenu == nil {
		return
	}
	var items []*fyne.MenuItem
	for _, p := range w.recent() {
		p := p
		items = append(items, fyne.NewMenuItem(p, func() { w.unsavedThen(func() { w.Open(p) }) }))
	}
	if len(items) == 0 {
		it := fyne.NewMenuItem(lang.L("(none)"), nil)
		it.Disabled = true
		items = append(items, it)
	}
	w.recentMenu.ChildMenu.Items = items
	if mm := w.win.MainMenu(); mm != nil {
		mm.Refresh()
	}
}

// OfferRestore reports journals that could not be read, then asks, for
// each game left by a window that did not close cleanly, whether to restore
// it. A journal stays on disk until its question is answered.
func (w *Window) OfferRestore() {
	if len(w.orphanErrs) > 0 {
		var lines []string
		for _, err := range w.orphanErrs {
			lines = append(lines, errorText(err))
		}
		w.orphanErrs = nil
		w.dlg.showNotice(dialog.NewInformation(lang.L("Game journal"), strings.Join(lines, "\n"), w.win), w.OfferRestore)
		return
	}
	if len(w.orphans) == 0 {
		return
	}
	o := w.orphans[0]
	w.orphans = w.orphans[1:]
	e := o.Entry
	when := map[string]any{"Time": e.Written.Format("15:04:05"), "Move": (e.Plies() + 1) / 2, "Path": e.Path}
	question := lang.L("A Touchmove window did not close cleanly.\nRestore the game as it was at {{.Time}} (move {{.Move}})?", when)
	if e.Path != "" {
		question = lang.L("A Touchmove window did not close cleanly.\nRestore the game from {{.Path}} as it was at {{.Time}} (move {{.Move}})?", when)
	}
	w.dlg.confirmKeys(lang.L("Restore the game in progress?"), question,
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
				// The game is in this window's journal now: the old one goes.
				if err := o.Discard(); err != nil {
					w.dlg.showError(fmt.Errorf("%s: %w", lang.L("The old journal of the restored game could not be removed"), err))
				}
				w.OfferRestore()
			}
			w.unsavedThen(restoreNow)
		})
}

// convertUTF8 rewrites the open file in UTF-8 (a Latin-1 file otherwise
// stays Latin-1 when its games are saved).
func (w *Window) convertUTF8() {
	path, _ := w.session.Path()
	if path == "" {
		w.dlg.showProblem(lang.L("The game does not come from a file."))
		return
	}
	w.dlg.confirm(lang.L("Convert to UTF-8"), lang.L("Rewrite {{.Name}} in UTF-8? Programs that read only Latin-1 PGN may then show accented letters wrongly.",
		map[string]any{"Name": filepath.Base(path)}), func() {
		w.unsavedThen(func() { w.convertNow(path) })
	})
}

func (w *Window) convertNow(path string) {
	w.notice(lang.L("Converting {{.Name}}…", map[string]any{"Name": filepath.Base(path)}))
	w.spawn(func() {
		changed, err := app.ConvertToUTF8(path)
		fyne.Do(func() {
			w.notice("")
			switch {
			case err != nil:
				w.dlg.showError(err)
			case !changed:
				w.dlg.showNotice(dialog.NewInformation(lang.L("Convert to UTF-8"), lang.L("{{.Name}} is already UTF-8.", map[string]any{"Name": filepath.Base(path)}), w.win), nil)
			default:
				w.Open(path)
			}
		})
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
