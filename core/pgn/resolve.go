package pgn

import "touchmove/core/chess"

// ResolveMove finds the move that the text s of a main-line or variation
// move names in p, exactly as GameBuilder reads it: plain SAN by the fast
// path, then any SAN that chess.ParseSAN tolerates, then national piece
// letters (docs/pgn.md §10), then UCI long algebraic. The error is
// ParseSAN's when no reading fits. Indexes that replay games without
// building them (core/posindex) use it, so that they replay what a reader
// of the file would.
func ResolveMove(p *chess.Position, s string) (chess.Move, error) {
	if m, ok := fastSAN(p, s); ok {
		return m, nil
	}
	m, err := p.ParseSAN(s)
	if err == nil {
		return m, nil
	}
	if m, ok := nationalSAN(p, s); ok {
		return m, nil
	}
	if m, uerr := p.ParseUCI(s); uerr == nil {
		return m, nil
	}
	return chess.NoMove, err
}
