// Package pgn reads and writes chess games in Portable Game Notation.
//
// Reading is streaming and tolerant (docs/pgn.md §10): a Reader tokenizes the
// input and reports each game to a Visitor, one call per tag, move, NAG,
// comment and variation, with the raw text and its position. The reader
// knows no rules; GameBuilder is the visitor that replays the moves into a
// game.Game, while HeadersOnly and Skipper read tags only or nothing. A bad
// game never stops the file: ReadGame records the problems, with their
// positions, in an ErrorList and the next call reads the next game.
//
// Writing follows the strict export format (docs/pgn.md §9), or the reduced
// export format as an option. Index scans a file of any size into game
// offsets and key tags without replaying moves, and reads single games back
// through an io.SectionReader; IndexFile lists a whole file in sections
// indexed on several goroutines at once (docs/indexer.md).
package pgn
