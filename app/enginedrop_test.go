package app_test

import (
	"strings"
	"testing"
	"time"

	"touchmove/app"
)

// TestDroppedEngineIsInTheScore drops the engine playing Black, which hangs
// after 1.e4 (issue 45, point 10c): the tags still name it, so the score
// says at that move that it stopped, why, and that a person plays Black
// from there on.
func TestDroppedEngineIsInTheScore(t *testing.T) {
	fake := hangingEngine(t)
	s := newSession(t)
	s.SetOpponents(app.Opponents{Black: &app.EngineSeat{Path: fake, Name: "Hangs", Level: 2}})
	g := &engineGame{t: t, s: s, tasks: make(chan func(), 8)}
	g.d = app.NewDriver(s, func(f func()) { g.tasks <- f }, app.DriverConfig{Hang: time.Second})
	t.Cleanup(g.d.Close)
	s.OnChange(g.d.Update)
	mustMove(t, s, "e2", "e4")
	g.wait("the hung engine's drop", func() bool { return s.Opponents().Black == nil })
	if got := s.Game().Tags.Value("Black"); got != "Hangs (level 2)" {
		t.Errorf("Black %q", got)
	}
	mustMove(t, s, "e7", "e5") // a person plays Black now
	text := movetext(t, s)
	for _, want := range []string{"1. e4 { Hangs (level 2) stopped playing Black here: ", "did not", ". A person plays Black from here on. } 1... e5"} {
		if !strings.Contains(text, want) {
			t.Errorf("score %q, want %q in it", text, want)
		}
	}
}
