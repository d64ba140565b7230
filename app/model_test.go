package app_test

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
)

var (
	modelSeed  = flag.Uint64("model.seed", 0, "run TestSessionModel with this seed only")
	modelSeeds = flag.Int("model.seeds", 24, "how many seeds TestSessionModel runs")
	modelSteps = flag.Int("model.steps", 500, "actions per seed in TestSessionModel")
)

// model drives one session through random actions and checks it after each.
type model struct {
	t    *testing.T
	rng  *rand.Rand
	seed uint64
	step int
	ft   *fakeTime
	jdir string
	s    *app.Session
	e    *app.Editor
	// baseline is the export of the game as loaded, "" when undoing every
	// change need not lead back to a loaded game (a new game, a restore).
	baseline string
	edits    int // changes since the load, to stay within the undo limit
	checks   int // invariants checked
	// did counts the seats' actions that took effect, by name.
	did map[string]int
	// engines, when set, are real engine processes that a Driver runs
	// (TestSessionModelDriven): the seats are given them, and the driver's
	// answers are run on the test's goroutine from tasks.
	engines []string
	d       *app.Driver
	tasks   chan func()
	// told is the tree version the listeners last saw, version the one
	// after the last action.
	told, version int
}

func (m *model) fatalf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("seed %d (rerun: go test ./app -run TestSessionModel -model.seed=%d), step %d: %s",
		m.seed, m.seed, m.step, fmt.Sprintf(format, args...))
}

// export returns the game as Save writes it, the journal's form: its tags
// in their order, its comments apart as they were made.
func (m *model) export() string {
	text, err := store.EncodeSaved(m.s.Game())
	if err != nil {
		m.fatalf("encode: %v", err)
	}
	return string(text)
}

func (m *model) square() chess.Square { return chess.Square(m.rng.IntN(64)) }

// legal returns a random legal move at the node shown, or NoMove.
func (m *model) legal() chess.Move {
	p := m.s.Current().Position()
	if a := m.s.Arbiter(); a != nil && m.s.Phase() == app.Playing {
		p = a.Position()
	}
	ms := p.LegalMoves()
	if len(ms) == 0 {
		return chess.NoMove
	}
	return ms[m.rng.IntN(len(ms))]
}

// randomNode returns a random node of the game.
func (m *model) randomNode() *game.Node {
	nodes := []*game.Node{m.s.Game().Root()}
	for n := range m.s.Game().Nodes() {
		nodes = append(nodes, n)
	}
	return nodes[m.rng.IntN(len(nodes))]
}

func (m *model) newSession() {
	m.s = app.NewSession(app.WithClock(m.ft.now), app.WithRandom(func(n int) int { return 518 % n }),
		app.WithJournal(app.NewJournal(m.jdir)),
		// A continued game seats the engines its tags name again.
		app.WithEngineDefaults(func() app.EngineDefaults { return app.EngineDefaults{Path: modelEngine} }))
	m.e = app.NewEditor(m.s)
	s := m.s
	if m.engines != nil {
		if m.d != nil {
			m.d.Close() // the killed process's engines go with it
		}
		tasks := make(chan func(), 64) // the old driver's late answers go to the old one
		m.tasks = tasks
		m.d = app.NewDriver(s, func(f func()) { tasks <- f }, app.DriverConfig{Untimed: 20 * time.Millisecond, Hang: 300 * time.Millisecond})
		s.OnChange(m.d.Update)
	}
	s.OnChange(func() { m.told = s.TreeVersion() })
	m.told, m.version = s.TreeVersion(), s.TreeVersion()
}

func (m *model) load() {
	text := []string{storedGame, editBase}[m.rng.IntN(2)]
	games, err := store.DecodeGames(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		m.fatalf("decode: %v", err)
	}
	m.s.Load(games[0], "", 0)
	m.baseline, m.edits = m.export(), 0
}

func (m *model) newGame() {
	o := app.NewGameOptions{Rules: arbiter.Rules(m.rng.IntN(3))}
	if m.rng.IntN(3) > 0 {
		c := clock.Fischer(time.Duration(1+m.rng.IntN(3))*time.Minute, 2*time.Second)
		o.Time = &app.TimeSettings{White: c, Black: c, ManualPress: m.rng.IntN(4) == 0}
	}
	if m.rng.IntN(5) == 0 {
		o.Chess960, o.Random = true, true
	}
	if err := m.s.NewGame(o); err != nil {
		m.fatalf("new game: %v", err)
	}
	m.baseline = ""
}

