// Package chess is Touchmove's rules engine: squares, pieces, positions held
// as bitboards, legal move generation with pins and check evasions computed
// directly, copy-make, attack queries, Zobrist keys, FEN, SAN and UCI, the
// automatic and claimable ends of a game, and Chess960.
//
// The package knows nothing of clocks, players or user interfaces.
package chess
