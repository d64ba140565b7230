package app_test

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/uci"
)

// standIn is an engine that records what it is asked and says nothing:
// the test gives the analysis its words (Hear).
type standIn struct {
	asked  []string // the FENs shown, in order
	closed bool
}

func (e *standIn) Show(pos uci.Position) {
	cur := pos.Current()
	e.asked = append(e.asked, cur.FEN())
}
func (e *standIn) Close() { e.closed = true }

// withStandIn returns s's analysis starting e as its engine.
func withStandIn(s *app.Session, e *standIn) *app.LiveAnalysis {
	an := s.Analysis()
	an.UseEngine(func(analysis.LiveConfig, func(analysis.Live)) app.LiveEngine { return e })
	return an
}

// inPlace runs f at once: the test's goroutine owns the session.
func inPlace(f func()) { f() }

func fenOf(s *app.Session) string {
	pos := s.Current().Position()
	return pos.FEN()
}

// The analysis follows the node shown: each position is asked for once,
// the words about another position are dropped, and the best move is the
// first line's; Reask asks the same position again.
func TestLiveAnalysisFollows(t *testing.T) {
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := app.NewSession()
	s.Load(games[0], "", 0)
	e := &standIn{}
	an := withStandIn(s, e)
	var heard []analysis.Live
	an.OnUpdate(func(l analysis.Live) { heard = append(heard, l) })
	if an.On() {
		t.Fatal("on before Start")
	}
	if err := an.Start(analysis.LiveConfig{}, inPlace); err != nil {
		t.Fatal(err)
	}
	start := fenOf(s)
	if !an.On() || len(e.asked) != 1 || e.asked[0] != start {
		t.Fatalf("after Start: on %v, asked %q", an.On(), e.asked)
	}
	an.Follow()
	if len(e.asked) != 1 {
		t.Errorf("the same position asked again: %q", e.asked)
	}
	if _, ok := an.Word(); ok {
		t.Error("a word before the engine said any")
	}
	d4 := chess.NewMove(chess.D2, chess.D4)
	an.Hear(analysis.Live{FEN: "8/8/8/8/8/8/8/K6k w - - 0 1", Lines: []analysis.LiveLine{{Moves: []chess.Move{d4}}}})
	if _, ok := an.Word(); ok || len(heard) != 0 {
		t.Errorf("a word about another position taken (%d told)", len(heard))
	}
	an.Hear(analysis.Live{FEN: start, Depth: 12, Lines: []analysis.LiveLine{{Moves: []chess.Move{d4}}}})
	if w, ok := an.Word(); !ok || w.Depth != 12 || len(heard) != 1 {
		t.Errorf("word %+v %v, %d told", w, ok, len(heard))
	}
	if m, ok := an.Best(); !ok || m != d4 {
		t.Errorf("best %v %v", m, ok)
	}
	s.Forward()
	an.Follow()
	if len(e.asked) != 2 || e.asked[1] != fenOf(s) {
		t.Errorf("after a step forward asked %q", e.asked)
	}
	if _, ok := an.Best(); ok {
		t.Error("the last position's best move kept")
	}
	an.Reask()
	an.Follow()
	if len(e.asked) != 3 || e.asked[2] != fenOf(s) {
		t.Errorf("after Reask asked %q", e.asked)
	}
	an.Stop()
	if an.On() || !e.closed {
		t.Errorf("after Stop: on %v, engine closed %v", an.On(), e.closed)
	}
}

