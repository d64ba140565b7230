package library

import (
	"touchmove/core/eco"
)

// Opening returns the opening of game i as the Opening column shows it,
// ECO code and name: from the game's tags when it has an Opening tag, else
// named from its moves by the table of Options.Openings (eco.Table.Of).
// The game is read from the file the first time, which costs about as
// much as opening it (tens of microseconds), so the list names only the
// rows it shows, as it shows them, and keeps what it found; the sort and
// the filter read the ECO tag instead (docs/openings.md §3). Without a
// table, or when the game cannot be read, it is the ECO tag. Like the
// view, it belongs to the UI goroutine.
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
