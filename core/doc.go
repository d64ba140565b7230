// Package core groups the chess domain of Touchmove: rules (chess), games as
// trees (game), PGN (pgn), clocks (clock), over-the-board arbitration
// (arbiter), the keyed messages said to the players (msg), the UCI client
// for chess engines (uci) and the names of openings (eco). Nothing under core imports Fyne, app or ui.
package core
