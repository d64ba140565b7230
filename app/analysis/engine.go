package analysis

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/uci"
)

// ErrNoEngine: no engine was given and none was found.
var ErrNoEngine = errors.New("analysis: no chess engine found; " + installEngine)

// FindEngine returns the path of the engine offered without setup, the
// first of engineCandidates that can be run: on Windows a stockfish .exe
// beside touchmove.exe, then stockfish on the PATH; elsewhere stockfish on
// the PATH, else in /usr/games (where Debian installs it).
func FindEngine() (string, error) {
	for _, p := range engineCandidates() {
		if path, err := exec.LookPath(p); err == nil {
			return path, nil
		}
	}
	return "", ErrNoEngine
}

// EngineBeside returns the Stockfish executable in dir, or "": stockfish.exe,
// else the first by name of the stockfish*.exe files that Stockfish's own
// downloads hold (stockfish-windows-x86-64-avx2.exe).
func EngineBeside(dir string) string {
	if p := filepath.Join(dir, "stockfish.exe"); isFile(p) {
		return p
	}
	m, _ := filepath.Glob(filepath.Join(dir, "stockfish*.exe")) // the pattern is well formed
	slices.Sort(m)
	for _, p := range m {
		if isFile(p) {
			return p
		}
	}
	return ""
}

// isFile reports whether path is a regular file.
func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// EngineConfig says which engine to start and how to set it up. The window
// fills Engine.Path (and leaves the rest of Engine as it is) without naming
// core/uci.
type EngineConfig struct {
	Engine uci.Config
	// Lines is how many lines the engine searches (MultiPV), 1 to 5; 0
	// leaves the engine's own setting.
	Lines int
	// Options are set on the engine after it starts (Threads, Hash, …);
	// an option the engine does not declare is skipped.
	Options map[string]string
}

// StartEngine starts the engine of cfg and sets it up: cfg.Options that it
// declares, then MultiPV to cfg.Lines when Lines > 0 and it has MultiPV. It
// is the one place where Touchmove starts an engine: the live analysis
// (Analyzer), the whole-game analysis of the window, `touchmove analyze`,
// the probe of an engine's options (Probe), and a caller that plays against
// the engine all go through it. It gives up when ctx ends (or after
// cfg.Engine.Timeout), and the engine it returns is the caller's to Close.
func StartEngine(ctx context.Context, cfg EngineConfig) (*uci.Engine, error) {
	eng, err := uci.Start(ctx, cfg.Engine)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(cfg.Options))
	for name := range cfg.Options {
		names = append(names, name)
	}
	sort.Strings(names) // the same order every time, for the engine's log
	for _, name := range names {
		if _, ok := eng.Option(name); ok {
			if err := eng.SetOption(name, cfg.Options[name]); err != nil {
				eng.Close()
				return nil, err
			}
		}
	}
	if _, ok := eng.Option("MultiPV"); ok && cfg.Lines > 0 {
		if err := eng.SetOption("MultiPV", strconv.Itoa(cfg.Lines)); err != nil {
			eng.Close()
			return nil, err
		}
	}
	return eng, nil
}

// Option is an option an engine declares (uci.Option), for the window's
// engine settings.
type Option = uci.Option

// The types of an Option.
const (
	OptionCheck  = uci.Check
	OptionSpin   = uci.Spin
	OptionCombo  = uci.Combo
	OptionButton = uci.Button
	OptionString = uci.String
)

// EngineInfo is what an engine says of itself: its name, its author and
// the options it declares.
type EngineInfo struct {
	Name, Author string
	Options      []Option
}

// Probe starts the engine at path to read its name and options, then stops
// it. It gives up when ctx ends.
func Probe(ctx context.Context, path string) (EngineInfo, error) {
	cfg := EngineConfig{}
	cfg.Engine.Path = path
	eng, err := StartEngine(ctx, cfg)
	if err != nil {
		return EngineInfo{}, err
	}
	defer eng.Close()
	return EngineInfo{Name: eng.Name(), Author: eng.Author(), Options: eng.Options()}, nil
}

// EngineFailed reports whether err says that the engine stopped working:
// it exited, hung, broke the protocol or was closed under the caller.
func EngineFailed(err error) bool {
	return errors.Is(err, uci.ErrExited) || errors.Is(err, uci.ErrTimeout) ||
		errors.Is(err, uci.ErrProtocol) || errors.Is(err, uci.ErrClosed)
}

// PositionAt returns what an engine is asked about to analyse the node n:
// the game's start and the moves to n, so that the engine sees
// repetitions.
func PositionAt(n *game.Node) uci.Position {
	var moves []chess.Move
	for x := n; !x.IsRoot(); x = x.Parent() {
		moves = append(moves, x.Move())
	}
	slices.Reverse(moves)
	return uci.Position{Start: n.Game().Start(), Moves: moves}
}
