package ui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/core/charset"
	"touchmove/core/pgn"
)

// setOrigin records that the game on the board was read from, or saved
// to, the place o says; the session keeps it (and journals it).
func (w *Window) setOrigin(o app.Origin) { w.session.SetOrigin(o) }

// originFor returns where the game on the board was read from, if that is
// game i of the file at path.
func (w *Window) originFor(path string, i int) (app.Origin, bool) { return w.session.Origin(path, i) }

// saveRefused answers a save of the game to game i of path that failed with
// err: a file that changed on disk, a game read only in part, a file that
// may not be replaced each get a question with what can be done, in the
// players' language; other errors are shown.
func (w *Window) saveRefused(err error, path string, i int, next func()) {
	var fe *app.FileError
	if !errors.As(err, &fe) {
		w.dlg.showError(err)
		return
	}
	name := map[string]any{"Name": filepath.Base(path)}
	saveAs := choice{lang.L("Save as…"), func() { w.saveAsThen(next) }}
	switch {
	case errors.Is(err, app.ErrFileChanged):
		w.dlg.ask(lang.L("The file changed on disk"),
			fileErrorText(fe)+"\n"+lang.L("Nothing was written: the game's place in it is no longer known.")+"\n\n"+
				lang.L("Reload the file (your edited game stays here, unsaved)\nor save the game elsewhere."),
			saveAs, choice{lang.L("Reload"), func() { w.reloadAfterChange(path, i, next) }})
	case errors.Is(err, app.ErrUnencodable):
		w.offerUTF8(err, path, i, next)
	case errors.Is(err, app.ErrDecodedCopy):
		var format *app.FormatError
		errors.As(err, &format)
		w.dlg.ask(lang.L("Cannot save into {{.Name}}", name), formatText(format)+"\n"+
			lang.L("Save as writes the game to a new PGN file."), saveAs)
	case errors.Is(err, app.ErrPartialGame):
		text := fileErrorText(fe)
		if o, ok := w.originFor(path, i); ok {
			if line, ok := firstProblemLine(o.Problems()); ok {
				text = lang.L("Game {{.Number}} of {{.Name}} was read only in part: reading stopped at a problem on line {{.Line}}.",
					map[string]any{"Number": i + 1, "Name": filepath.Base(path), "Line": line})
			}
		}
		w.dlg.ask(lang.L("Save a game read only in part?"),
			text+"\n"+lang.L("Saving it here replaces the whole game with what was read."),
			saveAs, choice{lang.L("Save anyway"), func() { w.saveToWith(path, i, next, true) }})
	default: // read-only, hard links, not a regular file
		w.dlg.ask(lang.L("Cannot save into {{.Name}}", name), fileErrorText(fe), saveAs)
	}
}

// offerUTF8 answers a save refused because the file's charset cannot hold
// characters of the game (app.ErrUnencodable): it names them and where
// they are, and offers to convert the file to UTF-8 and save, or Save as.
func (w *Window) offerUTF8(err error, path string, i int, next func()) {
	var ue *app.UnencodableError
	if !errors.As(err, &ue) {
		w.dlg.showError(err)
		return
	}
	name := filepath.Base(path)
	text := unencodableText(ue, name) + "\n\n" +
		lang.L("Nothing was written. Convert the file to UTF-8, which holds every character (its other games keep their text), or save the game to another file.")
	w.dlg.ask(lang.L("{{.Name}} cannot hold these characters", map[string]any{"Name": name}), text,
		choice{lang.L("Save as…"), func() { w.saveAsThen(next) }},
		choice{lang.L("Convert to UTF-8 and save"), func() { w.convertAndSave(path, i, next) }})
}

// formatText says what the file of e is, in the players' language: one
// compressed in a format not read, and how to extract it, or one read
// through a decoded copy, which a game cannot be saved into.
func formatText(e *app.FormatError) string {
	args := map[string]any{"Name": filepath.Base(e.Path), "Format": e.Format.String(), "Command": e.Format.Extract(filepath.Base(e.Path))}
	switch {
	case e.Format.Wide():
		return lang.L("{{.Name}} is in {{.Format}}: Touchmove reads it through a decoded copy and cannot save a game into it.", args)
	case errors.Is(e, app.ErrDecodedCopy):
		return lang.L("{{.Name}} is a {{.Format}}-compressed file: Touchmove reads it through a decoded copy and cannot save a game into it.", args)
	}
	return lang.L("{{.Name}} is a {{.Format}}-compressed file: extract it first ({{.Command}}), then open the PGN file.", args)
}

// unencodableText says which characters of the game the charset of the
// file name lacks, and where they are, in the players' language.
func unencodableText(ue *app.UnencodableError, name string) string {
	places := make([]string, len(ue.Places))
	for k, p := range ue.Places {
		if p.Tag != "" {
			places[k] = lang.L("the {{.Tag}} tag", map[string]any{"Tag": p.Tag})
		} else {
			places[k] = lang.L("the comment “{{.Text}}”", map[string]any{"Text": p.Comment})
		}
	}
	return lang.L("{{.Chars}} cannot be written in {{.Charset}}, the character set of {{.Name}}: {{.Places}}.",
		map[string]any{"Chars": charset.Quote(ue.Runes), "Charset": ue.Charset.String(), "Name": name, "Places": strings.Join(places, ", ")})
}

// convertAndSave rewrites the file at path in UTF-8 and then saves the
// game into it, as game i: the answer to a save the file's charset
// refused.
func (w *Window) convertAndSave(path string, i int, next func()) {
	origin, known := w.originFor(path, i)
	w.notice(lang.L("Converting {{.Name}}…", map[string]any{"Name": filepath.Base(path)}))
	w.spawn(func() {
		var err error
		if known {
			origin, err = app.ConvertKeeping(origin)
		} else {
			_, err = app.ConvertToUTF8(path)
		}
		fyne.Do(func() {
			w.notice("")
			if err != nil {
				w.saveRefused(err, path, i, next)
				return
			}
			if known {
				w.setOrigin(origin)
			}
			w.saveTo(path, i, next)
		})
	})
}

// firstProblemLine returns the line of the first problem in err, a
// pgn.ErrorList, if it has one.
func firstProblemLine(err error) (int, bool) {
	var list pgn.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return 0, false
	}
	return list[0].Line, true
}

// choice is a button of a question: its words and what it does.
type choice struct {
	text string
	do   func()
}

// openable says why the file at path is not opened, or nil: only regular
// files are (a FIFO would block the window until something wrote to it).
func openable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: path, Err: app.ErrNotRegular}
	}
	return nil
}
