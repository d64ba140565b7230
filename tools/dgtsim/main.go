// Command dgtsim runs a simulated DGT board on a pseudo-terminal, for
// trying Touchmove's electronic board without the hardware:
//
//	go run ./tools/dgtsim -link /tmp/ttyDGT -moves "e4 e5 Nf3 Nc6" -gap 2s
//
// Touchmove then connects to /tmp/ttyDGT (View › Electronic board…, or
// touchmove record -board /tmp/ttyDGT). The moves are played on the board
// one every gap, once the app has put it in update mode; a square written
// ^a8 among them is a touch (the piece lifted and put back), and "start"
// sets the start position up again (a new game); -knock lifts a
// square after them (a piece knocked over). It runs until interrupted.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

func main() {
	link := flag.String("link", "/tmp/ttyDGT", "the path the board is reached at")
	moves := flag.String("moves", "", "moves in SAN to play on the board; ^a8 touches the piece on a8, start sets up a new game")
	gap := flag.Duration("gap", 2*time.Second, "the time between moves")
	rotated := flag.Bool("rotated", false, "lay the board turned round")
	knock := flag.String("knock", "", "a square to lift after the moves")
	flag.Parse()
	start := chess.StartPosition()
	b, err := dgtsim.New(*link, start.Board(), *rotated)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer b.Close()
	fmt.Println("DGT board simulated at", *link)
	go func() {
		for !b.Updating() {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(*gap)
		p := chess.StartPosition()
		for _, san := range strings.Fields(*moves) {
			if san == "start" {
				// The start position set up again: a new game.
				p = chess.StartPosition()
				want := p.Board()
				for sq := chess.Square(0); sq < 64; sq++ {
					if b.Pieces()[sq] != want[sq] {
						b.Set(sq, want[sq])
						time.Sleep(30 * time.Millisecond)
					}
				}
				fmt.Println("start position")
				time.Sleep(*gap)
				continue
			}
			if sq, err := chess.ParseSquare(strings.TrimPrefix(san, "^")); strings.HasPrefix(san, "^") && err == nil {
				// A touch: the piece lifted and put back.
				pc := b.Pieces()[sq]
				b.Set(sq, chess.NoPiece)
				time.Sleep(300 * time.Millisecond)
				b.Set(sq, pc)
				fmt.Println("touched", sq)
				time.Sleep(*gap)
				continue
			}
			m, err := p.ParseSAN(san)
			if err != nil {
				fmt.Fprintln(os.Stderr, san, err)
				return
			}
			for _, u := range dgtsim.MoveUpdates(p, m, dgtsim.OwnFirst) {
				b.Set(u.Square, u.Piece)
				time.Sleep(30 * time.Millisecond)
			}
			p.Play(m)
			fmt.Println(san)
			time.Sleep(*gap)
		}
		if sq, err := chess.ParseSquare(*knock); err == nil {
			b.Set(sq, chess.NoPiece)
			fmt.Println("knocked over", sq)
		}
	}()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	<-sig
}
