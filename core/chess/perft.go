package chess

// Perft counts the leaf nodes of the legal move tree of the given depth from
// p. It is the standard test of a move generator. It allocates once per
// call, the positions of the path, and nothing per node.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	path := make([]Position, depth)
	return perft(p, path, depth)
}

// perft counts below p, using path[0] for the positions after each move and
// the rest of path for the levels below.
func perft(p *Position, path []Position, depth int) uint64 {
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	q := &path[0]
	for _, m := range ml.Moves[:ml.N] {
		*q = *p
		q.Play(m)
		n += perft(q, path[1:], depth-1)
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
	path := make([]Position, depth)
	for _, m := range ml.Moves[:ml.N] {
		q := &path[0]
		*q = *p
		q.Play(m)
		nodes := uint64(1)
		if depth > 1 {
			nodes = perft(q, path[1:], depth-1)
		}
		out = append(out, DivideEntry{Move: m, Nodes: nodes})
	}
	return out
}
