// Command dgtsim runs simulated DGT boards on pseudo-terminals, for trying
// Touchmove's electronic board, or a hall of them, without the hardware:
//
//	go run ./tools/dgtsim -link /tmp/ttyDGT -moves "e4 e5 Nf3 Nc6" -gap 2s
//	go run ./tools/dgtsim -link /tmp/ttyDGT -boards 8 -clock 5400+30 -moves "e4 e5 Nf3" -result 1-0
//
// Touchmove then connects to /tmp/ttyDGT (View › Electronic board…, or
// touchmove record -board /tmp/ttyDGT); with -boards N the boards are at
// /tmp/ttyDGT-1 … /tmp/ttyDGT-N (touchmove record -board /tmp/ttyDGT-1
// -board /tmp/ttyDGT-2 …), each playing the moves on its own. The moves are
// played on a board one every gap, once the app has put it in update mode;
// a square written ^a8 among them is a touch (the piece lifted and put
// back), and "start" sets the start position up again (a new game); -knock
// lifts a square after them (a piece knocked over), -result places the
// kings on the centre squares to show a result (DGT's convention). -clock
// stands a DGT 3000 beside each board (base+increment in seconds), pressed
// after each move and reported through the board's stream; -junk sends
// bytes that are no message between moves; -pull N pulls board N's cable
// for three seconds halfway through. It runs until interrupted.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

// options are the command line's choices.
type options struct {
	moves, knock, result string
	gap                  time.Duration
	clockBase, clockInc  time.Duration
	clock, junk          bool
	pull                 int
}

func main() {
	link := flag.String("link", "/tmp/ttyDGT", "the path the board is reached at (with -boards, the prefix of LINK-1 …)")
	boards := flag.Int("boards", 1, "how many boards to simulate at once")
	moves := flag.String("moves", "", "moves in SAN to play on the board; ^a8 touches the piece on a8, start sets up a new game")
	gap := flag.Duration("gap", 2*time.Second, "the time between moves")
	rotated := flag.Bool("rotated", false, "lay the board turned round")
	knock := flag.String("knock", "", "a square to lift after the moves")
	result := flag.String("result", "", "a result (1-0, 0-1, 1/2-1/2) to show with the kings after the moves")
	clk := flag.String("clock", "", "a DGT 3000 beside each board: base+increment in seconds, e.g. 5400+30")
	junk := flag.Bool("junk", false, "send bytes that are no message between moves")
	pull := flag.Int("pull", 0, "the board whose cable is pulled for three seconds halfway through")
	flag.Parse()
	o := options{moves: *moves, knock: *knock, result: *result, gap: *gap, junk: *junk, pull: *pull}
	if *clk != "" {
		base, inc, ok := parseClock(*clk)
		if !ok {
			fmt.Fprintf(os.Stderr, "dgtsim: -clock %q: write base+increment in seconds, e.g. 5400+30\n", *clk)
			os.Exit(2)
		}
		o.clock, o.clockBase, o.clockInc = true, base, inc
	}
	if *boards < 1 {
		fmt.Fprintln(os.Stderr, "dgtsim: -boards needs 1 or more")
		os.Exit(2)
	}
	start := chess.StartPosition()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for i := 1; i <= *boards; i++ {
		path := *link
		if *boards > 1 {
			path = fmt.Sprintf("%s-%d", *link, i)
		}
		b, err := dgtsim.New(path, start.Board(), *rotated)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer b.Close()
		fmt.Println("DGT board simulated at", path)
		wg.Add(1)
		go func() {
			defer wg.Done()
			(&player{b: b, n: i, o: o, stop: stop}).play()
		}()
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	<-sig
	close(stop)
	wg.Wait()
}

func parseClock(s string) (base, inc time.Duration, ok bool) {
	b, i, _ := strings.Cut(s, "+")
	bs, err1 := strconv.Atoi(b)
	is, err2 := strconv.Atoi(i)
	if i == "" {
		is, err2 = 0, nil
	}
	if err1 != nil || err2 != nil || bs <= 0 || is < 0 {
		return 0, 0, false
	}
	return time.Duration(bs) * time.Second, time.Duration(is) * time.Second, true
}
