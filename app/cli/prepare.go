package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"touchmove/app/library"
	"touchmove/app/mistakes"
	"touchmove/app/prepare"
)

const prepareUsage = "usage: touchmove prepare -player NAME [-repertoire FILE.pgn] FILE.pgn"

// Prepare runs `touchmove prepare -player NAME [-repertoire FILE.pgn]
// FILE.pgn` (args exclude "prepare"): it prints the report on the player
// (prepare.Build): what he plays as White and as Black, his results by
// opening, his most frequent positions after move 10 and, with
// -repertoire, where he leaves it. NAME matches as the game list's player:
// filter does; several names are separated by commas. The player's games
// are found from the file's list, which the window and `touchmove tree`
// keep in the user cache folder (library.IndexCacheDir), and only they are
// read (prepare.FromLibrary). Exit 0 with a
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
	ctx := context.Background()
	lib, err := prepare.OpenLibrary(ctx, files[0], library.IndexCacheDir())
	if err != nil {
		fmt.Fprintf(stderr, "touchmove prepare: %s: %v\n", files[0], err)
		return 2
	}
	defer lib.Close()
	r, err := prepare.FromLibrary(ctx, lib, mistakes.ParseNames(*player), rep)
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
