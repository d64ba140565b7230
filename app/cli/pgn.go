package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"touchmove/core/pgn"
)

const pgnUsage = "usage: touchmove pgn check FILE...\n       touchmove pgn fmt [FILE...]"

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
func PGN(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	if len(args) == 0 {
		return usageError(stderr, pgnUsage, "pgn needs a command: check or fmt")
	}
	cmd, files := args[0], args[1:]
	for _, f := range files {
		if len(f) > 1 && f[0] == '-' {
			return usageError(stderr, pgnUsage, fmt.Sprintf("unknown flag %q", f))
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
			g, p, w := eachGame(name, stdin, out, nil)
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
			_, p, _ := eachGame(name, stdin, stderr, w)
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

// eachGame reads the games of the file name ("-" is stdin), reports their
// problems to report and, when w is not nil, writes each game to w. It
// returns the number of games, of problems and of warnings (which are not
// counted as problems).
func eachGame(name string, stdin io.Reader, report io.Writer, w *pgn.Writer) (games, problems, warnings int) {
	var src io.Reader = stdin
	label := name
	if name == "-" {
		label = "<stdin>"
	} else {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(report, "%s: %v\n", label, err)
			return 0, 1, 0
		}
		defer f.Close()
		src = f
	}
	r := pgn.NewReader(src)
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
