// Package pairings reads a round's pairing list: a CSV file of
// board,white,black[,whiteElo,blackElo,whiteFideId,blackFideId], one line
// a board, as an arbiter exports it from a pairing program, for the
// recorder of a hall to name each board's players.
package pairings
