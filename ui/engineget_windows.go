package ui

import "fyne.io/fyne/v2/lang"

// The words that say how to get a chess engine on Windows, where none
// comes with Touchmove: Stockfish's own download, beside touchmove.exe or
// chosen in View › Chess engine… (analysis.FindEngine looks there).

// noEngineText says that no engine was found, beside the engine pane's
// button.
func noEngineText() string {
	return lang.L("No chess engine: download Stockfish for Windows from stockfishchess.org and put its .exe beside touchmove.exe, or choose it in View › Chess engine…")
}

// engineNotRunText says that the engine chosen at path cannot be run.
func engineNotRunText(path string) string {
	return lang.L("The chess engine {{.Path}} cannot be run: choose another in View › Chess engine…, or download Stockfish for Windows from stockfishchess.org.", map[string]any{"Path": path})
}

// noEngineFoundText is the error text of analysis.ErrNoEngine.
func noEngineFoundText() string { return noEngineText() }

// noOpponentEngineText says that an engine seat has no engine to play.
func noOpponentEngineText() string { return noEngineText() }

// engineGetHelp is what View › Chess engine… says of where to get an
// engine.
func engineGetHelp() string {
	return lang.L("Touchmove comes with no chess engine: download Stockfish for Windows from https://stockfishchess.org/download/, unzip it, and choose its .exe here, or put it beside touchmove.exe.")
}
