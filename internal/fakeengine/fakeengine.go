package fakeengine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// Env names the environment variable that holds the engine's mode.
const Env = "TOUCHMOVE_FAKE_ENGINE"

// The modes of the engine.
const (
	// Good answers every search at once.
	Good = "good"
	// Flood floods info lines on every search and sends bestmove only
	// after stop.
	Flood = "flood"
	// NoStop floods info lines on every search and never reads stop again:
	// it has to be killed.
	NoStop = "nostop"
	// NoUCIOK never finishes the uci handshake: it names itself and then
	// says nothing more, as an engine hung while it starts.
	NoUCIOK = "nouciok"
)

// Config returns how to start the test binary as the engine in mode.
func Config(mode string) uci.Config {
	return uci.Config{Path: os.Args[0], Env: append(os.Environ(), Env+"="+mode)}
}

// Serve runs the engine and exits when the binary was started as one (Env
// is set); else it returns at once.
func Serve() {
	mode := os.Getenv(Env)
	if mode == "" {
		return
	}
	run(mode, os.Stdin, os.Stdout)
	os.Exit(0)
}

// run speaks UCI on in and out.
func run(mode string, in io.Reader, w io.Writer) {
	out := bufio.NewWriter(w)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	stop := make(chan struct{}, 1)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			if sc.Text() == "stop" {
				select {
				case stop <- struct{}{}:
				default:
				}
				continue
			}
			lines <- sc.Text()
		}
		close(lines)
	}()
	pos := chess.StartPosition()
	for l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake %s engine", mode)
			say("option name MultiPV type spin default 1 min 1 max 5")
			say("option name Threads type spin default 1 min 1 max 64")
			say("option name Hash type spin default 16 min 1 max 1024")
			if mode == NoUCIOK {
				continue
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "position":
			pos = position(f[1:])
		case "go":
			legal := pos.LegalMoves()
			if len(legal) == 0 {
				say("info depth 0 score cp 0")
				say("bestmove (none)")
				continue
			}
			best := pos.UCI(legal[0])
			switch mode {
			case Flood:
				for n := 0; ; n++ {
					select {
					case <-stop:
					default:
						say("info depth %d score cp 20 nodes %d pv %s", 1+n%30, n, best)
						continue
					}
					break
				}
			case NoStop:
				for n := 0; ; n++ {
					say("info depth %d score cp 20 nodes %d pv %s", 1+n%30, n, best)
				}
			}
			say("info depth 5 score cp 20 nodes 100 pv %s", best)
			say("bestmove %s", best)
		case "quit":
			return
		}
	}
}

// position reads the arguments of a position command.
func position(f []string) chess.Position {
	pos := chess.StartPosition()
	i := 0
	if len(f) > 0 && f[0] == "fen" {
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		if p, err := chess.FromFEN(strings.Join(f[1:j], " ")); err == nil {
			pos = p
		}
		i = j
	} else if len(f) > 0 && f[0] == "startpos" {
		i = 1
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := pos.ParseUCI(s)
			if err != nil {
				break
			}
			pos.Play(m)
		}
	}
	return pos
}
