package library

import (
	"touchmove/core/pgn"
	"touchmove/core/posindex"
)

// PositionSpans returns where the games listed so far are in the file, in
// list order: what posindex.Builder.Add reads.
func (l *Library) PositionSpans() []posindex.Span {
	s := l.snap.Load()
	spans := make([]posindex.Span, 0, s.n)
	s.each(func(_ int, r *pgn.Record) { spans = append(spans, posindex.SpanOf(r)) })
	return spans
}

// FilterSet returns the games listed so far that pass f, by their place in
// the file; nil when f selects every game. It may be called from any
// goroutine.
func (l *Library) FilterSet(f ListFilter) *posindex.Set {
	if f.IsZero() {
		return nil
	}
	s := l.snap.Load()
	m := compileFilter(f, l.openings)
	m.extend(s)
	set := posindex.NewSet(s.n)
	var cls []uint16
	if c := l.classified.Load(); c != nil {
		cls = *c
	}
	s.each(func(i int, r *pgn.Record) {
		if m.match(i, r, cls) {
			set.Add(i)
		}
	})
	return set
}

// ShowGames narrows the rows to the games of set that pass the filter (the
// games a search found, or those that reach a position); nil shows every
// game that passes the filter again. A new filter (SetFilter) ends it.
func (l *Library) ShowGames(set *posindex.Set) {
	v := &l.view
	v.match = nil
	if !v.filter.IsZero() || set != nil {
		v.match = compileFilter(v.filter, l.openings)
		v.match.extend(v.snap)
		v.computePass()
	}
	if set != nil {
		for i := 0; i < v.snap.n; i++ {
			if !set.Has(i) {
				v.pass[i>>6] &^= 1 << (i & 63)
			}
		}
	}
	v.deriveRows()
}
