package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"touchmove/core/chess"
)

const perftUsage = "usage: touchmove perft [-divide] [-960] DEPTH [FEN]"

// Perft runs `touchmove perft [-divide] [-960] DEPTH [FEN]` (args exclude
// "perft") and returns the exit code. It prints "Nodes searched: N"; with
// -divide, first one line per root move in UCI notation ("e2e4: 20"), sorted,
// and a blank line. Castling is the king's two-square move in standard chess
// and king-onto-rook in Chess960 (-960, or rook files in the FEN's castling
// field). The FEN may be one argument or several.
func Perft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	divide := fs.Bool("divide", false, "print the count below each root move")
	c960 := fs.Bool("960", false, "Chess960 castling notation")
	if err := fs.Parse(args); err != nil {
		return usageError(stderr, perftUsage, err.Error())
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return usageError(stderr, perftUsage, "missing DEPTH")
	}
	depth, err := strconv.Atoi(rest[0])
	if err != nil || depth < 0 || depth > 20 {
		return usageError(stderr, perftUsage, fmt.Sprintf("DEPTH %q is not a number from 0 to 20", rest[0]))
	}
	fen := chess.StartFEN
	if len(rest) > 1 {
		fen = strings.Join(rest[1:], " ")
	}
	pos, err := chess.FromFEN(fen)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove perft: %v\n", err)
		return 2
	}
	if *c960 {
		pos.SetChess960(true)
	}
	if !*divide {
		fmt.Fprintf(stdout, "Nodes searched: %d\n", pos.Perft(depth))
		return 0
	}
	entries := pos.Divide(depth)
	lines := make([]string, 0, len(entries))
	var total uint64
	for _, e := range entries {
		lines = append(lines, fmt.Sprintf("%s: %d", pos.UCI(e.Move), e.Nodes))
		total += e.Nodes
	}
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	if depth == 0 {
		total = 1
	}
	fmt.Fprintf(stdout, "\nNodes searched: %d\n", total)
	return 0
}

// usageError prints a one-line message and the usage, and returns 2.
func usageError(w io.Writer, usage, msg string) int {
	fmt.Fprintf(w, "touchmove: %s\n%s\n", msg, usage)
	return 2
}
