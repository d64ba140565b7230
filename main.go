// Command touchmove is a desktop chess application: play over the board with
// FIDE clocks and touch-move, record games, and read and annotate PGN files.
//
// Usage:
//
//	touchmove [FILE.pgn]                          open the window (and the file)
//	touchmove perft [-divide] [-960] DEPTH [FEN]  count the legal move tree
//	touchmove pgn check [-encoding NAME] FILE...  check PGN files
//	touchmove pgn fmt [-encoding NAME] [FILE...]  rewrite PGN in strict export format
//	touchmove scoresheet [-game N] [-paper a4|letter] [-lang en|ru|sk] [-o OUT.pdf] FILE.pgn
//	                                              print a game's scoresheet as PDF
//	touchmove analyze [-engine PATH] [-depth N | -movetime D | -nodes N] [-lines N] [-threads N] [-timeout D] [-recheck=false] [-o OUT] FILE.pgn...
//	                                              annotate games with a UCI engine
//	touchmove tree [-fen FEN | -moves "e4 c5 Nf3"] [-filter QUERY] FILE.pgn
//	                                              the opening tree of a position
//	touchmove search (-fen FEN | -material SPEC [-fixed] [-plies N] [-lang en|ru|sk] | -pawns FEN) [-filter QUERY] FILE.pgn
//	                                              the games that reach a position, material or pawns
//	touchmove mistakes -player NAME [-engine PATH] [-depth N] FILE.pgn
//	                                              a player's inaccuracies, mistakes and blunders
//	touchmove prepare -player NAME [-repertoire FILE.pgn] FILE.pgn
//	                                              a report on a player: openings, results, where he leaves a repertoire
//	touchmove match [-engine1 PATH] [-level1 N | -elo1 N] [-engine2 PATH] [-level2 N | -elo2 N] [-games N] [-tc 10+0.1] [-openings FILE.pgn] [-concurrency N] [-o OUT.pgn]
//	                                              play engine-vs-engine games, print the score and Elo difference
//	touchmove record -board PORT [-tc TC] [-white NAME -black NAME] [-mode casual|fide|arbiter] [-o OUT.pgn]
//	                                              record a game from a DGT electronic board
//	touchmove version                             print the version
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"touchmove/app/cli"
	"touchmove/ui"
)

const usage = `usage:
  touchmove [FILE.pgn]
  touchmove perft [-divide] [-960] DEPTH [FEN]
  touchmove pgn check [-encoding NAME] FILE...
  touchmove pgn fmt [-encoding NAME] [FILE...]
  touchmove scoresheet [-game N] [-paper a4|letter] [-lang en|ru|sk] [-o OUT.pdf] FILE.pgn
  touchmove analyze [-engine PATH] [-depth N | -movetime D | -nodes N] [-lines N] [-threads N] [-timeout D] [-recheck=false] [-o OUT] FILE.pgn...
  touchmove tree [-fen FEN | -moves "e4 c5 Nf3"] [-filter QUERY] FILE.pgn
  touchmove search (-fen FEN | -material SPEC [-fixed] [-plies N] [-lang en|ru|sk] | -pawns FEN) [-filter QUERY] FILE.pgn
  touchmove mistakes -player NAME [-engine PATH] [-depth N] FILE.pgn
  touchmove prepare -player NAME [-repertoire FILE.pgn] FILE.pgn
  touchmove match [-engine1 PATH] [-level1 N | -elo1 N] [-engine2 PATH] [-level2 N | -elo2 N] [-games N] [-tc 10+0.1] [-openings FILE.pgn] [-concurrency N] [-o OUT.pgn]
  touchmove record -board PORT [-tc TC] [-white NAME -black NAME] [-mode casual|fide|arbiter] [-o OUT.pgn]
  touchmove version`

func main() {
	if len(os.Args) > 1 {
		attachConsole()
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand, or opens the window when there is none.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return openWindow("")
	}
	switch args[0] {
	case "perft":
		return cli.Perft(args[1:], stdout, stderr)
	case "pgn":
		return cli.PGN(args[1:], stdin, stdout, stderr)
	case "scoresheet":
		return cli.ScoresheetIn(args[1:], stdout, stderr, ui.SheetLanguage)
	case "analyze":
		return cli.Analyze(args[1:], stdout, stderr)
	case "tree":
		return cli.Tree(args[1:], stdout, stderr)
	case "search":
		return cli.Search(args[1:], stdout, stderr)
	case "mistakes":
		return cli.Mistakes(args[1:], stdout, stderr)
	case "prepare":
		return cli.Prepare(args[1:], stdout, stderr)
	case "match":
		return cli.Match(args[1:], stdout, stderr)
	case "record":
		return cli.Record(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		return cli.Version(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	}
	if len(args) == 1 && looksLikeFile(args[0]) {
		return openWindow(args[0])
	}
	fmt.Fprintf(stderr, "touchmove: unknown command %q (nor a file of that name)\n%s\n", args[0], usage)
	return 2
}

// looksLikeFile reports whether the argument arg names a file for the
// window to open: one that is there, or a PGN file's name (the window then
// says what is wrong with it). A mistyped command is neither.
func looksLikeFile(arg string) bool {
	if arg == "" || arg[0] == '-' {
		return false
	}
	if _, err := os.Stat(arg); err == nil {
		return true
	}
	name := strings.ToLower(arg)
	return strings.HasSuffix(name, ".pgn") || strings.Contains(name, ".pgn.")
}
