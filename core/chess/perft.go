package chess

// Perft counts the leaf nodes of the legal move tree of the given depth from
// p. It is the standard test of a move generator; it allocates nothing.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for _, m := range ml.Moves[:ml.N] {
		q := *p
		q.Play(m)
		n += q.Perft(depth - 1)
	}
	return n
}

// DivideEntry is one root move of a perft divide and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide runs perft of depth-1 below each legal root move.
func (p *Position) Divide(depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Moves[:ml.N] {
		q := *p
		q.Play(m)
		out = append(out, DivideEntry{Move: m, Nodes: q.Perft(depth - 1)})
	}
	return out
}
