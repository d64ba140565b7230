package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"touchmove/app"
	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/ui/gamelist"
	"touchmove/ui/notation"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// files is what the window does with files and the clipboard: open, save
// (with every refusal of app's save explained and a way out offered), save
// as, export, convert to UTF-8, reopen with another encoding, the recent
// files, copy and paste. It asks before a change that is not saved would be
// lost (unsavedThen). The window has one (Window.files).
type files struct {
	host       filesHost
	picker     FilePicker     // the native file chooser, or the tests' fake
	recentMenu *fyne.MenuItem // File › Open recent
}

// filesHost is what the file actions ask of their window (*Window,
// hosts.go): the session whose game they read and write, the Games tab and
// the notation, the window and its dialogs, the message line, the work
// done off the UI goroutine, the preferences and the clipboard.
type filesHost interface {
	gameSession() *app.Session
	gamesTab() *gamelist.Tab
	notationPanel() *notation.Notation
	Window() fyne.Window
	windowDialogs() *dialogs
	notice(text string)
	background(f func())
	preferences() fyne.Preferences
	clipboard() fyne.Clipboard
}

func (f *files) openDialog() {
	f.unsavedThen(func() {
		f.picker.Open(f.host.Window(), f.lastDir(), func(path string, err error) {
			switch {
			case errors.Is(err, errCancelled):
			case err != nil:
				f.host.windowDialogs().showError(err)
			default:
				f.open(path)
			}
		})
	})
}

// open reads the PGN file at path: its games are listed in the Games tab
// (indexed in the background, so files of any size open at once) and the
// first one is shown; with several games the list comes to the front.
func (f *files) open(path string) {
	if err := openable(path); err != nil {
		f.host.windowDialogs().showError(err)
		return
	}
	f.host.gamesTab().Open(path)
}

func (f *files) save() { f.saveThen(func() {}) }

// saveThen saves to the game's file (asking for one when there is none) and
// runs next when it worked.
func (f *files) saveThen(next func()) {
	path, i := f.host.gameSession().Path()
	if path == "" {
		f.saveAsThen(next)
		return
	}
	f.saveTo(path, i, next)
}

func (f *files) saveAs() { f.saveAsThen(func() {}) }

func (f *files) saveAsThen(next func()) {
	f.pickSave(f.lastDir(), f.gameFileName(), func(path string) {
		f.saveTo(path, -1, next) // a new file gets the game alone; an existing one, appended
	})
}

// pickSave asks where to save, in folder dir with the name offered, and
// runs then with the path chosen; a failed chooser is reported, a
// cancelled one does nothing.
func (f *files) pickSave(dir, name string, then func(path string)) {
	f.picker.Save(f.host.Window(), dir, name, func(path string, err error) {
		switch {
		case errors.Is(err, errCancelled):
		case err != nil:
			f.host.windowDialogs().showError(err)
		default:
			then(path)
		}
	})
}

// gameFileName offers a file name for the game on the board: its players.
func (f *files) gameFileName() string {
	g := f.host.gameSession().Game()
	return fmt.Sprintf("%s-%s.pgn", fileWord(g.Tags.Value("White")), fileWord(g.Tags.Value("Black")))
}

// saveTo encodes the game here and writes it on a background goroutine:
// saving into a large file rewrites all of it. The result comes back
// through fyne.Do.
func (f *files) saveTo(path string, i int, next func()) { f.saveToWith(path, i, next, false) }

// saveToWith is saveTo; allowLoss saves a game read only in part, which
// the user agreed to.
func (f *files) saveToWith(path string, i int, next func(), allowLoss bool) {
	f.host.gameSession().StampClock()
	job, err := store.NewSaveJob(f.host.gameSession().Game())
	if err != nil {
		f.host.windowDialogs().showError(err)
		return
	}
	job.AllowLoss = allowLoss
	origin, known := f.originFor(path, i)
	version := f.host.gameSession().TreeVersion()
	f.host.notice(lang.L("Saving {{.Name}}…", map[string]any{"Name": filepath.Base(path)}))
	f.host.background(func() {
		var saved store.Origin
		var err error
		if known { // checked against the file as it was read
			saved, err = job.Replace(origin)
		} else {
			saved, err = job.WriteOrigin(path, i)
		}
		fyne.Do(func() {
			f.host.notice("")
			if err != nil {
				f.saveRefused(err, path, i, next)
				return
			}
			changed := f.host.gameSession().TreeVersion() != version
			f.host.gameSession().SetSaved(path, saved.Index)
			f.setOrigin(saved)
			if changed { // edited while it was being written: still unsaved
				f.host.gameSession().MarkDirty()
			}
			if f.host.gamesTab().Library() != nil && samePath(f.host.gamesTab().Library().Path(), path) {
				f.host.gamesTab().Reload()
			}
			f.addRecent(path)
			next()
		})
	})
}

