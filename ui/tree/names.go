package tree

import (
	"slices"

	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/game"
	"touchmove/core/posindex"
)

// rowNames names the position each row's move leads to from pos: ECO code
// and name, "" where the table names none (or there is no table).
func rowNames(tab *eco.Table, pos chess.Position, rows []posindex.Row) []string {
	if tab == nil {
		return nil
	}
	names := make([]string, len(rows))
	for i, r := range rows {
		if r.End() {
			continue
		}
		p := pos
		p.Play(r.Move)
		if o, ok := tab.Lookup(&p); ok {
			names[i] = o.String()
		}
	}
	return names
}

// openingOf names the opening of the line that leads to n: the last named
// position along it (eco.Table.Classify), "" for none.
func openingOf(tab *eco.Table, n *game.Node) string {
	if tab == nil || n == nil || n.Game() == nil {
		return ""
	}
	var moves []chess.Move
	for r := n; !r.IsRoot(); r = r.Parent() {
		moves = append(moves, r.Move())
	}
	slices.Reverse(moves)
	o, _ := tab.Classify(n.Game().Start(), moves)
	return o.String()
}
