package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/pgn"
)

const pgnUsage = "usage: touchmove pgn check [-encoding NAME] FILE...\n       touchmove pgn fmt [-encoding NAME] [FILE...]"

// PGN runs `touchmove pgn check FILE...` and `touchmove pgn fmt [FILE...]`;
// args exclude "pgn". It returns the exit code.
//
// check reads every game of every file, replaying every move of the main
// line and of the variations, and prints one line per problem,
// "FILE:LINE:COL: game N: message", then "N games, M errors" (and ", K
// warnings" when there were any); it exits 1 if there was any error. A
// warning ("warning: " before its message, pgn.SyntaxError.Warning: a start
// position that cannot arise in a game but can be played) does not change
// the exit code. fmt reads games (from stdin without FILE) and writes them
// to stdout in the strict export format, with problems on stderr as check
// prints them; it exits 1 if there was any error. Usage errors exit 2.
//
// A file's charset is decided from its bytes (pgn.md §1.1), or named with
// -encoding (UTF-8, Windows-1252, Windows-1251, KOI8-R, CP866,
// Windows-1250, ISO-8859-2). A gzip or UTF-16/32 file is read decoded; a
// file compressed otherwise is one problem that says how to extract it.
func PGN(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	if len(args) == 0 {
		return usageError(stderr, pgnUsage, "pgn needs a command: check or fmt")
	}
	cmd := args[0]
	var files []string
	cs := charset.Unknown
	for k := 1; k < len(args); k++ {
		f := args[k]
		name, value, hasValue := strings.Cut(strings.TrimPrefix(f, "-"), "=")
		switch {
		case len(f) > 1 && f[0] == '-' && strings.TrimPrefix(name, "-") == "encoding":
			if !hasValue {
				if k+1 >= len(args) {
					return usageError(stderr, pgnUsage, "-encoding needs a NAME")
				}
				k++
				value = args[k]
			}
			c, err := charset.Parse(value)
			if err != nil {
				return usageError(stderr, pgnUsage, err.Error())
			}
			cs = c
		case len(f) > 1 && f[0] == '-':
			return usageError(stderr, pgnUsage, fmt.Sprintf("unknown flag %q", f))
		default:
			files = append(files, f)
		}
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	defer func() {
		// bufio keeps the first write error: a full disk or a closed pipe shows here.
		if err := out.Flush(); err != nil {
			fmt.Fprintf(stderr, "touchmove pgn: %v\n", err)
			code = 1
		}
	}()
	switch cmd {
	case "check":
		if len(files) == 0 {
			return usageError(stderr, pgnUsage, "pgn check needs at least one FILE")
		}
		games, problems, warnings := 0, 0, 0
		for _, name := range files {
			g, p, w := eachGame(name, stdin, cs, out, nil)
			games, problems, warnings = games+g, problems+p, warnings+w
		}
		fmt.Fprintf(out, "%d games, %d errors", games, problems)
		if warnings > 0 {
			fmt.Fprintf(out, ", %d warnings", warnings)
		}
		fmt.Fprintln(out)
		return exitCode(problems)
	case "fmt":
		if len(files) == 0 {
			files = []string{"-"}
		}
		w := pgn.NewWriter(out)
		problems := 0
		for _, name := range files {
			_, p, _ := eachGame(name, stdin, cs, stderr, w)
			problems += p
		}
		return exitCode(problems)
	}
	return usageError(stderr, pgnUsage, fmt.Sprintf("unknown pgn command %q", cmd))
}

func exitCode(problems int) int {
	if problems > 0 {
		return 1
	}
	return 0
}

// eachGame reads the games of the file name ("-" is stdin) in charset cs
// (Unknown: as its bytes say), reports their problems to report and, when
// w is not nil, writes each game to w. It returns the number of games, of
// problems and of warnings (which are not counted as problems).
func eachGame(name string, stdin io.Reader, cs charset.Charset, report io.Writer, w *pgn.Writer) (games, problems, warnings int) {
	label := name
	if name == "-" {
		label = "<stdin>"
	}
	src, err := store.OpenText(name, stdin, cs)
	var fe *store.FormatError
	switch {
	case errors.As(err, &fe):
		if name == "-" {
			fe.Path = label
		}
		fmt.Fprintln(report, fe.Error()) // it names the file
		return 0, 1, 0
	case err != nil:
		fmt.Fprintf(report, "%s: %v\n", label, err)
		return 0, 1, 0
	}
	defer src.Close()
	r := pgn.NewReader(src)
	r.Charset = src.Charset
	b := pgn.NewGameBuilder()
	for {
		err := r.ReadGame(b)
		if err == io.EOF {
			return games, problems, warnings
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			fmt.Fprintf(report, "%s: %v\n", label, err)
			return games, problems + 1, warnings
		}
		games++
		printProblems(report, label, list)
		for _, e := range list {
			if e.Warning() {
				warnings++
			} else {
				problems++
			}
		}
		if w != nil {
			if err := w.WriteGame(b.Game()); err != nil {
				pos := b.Pos()
				fmt.Fprintf(report, "%s:%d:%d: game %d: %s\n", label, pos.Line, pos.Column, games, trimPGN(err.Error()))
				problems++
			}
		}
	}
}

// printProblems writes one line per problem of list, "FILE:LINE:COL: game
// N: message", with label for FILE; a warning's message starts "warning: ".
func printProblems(w io.Writer, label string, list pgn.ErrorList) {
	for _, e := range list {
		kind := ""
		if e.Warning() {
			kind = "warning: "
		}
		fmt.Fprintf(w, "%s:%d:%d: game %d: %s%s\n", label, e.Line, e.Column, e.Game, kind, e.Message())
	}
}

// trimPGN drops the "pgn: " prefix of an error message.
func trimPGN(s string) string {
	if len(s) > 5 && s[:5] == "pgn: " {
		return s[5:]
	}
	return s
}