// exportGame writes a copy of the game on the board to another file, new or
// appended to; the game stays where it is, saved or not.
func (f *files) exportGame() {
	f.pickSave(f.lastDir(), f.gameFileName(), func(path string) {
		if own, _ := f.host.gameSession().Path(); own != "" && samePath(own, path) {
			f.host.windowDialogs().showProblem(lang.L("That is this game's own file: Save writes the game there."))
			return
		}
		job, err := store.NewExportJob(f.host.gameSession().Game())
		if err != nil {
			f.host.windowDialogs().showError(err)
			return
		}
		f.host.background(func() {
			i, err := job.Write(path, -1)
			fyne.Do(func() {
				if err != nil {
					f.host.windowDialogs().showError(err)
					return
				}
				f.host.notice(lang.L("Game exported to {{.Name}} as game {{.Number}}.", map[string]any{"Name": filepath.Base(path), "Number": i + 1}))
				if f.host.gamesTab().Library() != nil && samePath(f.host.gamesTab().Library().Path(), path) {
					f.host.gamesTab().Reload()
				}
			})
		})
	})
}

// dropped opens a .pgn file dropped on the window.
func (f *files) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, u := range uris {
		if strings.EqualFold(filepath.Ext(u.Path()), ".pgn") {
			path := u.Path()
			f.unsavedThen(func() { f.open(path) })
			return
		}
	}
}

func (f *files) copyFEN() {
	p := f.host.gameSession().Current().Position()
	f.host.clipboard().SetContent(p.FEN())
}

func (f *files) copyPGN() {
	text, err := store.EncodeGame(f.host.gameSession().Game())
	if err != nil {
		f.host.windowDialogs().showError(err)
		return
	}
	f.host.clipboard().SetContent(string(text))
}

// paste starts a game from a FEN on the clipboard, or opens PGN text.
func (f *files) paste() {
	text := strings.TrimSpace(f.host.clipboard().Content())
	if text == "" {
		f.host.windowDialogs().showProblem(lang.L("The clipboard is empty."))
		return
	}
	f.unsavedThen(func() {
		// A line shaped like a FEN that does not parse is a FEN with a bad
		// field, not PGN with bad moves.
		// The session reads the FEN as tolerantly as a PGN file's and
		// says what it dropped.
		if _, err := chess.ParseFEN(text); err == nil || looksLikeFEN(text) {
			if err := f.host.gameSession().NewGame(app.NewGameOptions{FEN: text}); err != nil {
				f.host.windowDialogs().showError(err)
			}
			return
		}
		g, count, err := store.FirstGame([]byte(text))
		if g == nil {
			if err == nil {
				f.host.windowDialogs().showProblem(lang.L("The clipboard holds neither a FEN nor a PGN game."))
				return
			}
			f.host.windowDialogs().showError(err)
			return
		}
		f.host.gameSession().Load(g, "", 0)
		f.host.gameSession().MarkDirty()
		if count > 1 {
			f.host.notice(lang.N("The clipboard holds {{.Count}} games: the first is on the board. Save them to a file and open it to see them all.", count, map[string]any{"Count": count}))
		}
		if err != nil {
			f.host.windowDialogs().showError(err)
		}
	})
}

func (f *files) lastDir() string {
	if r := f.recent(); len(r) > 0 {
		return filepath.Dir(r[0])
	}
	return ""
}

func (f *files) recent() []string {
	return f.host.preferences().StringListWithFallback(recentKey, nil)
}

func (f *files) addRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := []string{path}
	for _, p := range f.recent() {
		if p != path && len(list) < 10 {
			list = append(list, p)
		}
	}
	f.host.preferences().SetStringList(recentKey, list)
	f.updateRecentMenu()
}

func (f *files) updateRecentMenu() {
	if f.recentMenu == nil {
		return
	}
	var items []*fyne.MenuItem
	for _, p := range f.recent() {
		p := p
		items = append(items, fyne.NewMenuItem(p, func() { f.unsavedThen(func() { f.open(p) }) }))
	}
	if len(items) == 0 {
		it := fyne.NewMenuItem(lang.L("(none)"), nil)
		it.Disabled = true
		items = append(items, it)
	}
	f.recentMenu.ChildMenu.Items = items
	if mm := f.host.Window().MainMenu(); mm != nil {
		mm.Refresh()
	}
}

