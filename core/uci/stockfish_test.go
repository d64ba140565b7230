package uci_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/uci"
	"touchmove/internal/reftools"
)

// stockfish starts the stockfish that `make test` installs; its absence is
// a failure, not a skip.
func stockfish(t *testing.T) (*uci.Engine, *logSink) {
	t.Helper()
	sink := new(logSink)
	e, err := uci.Start(context.Background(), uci.Config{Path: reftools.Stockfish(t), Log: sink.log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if err := e.SetOption("Threads", "1"); err != nil {
		t.Fatal(err)
	}
	return e, sink
}

func fen(t *testing.T, s string) uci.Position {
	t.Helper()
	p, err := chess.FromFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return uci.NewPosition(p)
}

func TestStockfish(t *testing.T) {
	e, sink := stockfish(t)
	if !strings.HasPrefix(e.Name(), "Stockfish") {
		t.Errorf("name %q", e.Name())
	}
	for _, name := range []string{"Hash", "Threads", "MultiPV", "UCI_Chess960", "Clear Hash"} {
		if _, ok := e.Option(name); !ok {
			t.Errorf("no option %s", name)
		}
	}
	if err := e.SetOption("MultiPV", "3"); err != nil {
		t.Fatal(err)
	}
	if err := e.SetOption("MultiPV", "900"); !errors.Is(err, uci.ErrOption) {
		t.Errorf("MultiPV 900: %v", err)
	}
	ctx := context.Background()
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		pos   uci.Position
		lim   uci.Limits
		lines int
		best  string // UCI, "" for none, "*" for any
		score string // prefix of the best line's score, "" for any
	}{
		{"start, depth", startPos(), uci.Limits{Depth: 10}, 3, "*", ""},
		{"nodes", startPos(), uci.Limits{Nodes: 20000}, 3, "*", ""},
		{"movetime", startPos(), uci.Limits{MoveTime: 100 * time.Millisecond}, 3, "*", ""},
		{"mate in one", fen(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), uci.Limits{Depth: 8}, 3, "a1a8", "#1"},
		{"mated", fen(t, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), uci.Limits{Depth: 5}, 0, "", ""},
		{"stalemate", fen(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), uci.Limits{Depth: 5}, 0, "", ""},
		{"promotion mates", fen(t, "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"), uci.Limits{Depth: 10}, 3, "*", "#1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var infos int
			res, err := e.Search(ctx, c.pos, c.lim, func(uci.Info) { infos++ })
			if err != nil {
				t.Fatal(err)
			}
			cur := c.pos.Current()
			switch {
			case c.best == "" && res.BestMove != chess.NoMove:
				t.Errorf("best move %s in a finished game", cur.UCI(res.BestMove))
			case c.best != "" && res.BestMove == chess.NoMove:
				t.Error("no best move")
			case c.best != "" && c.best != "*" && cur.UCI(res.BestMove) != c.best:
				t.Errorf("best move %s, want %s", cur.UCI(res.BestMove), c.best)
			}
			if len(res.Lines) != c.lines {
				t.Fatalf("%d lines, want %d: %+v", len(res.Lines), c.lines, res.Lines)
			}
			if c.lines > 0 {
				l := res.Lines[0]
				if l.Moves[0] != res.BestMove || len(l.SAN) != len(l.PV) || l.Depth == 0 || l.Nodes == 0 {
					t.Errorf("best line %+v", l)
				}
				if c.score != "" && l.Score.String() != c.score {
					t.Errorf("score %s, want %s", l.Score, c.score)
				}
			}
		})
	}
	if strings.Contains(sink.String(), "dropped") {
		t.Errorf("stockfish's lines were dropped:\n%s", sink)
	}
}

func TestStockfishChess960AndStop(t *testing.T) {
	e, sink := stockfish(t)
	// Castling in Chess960 is sent and read back as king takes rook.
	start, err := chess.Chess960Start(518)
	if err != nil {
		t.Fatal(err)
	}
	p := uci.NewPosition(start)
	pos := start
	for _, s := range strings.Fields("e4 e5 Nf3 Nc6 Bc4 Bc5 d3 Nf6 O-O") {
		m, err := pos.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Moves = append(p.Moves, m)
		pos.Play(m)
	}
	ctx := context.Background()
	res, err := e.Search(ctx, p, uci.Limits{Depth: 12}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) == 0 || res.BestMove == chess.NoMove {
		t.Fatalf("result %+v", res)
	}
	// Then back to standard chess, infinite, stopped by the context.
	ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	begin := time.Now()
	res, err = e.Search(ctx, startPos(), uci.Limits{}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || res.BestMove == chess.NoMove {
		t.Errorf("infinite search: %+v, %v", res, err)
	}
	if d := time.Since(begin); d > 5*time.Second { // a hang, not a speed check
		t.Errorf("stop took %v", d)
	}
	if strings.Contains(sink.String(), "dropped") {
		t.Errorf("stockfish's lines were dropped:\n%s", sink)
	}
}
