// Package core groups the chess domain of Touchmove: rules (chess), games as
// trees (game), PGN (pgn), clocks (clock), over-the-board arbitration
// (arbiter), the keyed messages said to the players (msg) and the UCI client
// for chess engines (uci). Nothing under core imports Fyne, app or ui.
package core