// convertUTF8 rewrites the open file in UTF-8 (a file in a single-byte set
// otherwise stays in it when its games are saved), once the players have
// read what the file is in and what may go wrong.
func (f *files) convertUTF8() {
	path, _ := f.host.gameSession().Path()
	if path == "" {
		f.host.windowDialogs().showProblem(lang.L("The game does not come from a file."))
		return
	}
	cs := charset.Unknown
	if lib := f.host.gamesTab().Library(); lib != nil && samePath(lib.Path(), path) {
		cs = lib.Charset()
	}
	if cs == charset.UTF8 {
		f.unsavedThen(func() { f.convertNow(path) }) // says it is already UTF-8, or mends stray lines
		return
	}
	f.host.windowDialogs().confirm(lang.L("Convert to UTF-8"), convertWarning(filepath.Base(path), cs), func() {
		f.unsavedThen(func() { f.convertNow(path) })
	})
}

// convertWarning asks whether to rewrite the file name, in charset cs, in
// UTF-8, saying what may then go wrong: a program that reads PGN only in cs
// shows its letters wrongly, which letters depending on the set. Unknown is
// read as Windows-1252 (Latin-1).
func convertWarning(name string, cs charset.Charset) string {
	data := map[string]any{"Name": name, "Charset": cs.String()}
	switch cs {
	case charset.Windows1251, charset.KOI8R, charset.CP866:
		return lang.L("Rewrite {{.Name}} from {{.Charset}} in UTF-8? Programs that read PGN only in {{.Charset}} may then show its Cyrillic letters (names, comments) wrongly.", data)
	case charset.Windows1250, charset.ISO8859_2:
		return lang.L("Rewrite {{.Name}} from {{.Charset}} in UTF-8? Programs that read PGN only in {{.Charset}} may then show its Central European letters (č, ž, ő, ł) wrongly.", data)
	}
	data["Charset"] = "Windows-1252 (Latin-1)"
	return lang.L("Rewrite {{.Name}} from {{.Charset}} in UTF-8? Programs that read PGN only in {{.Charset}} may then show its accented letters (é, ü, ñ) wrongly.", data)
}

func (f *files) convertNow(path string) {
	f.host.notice(lang.L("Converting {{.Name}}…", map[string]any{"Name": filepath.Base(path)}))
	cs := chosenCharset(f.host.preferences(), path)
	f.host.background(func() {
		changed, err := store.ConvertToUTF8(path, cs)
		fyne.Do(func() {
			f.host.notice("")
			switch {
			case err != nil:
				f.host.windowDialogs().showError(err)
			case !changed:
				f.host.windowDialogs().showNotice(dlgNotice, dialog.NewInformation(lang.L("Convert to UTF-8"), lang.L("{{.Name}} is already UTF-8.", map[string]any{"Name": filepath.Base(path)}), f.host.Window()), nil)
			default:
				f.open(path)
			}
		})
	})
}

