package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
)

// errCancelled is what a picker reports when the user closes it without a choice.
var errCancelled = errors.New("cancelled")

// FilePicker asks the user for a file. Both calls return at once; the result
// arrives later on the Fyne goroutine (through fyne.Do), with errCancelled
// when the user declined.
type FilePicker interface {
	Open(w fyne.Window, dir string, done func(path string, err error))
	Save(w fyne.Window, dir, name string, done func(path string, err error))
}

// fynePicker uses Fyne's own file dialogs; they work everywhere.
type fynePicker struct{}

func (fynePicker) Open(w fyne.Window, dir string, done func(string, error)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		switch {
		case err != nil:
			done("", err)
		case r == nil:
			done("", errCancelled)
		default:
			path := r.URI().Path()
			if err := r.Close(); err != nil {
				done("", fmt.Errorf("open %s: %w", path, err))
				return
			}
			done(path, nil)
		}
	}, w)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".pgn", ".PGN"}))
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil && dir != "" {
		d.SetLocation(l)
	}
	d.Resize(fyne.NewSize(720, 520))
	d.Show()
}

// saveKind is what a save dialog offers to write: the name of its files,
// the dialog's title and the extension its filter shows.
type saveKind struct{ files, title, ext string }

// saveKindOf returns the kind of file the name offered is: a scoresheet's
// PDF (Game › Print the scoresheet offers "name.pdf"), else PGN.
func saveKindOf(name string) saveKind {
	if strings.EqualFold(filepath.Ext(name), ".pdf") {
		return saveKind{lang.L("PDF files"), lang.L("Save the scoresheet"), "pdf"}
	}
	return saveKind{lang.L("PGN files"), lang.L("Save PGN"), "pgn"}
}

func (fynePicker) Save(w fyne.Window, dir, name string, done func(string, error)) {
	kind := saveKindOf(name)
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		switch {
		case err != nil:
			done("", err)
		case wc == nil:
			done("", errCancelled)
		default:
			// The dialog made the file; the save writes it again, whole.
			if err := wc.Close(); err != nil {
				done("", fmt.Errorf("save: %w", err))
				return
			}
			p := wc.URI().Path()
			if filepath.Ext(p) == "" {
				p += "." + kind.ext
			}
			done(p, nil)
		}
	}, w)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter([]string{"." + kind.ext, "." + strings.ToUpper(kind.ext)}))
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil && dir != "" {
		d.SetLocation(l)
	}
	d.Resize(fyne.NewSize(720, 520))
	d.Show()
}