// The engine's line clicked is played up to the move clicked, as an
// exploration over a game of the file; never into a game in progress.
func TestLiveAnalysisPlayLine(t *testing.T) {
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := app.NewSession()
	s.Load(games[0], "games.pgn", 0)
	an := withStandIn(s, &standIn{})
	if err := an.Start(analysis.LiveConfig{}, inPlace); err != nil {
		t.Fatal(err)
	}
	moves := []chess.Move{chess.NewMove(chess.D2, chess.D4), chess.NewMove(chess.D7, chess.D5), chess.NewMove(chess.C2, chess.C4)}
	an.Hear(analysis.Live{FEN: fenOf(s), Lines: []analysis.LiveLine{{Moves: moves}}})
	if refused, err := an.PlayLine(0, 1); err != nil || !refused.IsZero() {
		t.Fatalf("PlayLine: %v, %q", err, refused.String())
	}
	if !s.Explored(s.Current()) || s.Current().SAN() != "d5" || s.Dirty() {
		t.Errorf("the board shows %q (explored %v, dirty %v), want the explored 1... d5", s.Current().SAN(), s.Explored(s.Current()), s.Dirty())
	}
	an.Stop()

	s = app.NewSession() // a casual game in progress
	an = withStandIn(s, &standIn{})
	if err := an.Start(analysis.LiveConfig{}, inPlace); err != nil {
		t.Fatal(err)
	}
	an.Hear(analysis.Live{FEN: fenOf(s), Lines: []analysis.LiveLine{{Moves: moves}}})
	if _, err := an.PlayLine(0, 0); !errors.Is(err, app.ErrRefused) || s.Game().PlyCount() != 0 {
		t.Errorf("PlayLine in a game in progress: %v, %d plies", err, s.Game().PlyCount())
	}
	an.Stop()
}

// No engine during a game under FIDE rules, and a new game played here
// turns the analysis off; browsing another game leaves it on.
func TestLiveAnalysisOffInGames(t *testing.T) {
	s := app.NewSession()
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	e := &standIn{}
	an := withStandIn(s, e)
	if err := an.Start(analysis.LiveConfig{}, inPlace); !errors.Is(err, app.ErrRefused) || an.On() {
		t.Fatalf("Start in a FIDE game: %v, on %v", err, an.On())
	}
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
		t.Fatal(err)
	}
	if err := an.Start(analysis.LiveConfig{}, inPlace); err != nil {
		t.Fatal(err)
	}
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	s.Load(games[0], "", 0)
	if why := an.Follow(); !an.On() || !why.IsZero() {
		t.Fatalf("a game loaded turned the analysis off: %q", why.String())
	}
	if err := s.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
		t.Fatal(err)
	}
	an.Follow()
	if an.On() || !e.closed {
		t.Errorf("a new game played here: on %v, engine closed %v", an.On(), e.closed)
	}
}

// An engine that cannot be started says so once, through the listeners,
// and the analysis is off; Stop waits until the engine is gone.
func TestLiveAnalysisEngineFails(t *testing.T) {
	s := app.NewSession()
	an := s.Analysis()
	calls := make(chan func(), 16)
	var heard []analysis.Live
	an.OnUpdate(func(l analysis.Live) { heard = append(heard, l) })
	cfg := analysis.LiveConfig{Lines: 1}
	cfg.Engine.Path = "/nonexistent/engine"
	if err := an.Start(cfg, func(f func()) { calls <- f }); err != nil {
		t.Fatal(err)
	}
	select {
	case f := <-calls:
		f()
	case <-time.After(10 * time.Second):
		t.Fatal("the engine's failure never came")
	}
	if len(heard) != 1 || heard[0].Err == nil || an.On() {
		t.Fatalf("heard %+v, on %v", heard, an.On())
	}
	an.Stop()
}

// With the engine found on this computer, the lines of the start position
// come back through do.
func TestLiveAnalysisRealEngine(t *testing.T) {
	path, err := analysis.FindEngine()
	if err != nil {
		if _, err := exec.LookPath("/usr/games/stockfish"); err != nil {
			t.Skip("no engine on this computer")
		}
		path = "/usr/games/stockfish"
	}
	s := app.NewSession()
	an := s.Analysis()
	calls := make(chan func(), 1024)
	cfg := analysis.LiveConfig{Lines: 2}
	cfg.Engine.Path = path
	if err := an.Start(cfg, func(f func()) { calls <- f }); err != nil {
		t.Fatal(err)
	}
	defer an.Stop()
	deadline := time.After(20 * time.Second)
	for {
		if w, ok := an.Word(); ok && len(w.Lines) == 2 && w.Depth >= 5 {
			break
		}
		select {
		case f := <-calls:
			f()
		case <-deadline:
			t.Fatal("no two lines at depth 5 in 20 s")
		}
	}
	if _, ok := an.Best(); !ok {
		t.Error("no best move")
	}
}
