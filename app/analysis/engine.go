package analysis

import (
	"errors"
	"os/exec"
)

// ErrNoEngine: no engine was given and none was found.
var ErrNoEngine = errors.New("analysis: no chess engine found; install stockfish (apt install stockfish) or give an engine's path")

// FindEngine returns the path of the engine offered without setup:
// stockfish on the PATH, else in /usr/games (where Debian installs it).
func FindEngine() (string, error) {
	for _, p := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path, nil
		}
	}
	return "", ErrNoEngine
}
