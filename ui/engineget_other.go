//go:build !windows

package ui

import "fyne.io/fyne/v2/lang"

// The words that say how to get a chess engine where Debian's or Ubuntu's
// package manager installs Stockfish.

// noEngineText says that no engine was found, beside the engine pane's
// button.
func noEngineText() string {
	return lang.L("No chess engine: install stockfish (sudo apt install stockfish), or choose one in View › Chess engine…")
}

// engineNotRunText says that the engine chosen at path cannot be run.
func engineNotRunText(path string) string {
	return lang.L("The chess engine {{.Path}} cannot be run: choose another in View › Chess engine…, or install stockfish (sudo apt install stockfish).", map[string]any{"Path": path})
}

// noEngineFoundText is the error text of analysis.ErrNoEngine.
func noEngineFoundText() string {
	return lang.L("No chess engine was found. Install Stockfish (apt install stockfish), or give an engine in View › {{.Menu}}",
		map[string]any{"Menu": lang.L("Chess engine…")})
}

// noOpponentEngineText says that an engine seat has no engine to play.
func noOpponentEngineText() string {
	return lang.L("No chess engine found: install stockfish (apt install stockfish) or choose one in View › Chess engine….")
}

// engineGetHelp is what View › Chess engine… says of where to get an
// engine: nothing here, where the package manager has one.
func engineGetHelp() string { return "" }
