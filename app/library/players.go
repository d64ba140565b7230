package library

import "touchmove/core/pgn"

// GamesOf returns the games listed so far, by their place in the file,
// whose White or Black tag match accepts: the games of one player, found
// from the list (its cache for a large file) without reading the file.
// match is asked once for each distinct name. It may be called from any
// goroutine.
func (l *Library) GamesOf(match func(name string) bool) []int {
	s := l.snap.Load()
	known := make([]int8, len(s.strs)) // 0 not asked yet, 1 matches, -1 does not
	is := func(v uint32) bool {
		if int(v) >= len(known) {
			return false
		}
		if known[v] == 0 {
			known[v] = -1
			if match(s.strs[v]) {
				known[v] = 1
			}
		}
		return known[v] == 1
	}
	var out []int
	s.each(func(i int, r *pgn.Record) {
		if is(r.Values[pgn.FieldWhite]) || is(r.Values[pgn.FieldBlack]) {
			out = append(out, i)
		}
	})
	return out
}
