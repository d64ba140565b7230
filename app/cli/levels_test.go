//go:build levels

package cli

import (
	"context"
	"flag"
	"fmt"
	"regexp"
	"testing"

	"touchmove/app/opponent"
	"touchmove/core/clock"
	"touchmove/internal/reftools"
)

// The proof of the levels (design.md §8.5), not in make test's default run:
//
//	go test -tags levels -run TestLevels -timeout 0 -v ./app/cli/
//
// plays 40 games a pairing at 5+0.05, two at a time, and checks each level
// from 5 to 9 against stockfish at UCI_Elo = its rating (25–75%; level 10
// at least 25% against the highest UCI_Elo), each level
// against the one below (at least 60%), and level 1 against level 3 (at
// most 25%). -levels.only picks pairings by name, -levels.games and
// -levels.tc change the games.
var (
	levelsGames = flag.Int("levels.games", 40, "games a pairing")
	levelsTC    = flag.String("levels.tc", "5+0.05", "time control")
	levelsOnly  = flag.String("levels.only", "", "regexp of the pairings to play")
	levelsConc  = flag.Int("levels.concurrency", 2, "games at once")
)

type pairing struct {
	name     string
	a, b     opponent.Strength
	min, max float64 // bounds of a's score
}

func levelPairings() []pairing {
	var ps []pairing
	ps = append(ps, pairing{"L1-L3", opponent.Strength{Level: 1}, opponent.Strength{Level: 3}, 0, 0.25})
	for n := 2; n <= opponent.MaxLevel; n++ {
		ps = append(ps, pairing{fmt.Sprintf("L%d-L%d", n, n-1), opponent.Strength{Level: n}, opponent.Strength{Level: n - 1}, 0.60, 1})
	}
	for _, lv := range opponent.Levels()[4:] {
		elo, top := lv.Rating, 0.75
		if lv.Method == opponent.Full {
			// Stockfish 15.1's highest UCI_Elo: full strength is above any
			// rating the engine can be told, so only its floor is checked.
			elo, top = 2850, 1
		}
		ps = append(ps, pairing{fmt.Sprintf("L%d-Elo%d", lv.N, elo), opponent.Strength{Level: lv.N}, opponent.Strength{Elo: elo}, 0.25, top})
	}
	return ps
}

func TestLevels(t *testing.T) {
	path := reftools.Stockfish(t)
	tc, err := clock.ParseTimeControl(*levelsTC)
	if err != nil {
		t.Fatal(err)
	}
	ctl, err := tc.Control()
	if err != nil {
		t.Fatal(err)
	}
	only := regexp.MustCompile(*levelsOnly)
	fmt.Printf("%-12s %5s %9s %7s %14s  %s\n", "pairing", "games", "W-L-D", "score", "Elo", "bound")
	for _, p := range levelPairings() {
		if !only.MatchString(p.name) {
			continue
		}
		r := PlayMatch(context.Background(), MatchConfig{
			Players: [2]MatchPlayer{{Path: path, Strength: p.a}, {Path: path, Strength: p.b}},
			Games:   *levelsGames, Control: ctl, Concurrency: *levelsConc, Seed: 1,
		})
		diff, margin := r.Elo()
		ok := r.Score() >= p.min && r.Score() <= p.max
		verdict := "ok"
		if !ok {
			verdict = "FAIL"
		}
		fmt.Printf("%-12s %5d %3d-%d-%d %7.3f %+6.0f ± %4.0f  %.2f–%.2f %s\n", p.name, r.Wins+r.Losses+r.Draws,
			r.Wins, r.Losses, r.Draws, r.Score(), diff, margin, p.min, p.max, verdict)
		if r.Failed > 0 {
			t.Errorf("%s: %d games failed", p.name, r.Failed)
		}
		if !ok {
			t.Errorf("%s: scored %.3f, want %.2f to %.2f", p.name, r.Score(), p.min, p.max)
		}
	}
}
