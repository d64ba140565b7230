package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"

	"touchmove/core/charset"
)

// File › Reopen with encoding…: the user overrides the charset decided
// from a file's bytes (pgn.md §1.1). The choice is kept per file; the
// list, the game on the board and the index follow it.

// chosenCharset returns the charset the user chose for the file at path,
// or charset.Unknown: decided from its bytes.
func chosenCharset(prefs fyne.Preferences, path string) charset.Charset {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	c, err := charset.Parse(prefs.String(encodingKey(path)))
	if err != nil {
		return charset.Unknown
	}
	return c
}

// setChosenCharset keeps c as the charset of the file at path; Unknown
// forgets the choice.
func setChosenCharset(prefs fyne.Preferences, path string, c charset.Charset) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if c == charset.Unknown {
		prefs.RemoveValue(encodingKey(path))
		return
	}
	prefs.SetString(encodingKey(path), c.String())
}
