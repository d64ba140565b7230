// Package notation provides the notation panel, Notation: a game's moves in
// SAN with move numbers, NAGs, evaluations, clock times, comments and
// variations, as flowing text or as a table of moves, with the current move
// highlighted, variations that fold, and comments edited in place.
//
// The panel knows no window: a tap on a move, on a comment or an edited
// comment's text goes to its owner's callbacks (OnSelect, OnEditComment,
// OnCommentEdited), and the words of the players' language and piece
// letters come from its host through Words. Its own words go through
// Fyne's lang, translated by ui's translations. It imports core/game for
// the game it shows, core/chess, core/clock and core/msg for what it
// writes, and ui/widgets for the viewer of long comments (core/deps_test.go
// checks it).
package notation
