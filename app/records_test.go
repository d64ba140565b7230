package app_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// recordsOf returns the keys of the records of g's comments (those whose
// English is still a comment), node by node, and of its closing comment.
func recordsOf(g *game.Game) []string {
	var keys []string
	for n := range func(yield func(*game.Node) bool) {
		if yield(g.Root()) {
			g.Nodes()(yield)
		}
	} {
		for _, c := range n.Comments() {
			if r, ok := game.RecordOf(n.Records(), game.CommentText(c)); ok {
				keys = append(keys, r.Text.Key)
			}
		}
	}
	for _, r := range g.EndRecords() {
		keys = append(keys, "end: "+r.Text.Key)
	}
	return keys
}

// What the arbiter and the session write into the score of a game played
// here (the rulings, the claims, the offers, the reason of the result) is
// English in the PGN and keeps its keyed Text on the game's nodes, so that
// the window can word it in the players' language; the journal keeps the
// Texts across a crash.
func TestRecordedEventsKeepTheirTexts(t *testing.T) {
	dir := t.TempDir()
	ft := &fakeTime{t: fixedNow()}
	s := app.NewSession(app.WithClock(ft.now), app.WithJournal(app.NewJournal(dir)))
	ts := blitz32()
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: &ts}); err != nil {
		t.Fatal(err)
	}
	for i, err := range []error{
		s.ArbiterSetTime(chess.White, 5*time.Minute),
		s.ClaimDraw(), // wrong: a penalty, and the claim stands as an offer
		s.DeclineDraw(chess.Black),
	} {
		if err != nil && !errors.Is(err, app.ErrRefused) {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	mustMove(t, s, "e2", "e4")
	for i, err := range []error{
		s.OfferDraw(chess.Black), // before moving
		s.Resign(chess.White),
	} {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	g := s.Game()
	want := []string{
		"Arbiter: {{.Side}}'s clock set to {{.Time}}.",
		"Draw claimed by {{.Side}}: incorrect; {{.Other}} {{.Time}}.",
		"{{.Side}} offered a draw before moving",
		"end: {{.Side}} resigns",
	}
	if got := recordsOf(g); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	data, err := store.EncodeGame(g)
	if err != nil {
		t.Fatal(err)
	}
	pgn := strings.Join(strings.Fields(string(data)), " ")
	for _, w := range []string{"Arbiter: White's clock set to 5:00", "Draw claimed by White: incorrect; Black +1:00", "Black offered a draw before moving", "White resigns"} {
		if !strings.Contains(pgn, w) {
			t.Errorf("the PGN lacks %q:\n%s", w, pgn)
		}
	}

	r := restoreJournal(t, dir, ft)
	// Read back, the closing comment is the last move's (PGN cannot tell
	// them apart): its record goes with it.
	want[len(want)-1] = "{{.Side}} resigns"
	if got := recordsOf(r.Game()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("restored records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// restoreJournal returns a new session restored from the journal in dir,
// as the next start after a crash makes it.
func restoreJournal(t *testing.T, dir string, ft *fakeTime) *app.Session {
	t.Helper()
	e, ok, err := app.LoadJournal(app.NewJournal(dir))
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	r := app.NewSession(app.WithClock(ft.now))
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	return r
}
