// Package msg carries what the rules and the app say to the players as
// keyed texts rather than finished English: a [Text] holds a stable key,
// which is its English template ("You touched the {{.Piece}} on
// {{.Square}}: it must move."), and typed arguments (a colour, a piece, a
// square, a number, a move in SAN, a duration, another Text). The window
// renders a Text in the players' language through its translations, keyed
// by the same template; [Text.String] renders it in English for the command
// line, the PGN comments written into files and the tests (design.md §7).
//
// msg imports nothing of Fyne: core stays free of the user interface.
package msg
