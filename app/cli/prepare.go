package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"touchmove/app/mistakes"
	"touchmove/app/prepare"
)

const prepareUsage = "usage: touchmove prepare -player NAME [-repertoire FILE.pgn] FILE.pgn"

// Prepare runs `touchmove prepare -player NAME [-repertoire FILE.pgn]
// FILE.pgn` (args exclude "prepare"): it prints the report on the player
// (prepare.Build): what he plays as White and as Black, his results by
// opening, his most frequent positions after move 10 and, with
// -repertoire, where he leaves it. NAME matches as the game list's player:
// filter does; several names are separated by commas. Exit 0 with a
// report, 1 when no game is the player's, 2 on an error.
func Prepare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("prepare", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	player := fs.String("player", "", "the player's name(s)")
	repFile := fs.String("repertoire", "", "your repertoire, a PGN file of your lines")
	files, err := parseWithFile(fs, args)
	switch {
	case err != nil:
		return usageError(stderr, prepareUsage, err.Error())
	case len(files) != 1:
		return usageError(stderr, prepareUsage, "prepare needs one FILE.pgn")
	case strings.TrimSpace(*player) == "":
		return usageError(stderr, prepareUsage, "prepare needs -player NAME")
	}
	var rep *prepare.Repertoire
	if *repFile != "" {
		data, err := readText(*repFile)
		if err == nil {
			rep, err = prepare.ReadRepertoire(data)
		}
		if err != nil {
			fmt.Fprintf(stderr, "touchmove prepare: %s: %v\n", *repFile, err)
			return 2
		}
	}
	data, err := readText(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "touchmove prepare: %s: %v\n", files[0], err)
		return 2
	}
	r, err := prepare.Build(data, mistakes.ParseNames(*player), rep)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove prepare: %s: %v\n", files[0], err)
		return 2
	}
	if r.Total.Games == 0 {
		fmt.Fprintf(stderr, "touchmove prepare: no game of %s has a White or Black that contains %q\n", files[0], *player)
		return 1
	}
	if err := prepare.WriteText(stdout, r, prepare.English); err != nil {
		fmt.Fprintf(stderr, "touchmove prepare: %v\n", err)
		return 2
	}
	return 0
}
