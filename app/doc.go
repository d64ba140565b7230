// Package app holds Touchmove's application state and commands, with no
// widgets: the open file and its games, the current game session (game, clock
// and arbiter, the electronic board it is read from, the live analysis of the
// position shown), undo and redo of edits, preferences, the journal of the
// game in progress with crash recovery, and atomic saves. The ui package
// calls it and redraws from the state it reports.
package app
