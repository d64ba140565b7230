package prepare

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"touchmove/app/library"
	"touchmove/app/mistakes"
	"touchmove/core/pgn"
)

// FromLibrary reports on the player of names from the games of lib, a
// file listed to its end: the list (read from the index cache for a large
// file) finds his games, and only those are read from the file. rep, when
// not nil, is the user's repertoire. Games that cannot be read are skipped,
// as Build skips them.
func FromLibrary(ctx context.Context, lib *library.Library, names mistakes.Names, rep *Repertoire) (Report, error) {
	c, err := newCollector(names, rep, lib.Openings())
	if err != nil {
		return c.r, err
	}
	lower := make([]string, 0, len(names))
	for _, n := range names {
		if n != "" {
			lower = append(lower, strings.ToLower(n))
		}
	}
	match := func(tag string) bool { // names.Match, the names lowered once
		low := strings.ToLower(tag)
		return slices.ContainsFunc(lower, func(n string) bool { return strings.Contains(low, n) })
	}
	for _, i := range lib.GamesOf(match) {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		g, err := lib.Game(i)
		var list pgn.ErrorList
		switch {
		case errors.As(err, &list):
			continue
		case err != nil:
			return Report{}, fmt.Errorf("prepare: %w", err)
		}
		c.add(g, i+1)
	}
	return c.report(), nil
}

// OpenLibrary lists the PGN file at path for FromLibrary, from the index
// cache in the folder dir when it holds the file's list ("" for none), and
// waits until it is listed to its end.
func OpenLibrary(ctx context.Context, path, dir string) (*library.Library, error) {
	lib, err := library.Open(ctx, path, library.Options{CacheDir: dir})
	if err != nil {
		return nil, err
	}
	<-lib.Done()
	if err := lib.Err(); err != nil {
		lib.Close()
		return nil, err
	}
	return lib, nil
}
