package ui

import (
	"errors"
	"io/fs"
	"path/filepath"

	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/scoresheet"
	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/pgn"
)

// Errors stay English values for programmers and logs; what a player reads
// is said here, in the app's language. The errors a player can act on are
// told apart with errors.Is and errors.As and get sentences of their own;
// any other error gets a lead sentence with the error's own words below
// it, for a bug report.

// errNoJournal says that the window's journal could not be made.
var errNoJournal = errors.New("the game cannot be journaled, so a crash could lose it")

// errorText returns what the player reads for err.
func errorText(err error) string {
	var fe *store.FileError
	if errors.As(err, &fe) {
		return fileErrorText(fe)
	}
	var pe *fs.PathError
	path := errors.As(err, &pe)
	var fen *chess.FENError
	var unreadable *store.UnreadableJournalError
	var list pgn.ErrorList
	switch {
	case errors.Is(err, analysis.ErrNoEngine):
		return noEngineFoundText()
	case analysis.EngineFailed(err):
		return withDetail(lang.L("The chess engine stopped working."), err)
	case errors.Is(err, app.ErrLiveGame):
		return lang.L("Annotations are made after the game.")
	case errors.As(err, &unreadable):
		return withDetail(lang.L("A game journal left by an earlier window could not be read, so its game cannot be restored. The file is kept as {{.Kept}}.",
			map[string]any{"Kept": unreadable.Kept}), unreadable.Err)
	case errors.Is(err, errNoJournal):
		return withDetail(lang.L("This game cannot be journaled, so a crash could lose it."), err)
	case path && errors.Is(err, scoresheet.ErrNotPDF):
		return lang.L("{{.Name}} is not a PDF: a scoresheet replaces only a PDF. Choose another name.", map[string]any{"Name": filepath.Base(pe.Path)})
	case path && errors.Is(err, store.ErrNotRegular):
		return lang.L("{{.Name}} is not a PGN file but a folder, a pipe or a device.", map[string]any{"Name": filepath.Base(pe.Path)})
	case path && errors.Is(err, fs.ErrNotExist):
		return lang.L("There is no file {{.Name}}: it may have been moved or deleted.", map[string]any{"Name": filepath.Base(pe.Path)})
	case path && errors.Is(err, fs.ErrPermission):
		return lang.L("Touchmove is not allowed to use {{.Name}} (the file's permissions).", map[string]any{"Name": filepath.Base(pe.Path)})
	case errors.As(err, &fen):
		return fenErrorText(fen)
	case errors.As(err, &list):
		text, _ := pgnErrorText(list)
		return lang.L("The PGN text has problems.") + "\n\n" + text
	}
	return withDetail(lang.L("Something went wrong."), err)
}

// withDetail returns the sentence lead with err's own words below it.
func withDetail(lead string, err error) string {
	return lead + "\n\n" + err.Error()
}

// fileErrorText returns what the player reads for a refused save.
func fileErrorText(fe *store.FileError) string {
	name := map[string]any{"Name": filepath.Base(fe.Path)}
	switch {
	case errors.Is(fe, store.ErrFileChanged):
		return lang.L("{{.Name}} was changed, replaced or deleted by another program since Touchmove read it.", name)
	case errors.Is(fe, store.ErrReadOnly):
		return lang.L("{{.Name}} is read-only: its permissions allow no writing. Save as writes the game to another file.", name)
	case errors.Is(fe, store.ErrHardLinked):
		return lang.L("{{.Name}} has several names (hard links): a save writes a new file that only this name would show. Save as writes the game to another file.", name)
	case errors.Is(fe, store.ErrNotRegular):
		return lang.L("{{.Name}} is not a PGN file but a folder, a pipe or a device.", name)
	case errors.Is(fe, store.ErrSameFile):
		return lang.L("Export to another file than the one open.")
	case errors.Is(fe, store.ErrNoSpace):
		return lang.L("There is no space left on the disk of {{.Name}}. The file is as it was before this save: nothing in it was changed. Free some space and save again, or use Save as to write the game to another disk.", name)
	case errors.Is(fe, store.ErrReadOnlyDisk):
		return lang.L("The disk of {{.Name}} is read-only. The file is as it was before this save: nothing in it was changed. Save as writes the game to another disk.", name)
	case errors.Is(fe, store.ErrFolderNotWritable):
		return lang.L("Touchmove is not allowed to write in the folder of {{.Name}}, where a save writes the new file before it replaces the old one. The file is as it was before this save: nothing in it was changed. Save as writes the game to another folder.", name)
	case errors.Is(fe, store.ErrPartialGame):
		return lang.L("The game in {{.Name}} was read only in part: saving it keeps only what was read.", name)
	}
	return withDetail(lang.L("Something went wrong."), fe)
}

// fenErrorText says which field of a FEN cannot be read, in the players'
// language, with the reader's own reason below it.
func fenErrorText(e *chess.FENError) string {
	lead := lang.L("This FEN cannot be read.")
	if name := chess.FENFieldName(e.Field); name != "" {
		lead = lang.L("Field {{.Number}} of the FEN ({{.Name}}) cannot be read.",
			map[string]any{"Number": e.Field, "Name": lang.L(name)})
	}
	return lead + "\n" + e.Reason
}
