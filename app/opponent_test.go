package app_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/internal/reftools"
)

func stockfishPath(t *testing.T) string {
	t.Helper()
	return reftools.Stockfish(t)
}

// engineGame is a session with a driver whose answers are run by wait, as
// the window's fyne.Do would run them.
type engineGame struct {
	t     *testing.T
	s     *app.Session
	d     *app.Driver
	tasks chan func()
}

func newEngineGame(t *testing.T, mode arbiter.Rules, o app.Opponents, opts ...app.SessionOption) *engineGame {
	t.Helper()
	s := newSession(t, opts...)
	if err := s.NewGame(app.NewGameOptions{Rules: mode,
		Time: &app.TimeSettings{White: clock.Fischer(time.Minute, 0), Black: clock.Fischer(time.Minute, 0)}}); err != nil {
		t.Fatal(err)
	}
	s.SetOpponents(o)
	g := &engineGame{t: t, s: s, tasks: make(chan func(), 8)}
	g.d = app.NewDriver(s, func(f func()) { g.tasks <- f }, app.DriverConfig{Options: map[string]string{"Threads": "1"}})
	t.Cleanup(g.d.Close)
	s.OnChange(g.d.Update)
	g.d.Update()
	return g
}

// wait runs the driver's answers until cond holds.
func (g *engineGame) wait(what string, cond func() bool) {
	g.t.Helper()
	deadline := time.After(30 * time.Second)
	for !cond() {
		select {
		case f := <-g.tasks:
			f()
		case <-deadline:
			g.t.Fatalf("waited 30 s for %s; status %+v", what, g.s.Status())
		}
	}
}

func (g *engineGame) plies() int { return g.s.Game().PlyCount() }

func TestEngineOpponent(t *testing.T) {
	sf := stockfishPath(t)
	g := newEngineGame(t, arbiter.RulesCasual, app.Opponents{Black: &app.EngineSeat{Path: sf, Level: 1, Seed: 3}})
	s := g.s
	if c, ok := s.PersonColor(); !ok || c != chess.White {
		t.Fatalf("PersonColor = %v, %v", c, ok)
	}
	mustMove(t, s, "e2", "e4")
	// The engine's turn: a person's touch of its pieces is refused.
	if fb := s.Press(chess.E7); !strings.Contains(fb.Refused.String(), "engine") {
		t.Errorf("a touch during the engine's turn: %+v", fb)
	}
	if st := s.CanHint(); st.Enabled {
		t.Error("a hint may be asked on the engine's turn")
	}
	g.wait("the engine's move", func() bool { return g.plies() == 2 })
	tags := s.Game().Tags
	if got := tags.Value("Black"); !strings.HasPrefix(got, "Stockfish") || !strings.HasSuffix(got, "(level 1)") {
		t.Errorf("Black tag %q", got)
	}
	end := s.Game().End()
	if _, ok := end.Clock(); !ok {
		t.Error("the engine's move has no clock reading: its clock was not pressed")
	}
	if faces, _ := s.ClockFaces(); !faces[chess.White].Running || faces[chess.Black].Running {
		t.Errorf("after the engine's move White's clock does not run alone: %+v", faces)
	}
	// A hint on the person's turn is recorded as a comment.
	var hint chess.Move
	done := false
	g.d.Hint(50*time.Millisecond, func(m chess.Move, err error) {
		if err != nil {
			t.Errorf("hint: %v", err)
		}
		hint, done = m, true
	})
	g.wait("the hint", func() bool { return done })
	if hint == chess.NoMove || !strings.Contains(s.Game().End().Comment(), "Hint: ") {
		t.Errorf("hint %v, comment %q", hint, s.Game().End().Comment())
	}
	// A takeback takes back the engine's move and the person's.
	if err := s.TakebackVsEngine(); err != nil {
		t.Fatal(err)
	}
	if g.plies() != 0 {
		t.Fatalf("after the takeback %d plies", g.plies())
	}
	mustMove(t, s, "d2", "d4")
	g.wait("the engine's move after the takeback", func() bool { return g.plies() == 2 })
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
}

// Under FIDE rules the engine's game refuses hints, takebacks and pauses.
func TestEngineOpponentFIDE(t *testing.T) {
	sf := stockfishPath(t)
	g := newEngineGame(t, arbiter.RulesFIDE, app.Opponents{White: &app.EngineSeat{Path: sf, Level: 2}})
	s := g.s
	g.wait("the engine's first move", func() bool { return g.plies() == 1 })
	for name, st := range map[string]app.ActionState{"hint": s.CanHint(), "takeback": s.Can(app.ActionTakeback), "pause": s.Can(app.ActionPause)} {
		if st.Enabled || st.Why.IsZero() {
			t.Errorf("%s under FIDE rules against the engine: %+v", name, st)
		}
	}
}

// An engine that cannot start leaves a two-player game, with a message.
func TestEngineOpponentFails(t *testing.T) {
	g := newEngineGame(t, arbiter.RulesCasual, app.Opponents{White: &app.EngineSeat{Path: "/nonexistent/engine", Level: 5}})
	s := g.s
	g.wait("the engine's failure", func() bool { return s.Opponents().White == nil })
	if msg := s.Status().Message.String(); !strings.Contains(msg, "two players") {
		t.Errorf("message %q", msg)
	}
	mustMove(t, s, "e2", "e4") // a person plays White now
	if s.Status().Phase != app.Playing {
		t.Errorf("mode %v", s.Status().Phase)
	}
}

