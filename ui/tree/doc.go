// Package tree provides the opening tree (Pane): what the games of the open
// PGN file played from the position on the board (library.PositionTree over
// core/posindex), a row a move with its games, a bar of the results, the
// players' average rating, their performance, the last year and the
// name of the opening the move leads to (core/eco), and a total line; the
// title names the opening of the line on the board. A click on a move
// explores it over the game; the total narrows the game list to the games
// that reach the position.
//
// The pane follows the board when its window calls Follow, queries the
// index off the UI goroutine, and asks its window for the rest through
// Host: the session, the open file's games and their list, the dialogs and
// the message line, the players' words and the tree's settings. Its own
// words go through Fyne's lang, translated by ui's translations
// (core/deps_test.go lists what it may import).
package tree
