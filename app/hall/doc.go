// Package hall records the boards of a hall in the window: every
// electronic board its own game, session and journal (a seat of its own
// live game, app.EBoard), numbered in the order they were added — or by
// the round's pairing list (Seating) —, each game beginning when its board
// shows the start position. It says, board by board, what the arbiter sees
// at a glance (Tile): the players, both clocks, the last move and what
// needs the arbiter — a board that disconnected or stands apart from its
// game, a touch-move breach to claim, a draw to claim, an end by the rules.
//
// It also holds what `touchmove record` (app/cli) and the window's View ›
// Hall share, so that both take one path: the round published as it is
// played (publish.go: Publish and Round write games.pgn and game-N.pgn to
// a folder, serve them over HTTP and push them to a broadcast, with a
// delay), the time control read (Control), and the round brought back
// after a crash (restore.go: every board journaled in a folder of its own,
// Resume, Crashed).
package hall
