package ui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2/lang"

	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/pgn"
)

// formatText says what the file of e is, in the players' language: one
// compressed in a format not read, and how to extract it, one read
// through a decoded copy, which a game cannot be saved into, or one that
// is not text at all.
func formatText(e *store.FormatError) string {
	args := map[string]any{"Name": filepath.Base(e.Path), "Format": e.Format.String(), "Command": e.Format.Extract(filepath.Base(e.Path))}
	switch {
	case e.Format.Wide():
		return lang.L("{{.Name}} is in {{.Format}}: Touchmove reads it through a decoded copy and cannot save a game into it.", args)
	case errors.Is(e, store.ErrDecodedCopy):
		return lang.L("{{.Name}} is a {{.Format}}-compressed file: Touchmove reads it through a decoded copy and cannot save a game into it.", args)
	case errors.Is(e, store.ErrNotPGN):
		return lang.L("{{.Name}} is not PGN text: it begins with binary data, which no text has. Is it the right file?", args)
	}
	return lang.L("{{.Name}} is a {{.Format}}-compressed file: extract it first ({{.Command}}), then open the PGN file.", args)
}

// unencodableText says which characters of the game the charset of the
// file name lacks, and where they are, in the players' language.
func unencodableText(ue *store.UnencodableError, name string) string {
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
		return &fs.PathError{Op: "open", Path: path, Err: store.ErrNotRegular}
	}
	return nil
}