// gated runs an action the session answers for: enabled, it must succeed;
// disabled, it must be refused and change nothing.
func (m *model) gated(a app.Action, name string, f func() error) {
	st := m.s.Can(a)
	before, mode := m.export(), m.s.Phase()
	err := f()
	switch {
	case st.Enabled && err != nil:
		m.fatalf("%s offered as enabled, failed: %v", name, err)
	case !st.Enabled && err == nil:
		m.fatalf("%s offered as disabled (%s), succeeded", name, st.Why.String())
	case !st.Enabled && !errors.Is(err, app.ErrRefused) && !errors.Is(err, app.ErrLiveGame) && !errors.Is(err, game.ErrRoot):
		m.fatalf("%s offered as disabled, failed with %v: not an error a caller can test for", name, err)
	case !st.Enabled && (m.export() != before || m.s.Phase() != mode):
		m.fatalf("refused %s changed the game", name)
	}
	if err == nil && (a == app.ActionUndo || a == app.ActionRedo || a == app.ActionDeleteFrom || a == app.ActionTakeback) {
		m.edits++
	}
}

// act does one random action.
func (m *model) act() {
	if m.rng.IntN(4) == 0 {
		m.seatAction()
		return
	}
	s := m.s
	r := m.rng.IntN(100)
	switch {
	case r < 25: // a legal move by press and drop, as the board reports it
		if mv := m.legal(); mv != chess.NoMove {
			s.Press(mv.From())
			to := mv.To()
			if mv.IsCastling() && m.rng.IntN(2) == 0 {
				to = mv.KingTo()
			}
			fb := s.Drop(mv.From(), to)
			if fb.NeedPromotion {
				s.Promote([]chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight}[m.rng.IntN(4)])
			}
			if s.Phase() != app.Playing {
				m.edits++
			}
		}
	case r < 32: // a random press or drop: mostly illegal
		if m.rng.IntN(2) == 0 {
			s.Press(m.square())
		} else {
			s.Drop(m.square(), m.square())
		}
	case r < 34:
		if s.Promotion() != nil {
			s.CancelPromotion()
		}
	case r < 42: // navigation
		switch m.rng.IntN(5) {
		case 0:
			s.First()
		case 1:
			s.Back()
		case 2:
			s.Forward()
		case 3:
			s.Last()
		default:
			s.GoTo(m.randomNode())
		}
	case r < 50:
		m.gated(app.ActionUndo, "undo", s.Undo)
	case r < 55:
		m.gated(app.ActionRedo, "redo", s.Redo)
	case r < 59:
		m.gated(app.ActionTakeback, "takeback", s.Takeback)
	case r < 62:
		m.gated(app.ActionDeleteFrom, "delete from here", func() error { return m.e.DeleteFrom(s.Current()) })
	case r < 66:
		st := s.Can(app.ActionAnnotate)
		err := m.e.SetCommentText(s.Current(), fmt.Sprintf("note %d", m.step))
		if !st.Enabled && err == nil {
			m.fatalf("comment allowed while %s", st.Why.String())
		}
		if err == nil {
			m.edits++
		}
	case r < 68:
		if n := s.Current(); !n.IsRoot() && m.e.ToggleNAG(n, uint8(1+m.rng.IntN(6))) == nil {
			m.edits++
		}
	case r < 71:
		c := chess.Color(m.rng.IntN(2))
		if s.Phase() == app.Playing && s.Opponents().Seat(c) != nil {
			// Nobody offers a draw for the engine.
			before := m.export()
			if err := s.OfferDraw(c); !errors.Is(err, app.ErrRefused) || m.export() != before {
				m.fatalf("a person offered a draw for the engine playing %v: %v", c, err)
			}
			return
		}
		m.gated(app.ActionOfferDraw, "offer draw", func() error { return s.OfferDraw(c) })
	case r < 73:
		if by := s.PendingOffer(); by != chess.NoColor {
			if m.rng.IntN(2) == 0 {
				s.AcceptDraw(by.Other()) // may be refused: too early to agree
			} else {
				m.gated(app.ActionAnswerOffer, "decline", func() error { return s.DeclineDraw(by.Other()) })
			}
		}
	case r < 75:
		if s.Can(app.ActionClaimDraw).Enabled {
			s.ClaimDraw() // a wrong claim is the arbiter's to rule on
		}
	case r < 76:
		c := chess.Color(m.rng.IntN(2))
		m.gated(app.ActionResign, "resign", func() error { return s.Resign(c) })
	case r < 78:
		if s.Can(app.ActionAdjust).Enabled {
			s.ToggleAdjust()
		}
	case r < 80:
		if s.Can(app.ActionPressClock).Enabled {
			s.PressClock(chess.Color(m.rng.IntN(2)))
		}
	case r < 82:
		if s.Can(app.ActionPause).Enabled {
			if s.ClocksPaused() {
				s.ResumeClocks()
			} else {
				s.PauseClocks()
			}
		}
	case r < 84:
		if s.Can(app.ActionConfirmResult).Enabled {
			if err := s.ConfirmResult(chess.Color(m.rng.IntN(2))); err != nil {
				m.fatalf("confirm: %v", err)
			}
		}
	case r < 90: // time passes
		m.ft.advance(time.Duration(m.rng.IntN(20000)) * time.Millisecond)
		s.Tick()
	case r < 92:
		m.newGame()
	case r < 94:
		m.load()
	case r < 96: // kill -9 and restart: the journal on disk is all there is
		e, ok, err := app.LoadJournal(app.NewJournal(m.jdir))
		if err != nil || !ok {
			m.fatalf("journal: %v %v", ok, err)
		}
		want := e.PGN
		m.newSession()
		if err := m.s.Restore(e); err != nil {
			m.fatalf("restore: %v", err)
		}
		if got := m.export(); got != want {
			m.fatalf("restored game differs:\n%s\nwant\n%s", got, want)
		}
		m.baseline = ""
	default: // undo everything: a loaded game comes back byte for byte
		if m.baseline == "" || m.edits >= 190 || s.Phase() == app.Playing {
			return
		}
		for s.CanUndo() {
			if err := s.Undo(); err != nil {
				m.fatalf("undo: %v", err)
			}
		}
		if got := m.export(); got != m.baseline {
			m.fatalf("undoing every change:\n%s\nwant the loaded game\n%s", got, m.baseline)
		}
		m.checks++
		m.edits = 0
	}
}

