// Package arbiter applies the over-the-board rules between the players and
// the board (docs/rules.md §3–§6): touch-move and j'adoube, the release that
// completes a move, illegal moves and their penalties, draw offers and
// claims, resignation, flag falls, the arbiter's actions and the result with
// its reason. The chess package reports automatic ends; the arbiter rules on
// claims, touch-move and flags, citing the FIDE articles.
//
// An [Arbiter] follows one game from a start position under one [Rules]. The app
// calls it on every gesture and applies the [Decision] it returns: it shows
// [Decision.Reason], offers [Decision.Allowed] and [Decision.Dests], appends
// [Decision.Move] to the score when [Decision.Scored] is set, applies
// [Decision.Clock] to its clock (the arbiter never drives a clock), writes
// each [Event.Comment] to the PGN (pgn.md §11) and ends the game when
// [Decision.Over] reports it.
//
// One move:
//
//	a.Touch(White, G1)        // pointer-down: binds the knight in FIDE modes
//	a.Release(G1, F3)         // drop: Moved (or Refused, PutBack, Provisional)
//	a.Release(E7, E8)         // a pawn: NeedsPromotion, then
//	a.Promote(chess.Queen)    // Moved
//	a.Press(White)            // clock press: Completed, ClockPress
//
// A game-ending move (mate, stalemate, dead position, fivefold repetition,
// 75 moves) ends the game at Release or Promote, before any press. In
// RulesCasual, and in RulesFIDE with automatic press, the app calls Press
// right after each Moved decision.
//
// The Arbiter holds no clock and no game tree: it imports core/clock only for
// the time category, and produces events the app turns into PGN comments.
package arbiter