// unsavedThen runs next at once when the game is saved, else asks first:
// save, discard or cancel.
func (f *files) unsavedThen(next func()) {
	f.host.notationPanel().CommitEdit() // a comment being typed counts
	if !f.host.gameSession().Dirty() || f.host.gameSession().Game().PlyCount() == 0 && f.host.gameSession().Game().Result() == chess.Unfinished {
		next()
		return
	}
	var d dialog.Dialog
	save := widget.NewButton(lang.L("Save"), func() {
		d.Hide()
		f.saveThen(next)
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton(lang.L("Don't save"), func() { d.Hide(); next() })
	cancel := widget.NewButton(lang.L("Cancel"), func() { d.Hide() })
	body := widget.NewLabel(lang.L("The game has changes that are not saved."))
	d = dialog.NewCustomWithoutButtons(lang.L("Save the game?"), container.NewVBox(body, container.NewHBox(cancel, discard, save)), f.host.Window())
	f.host.windowDialogs().showWithKeys(dlgSaveGame, d, save.OnTapped, cancel.OnTapped, nil)
}

// reopenWithEncoding asks which charset the open file is in and reads it
// again in that one: the list, and the game on the board (read anew).
func (f *files) reopenWithEncoding() {
	lib := f.host.gamesTab().Library()
	if lib == nil {
		f.host.windowDialogs().showProblem(lang.L("Open a PGN file first."))
		return
	}
	path := lib.Path()
	auto := lang.L("As detected: {{.Charset}}", map[string]any{"Charset": detectedCharset(lib, chosenCharset(f.host.preferences(), path)).String()})
	options := []string{auto}
	for _, c := range charset.All() {
		options = append(options, c.String())
	}
	sel := widget.NewSelect(options, nil)
	sel.PlaceHolder = auto // a Select is as wide as its placeholder: the choice is never cut
	if c := chosenCharset(f.host.preferences(), path); c != charset.Unknown {
		sel.SetSelected(c.String())
	} else {
		sel.SetSelected(auto)
	}
	form := []*widget.FormItem{widget.NewFormItem(lang.L("Encoding"), sel)}
	d := dialog.NewForm(lang.L("Reopen {{.Name}} with encoding", map[string]any{"Name": filepath.Base(path)}), lang.L("Reopen"), lang.L("Cancel"), form, func(ok bool) {
		if !ok {
			return
		}
		c, err := charset.Parse(sel.Selected)
		if err != nil {
			c = charset.Unknown
		}
		f.unsavedThen(func() { f.reopenIn(path, c) })
	}, f.host.Window())
	f.host.windowDialogs().show(dlgReopenEncoding, d)
}

// detectedCharset returns the charset the bytes of lib's file say, which
// chosen (the user's choice for the file, or Unknown) may overrule: the
// library's own when nothing is chosen or its file is a decoded copy, else
// read from a sample of the file.
func detectedCharset(lib *library.Library, chosen charset.Charset) charset.Charset {
	if chosen == charset.Unknown || lib.Format() != charset.Plain {
		return lib.Charset()
	}
	f, err := os.Open(lib.Path())
	if err != nil {
		return lib.Charset()
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return lib.Charset()
	}
	c, err := charset.DetectFile(f, st.Size())
	if err != nil {
		return lib.Charset()
	}
	return c
}

// reopenIn reads the file at path again in charset c (Unknown: as its
// bytes say), remembered for the file.
func (f *files) reopenIn(path string, c charset.Charset) {
	setChosenCharset(f.host.preferences(), path, c)
	if own, i := f.host.gameSession().Path(); samePath(own, path) && i > 0 {
		f.host.gamesTab().ReopenAt(i)
	}
	f.host.gamesTab().Open(path)
}

// setOrigin records that the game on the board was read from, or saved
// to, the place o says; the session keeps it (and journals it).
func (f *files) setOrigin(o store.Origin) { f.host.gameSession().SetOrigin(o) }

// originFor returns where the game on the board was read from, if that is
// game i of the file at path.
func (f *files) originFor(path string, i int) (store.Origin, bool) {
	return f.host.gameSession().Origin(path, i)
}

// saveRefused answers a save of the game to game i of path that failed with
// err: a file that changed on disk, a game read only in part, a file that
// may not be replaced each get a question with what can be done, in the
// players' language; other errors are shown.
func (f *files) saveRefused(err error, path string, i int, next func()) {
	var fe *store.FileError
	if !errors.As(err, &fe) {
		f.host.windowDialogs().showError(err)
		return
	}
	name := map[string]any{"Name": filepath.Base(path)}
	saveAs := choice{lang.L("Save as…"), func() { f.saveAsThen(next) }}
	switch {
	case errors.Is(err, store.ErrFileChanged):
		f.host.windowDialogs().ask(lang.L("The file changed on disk"),
			fileErrorText(fe)+"\n"+lang.L("Nothing was written: the game's place in it is no longer known.")+"\n\n"+
				lang.L("Reload the file (your edited game stays here, unsaved)\nor save the game elsewhere."),
			saveAs, choice{lang.L("Reload"), func() { f.reloadAfterChange(path, i, next) }})
	case errors.Is(err, store.ErrUnencodable):
		f.offerUTF8(err, path, i, next)
	case errors.Is(err, store.ErrDecodedCopy):
		var format *store.FormatError
		errors.As(err, &format)
		f.host.windowDialogs().ask(lang.L("Cannot save into {{.Name}}", name), formatText(format)+"\n"+
			lang.L("Save as writes the game to a new PGN file."), saveAs)
	case errors.Is(err, store.ErrPartialGame):
		text := fileErrorText(fe)
		if o, ok := f.originFor(path, i); ok {
			if line, ok := firstProblemLine(o.Problems()); ok {
				text = lang.L("Game {{.Number}} of {{.Name}} was read only in part: reading stopped at a problem on line {{.Line}}.",
					map[string]any{"Number": i + 1, "Name": filepath.Base(path), "Line": line})
			}
		}
		f.host.windowDialogs().ask(lang.L("Save a game read only in part?"),
			text+"\n"+lang.L("Saving it here replaces the whole game with what was read."),
			saveAs, choice{lang.L("Save anyway"), func() { f.saveToWith(path, i, next, true) }})
	default: // read-only, hard links, not a regular file
		f.host.windowDialogs().ask(lang.L("Cannot save into {{.Name}}", name), fileErrorText(fe), saveAs)
	}
}

// offerUTF8 answers a save refused because the file's charset cannot hold
// characters of the game (store.ErrUnencodable): it names them and where
// they are, and offers to convert the file to UTF-8 and save, or Save as.
func (f *files) offerUTF8(err error, path string, i int, next func()) {
	var ue *store.UnencodableError
	if !errors.As(err, &ue) {
		f.host.windowDialogs().showError(err)
		return
	}
	name := filepath.Base(path)
	text := unencodableText(ue, name) + "\n\n" +
		lang.L("Nothing was written. Convert the file to UTF-8, which holds every character (its other games keep their text), or save the game to another file.")
	f.host.windowDialogs().ask(lang.L("{{.Name}} cannot hold these characters", map[string]any{"Name": name}), text,
		choice{lang.L("Save as…"), func() { f.saveAsThen(next) }},
		choice{lang.L("Convert to UTF-8 and save"), func() { f.convertAndSave(path, i, next) }})
}

// convertAndSave rewrites the file at path in UTF-8 and then saves the
// game into it, as game i: the answer to a save the file's charset
// refused.
func (f *files) convertAndSave(path string, i int, next func()) {
	origin, known := f.originFor(path, i)
	cs := chosenCharset(f.host.preferences(), path)
	f.host.notice(lang.L("Converting {{.Name}}…", map[string]any{"Name": filepath.Base(path)}))
	f.host.background(func() {
		var err error
		if known {
			origin, err = store.ConvertKeeping(origin)
		} else {
			_, err = store.ConvertToUTF8(path, cs)
		}
		fyne.Do(func() {
			f.host.notice("")
			if err != nil {
				f.saveRefused(err, path, i, next)
				return
			}
			if known {
				f.setOrigin(origin)
			}
			f.saveTo(path, i, next)
		})
	})
}

// reloadAfterChange reads the file at path again into the list, when the
// list shows it, after another program changed it (Reload in the question
// of a refused save), and keeps the edited game on the board, unsaved. When
// the game read, game i, is still in the file byte for byte (games added,
// removed or moved around it), Save replaces it where it now is, and a
// question offers that or adding the game as a new one, so that the file
// does not hold it twice. Otherwise a question says that Save adds it.
func (f *files) reloadAfterChange(path string, i int, next func()) {
	if f.host.gamesTab().Library() != nil && f.host.gamesTab().Library().Path() == path {
		f.host.gamesTab().Reload()
	}
	o, known := f.originFor(path, i)
	f.host.gameSession().SetSaved(path, -1) // no origin for index -1: Save appends
	f.host.gameSession().MarkDirty()
	name := filepath.Base(path)
	asNew := func() {
		f.host.windowDialogs().ask(lang.L("Your game will be added as a new game"),
			lang.L("{{.Name}} no longer holds the game you edited as Touchmove read it: another program changed or removed it. The list shows the file as it is now; your game is kept here, unsaved, and Save adds it to the file as a new game.",
				map[string]any{"Name": name}),
			choice{lang.L("Add as a new game"), func() { f.saveTo(path, -1, next) }})
	}
	if !known {
		asNew()
		return
	}
	f.host.background(func() {
		found, ok, err := o.Relocate(context.Background())
		fyne.Do(func() {
			if p, j := f.host.gameSession().Path(); p != path || j != -1 {
				return // another game or file since
			}
			if err != nil || !ok {
				asNew()
				return
			}
			f.setOrigin(found)
			f.host.gameSession().SetSaved(path, found.Index)
			f.host.gameSession().MarkDirty()
			f.host.windowDialogs().ask(lang.L("Replace the original game?"),
				lang.L("The game you edited is still in {{.Name}} as Touchmove read it, now as game {{.Number}}. Save replaces it there with your edited game; or your game can be added to the file as a new one, beside the original.",
					map[string]any{"Name": name, "Number": found.Index + 1}),
				choice{lang.L("Add as a new game"), func() {
					f.host.gameSession().SetSaved(path, -1)
					f.host.gameSession().MarkDirty()
					f.saveTo(path, -1, next)
				}},
				choice{lang.L("Replace the original game"), func() { f.saveTo(path, found.Index, next) }})
		})
	})
}