// modelEngine is the engine the model seats: its moves and answers are the
// model's own, given through the session as the driver gives an engine's
// (the driver's engine processes are tested with the fake engine apart).
const modelEngine = "/model/engine"

// seatAction is one random action of the seats of a live game: an engine
// seated at a side or both, its move, its answer to a draw offered to it,
// its resignation, its crash or hang (the driver drops it and a person
// plays on), and a game saved and continued from its file.
func (m *model) seatAction() {
	s := m.s
	switch m.rng.IntN(9) {
	case 0: // seat an engine at one side, or at both
		m.newGame() // engines sit down at a new game, as the new-game dialog seats them
		seat := func() *app.EngineSeat {
			if m.engines != nil {
				// The last engine hangs: only where its hang is found at
				// once, a game without clocks (with clocks it may take its
				// time and 15 s more, in real time).
				n := len(m.engines)
				if s.Timed() {
					n--
				}
				return &app.EngineSeat{Path: m.engines[m.rng.IntN(n)], Level: 1 + m.rng.IntN(3), Seed: m.rng.Uint64()}
			}
			return &app.EngineSeat{Path: modelEngine, Level: 1 + m.rng.IntN(10), Seed: m.rng.Uint64()}
		}
		o := app.Opponents{ResignWhenLost: m.rng.IntN(2) == 0, AcceptDraws: m.rng.IntN(2) == 0}
		switch m.rng.IntN(3) {
		case 0:
			o.White = seat()
		case 1:
			o.Black = seat()
		default:
			o.White, o.Black = seat(), seat()
		}
		playing := s.Phase() == app.Playing
		s.SetOpponents(o)
		if playing {
			m.did["engine seated"]++
		}
		if got := s.Opponents(); playing && (got.Seat(chess.White) == nil) != (o.White == nil) || playing && (got.Seat(chess.Black) == nil) != (o.Black == nil) {
			m.fatalf("seated %+v, the game has %+v", o, got)
		}
	case 1, 2, 3: // the engine to move moves
		if m.d != nil {
			m.settle() // the driver's engine moves, fails or hangs
			return
		}
		req, ok := s.EngineTurn()
		if !ok {
			// Clocks that wait for Black's press to start: Black presses.
			if s.Phase() == app.Playing && s.Can(app.ActionPressClock).Enabled {
				s.PressClock(chess.Black)
			}
			return
		}
		p := s.Arbiter().Position()
		ms := p.LegalMoves()
		if len(ms) == 0 {
			return
		}
		fb, err := s.PlayEngineMove(req, ms[m.rng.IntN(len(ms))])
		if err != nil {
			m.fatalf("the engine's legal move: %v", err)
		}
		if !fb.Moved && !s.Status().Over {
			m.fatalf("the engine's legal move was not made: %s", fb.Refused.String())
		}
		m.did["engine moved"]++
	case 4: // the person offers a draw and moves; the engine answers it
		if c, ok := s.PersonColor(); ok && s.Phase() == app.Playing && s.Arbiter().Turn() == c && s.Can(app.ActionOfferDraw).Enabled {
			if s.OfferDraw(c) == nil {
				if mv := m.legal(); mv != chess.NoMove {
					s.PlayMove(mv)
				}
			}
		}
		if m.d != nil {
			m.settle() // the driver's engine answers
			return
		}
		if req, ok := s.EngineTurn(); ok && req.Offer == req.Color.Other() {
			err := s.EngineAnswerOffer(req, m.rng.IntN(2) == 0)
			if err != nil && !errors.Is(err, app.ErrRefused) {
				m.fatalf("the engine's answer: %v", err)
			}
			m.did["engine answered an offer"]++
		}
	case 5: // the engine resigns
		if m.d != nil {
			m.settle() // the driver's engine resigns when it is lost
			return
		}
		if req, ok := s.EngineTurn(); ok && m.rng.IntN(3) == 0 {
			if err := s.EngineResign(req); err != nil {
				m.fatalf("the engine's resignation: %v", err)
			}
			if !s.Status().Over {
				m.fatalf("the engine resigned and the game goes on")
			}
			m.did["engine resigned"]++
		}
	case 6: // the engine crashes or hangs: the driver drops it
		c := chess.Color(m.rng.IntN(2))
		if s.Opponents().Seat(c) == nil || m.d != nil { // a driver's engines fail for real
			return
		}
		why := []error{errors.New("the engine crashed"), errors.New("no answer within its time")}[m.rng.IntN(2)]
		s.DropEngine(c, why)
		if s.Opponents().Seat(c) != nil {
			m.fatalf("the dropped engine still plays %v", c)
		}
		m.did["engine dropped"]++
	case 7: // save the game to its file
		path := filepath.Join(m.jdir, "saved.pgn")
		os.Remove(path)
		s.StampClock() // as saving does: a game played goes on from its Clock tag
		i, err := app.SaveGame(path, 0, s.Game())
		if err != nil {
			m.fatalf("save: %v", err)
		}
		s.SetSaved(path, i)
		if s.Dirty() {
			m.fatalf("saved, still dirty")
		}
		m.did["saved"]++
	default: // continue the game saved: it comes back as it was played
		path := filepath.Join(m.jdir, "saved.pgn")
		f, err := app.OpenFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return
		}
		if err != nil || len(f.Games) != 1 {
			m.fatalf("open the saved game: %v", err)
		}
		s.Load(f.Games[0], path, 0)
		m.baseline, m.edits = m.export(), 0
		if s.Phase() == app.Playing {
			m.did["continued a game played"]++
			if s.Opponents().Any() {
				m.did["continued against the engine"]++
			}
		}
	}
}

