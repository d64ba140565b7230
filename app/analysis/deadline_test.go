package analysis_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"touchmove/app/analysis"
	"touchmove/core/uci"
	"touchmove/internal/fakeengine"
)

// An engine that never sends bestmove to a depth (it floods info lines
// instead) no longer holds the analysis forever (issue 27): each search is
// stopped at its deadline and what the engine found is used; one that does
// not even obey stop ends the analysis with an error that names it.
func TestGameSearchDeadline(t *testing.T) {
	for _, c := range []struct {
		mode     string
		err      error
		overruns int
	}{
		{fakeengine.Good, nil, 0},
		{fakeengine.Flood, nil, 4},
		{fakeengine.NoStop, uci.ErrTimeout, 0},
	} {
		t.Run(c.mode, func(t *testing.T) {
			cfg := fakeengine.Config(c.mode)
			cfg.SearchTimeout, cfg.StopTimeout = 200*time.Millisecond, 500*time.Millisecond
			e, err := uci.Start(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			g := readGame(t, "[Event \"t\"]\n\n1. e4 e5 2. Nf3 *")
			s := analysis.Settings{Limits: uci.Limits{Depth: 12}}
			var seen []analysis.Progress
			done := make(chan struct{})
			var rep analysis.Report
			go func() {
				defer close(done)
				rep, err = analysis.Game(context.Background(), e, g, s, func(p analysis.Progress) { seen = append(seen, p) })
			}()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the analysis does not return")
			}
			if (c.err == nil) != (err == nil) || c.err != nil && !errors.Is(err, c.err) {
				t.Fatalf("Game = %v, want %v", err, c.err)
			}
			if err != nil && !strings.Contains(err.Error(), "Fake nostop engine") {
				t.Errorf("the error does not name the engine: %v", err)
			}
			if len(rep.Overruns) != c.overruns {
				t.Errorf("%d overruns, want %d: %v", len(rep.Overruns), c.overruns, rep.Overruns)
			}
			if c.mode != fakeengine.Good {
				// The window learns while a search runs how deep it got.
				deep := false
				for _, p := range seen {
					deep = deep || p.Depth > 0 && p.Engine != ""
				}
				if !deep {
					t.Errorf("no progress during a search: %+v", seen)
				}
			}
			if c.err == nil && strings.Count(writeGame(t, g), "[%eval") != 3 {
				t.Errorf("not every move has an eval:\n%s", writeGame(t, g))
			}
		})
	}
}
