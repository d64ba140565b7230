package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"touchmove/app/analysis"
	"touchmove/app/mistakes"
	"touchmove/core/uci"
)

const mistakesUsage = "usage: touchmove mistakes -player NAME [-engine PATH] [-depth N] FILE.pgn"

// Mistakes runs `touchmove mistakes -player NAME [-engine PATH] [-depth N]
// FILE.pgn` (args exclude "mistakes"): it prints, tab-separated, a header
// line and then one row per move of the player judged an inaccuracy, a
// mistake or a blunder (mistakes.Find): game (its number in the file, from
// 1), ply (of the move played, 1 is White's first), fen (before the move),
// played and best (SAN; best is empty where the file's analysis names no
// better move), judgement. NAME may list several names, separated by
// commas (or by semicolons when a name holds a comma). Games the file
// already analyses are read as they are; the others are analysed with the
// engine (when -engine is not given, the one analysis.FindEngine finds)
// to -depth (10 if not given), with a line of progress per game on stderr.
// Exit 0 with rows, 1 with none, 2 on an error (games that cannot be read
// are reported on stderr and skipped, and make the exit 2 too).
func Mistakes(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mistakes", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	player := fs.String("player", "", "the player's name(s)")
	enginePath := fs.String("engine", "", "the UCI engine (default: "+analysis.EngineSearch+")")
	depth := fs.Int("depth", mistakes.DefaultDepth, "search depth for the games the file does not analyse")
	files, err := parseWithFile(fs, args)
	switch {
	case err != nil:
		return usageError(stderr, mistakesUsage, err.Error())
	case len(files) != 1:
		return usageError(stderr, mistakesUsage, "mistakes needs one FILE.pgn")
	case strings.TrimSpace(*player) == "":
		return usageError(stderr, mistakesUsage, "mistakes needs -player NAME")
	case *depth < 1 || *depth > 100:
		return usageError(stderr, mistakesUsage, "-depth takes a number from 1 to 100")
	}
	data, err := readText(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "touchmove mistakes: %s: %v\n", files[0], err)
		return 2
	}
	opts := mistakes.Options{Names: mistakes.ParseNames(*player), Depth: *depth}
	if *enginePath == "" {
		*enginePath, _ = analysis.FindEngine() // none: the games are only counted as skipped
	}
	opts.Engine.Engine = uci.Config{Path: *enginePath, Log: func(string) {}}
	opts.Progress = func(p mistakes.Progress) {
		fmt.Fprintf(stderr, "%s: analysed %d of %d games\n", files[0], p.Done, p.Total)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	found, sum, err := mistakes.Find(ctx, data, opts)
	out := bufio.NewWriter(stdout)
	fmt.Fprintln(out, "game\tply\tfen\tplayed\tbest\tjudgement")
	for _, m := range found {
		fmt.Fprintf(out, "%d\t%d\t%s\t%s\t%s\t%s\n", m.Game, m.Ply, m.FEN, m.Played, m.Best, strings.ToLower(m.Judgement.String()))
	}
	if werr := out.Flush(); werr != nil {
		fmt.Fprintf(stderr, "touchmove mistakes: %v\n", werr)
		return 2
	}
	for _, p := range sum.Problems {
		fmt.Fprintf(stderr, "%s:%v\n", files[0], p)
	}
	if sum.Skipped > 0 {
		fmt.Fprintf(stderr, "touchmove mistakes: %d games of %s have no analysis and were not searched: %v\n", sum.Skipped, *player, analysis.ErrNoEngine)
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "touchmove mistakes: %s: %v\n", files[0], err)
		return 2
	case len(sum.Problems) > 0:
		return 2
	case sum.Player == 0:
		fmt.Fprintf(stderr, "touchmove mistakes: no game of %s has a White or Black that contains %q\n", files[0], *player)
		return 1
	case len(found) == 0:
		return 1
	}
	return 0
}