// settle runs the driver's answers until no engine is to move, or the one
// to move has been thinking for 8 s (a hung one is dropped in 0.3 s and the
// 5 s core/uci waits for its stop): its
// moves, its answers, its resignations and its failures, each followed by
// the model's checks.
func (m *model) settle() {
	s := m.s
	deadline := time.After(8 * time.Second)
	for {
		if _, ok := s.EngineTurn(); !ok {
			if _, thinking := m.d.Thinking(); !thinking {
				return
			}
		}
		plies, seats := s.Game().PlyCount(), s.Opponents()
		select {
		case f := <-m.tasks:
			f()
		case <-deadline:
			_, turn := s.EngineTurn()
			c, thinking := m.d.Thinking()
			o := s.Opponents()
			m.fatalf("an engine did not move, answer or fail within 8 s; white %+v black %+v, timed %v, engine's turn %v, thinking %v %v, status %+v",
				o.White, o.Black, s.Timed(), turn, c, thinking, s.Status())
		}
		switch after := s.Opponents(); {
		case (after.White == nil) != (seats.White == nil) || (after.Black == nil) != (seats.Black == nil):
			m.did["engine dropped"]++
		case s.Game().PlyCount() > plies:
			m.did["engine moved"]++
		}
		m.check()
	}
}

