package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"touchmove/app/scoresheet"
	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

const scoresheetUsage = "usage: touchmove scoresheet [-game N] [-paper a4|letter] [-lang en|ru|sk] [-o OUT.pdf] FILE.pgn"

// Scoresheet runs `touchmove scoresheet [-game N] [-paper a4|letter]
// [-lang en|ru|sk] [-o OUT.pdf] FILE.pgn` (args exclude "scoresheet"): it
// writes a FIDE-style scoresheet of game N of FILE (the first by default)
// as a PDF to OUT, or without -o to FILE-N.pdf in the current directory
// (stdout is no place for a PDF), and prints the PDF's path. It exits 1
// when the game is missing or cannot be read (its problems are printed as
// `pgn check` prints them), 2 for usage errors.
func Scoresheet(args []string, stdout, stderr io.Writer) int {
	return ScoresheetIn(args, stdout, stderr, nil)
}

// ScoresheetIn is Scoresheet with the sheet's words in the language that
// -lang names, as words gives them (the window's translations, which main
// wires in); with nil words only the piece letters follow -lang.
func ScoresheetIn(args []string, stdout, stderr io.Writer, words func(code string) (scoresheet.Language, error)) int {
	fs := flag.NewFlagSet("scoresheet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	number := fs.Int("game", 1, "the game's number in the file, from 1")
	paperName := fs.String("paper", "a4", "a4 or letter")
	lang := fs.String("lang", "en", "the sheet's language and piece letters: en, ru or sk")
	out := fs.String("o", "", "the PDF to write")
	var files []string
	for { // flags may come before and after FILE
		if err := fs.Parse(args); err != nil {
			return usageError(stderr, scoresheetUsage, err.Error())
		}
		if fs.NArg() == 0 {
			break
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:]
	}
	if len(files) != 1 {
		return usageError(stderr, scoresheetUsage, "scoresheet needs one FILE.pgn")
	}
	if *number < 1 {
		return usageError(stderr, scoresheetUsage, fmt.Sprintf("-game %d: games are numbered from 1", *number))
	}
	paper, err := scoresheet.ParsePaper(*paperName)
	if err != nil {
		return usageError(stderr, scoresheetUsage, err.Error())
	}
	notation, err := scoresheet.ParseLanguage(*lang)
	if err != nil {
		return usageError(stderr, scoresheetUsage, err.Error())
	}
	var language scoresheet.Language
	if words != nil {
		if language, err = words(*lang); err != nil {
			return usageError(stderr, scoresheetUsage, err.Error())
		}
	}
	name := files[0]
	g, err := readGameN(name, *number, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove scoresheet: %v\n", err)
		return 1
	}
	path := *out
	if path == "" {
		path = fmt.Sprintf("%s-%d.pdf", strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)), *number)
	}
	if err := scoresheet.NewFor(g, notation, language).WriteFile(path, paper); err != nil {
		fmt.Fprintf(stderr, "touchmove scoresheet: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, path)
	return 0
}

// readGameN reads game n (from 1) of the file name. A game with problems
// is not printed: they go to report, one line each as `pgn check` writes
// them, and the error says the game cannot be read.
func readGameN(name string, n int, report io.Writer) (*game.Game, error) {
	// As `pgn check` opens it: a FIFO is refused rather than waited on, the
	// charset is the one the bytes say.
	src, err := store.OpenText(name, nil, charset.Unknown)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	r := pgn.NewReader(src)
	r.Charset = src.Charset
	var list pgn.ErrorList
	for i := 1; i < n; i++ {
		err := r.ReadGame(pgn.Skipper{})
		if err == io.EOF {
			return nil, fmt.Errorf("%s has %d games, not %d", name, i-1, n)
		}
		if err != nil && !errors.As(err, &list) {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	b := pgn.NewGameBuilder()
	err = r.ReadGame(b)
	switch {
	case err == io.EOF:
		return nil, fmt.Errorf("%s has %d games, not %d", name, n-1, n)
	case errors.As(err, &list) && len(list) > 0:
		printProblems(report, name, list)
		return nil, fmt.Errorf("game %d of %s cannot be read", n, name)
	case err != nil && !errors.As(err, &list):
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b.Game(), nil
}
