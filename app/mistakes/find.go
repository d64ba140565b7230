package mistakes

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"touchmove/app/analysis"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// DefaultDepth is the depth at which games the file does not analyse are
// searched when none is asked: fast, and deep enough for the blunders that
// decide club games.
const DefaultDepth = 10

// Options say whose mistakes to find and how to analyse the games the file
// does not.
type Options struct {
	// Names are the player's.
	Names Names
	// Depth is the depth of the engine's search, DefaultDepth if 0.
	Depth int
	// Engine starts the engine (analysis.StartEngine). An Engine whose
	// Path is "" leaves the games the file does not analyse unsearched
	// (Summary.Skipped counts them).
	Engine analysis.EngineConfig
	// Progress, if not nil, is told after every game the engine has
	// analysed.
	Progress func(Progress)
	// Found, if not nil, is given the mistakes of each game as soon as
	// they are known: those of the games the file analyses first, in file
	// order, then those of the games the engine analyses, one game at a
	// time.
	Found func([]Mistake)
}

// Progress tells how many of the games to analyse have been.
type Progress struct {
	Done, Total int
}

// Summary sums up a search.
type Summary struct {
	// Games is the number of games read; Player the number where the
	// player had a side; Analysed those of them the file analyses;
	// Searched those the engine analysed; Skipped those left unsearched
	// (no engine).
	Games, Player, Analysed, Searched, Skipped int
	// Problems are the games that could not be read, each saying where
	// and why; they are skipped.
	Problems []error
}

// pending is a game the engine has to analyse.
type pending struct {
	number int
	g      *game.Game
}

// Find returns the mistakes of the player of opts.Names in the games of
// the PGN text data, ordered by game and ply. It reads every game first
// and takes the mistakes of the games the file analyses; then it analyses
// the others with the engine, one at a time, at opts.Depth. A game that
// cannot be read is skipped and listed in Summary.Problems; when ctx ends,
// or the engine fails, Find returns what it found so far with the error.
func Find(ctx context.Context, data []byte, opts Options) ([]Mistake, Summary, error) {
	var sum Summary
	var found []Mistake
	report := func(ms []Mistake) {
		found = append(found, ms...)
		if opts.Found != nil && len(ms) > 0 {
			opts.Found(ms)
		}
	}
	todo := readGames(data, opts.Names, &sum, report)
	if len(todo) > 0 && opts.Engine.Engine.Path == "" {
		sum.Skipped = len(todo)
		todo = nil
	}
	err := analyse(ctx, todo, opts, &sum, report)
	slices.SortStableFunc(found, func(a, b Mistake) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Ply, b.Ply))
	})
	return found, sum, err
}

// readGames reads the games of data, reports the mistakes of those the
// file analyses and returns the others where the player had a side.
func readGames(data []byte, names Names, sum *Summary, report func([]Mistake)) []pending {
	r := pgn.NewReader(bytes.NewReader(data))
	b := pgn.NewGameBuilder()
	var todo []pending
	for number := 1; ; number++ {
		err := r.ReadGame(b)
		if err == io.EOF {
			return todo
		}
		sum.Games++
		var list pgn.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			e := list[0]
			sum.Problems = append(sum.Problems, fmt.Errorf("%d:%d: game %d: %s", e.Line, e.Column, number, e.Message()))
			continue
		}
		if err != nil {
			sum.Problems = append(sum.Problems, fmt.Errorf("game %d: %w", number, err))
			return todo // the reader cannot go on
		}
		g := b.Game()
		if s := names.Sides(g); !s[0] && !s[1] {
			continue
		}
		sum.Player++
		if Analysed(g) {
			sum.Analysed++
			report(InGame(g, number, names))
			continue
		}
		todo = append(todo, pending{number, g})
	}
}

// analyse analyses the games of todo with the engine of opts and reports
// their mistakes.
func analyse(ctx context.Context, todo []pending, opts Options, sum *Summary, report func([]Mistake)) error {
	if len(todo) == 0 {
		return nil
	}
	depth := opts.Depth
	if depth <= 0 {
		depth = DefaultDepth
	}
	cfg := opts.Engine
	cfg.Lines = 0
	eng, err := analysis.StartEngine(ctx, cfg)
	if err != nil {
		return fmt.Errorf("the engine could not be started: %w", err)
	}
	defer eng.Close()
	set := analysis.DepthSettings(depth)
	for i, p := range todo {
		if _, err := analysis.Game(ctx, eng, p.g, set, nil); err != nil {
			return fmt.Errorf("game %d: %w", p.number, err)
		}
		sum.Searched++
		report(InGame(p.g, p.number, opts.Names))
		if opts.Progress != nil {
			opts.Progress(Progress{Done: i + 1, Total: len(todo)})
		}
	}
	return nil
}
