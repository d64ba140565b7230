// Package core groups the chess domain of Touchmove: rules (chess), games as
// trees (game), PGN (pgn), clocks (clock) and over-the-board arbitration
// (arbiter). Nothing under core imports Fyne, app or ui.
package core
