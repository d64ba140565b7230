// Package cli implements Touchmove's headless subcommands (perft, pgn,
// scoresheet, analyze, version): the same binary serves scripts and tests
// without opening a window. Each command takes its arguments and streams and
// returns an exit code: 0 on success, 1 when the input had problems, 2 for
// usage errors.
package cli
