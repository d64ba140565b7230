package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

// player is the pair of hands at one simulated board, and its clock.
type player struct {
	b    *dgtsim.Board
	n    int // the board's number
	o    options
	stop chan struct{}
	mu   sync.Mutex
	clk  *dgtsim.Clock
	p    chess.Position
}

func (pl *player) say(format string, args ...any) {
	fmt.Printf("board %d: %s\n", pl.n, fmt.Sprintf(format, args...))
}

// wait sleeps d, or less when the simulator stops; it reports whether to go on.
func (pl *player) wait(d time.Duration) bool {
	select {
	case <-pl.stop:
		return false
	case <-time.After(d):
		return true
	}
}

// play waits for the app, then plays the moves, one every gap.
func (pl *player) play() {
	for !pl.b.Updating() {
		if !pl.wait(50 * time.Millisecond) {
			return
		}
	}
	pl.p = chess.StartPosition()
	if pl.o.clock {
		pl.clk = dgtsim.NewClock(pl.o.clockBase, pl.o.clockInc)
		pl.clk.Press() // Black starts White's clock
		go pl.tick()
	}
	if !pl.wait(pl.o.gap) {
		return
	}
	words := strings.Fields(pl.o.moves)
	for i, w := range words {
		if pl.o.pull == pl.n && i == len(words)/2 {
			pl.b.Unplug()
			pl.say("cable pulled")
			if !pl.wait(3 * time.Second) {
				return
			}
			if err := pl.b.Plug(); err != nil {
				pl.say("%v", err)
				return
			}
			pl.say("cable back")
		}
		if !pl.word(w) || !pl.wait(pl.o.gap) {
			return
		}
		if pl.o.junk {
			pl.b.SendGarbage([]byte{0x01, 0x7f, 0x8e, 0x00, 0x22})
		}
	}
	if sq, err := chess.ParseSquare(pl.o.knock); err == nil {
		pl.b.Set(sq, chess.NoPiece)
		pl.say("knocked over %v", sq)
	}
	if pl.o.result != "" {
		pl.showResult()
	}
}

// word plays one word of -moves; it reports whether to go on.
func (pl *player) word(w string) bool {
	b := pl.b
	if w == "start" {
		pl.p = chess.StartPosition()
		want := pl.p.Board()
		for sq := chess.Square(0); sq < 64; sq++ {
			if b.Pieces()[sq] != want[sq] {
				b.Set(sq, want[sq])
				time.Sleep(30 * time.Millisecond)
			}
		}
		pl.say("start position")
		return true
	}
	if sq, err := chess.ParseSquare(strings.TrimPrefix(w, "^")); strings.HasPrefix(w, "^") && err == nil {
		pc := b.Pieces()[sq]
		b.Set(sq, chess.NoPiece)
		time.Sleep(300 * time.Millisecond)
		b.Set(sq, pc)
		pl.say("touched %v", sq)
		return true
	}
	m, err := pl.p.ParseSAN(w)
	if err != nil {
		fmt.Fprintf(os.Stderr, "board %d: %s: %v\n", pl.n, w, err)
		return false
	}
	for _, u := range dgtsim.MoveUpdates(pl.p, m, dgtsim.OwnFirst) {
		b.Set(u.Square, u.Piece)
		time.Sleep(30 * time.Millisecond)
	}
	pl.p.Play(m)
	if pl.clk != nil {
		time.Sleep(200 * time.Millisecond) // the hand goes to the clock
		pl.mu.Lock()
		pl.clk.Press()
		b.SetClock(pl.clk.Reading())
		pl.mu.Unlock()
	}
	pl.say("%s", w)
	return true
}

// tick runs the clock, reporting it through the board every second.
func (pl *player) tick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-pl.stop:
			return
		case <-t.C:
			pl.mu.Lock()
			pl.clk.Run(time.Second)
			pl.b.SetClock(pl.clk.Reading())
			pl.mu.Unlock()
		}
	}
}

// showResult places the kings on the centre squares for -result: both
// on light squares 1-0, both on dark squares 0-1, one on each a draw.
func (pl *player) showResult() {
	squares := map[string][2]chess.Square{"1-0": {chess.E4, chess.D5}, "0-1": {chess.D4, chess.E5}, "1/2-1/2": {chess.E4, chess.E5}}
	sq, ok := squares[pl.o.result]
	if !ok {
		fmt.Fprintf(os.Stderr, "board %d: -result %q: 1-0, 0-1 or 1/2-1/2\n", pl.n, pl.o.result)
		return
	}
	for i, c := range []chess.Color{chess.White, chess.Black} {
		k := pl.p.KingSquare(c)
		pl.b.Set(k, chess.NoPiece)
		time.Sleep(200 * time.Millisecond)
		pl.b.Set(sq[i], chess.NewPiece(c, chess.King))
		time.Sleep(200 * time.Millisecond)
	}
	pl.say("result %s shown with the kings", pl.o.result)
}
