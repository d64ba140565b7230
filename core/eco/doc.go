// Package eco names openings: the ECO code and the name of a position or of
// a game's opening, from the table of lichess's chess-openings list that the
// package embeds (openings/*.tsv, public domain under CC0; docs/openings.md
// names the source and the commit).
//
// New builds a Table once (a few milliseconds: every line of the list is
// played out and its last position keyed by chess.Position.RepetitionKey);
// its owner keeps it. Table.Lookup names a position, Table.Classify a
// game's opening: the last named position along its main line, up to the
// table's deepest line, as the list's README suggests ("play moves backwards
// until a named position is found"), so that transpositions are met. A game
// from a set-up position, or of Chess960, has none.
package eco
