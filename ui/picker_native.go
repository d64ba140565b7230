//go:build !nodialog

package ui

import (
	"errors"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"github.com/sqweek/dialog"
)

// nativePicker uses the platform's file chooser (GTK on Linux) through
// sqweek/dialog. Its calls block, so they run on their own goroutine and the
// result comes back through fyne.Do; called on the Fyne goroutine they would
// freeze the window until the chooser closed.
type nativePicker struct{}

func defaultPicker() FilePicker { return nativePicker{} }

func (nativePicker) Open(w fyne.Window, dir string, done func(string, error)) {
	pgnFiles, all, title := lang.L("PGN files"), lang.L("All files"), lang.L("Open PGN")
	go func() {
		b := dialog.File().Filter(pgnFiles, "pgn", "PGN").Filter(all, "*").Title(title)
		if dir != "" {
			b = b.SetStartDir(dir)
		}
		p, err := b.Load()
		fyne.Do(func() {
			if err = nativeErr(err); err != nil && err != errCancelled {
				fynePicker{}.Open(w, dir, done) // no native chooser here
				return
			}
			done(p, err)
		})
	}()
}

func (nativePicker) Save(w fyne.Window, dir, name string, done func(string, error)) {
	kind := saveKindOf(name)
	go func() {
		b := dialog.File().Filter(kind.files, kind.ext).Title(kind.title)
		if dir != "" {
			b = b.SetStartDir(dir)
		}
		if name != "" {
			b = b.SetStartFile(name)
		}
		p, err := b.Save()
		if err == nil && filepath.Ext(p) == "" {
			p += "." + kind.ext
		}
		fyne.Do(func() {
			if err = nativeErr(err); err != nil && err != errCancelled {
				fynePicker{}.Save(w, dir, name, done)
				return
			}
			done(p, err)
		})
	}()
}

func nativeErr(err error) error {
	if errors.Is(err, dialog.ErrCancelled) {
		return errCancelled
	}
	return err
}
