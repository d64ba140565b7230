// Package hall records the boards of a hall in the window: every
// electronic board its own game, session and journal (a seat of its own
// live game, app.EBoard), numbered in the order they were added, each game
// beginning when its board shows the start position. It says, board by
// board, what the arbiter sees at a glance (Tile): the players, both
// clocks, the last move and what needs the arbiter — a board that
// disconnected or stands apart from its game, a touch-move breach to
// claim, a draw to claim, an end by the rules. app/cli records a hall
// headless with the same sessions and boards.
package hall
