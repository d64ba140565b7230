// Package app holds Touchmove's game session and its commands, with no
// widgets: the game on the board and where it came from, the mode it is in
// (browsing, exploring, training — drill.go, its lines, clock and journal
// in drillline.go, drilltimed.go and drilljournal.go —, a live game played
// or finished: mode.go), a line added to the user's repertoire file
// (repertoire_add.go), the seats at the board (players over the board,
// engines as opponents through their driver, the electronic board it is
// read from), the arbiter and the clocks
// of a game played, the live analysis of the position shown, edits with
// undo and redo, exploring and setting up positions, what each action is
// allowed now and the players' words for why not. Every change is written
// to the session's journal (JournalEntry) so that a crash loses nothing, and
// Restore brings it back. The ui package calls it and redraws from the state
// it reports.
//
// The packages below app do the rest: store keeps the user's files safe
// (origins, atomic saves, charsets, the journal's file), library lists an
// open file's games and indexes their positions, mistakes finds a player's
// mistakes across a file and training keeps the deck of them that the
// training mode drills, and analysis, opponent, boardread, boardview and
// scoresheet serve one job each.
package app
