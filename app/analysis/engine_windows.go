package analysis

import (
	"os"
	"path/filepath"
)

// installEngine says how to get an engine here: Windows ships none.
const installEngine = "download Stockfish for Windows from https://stockfishchess.org/download/, put its .exe beside touchmove.exe, or give an engine's path"

// EngineSearch says in words where FindEngine looks (engineCandidates),
// for the commands' help.
const EngineSearch = "stockfish.exe (or Stockfish's own stockfish-*.exe) beside touchmove.exe, else stockfish.exe on the PATH"

// engineCandidates lists where FindEngine looks: a Stockfish .exe beside
// touchmove.exe (EngineBeside), then stockfish on the PATH.
func engineCandidates() []string {
	var out []string
	if exe, err := os.Executable(); err == nil {
		if p := EngineBeside(filepath.Dir(exe)); p != "" {
			out = append(out, p)
		}
	}
	return append(out, "stockfish")
}
