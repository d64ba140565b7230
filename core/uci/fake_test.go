package uci_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// fakeEnv names the misbehaviour of the fake engine: the test binary runs
// as a UCI engine when it is set (see TestMain).
const fakeEnv = "TOUCHMOVE_FAKE_UCI"

// fakeEngine is a tiny UCI engine for the tests. It knows only the start
// position (it answers 1. e4 e5 2. Nf3) and misbehaves as mode says:
//
//	crash       exits in the middle of a search
//	nouciok     never finishes the uci handshake
//	hangready   answers the first isready only
//	junk        prints junk, overlong and garbled lines around its answers
//	slowstop    takes a second to obey stop
//	nostop      never obeys stop, nor sends bestmove
//	flood       floods info lines and sends bestmove only after stop
//	illegalpv   sends a PV with an illegal move, and a garbled one
//	illegalbest answers an illegal best move
//	child       starts a child process that sleeps, and says its pid
//	ignorequit  ignores quit
//	sleeper     (the child) sleeps
func fakeEngine(mode string) {
	if mode == "sleeper" {
		time.Sleep(time.Hour)
		return
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	readies := 0
	stop := make(chan struct{}, 1)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			if sc.Text() == "stop" { // seen even while a search blocks the loop
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
	for l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		if mode == "junk" {
			say("\x00\xff garbage \x1b[31m")
			say("%s", strings.Repeat("x", 200<<10))
			say("info depth x score cp")
		}
		switch f[0] {
		case "uci":
			say("id name Fake Engine")
			say("id author Touchmove tests")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name Ponder type check default false")
			say("option name Style type combo default Normal var Solid var Normal var Risky")
			say("option name Clear Hash type button")
			say("option name Book File type string default <empty>")
			say("option name UCI_Chess960 type check default false")
			say("option name Broken type spin default 3")
			if mode == "child" {
				c := exec.Command(os.Args[0])
				c.Env = append(os.Environ(), fakeEnv+"=sleeper")
				c.Start()
				say("info string child %d", c.Process.Pid)
			}
			if mode != "nouciok" {
				say("uciok")
			}
		case "isready":
			readies++
			if mode == "hangready" && readies > 1 {
				continue
			}
			say("readyok")
		case "go":
			infinite := len(f) > 1 && f[1] == "infinite"
			say("info depth 1 seldepth 2 multipv 1 score cp 30 nodes 20 nps 2000 time 10 pv e2e4")
			if mode == "crash" {
				fmt.Fprintln(os.Stderr, "fake engine: simulated crash")
				os.Exit(3)
			}
			if mode == "illegalpv" {
				say("info depth 2 score cp 25 pv e2e4 e7e4")
				say("info depth 2 score cp 25 pv e2e4 zz")
				say("info depth 2 score mate x pv e2e4")
			}
			say("info depth 3 seldepth 5 multipv 1 score cp 28 lowerbound wdl 100 850 50 nodes 3000 nps 300000 hashfull 1 tbhits 0 time 10 pv e2e4 e7e5 g1f3")
			say("info depth 3 currmove e2e4 currmovenumber 1")
			if mode == "flood" {
				for n := 0; ; n++ {
					select {
					case <-stop:
					default:
						say("info depth %d score cp 20 nodes %d pv e2e4 e7e5", 4+n%20, n)
						continue
					}
					break
				}
			}
			if infinite || mode == "nostop" || mode == "slowstop" {
				<-stop
				if mode == "nostop" {
					continue
				}
				if mode == "slowstop" {
					time.Sleep(time.Second)
				}
			}
			if mode == "illegalbest" {
				say("bestmove e2e5")
				continue
			}
			say("bestmove e2e4 ponder e7e5")
		case "quit":
			if mode != "ignorequit" {
				return
			}
		}
	}
}
