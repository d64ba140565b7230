//go:build !windows

package analysis

// installEngine says how to get an engine here.
const installEngine = "install stockfish (apt install stockfish) or give an engine's path"

// engineCandidates lists where FindEngine looks: stockfish on the PATH,
// else in /usr/games, where Debian installs it.
func engineCandidates() []string { return []string{"stockfish", "/usr/games/stockfish"} }
