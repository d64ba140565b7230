// Package broadcast publishes a round of games as it is recorded: the PGN
// of every board, in board order (games.pgn) and one file a board
// (game-N.pgn), written atomically to a folder, served over HTTP for a
// broadcast that polls a URL (lichess's does), and pushed to an endpoint
// that speaks lichess's push API, each optionally as the round stood a
// delay ago. It knows no session or board: app/cli gives it each board's
// PGN as it changes.
package broadcast
