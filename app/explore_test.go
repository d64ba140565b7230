package app_test

import (
	"strings"
	"testing"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/chess"
)

const exploreBase = `[Event "E"]
[Site "?"]
[Date "2026.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "*"]

1. d4 {a comment} d5 2. c4 *
`

// exploreLoad opens exploreBase as game 1 of a file.
func exploreLoad(t *testing.T) (*app.Session, string) {
	t.Helper()
	games, err := store.DecodeGames(strings.NewReader(exploreBase))
	if err != nil || len(games) != 1 {
		t.Fatalf("decode: %v", err)
	}
	s := app.NewSession()
	s.Load(games[0], "games.pgn", 0)
	pgn, err := store.EncodeGame(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	return s, string(pgn)
}

func explore(t *testing.T, s *app.Session, uci ...string) {
	t.Helper()
	for _, u := range uci {
		p := s.Current().Position()
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		if fb := s.Explore(m); !fb.Moved {
			t.Fatalf("explore %s: %+v", u, fb)
		}
	}
}

func gamePGN(t *testing.T, s *app.Session) string {
	t.Helper()
	b, err := store.EncodeGame(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Moves played from the tree over a game of the file go to an exploration:
// the game stays as it was and unchanged, whatever ends the exploration;
// the board and the notation's game show the explored moves (issue 45,
// point 6).
func TestExploreLeavesTheGameAlone(t *testing.T) {
	leave := map[string]func(s *app.Session){
		"Esc":                func(s *app.Session) { s.LeaveExploration() },
		"a move of the game": func(s *app.Session) { s.GoTo(s.Shown().Root().Next().Next()) },
		"the start and on":   func(s *app.Session) { s.First(); s.Forward() },
	}
	for name, f := range leave {
		t.Run(name, func(t *testing.T) {
			s, before := exploreLoad(t)
			explore(t, s, "e2e4", "c7c5")
			if s.Dirty() {
				t.Fatal("exploring marked the game changed")
			}
			if got := gamePGN(t, s); got != before {
				t.Fatalf("the game of the file changed while exploring:\n%s", got)
			}
			if !s.Exploring() || !s.Explored(s.Current()) || s.Current().SAN() != "c5" {
				t.Fatalf("the board does not show the explored c5: exploring %v, at %q", s.Exploring(), s.Current().SAN())
			}
			if n := len(s.Shown().Root().Children()); n != 2 {
				t.Fatalf("the game shown has %d first moves, want d4 and the explored e4", n)
			}
			if s.CanUndo() {
				t.Fatal("exploring made an undoable edit")
			}
			f(s)
			if s.Exploring() || s.Dirty() || gamePGN(t, s) != before {
				t.Fatalf("after leaving: exploring %v, dirty %v, game\n%s", s.Exploring(), s.Dirty(), gamePGN(t, s))
			}
			if s.Shown() != s.Game() || s.Current().Game() != s.Game() {
				t.Fatal("the board does not show the game of the file again")
			}
		})
	}
}

// While exploring, a drag on the board explores on; Keep makes the explored
// moves a variation, one undoable edit that marks the game changed.
func TestKeepExplored(t *testing.T) {
	s, before := exploreLoad(t)
	explore(t, s, "e2e4")
	if fb := s.Drop(chess.C7, chess.C5); !fb.Moved {
		t.Fatalf("drop: %+v", fb)
	}
	if s.Dirty() || gamePGN(t, s) != before {
		t.Fatal("a drag while exploring changed the game")
	}
	if err := s.KeepExplored(); err != nil {
		t.Fatal(err)
	}
	if s.Exploring() || !s.Dirty() {
		t.Fatalf("after Keep: exploring %v, dirty %v", s.Exploring(), s.Dirty())
	}
	if got := gamePGN(t, s); !strings.Contains(got, "( 1. e4 c5 )") {
		t.Fatalf("the variation is not kept:\n%s", got)
	}
	if s.Current().SAN() != "c5" || s.Current().Game() != s.Game() {
		t.Fatalf("after Keep the board shows %q", s.Current().SAN())
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := gamePGN(t, s); got != before {
		t.Fatalf("undo of Keep:\n%s", got)
	}
	if err := s.KeepExplored(); err == nil {
		t.Fatal("Keep with nothing explored did not say so")
	}
}

// An annotation of an explored move keeps the explored moves first; the
// engine's analysis of the whole game and Undo leave the exploration.
func TestEditWhileExploring(t *testing.T) {
	s, before := exploreLoad(t)
	explore(t, s, "e2e4", "c7c5")
	e := app.NewEditor(s)
	if err := e.SetCommentText(s.Current(), "Sicilian"); err != nil {
		t.Fatal(err)
	}
	if got := gamePGN(t, s); !strings.Contains(got, "( 1. e4 c5 { Sicilian } )") {
		t.Fatalf("the annotated line is not kept:\n%s", got)
	}
	if err := s.Undo(); err != nil { // the comment
		t.Fatal(err)
	}
	if err := s.Undo(); err != nil { // the kept moves
		t.Fatal(err)
	}
	if got := gamePGN(t, s); got != before {
		t.Fatalf("two undos:\n%s", got)
	}
	explore(t, s, "e2e4")
	if err := s.Redo(); err != nil || s.Exploring() {
		t.Fatalf("redo while exploring: %v, exploring %v", err, s.Exploring())
	}
	if got := gamePGN(t, s); !strings.Contains(got, "( 1. e4 c5 )") {
		t.Fatalf("redo of the kept moves:\n%s", got)
	}
}

// A game made here (not of a file) takes the explored moves as variations,
// as before.
func TestExploreNewGameEdits(t *testing.T) {
	s := app.NewSession()
	games, _ := store.DecodeGames(strings.NewReader(exploreBase))
	s.Load(games[0], "", 0)
	explore(t, s, "e2e4")
	if s.Exploring() || !s.Dirty() {
		t.Fatalf("exploring %v, dirty %v", s.Exploring(), s.Dirty())
	}
}
