// Package analysis annotates games with a UCI engine, as lichess's
// "computer analysis" does: an [%eval] after every main-line move, the
// inaccuracies, mistakes and blunders marked with the engine's better line,
// and an accuracy per player. It has no widgets; the window and the
// `touchmove analyze` command both call it.
//
// It is also where Touchmove starts engines: StartEngine starts one and
// sets its options (Threads, Hash, MultiPV, the user's own), for the live
// analysis (Analyzer), the whole-game analysis (Game), the command line,
// the probe of an engine's options (Probe) and play against the engine.
// The window reaches engines only through this package, never core/uci.
package analysis
