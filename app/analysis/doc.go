// Package analysis annotates games with a UCI engine, as lichess's
// "computer analysis" does: an [%eval] after every main-line move, the
// inaccuracies, mistakes and blunders marked with the engine's better line,
// and an accuracy per player. It has no widgets; the window and the
// `touchmove analyze` command both call it.
package analysis
