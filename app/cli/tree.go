package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"touchmove/app/library"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
	"touchmove/core/posindex"
)

const treeUsage = `usage: touchmove tree [-fen FEN | -moves "e4 c5 Nf3"] [-filter QUERY] FILE.pgn`

// Tree runs `touchmove tree [-fen FEN | -moves "e4 c5 Nf3"] [-filter QUERY]
// FILE.pgn` (args exclude "tree"): the opening tree of a position (the
// start position, FEN, or the position after the moves, from FEN if both are
// given) over the games of FILE that pass QUERY (the game list's filter
// language), as a tab-separated table: a header line, one row per move
// played there in English SAN, most played first, a "(end)" row for the
// games that end there, and a "total" row. The columns are the move, the
// games, White's wins, the draws, Black's wins, the average rating of the
// players who made the move, their performance, and the last year played
// ("-" when unknown). A game counts once, at its first arrival in its main
// line. Exit 0, or 2 on an error.
func Tree(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fen := fs.String("fen", "", "the position")
	moves := fs.String("moves", "", "the moves to the position, in SAN, from the start or FEN")
	filter := fs.String("filter", "", "only the games this game-list query selects")
	files, err := parseWithFile(fs, args)
	if err != nil {
		return usageError(stderr, treeUsage, err.Error())
	}
	if len(files) != 1 {
		return usageError(stderr, treeUsage, "tree needs one FILE.pgn")
	}
	p, err := positionOf(*fen, *moves)
	if err != nil {
		return usageError(stderr, treeUsage, err.Error())
	}
	ix, only, err := indexFile(files[0], *filter, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove tree: %v\n", err)
		return 2
	}
	t := ix.Tree(&p, only)
	fmt.Fprintln(stdout, "move\tgames\twhite\tdraws\tblack\tavg rating\tperformance\tlast year")
	for _, r := range t.Rows {
		name := r.SAN
		if r.End() {
			name = "(end)"
		}
		writeRow(stdout, name, r)
	}
	writeRow(stdout, "total", t.Total)
	return 0
}

// writeRow writes a row of the tree table.
func writeRow(w io.Writer, name string, r posindex.Row) {
	known := func(n int, ok bool) string {
		if !ok || n == 0 {
			return "-"
		}
		return strconv.Itoa(n)
	}
	avg := r.AvgRating()
	perf, ok := r.Performance()
	fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", name, r.Games, r.WhiteWins, r.Draws, r.BlackWins,
		known(avg, true), known(perf, ok), known(r.LastYear, true))
}

// parseWithFile parses flags that may come before and after the files.
func parseWithFile(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return files, nil
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:]
	}
}

// positionOf returns the position of a FEN (the start if empty) after the
// moves, written in SAN with or without move numbers.
func positionOf(fen, moves string) (chess.Position, error) {
	p := chess.StartPosition()
	if strings.TrimSpace(fen) != "" {
		var err error
		p, err = game.StartFromFEN(fen, false)
		if err != nil && !game.IsStartWarning(err) {
			return p, fmt.Errorf("-fen: %w", err)
		}
	}
	for _, tok := range strings.Fields(moves) {
		san := strings.TrimLeft(tok, "0123456789.")
		if san == "" {
			continue
		}
		m, err := pgn.ResolveMove(&p, san)
		if err != nil {
			return p, fmt.Errorf("-moves: %q: %w", tok, err)
		}
		p.Play(m)
	}
	return p, nil
}

// indexFile returns the position index of the PGN file at path and the
// games that pass the query (nil: all). The index comes from the cache the
// window keeps in the user cache folder (library.IndexCacheDir) when the file is
// the one indexed there, without reading the file; else the file is listed
// and indexed as the window does it, which caches the list and the index
// for the next call and the window. Games left out are told on report.
func indexFile(path, query string, report io.Writer) (*posindex.Index, *posindex.Set, error) {
	ctx := context.Background()
	dir := library.IndexCacheDir()
	filtered := strings.TrimSpace(query) != ""
	var ix *posindex.Index
	var only *posindex.Set
	if dir != "" {
		ix, _ = library.CachedPositions(dir, path) // none: listed and indexed below
	}
	if ix == nil || filtered { // the filter reads the list's tags
		lib, err := library.Open(ctx, path, library.Options{CacheDir: dir})
		if err != nil {
			return nil, nil, err
		}
		defer lib.Close()
		<-lib.Done()
		if err := lib.Err(); err != nil {
			return nil, nil, err
		}
		if ix == nil {
			tree := library.OpenPositionTree(ctx, lib, library.TreeOptions{CacheDir: dir})
			<-tree.Done()
			if err := tree.Progress().Err; err != nil {
				return nil, nil, err
			}
			ix = tree.Index()
		}
		if filtered {
			only = lib.FilterSet(library.ParseListFilter(query))
		}
	}
	if n := ix.Unread(); n > 0 {
		fmt.Fprintf(report, "touchmove: %s: %d games left out: their start position cannot be set up\n", path, n)
	}
	return ix, only, nil
}
