package library

import (
	"context"
	"slices"
	"strings"

	"touchmove/core/eco"
	"touchmove/core/pgn"
	"touchmove/core/posindex"
)

// Opening returns the opening of game i as the Opening column shows it,
// ECO code and name: from the game's tags when it has an Opening tag, else
// named from its moves by the table of Options.Openings (eco.Table.Of).
// The game is read from the file the first time, which costs about as
// much as opening it (a hundred microseconds or more), so the list names
// only the rows it shows, as it shows them, and keeps what it found; the
// sort and the filter read the ECO tag, and the openings the position
// index names (classify), instead (docs/openings.md §3). Without a table,
// or when the game cannot be read, it is the ECO tag. Like the view, it
// belongs to the UI goroutine.
func (l *Library) Opening(i int) string {
	if i < 0 || i >= l.view.snap.n {
		return ""
	}
	if s, ok := l.view.named[int32(i)]; ok {
		return s
	}
	e := l.view.snap.entry(i)
	name := e.ECO
	if l.openings != nil {
		if g, _ := l.Game(i); g != nil { // a game with problems is named as far as it was read
			name = l.openings.Of(g).String()
		}
	}
	if l.view.named == nil {
		l.view.named = make(map[int32]string)
	}
	l.view.named[int32(i)] = name
	return name
}

// Openings returns the table that names the openings, nil for none.
func (l *Library) Openings() *eco.Table { return l.openings }

// classifyCheck is how many games classify names between two looks at its
// context.
const classifyCheck = 4096

// classify names, from the position index ix of l's games, the opening of
// each game that has no ECO tag (eco.Table.Find of its first moves), and
// publishes the rows for the view's sort and filter (takeClassified). It
// runs on the position index's goroutine once the index is built: the
// moves are in memory there, about 18 µs a game (their codes decoded),
// where reading each game from the file costs ten times more
// (docs/openings.md §3).
func (l *Library) classify(ctx context.Context, ix *posindex.Index) {
	tab := l.openings
	if tab == nil {
		return
	}
	s := l.snap.Load()
	n := min(ix.Len(), s.n)
	out := make([]uint16, n)
	for g := range n {
		if g%classifyCheck == 0 && ctx.Err() != nil {
			return
		}
		if id := s.rec(g).Values[pgn.FieldECO]; s.strs[id] != "" && s.strs[id] != "?" {
			continue // named by its tag
		}
		if ix.Plies(g) <= 0 {
			continue // no moves, or a start position that cannot be set up
		}
		if row := tab.Find(ix.Start(g), ix.Line(g, tab.Depth())); row >= 0 {
			out[g] = uint16(row + 1)
		}
	}
	l.classified.Store(&out)
}

// takeClassified gives the view the openings classify named, if new, sorts
// and filters again if the sort or the filter reads them, and reports
// whether it did.
func (l *Library) takeClassified() bool {
	v := &l.view
	p := l.classified.Load()
	if p == nil || (len(*p) == len(v.classified) && (len(*p) == 0 || &(*p)[0] == &v.classified[0])) {
		return false
	}
	v.classified = *p
	if v.sort.Column == ColumnOpening {
		v.sortAll()
	}
	if v.match != nil {
		v.computePass()
	}
	v.deriveRows()
	return true
}

// openingText is what the sort by Opening compares for game i: its ECO
// tag, lower-cased, or the code its moves were named by; "" for none.
func (v *libView) openingText(i int, r *pgn.Record) string {
	if low := v.snap.lower[r.Values[pgn.FieldECO]]; low != "" && low != "?" {
		return low
	}
	if i < len(v.classified) && v.classified[i] > 0 && v.openings != nil {
		return strings.ToLower(v.openings.Row(int(v.classified[i]) - 1).ECO)
	}
	return ""
}

// openingKeys is sortKeys for the Opening column once the games without an
// ECO tag are named: the distinct texts of openingText ranked naturally.
func (v *libView) openingKeys(dir func(k, rank int) int) (int, func(i int, r *pgn.Record) int) {
	seen := map[string]bool{}
	v.snap.each(func(i int, r *pgn.Record) {
		if t := v.openingText(i, r); t != "" {
			seen[t] = true
		}
	})
	texts := make([]string, 0, len(seen))
	for t := range seen {
		texts = append(texts, t)
	}
	slices.SortFunc(texts, compareNatural)
	rank := make(map[string]int, len(texts))
	k := 0
	for i, t := range texts {
		if i > 0 && compareNatural(texts[i-1], t) != 0 {
			k++
		}
		rank[t] = k
	}
	if len(texts) > 0 {
		k++
	}
	return k, func(i int, r *pgn.Record) int {
		t := v.openingText(i, r)
		if t == "" {
			return k
		}
		return dir(k, rank[t])
	}
}