// checkSeats verifies that the seats, the mode and the journal agree.
func (m *model) checkSeats() {
	s := m.s
	o := s.Opponents()
	if o.Any() && s.Phase() == app.Browsing {
		m.fatalf("engines seated in a game browsed: %+v", o)
	}
	if req, ok := s.EngineTurn(); ok {
		if s.Phase() != app.Playing || o.Seat(req.Color) == nil || req.Color != s.Arbiter().Turn() {
			m.fatalf("an engine's turn for %v in phase %v, seats %+v", req.Color, s.Phase(), o)
		}
		// A person's touch of the engine's king is refused.
		if p := s.Arbiter().Position(); s.Current() == s.Game().End() {
			if fb := s.Press(p.KingSquare(p.Turn())); fb.Refused.IsZero() {
				m.fatalf("a person touched the king of %v, which the engine plays", p.Turn())
			}
		}
	}
	// Only the engine answers a draw offered to it.
	if by := s.PendingOffer(); by != chess.NoColor && o.Seat(by.Other()) != nil && s.Can(app.ActionAnswerOffer).Enabled {
		m.fatalf("a person may answer the draw %v offered to the engine", by)
	}
	// The journal on disk is the session: the game, its phase and its seats.
	e, ok, err := app.LoadJournal(app.NewJournal(m.jdir))
	if err != nil || !ok {
		m.fatalf("journal: %v %v", ok, err)
	}
	if e.Phase != s.Phase() {
		m.fatalf("the journal's phase %v, the session's %v", e.Phase, s.Phase())
	}
	if e.PGN != m.export() {
		m.fatalf("the journal's game differs:\n%s\nthe session's\n%s", e.PGN, m.export())
	}
	var jo app.Opponents
	if e.Opponents != nil {
		jo = *e.Opponents
	}
	if (jo.White == nil) != (o.White == nil) || (jo.Black == nil) != (o.Black == nil) {
		m.fatalf("the journal's seats %+v, the session's %+v", jo, o)
	}
	m.checks++
}

// check verifies the invariants that hold after every action.
func (m *model) check() {
	s := m.s
	g, cur := s.Game(), s.Current()
	if cur.Game() != g {
		m.fatalf("the node shown is not in the game")
	}
	if err := s.Err(); err != nil {
		m.fatalf("the score or the clock left the arbiter: %v", err)
	}
	b := s.Board()
	p := cur.Position()
	st := s.Status()
	switch s.Phase() {
	case app.Playing:
		a := s.Arbiter()
		if a == nil || st.Over || g.Result() != chess.Unfinished {
			m.fatalf("playing: arbiter %v, result %s", a != nil, g.Result())
		}
		ap, ep := a.Position(), g.End().Position()
		if ap.FEN() != ep.FEN() {
			m.fatalf("the arbiter's position %s is not the score's %s", ap.FEN(), ep.FEN())
		}
		if cur != g.End() && b.Pieces != p.Board() {
			m.fatalf("the board does not show the node shown")
		}
	case app.Finished:
		if s.Arbiter() == nil || g.Result() == chess.Unfinished {
			m.fatalf("finished: arbiter %v, result %s", s.Arbiter() != nil, g.Result())
		}
		if b.Pieces != p.Board() {
			m.fatalf("the board does not show the node shown")
		}
	case app.Browsing:
		if s.Arbiter() != nil {
			m.fatalf("browsing with an arbiter")
		}
		if b.Pieces != p.Board() {
			m.fatalf("the board does not show the node shown")
		}
	}
	if st.Live != (s.Phase() == app.Playing) {
		m.fatalf("status live %v in mode %v", st.Live, s.Phase())
	}
	// The phase and the live game agree: a live game exactly while one is
	// played or finished here.
	if s.HasLiveGame() != (s.Phase() != app.Browsing) || st.Phase != s.Phase() {
		m.fatalf("live game %v in phase %v (status %v)", s.HasLiveGame(), s.Phase(), st.Phase)
	}
	// Only the step moves the version, and its end tells the listeners:
	// a version they were not told of moved some other way.
	if v := s.TreeVersion(); v != m.version {
		if v < m.version || v != m.told {
			m.fatalf("tree version %d after %d, but the listeners were told %d: changed outside the step", v, m.version, m.told)
		}
		m.version = v
	}
	if faces, ok := s.ClockFaces(); ok && s.Phase() == app.Playing && s.Timed() {
		for c, f := range faces {
			if f.Time < 0 && !f.Flag {
				m.fatalf("%v's clock below zero without a flag: %v", chess.Color(c), f.Time)
			}
		}
	}
	m.export()
	m.checkSeats()
	m.checks++
}

