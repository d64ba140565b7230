// Package posindex is the position index of a PGN file: for every game, the
// positions of its main line, each as a one-byte fingerprint of its FIDE
// identity (chess.Position.RepetitionKey: placement, side to move, castling
// rights, an en passant square only where the capture is possible) and the
// move played from it in one byte, with the game's result, ratings and year.
// About two bytes a ply, what a million games can keep in memory and in a
// cache file.
//
// From it come the opening tree of a position (Index.Tree: the moves played
// there, with games, results, ratings, performance and the last year; a game
// counts once, at its first arrival in its main line, transpositions met),
// the exact search of a position (Index.Find), and the material and pawn
// structure searches (Index.FindMaterial, Index.FindPawns), which replay the
// games whose material signature (the least and most men of each kind their
// main line has) lets them match.
//
// A query scans the fingerprints, keeps the places whose next move and next
// fingerprint fit the position too, and proves each by the moves that lead
// there (a prefix of moves already proved costs a hash, the others a
// replay), so that the counts are exact: the tests hold them to a replay of
// every game with pgn.GameBuilder. Build and BuildFile read the games with
// the pgn Reader on several goroutines at once; variations are not games,
// and a game whose start position cannot be set up is left out and counted
// (Index.Unread).
package posindex
