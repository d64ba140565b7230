package store

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"slices"

	"touchmove/core/pgn"
)

// Relocate finds the game of o in its file as the file is now, after
// another program changed it: the one game whose bytes are still those
// that were read, wherever games added, removed or moved around it have
// put it. ok is false when no game has them, or more than one (then which
// one was read is not known). The origin returned is that game's in the
// file now, which Replace checks as any other; the problems of the reading
// stay.
func (o Origin) Relocate(ctx context.Context) (found Origin, ok bool, err error) {
	f, fi, err := OpenRegular(o.Path)
	if err != nil {
		return Origin{}, false, fmt.Errorf("relocate: %w", err)
	}
	defer f.Close()
	st, size := StampOf(fi), fi.Size()
	ix, err := pgn.BuildIndex(ctx, io.NewSectionReader(f, 0, size), nil)
	if err != nil {
		return Origin{}, false, fmt.Errorf("relocate in %s: %w", o.Path, err)
	}
	n := 0
	var own []byte
	for i := range ix.Len() {
		e := ix.Entry(i)
		if o.coreLen > 0 && e.Length < o.coreLen || o.coreLen == 0 && e.Length != o.span.End-o.span.Start {
			continue // too short to hold the game
		}
		own = slices.Grow(own[:0], int(e.Length))[:e.Length]
		if _, err := f.ReadAt(own, e.Offset); err != nil {
			return Origin{}, false, fmt.Errorf("relocate in %s: %w", o.Path, err)
		}
		sp := trimSpan(own, gameSpan{0, e.Length})
		same := sha256.Sum256(own) == o.sum
		if !same && o.coreLen == sp.End-sp.Start {
			same = sha256.Sum256(own[sp.Start:sp.End]) == o.core
		}
		if same {
			found = newOrigin(o.Path, i, st, e.Offset, own, nil, o.cs)
			found.problems, found.format = o.problems, o.format
			n++
		}
	}
	if n != 1 {
		return Origin{}, false, nil
	}
	return found, true, nil
}