// fastDir returns a temporary folder in memory where there is one: the
// model writes its journal, synced, after every action, and a disk's syncs
// would make the test wait rather than work.
func fastDir(t *testing.T) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "touchmove-model-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}

// TestSessionModelDriven is TestSessionModel with real engines behind a
// Driver, as the window runs them: stockfish at the lowest levels, an
// engine that crashes at its first search and one that never answers; the
// driver's answers come back on the test's goroutine. Fewer actions, as the
// engines take real time.
func TestSessionModelDriven(t *testing.T) {
	dir := t.TempDir()
	crash := filepath.Join(dir, "crashing-engine")
	script := "#!/bin/sh\nwhile read l; do case \"$l\" in\n" +
		"uci) echo 'id name Crashes'; echo 'option name MultiPV type spin default 1 min 1 max 500'; echo uciok;;\n" +
		"isready) echo readyok;;\ngo*) exit 3;;\nquit) exit 0;;\nesac; done\n"
	if err := os.WriteFile(crash, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	engines := []string{stockfishPath(t), stockfishPath(t), crash, hangingEngine(t)}
	actions, did := 0, map[string]int{}
	for seed := uint64(1); seed <= 4; seed++ {
		m := &model{t: t, seed: seed, rng: rand.New(rand.NewPCG(seed, 11)), ft: &fakeTime{t: fixedNow()}, jdir: fastDir(t), did: did, engines: engines}
		m.newSession()
		t.Cleanup(func() { m.d.Close() })
		m.load()
		for m.step = 0; m.step < 150; m.step++ {
			if m.rng.IntN(3) == 0 {
				m.seatAction()
			} else {
				m.act()
			}
			m.check()
			actions++
		}
	}
	t.Logf("%d actions with real engines; seats: %v", actions, did)
	for _, name := range []string{"engine seated", "engine moved", "engine dropped", "continued against the engine"} {
		if did[name] == 0 {
			t.Errorf("%q never happened in %d actions", name, actions)
		}
	}
}

// TestSessionModel drives sessions through long random sequences of every
// kind of action across all modes and checks the invariants after each.
func TestSessionModel(t *testing.T) {
	seeds := make([]uint64, 0, *modelSeeds)
	if *modelSeed != 0 {
		seeds = append(seeds, *modelSeed)
	} else {
		for i := range *modelSeeds {
			seeds = append(seeds, uint64(1000+i))
		}
	}
	actions, checks := 0, 0
	did := map[string]int{}
	for _, seed := range seeds {
		m := &model{t: t, seed: seed, rng: rand.New(rand.NewPCG(seed, 7)), ft: &fakeTime{t: fixedNow()}, jdir: fastDir(t), did: did}
		m.newSession()
		m.load()
		for m.step = 0; m.step < *modelSteps; m.step++ {
			m.act()
			m.check()
			actions++
		}
		checks += m.checks
	}
	t.Logf("%d actions, %d invariant checks, %d seeds; seats: %v", actions, checks, len(seeds), did)
	if *modelSeed == 0 && actions < 10000 {
		t.Fatalf("only %d actions", actions)
	}
	// Every kind of seat action took effect, and often enough to mean it.
	for _, name := range []string{"engine seated", "engine moved", "engine answered an offer", "engine resigned",
		"engine dropped", "saved", "continued a game played", "continued against the engine"} {
		if *modelSeed == 0 && did[name] < 5 {
			t.Errorf("%q happened %d times in %d actions", name, did[name], actions)
		}
	}
}
