//go:build !windows

package analysis

// installEngine says how to get an engine here.
const installEngine = "install stockfish (apt install stockfish) or give an engine's path"

// EngineSearch says in words where FindEngine looks (engineCandidates),
// for the commands' help.
const EngineSearch = "stockfish on the PATH, else in /usr/games"

// engineCandidates lists where FindEngine looks: stockfish on the PATH,
// else in /usr/games, where Debian installs it.
func engineCandidates() []string { return []string{"stockfish", "/usr/games/stockfish"} }