// The engine resigns a lost game when it is set to.
func TestEngineResigns(t *testing.T) {
	sf := stockfishPath(t)
	s := newSession(t)
	// Black, the engine, has a bare king against a queen and rook.
	if err := s.NewGame(app.NewGameOptions{FEN: "4k3/8/8/8/8/8/8/QR2K3 b - - 0 1", Rules: arbiter.RulesCasual}); err != nil {
		t.Fatal(err)
	}
	s.SetOpponents(app.Opponents{Black: &app.EngineSeat{Path: sf, Level: 10}, ResignWhenLost: true})
	g := &engineGame{t: t, s: s, tasks: make(chan func(), 8)}
	g.d = app.NewDriver(s, func(f func()) { g.tasks <- f }, app.DriverConfig{Untimed: 50 * time.Millisecond})
	t.Cleanup(g.d.Close)
	s.OnChange(g.d.Update)
	g.d.Update()
	person := [][2]string{{"b1", "b7"}, {"a1", "a2"}, {"a2", "a3"}, {"a3", "a4"}}
	for i := 0; !s.Status().Over && i < len(person); i++ {
		g.wait("the engine's move", func() bool { return s.Status().Over || s.Status().Turn == chess.White })
		if s.Status().Over {
			break
		}
		p := s.Game().End().Position()
		f, _ := chess.ParseSquare(person[i][0])
		to, _ := chess.ParseSquare(person[i][1])
		var played bool
		for _, m := range p.LegalMoves() {
			if m.From() == f && m.To() == to {
				s.PlayMove(m)
				played = true
			}
		}
		if !played {
			t.Skipf("the engine's king stopped %s-%s", person[i][0], person[i][1])
		}
	}
	g.wait("the resignation", func() bool { return s.Status().Over })
	if r, why := s.Game().Result(), s.Status().Reason.String(); r != chess.WhiteWins || !strings.Contains(why, "resign") {
		t.Errorf("result %v (%s), want a resignation", r, why)
	}
}

// The journal keeps the engines: a restored game goes on against them.
func TestEngineOpponentJournal(t *testing.T) {
	j := app.NewJournal(t.TempDir())
	s := newSession(t, app.WithJournal(j))
	seat := &app.EngineSeat{Path: "/usr/games/stockfish", Name: "Stockfish 15.1", Level: 3, Seed: 9}
	s.SetOpponents(app.Opponents{Black: seat, AcceptDraws: true})
	mustMove(t, s, "e2", "e4")
	e, ok, err := app.LoadJournal(j)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	r := newSession(t)
	if err := r.Restore(e); err != nil {
		t.Fatal(err)
	}
	o := r.Opponents()
	if o.Black == nil || *o.Black != *seat || !o.AcceptDraws || o.White != nil {
		t.Errorf("restored opponents %+v", o)
	}
	if got := r.Game().Tags.Value("Black"); got != "Stockfish 15.1 (level 3)" {
		t.Errorf("Black %q", got)
	}
	if _, ok := r.EngineTurn(); !ok {
		t.Error("after the restore it is not the engine's turn")
	}
}

// An engine that never answers its move is dropped after the deadline, with
// a message, and the game goes on between two players.
func TestEngineOpponentHangs(t *testing.T) {
	fake := hangingEngine(t)
	s := newSession(t)
	s.SetOpponents(app.Opponents{White: &app.EngineSeat{Path: fake, Level: 2}})
	g := &engineGame{t: t, s: s, tasks: make(chan func(), 8)}
	g.d = app.NewDriver(s, func(f func()) { g.tasks <- f }, app.DriverConfig{Hang: 500 * time.Millisecond})
	t.Cleanup(g.d.Close)
	s.OnChange(g.d.Update)
	g.d.Update()
	if _, ok := g.d.Thinking(); !ok {
		t.Fatal("the engine is not thinking")
	}
	g.wait("the hung engine's drop", func() bool { return s.Opponents().White == nil })
	if msg := s.Status().Message.String(); !strings.Contains(msg, "did not answer") || !strings.Contains(msg, "two players") {
		t.Errorf("message %q", msg)
	}
	mustMove(t, s, "e2", "e4")
}

// hangingEngine writes an engine, "Hangs", that starts and then never
// answers a search, and returns its path.
func hangingEngine(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the hanging engine is a shell script, which Windows does not run")
	}
	fake := filepath.Join(t.TempDir(), "hanging-engine")
	script := "#!/bin/sh\nwhile read l; do case \"$l\" in\n" +
		"uci) echo 'id name Hangs'; echo 'option name MultiPV type spin default 1 min 1 max 500'; echo uciok;;\n" +
		"isready) echo readyok;;\nquit) exit 0;;\nesac; done\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return fake
}

// An engine that would accept a draw offered before both players moved —
// which the rules refuse — plays its move instead. It searched the same
// position again and again, the game stuck on its turn (found by
// TestSessionModelDriven).
func TestEngineAcceptsTooEarlyPlaysOn(t *testing.T) {
	sf := stockfishPath(t)
	g := newEngineGame(t, arbiter.RulesFIDE, app.Opponents{Black: &app.EngineSeat{Path: sf, Level: 1, Seed: 5}, AcceptDraws: true})
	s := g.s
	if err := s.OfferDraw(chess.White); err != nil {
		t.Fatal(err)
	}
	mustMove(t, s, "e2", "e4")
	g.wait("the engine's move", func() bool { return g.plies() == 2 || s.Status().Over })
	if s.Status().Over {
		t.Fatalf("the game ended: %s", s.Status().Reason.String())
	}
}
