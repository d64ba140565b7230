package ui

import (
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/uci"
	"touchmove/internal/corpus"
	"touchmove/internal/fakeengine"
	"touchmove/internal/reftools"
)

// The evaluation graph is drawn from the game's [%eval]s, marks the move
// shown, and a click on it shows that move; the bar shows the node's eval.
func TestWindowEvalGraphAndBar(t *testing.T) {
	w := newTestWindow(t)
	games := strings.Split(string(corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz")), "\n[Event ")
	gs, err := store.DecodeGames(strings.NewReader("[Event " + games[5]))
	if err != nil || len(gs) != 1 {
		t.Fatal(err)
	}
	w.session.Load(gs[0], "", 0)
	p := w.engine
	if !p.graph.Visible() || len(p.graph.Values()) != gs[0].PlyCount() {
		t.Fatalf("graph visible %v with %d values, want %d", p.graph.Visible(), len(p.graph.Values()), gs[0].PlyCount())
	}
	p.graph.OnSelect(30)
	if n := w.session.Current(); n.Ply() != 30 || p.graph.Current() != 30 {
		t.Fatalf("after a click on ply 30: ply %d, marked %d", n.Ply(), p.graph.Current())
	}
	if !p.bar.Showing() || p.bar.Label() != "-0.5" {
		t.Fatalf("bar at 15... Ne7 [%%eval -0.5]: visible %v, %q", p.bar.Showing(), p.bar.Label())
	}
}

// The engine's line is played on the board as a variation up to the move
// clicked; its best move is an arrow in the engine's own colour.
func TestWindowEngineLinePlayed(t *testing.T) {
	w := newTestWindow(t)
	games, _ := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	w.session.Load(games[0], "", 0)
	w.session.GoTo(w.session.Game().Root())
	p := w.engine
	an := analysisOn(t, w)
	start := chess.StartPosition()
	moves := []chess.Move{chess.NewMove(chess.D2, chess.D4), chess.NewMove(chess.D7, chess.D5), chess.NewMove(chess.C2, chess.C4)}
	an.Hear(analysis.Live{FEN: start.FEN(), Lines: []analysis.LiveLine{{Moves: moves, SAN: []string{"d4", "d5", "c4"}}}})
	a, ok := p.arrow()
	if !ok || a.From != chess.D2 || a.To != chess.D4 || a.Color != boardview.Engine {
		t.Fatalf("arrow %+v %v", a, ok)
	}
	p.playLine(0, 1) // up to 1... d5
	an.Stop()
	if got := exported(t, w); !strings.Contains(got, "( 1. d4 d5 )") {
		t.Fatalf("the line was not added as a variation:\n%s", got)
	}
}

// No engine during a game under FIDE rules: the pane refuses to turn on
// and says why.
func TestWindowEngineRefusedInFIDEGame(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	w.engine.flip()
	if w.session.Analysis().On() || !strings.Contains(w.status.message.Text, "11.3") {
		t.Fatalf("engine on %v in a FIDE game; message %q", w.session.Analysis().On(), w.status.message.Text)
	}
	if !findItem(t, w, "Analyse the game…").Disabled {
		t.Error("Analyse the game enabled during a FIDE game")
	}
}

// Analyse the game with the real engine: every move gets an [%eval], the
// blunder that allows mate is marked ??, and one Undo brings the game back.
func TestWindowAnalyseGame(t *testing.T) {
	reftools.Stockfish(t) // the engine the window finds
	w := newTestWindow(t)
	const text = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	games, err := store.DecodeGames(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(games[0], "", 0)
	before := exported(t, w)
	cfg, err := w.engine.config()
	if err != nil {
		t.Fatal(err)
	}
	w.runGameAnalysis(cfg, 8)
	after := exported(t, w)
	if strings.Count(after, "[%eval") < 6 || !strings.Contains(after, "Nf6 $4") {
		t.Fatalf("analysed game:\n%s", after)
	}
	if !strings.Contains(w.status.message.Text, "Accuracy") {
		t.Errorf("message %q", w.status.message.Text)
	}
	if err := w.session.Undo(); err != nil || exported(t, w) != before {
		t.Fatalf("undo: %v\n%s", err, exported(t, w))
	}
}

// Analyse the game with an engine that never finishes a search and does
// not obey stop used to stay at 0% for ever without a word (issue 27): it
// now ends with a message that names the engine and says what is wrong.
func TestWindowAnalyseGameEngineHangs(t *testing.T) {
	w := newTestWindow(t)
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(games[0], "", 0)
	before := exported(t, w)
	cfg := analysis.LiveConfig{Engine: fakeengine.Config(fakeengine.NoStop)}
	cfg.Engine.SearchTimeout, cfg.Engine.StopTimeout = 200*time.Millisecond, 300*time.Millisecond
	w.runGameAnalysis(cfg, 10)
	got := dialogText(w)
	for _, want := range []string{"The chess engine stopped working.", "Fake nostop engine", "did not finish a search of depth 10"} {
		if !strings.Contains(got, want) {
			t.Errorf("message lacks %q: %q", want, got)
		}
	}
	if exported(t, w) != before {
		t.Errorf("the failed analysis changed the game:\n%s", exported(t, w))
	}
}

// Every option an engine declares gets a field of its type, starting from
// the value set or the default; the options the app sets itself get none.
func TestEngineOptionFields(t *testing.T) {
	for _, tc := range []struct {
		line, value, want string
		field             bool
	}{
		{"option name Ponder type check default false", "", "", false},
		{"option name Threads type spin default 1 min 1 max 512", "", "", false},
		{"option name UCI_ShowWDL type check default false", "true", "true", true},
		{"option name Skill Level type spin default 20 min 0 max 20", "", "20", true},
		{"option name Style type combo default Normal var Solid var Normal var Risky", "Risky", "Risky", true},
		{"option name SyzygyPath type string default <empty>", "/tb", "/tb", true},
		{"option name Clear Hash type button", "", "", false},
	} {
		o, err := uci.ParseOption(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		field, get := optionItem(o, tc.value)
		if (field != nil) != tc.field {
			t.Errorf("%s: field %v", o.Name, field != nil)
			continue
		}
		if field != nil && get() != tc.want {
			t.Errorf("%s: value %q, want %q", o.Name, get(), tc.want)
		}
	}
	o, _ := uci.ParseOption("option name Skill Level type spin default 20 min 0 max 20")
	field, _ := optionItem(o, "")
	if e := field.(*widget.Entry); e.Validator("99") == nil {
		t.Error("a spin value out of range passes")
	}
}

// quietEngine is an engine that says nothing: the tests give the live
// analysis its words (app.LiveAnalysis.Hear).
type quietEngine struct{}

func (quietEngine) Show(uci.Position) {}
func (quietEngine) Close()            {}

// analysisOn turns the live analysis of w on with an engine that says
// nothing.
func analysisOn(t *testing.T, w *Window) *app.LiveAnalysis {
	t.Helper()
	an := w.session.Analysis()
	an.UseEngine(func(analysis.LiveConfig, func(analysis.Live)) app.LiveEngine { return quietEngine{} })
	if err := an.Start(analysis.LiveConfig{}, func(f func()) { f() }); err != nil {
		t.Fatal(err)
	}
	return an
}

// feedEngine gives the pane what an engine says of the position shown:
// two lines of six plies (the first legal moves), three updates deeper and
// deeper, as the live analysis does.
func feedEngine(p *enginePane, n *game.Node) {
	an := p.analysis()
	pos := n.Position()
	fen := pos.FEN()
	legal := pos.LegalMoves()
	if len(legal) == 0 {
		an.Hear(analysis.Live{FEN: fen, Engine: "test"})
		return
	}
	var lines []analysis.LiveLine
	for k := range min(2, len(legal)) {
		q := pos
		var moves []chess.Move
		var sans []string
		for m := legal[k]; len(moves) < 6; {
			sans = append(sans, q.SAN(m))
			moves = append(moves, m)
			q.Play(m)
			next := q.LegalMoves()
			if len(next) == 0 {
				break
			}
			m = next[0]
		}
		lines = append(lines, analysis.LiveLine{Score: analysis.Score{Centipawns: 20 - 30*k}, Depth: 10, Moves: moves, SAN: sans})
	}
	for d := range 3 {
		for i := range lines {
			lines[i].Depth = 10 + d
		}
		an.Hear(analysis.Live{FEN: fen, Engine: "test", Depth: 10 + d, NPS: 1e6, Lines: lines})
	}
}

// heapInUse returns the bytes of heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// Stepping through games with the engine on kept memory growing (issue 27
// point 3: RSS from 271 to 561 MB in 600 steps): every new arrow held a
// rasterised board image in Fyne's SVG cache, and every PV update new text
// objects. This steps through the lichess games as a user does (30 moves
// forward, then the next game) with the engine's lines, arrow, bar and graph
// updated at every step, and reports the heap's growth over 2,000 steps
// after 500 of warm-up (goal: under 20 MB).
func TestEngineStepsHoldNoMemory(t *testing.T) {
	w := newTestWindow(t)
	w.win.Resize(fyne.NewSize(1000, 700))
	text := string(corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz"))
	parts := strings.SplitAfterN(text, "\n[Event ", 201)
	games, err := store.DecodeGames(strings.NewReader(strings.Join(parts[:200], "")[:len(strings.Join(parts[:200], ""))-len("[Event ")]))
	if err != nil || len(games) < 100 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	p := w.engine
	analysisOn(t, w)
	next := 0
	step := func() {
		s := w.session
		cur := s.Current()
		if cur.Next() == nil || cur.Ply() >= 30 {
			s.Load(games[next%len(games)], "", 0)
			next++
		} else {
			s.GoTo(cur.Next())
		}
		feedEngine(p, s.Current())
	}
	for range 500 {
		step()
	}
	if _, ok := p.arrow(); !ok || len(p.rowBox.Objects) != 2 {
		t.Fatalf("the pane shows no engine lines: arrow %v, %d rows", ok, len(p.rowBox.Objects))
	}
	before := heapInUse()
	for range 2000 {
		step()
	}
	after := heapInUse()
	growth := float64(int64(after)-int64(before)) / (1 << 20)
	t.Logf("heap in use after 500 steps %.1f MB, after 2,000 more %.1f MB: growth %.1f MB", float64(before)/(1<<20), float64(after)/(1<<20), growth)
	if growth > 20 {
		t.Errorf("the heap grew by %.1f MB over 2,000 steps with the engine on, want under 20 MB", growth)
	}
}

// ui talks to app, which starts the engines (analysis.StartEngine): it
// imports no core/uci itself (issue 28).
func TestUIImportsNoUCI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil && runtime.GOOS == "windows" {
		t.Skip("no go command here: make windows-test runs this test under Wine, where Linux's go cannot be started")
	}
	out, err := exec.Command("go", "list", "-f", "{{join .Imports \" \"}}", "touchmove/ui").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "touchmove/core/uci" {
			t.Error("ui imports core/uci: start engines through app/analysis")
		}
	}
}

// Closing the window stops the analysis of a game under way: it runs under
// the window's life, not context.Background() (issue 28).
func TestWindowCloseStopsGameAnalysis(t *testing.T) {
	var wg sync.WaitGroup
	w := newTestWindow(t, WithSpawn(func(f func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f()
		}()
	}))
	games, err := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	w.session.Load(games[0], "", 0)
	// An engine that floods info and stops only when told: left alone,
	// the analysis would take a search's deadline, minutes, per position.
	w.runGameAnalysis(analysis.LiveConfig{Engine: fakeengine.Config(fakeengine.Flood)}, 20)
	time.Sleep(300 * time.Millisecond)
	w.endLife() // as quit does
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the analysis goes on after the window closed")
	}
}

// The engine's arrow of a casual game stayed on the board of a new FIDE
// game, where the engine is refused (issue 27 point 6); and the legal-move
// hints of a selection stayed after navigating and turning the engine on.
func TestWindowEngineArrowAndHintsGo(t *testing.T) {
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesCasual}); err != nil {
		t.Fatal(err)
	}
	an := analysisOn(t, w)
	start := chess.StartPosition()
	an.Hear(analysis.Live{FEN: start.FEN(), Lines: []analysis.LiveLine{{Moves: []chess.Move{chess.NewMove(chess.E2, chess.E4)}, SAN: []string{"e4"}}}})
	engineArrow := func() bool {
		for _, a := range w.board.View().Arrows {
			if a.Color == boardview.Engine {
				return true
			}
		}
		return false
	}
	if !engineArrow() {
		t.Fatal("no engine arrow in the casual game")
	}
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesFIDE}); err != nil {
		t.Fatal(err)
	}
	if engineArrow() || an.On() {
		t.Errorf("engine arrow %v, engine on %v in a new FIDE game", engineArrow(), an.On())
	}
	// The hints of a selection go with it when the user navigates, and
	// stay gone when the engine is turned on.
	games, _ := store.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n"))
	w.session.Load(games[0], "", 0)
	w.session.GoTo(w.session.Game().Root().Next())
	w.session.Select(chess.D7)
	shown := func() int {
		n := 0
		for sq := range chess.Square(64) {
			if w.board.HintShown(sq) {
				n++
			}
		}
		return n
	}
	if shown() == 0 {
		t.Fatal("no hints for the pawn on d7")
	}
	w.session.Forward()
	an.UseEngine(nil) // the engine found, as the user's
	w.engine.flip()
	defer w.engine.stop()
	if n := shown(); n != 0 || w.board.View().Dests != 0 {
		t.Errorf("%d hints shown (dests %v) after navigating and turning the engine on", n, w.board.View().Dests)
	}
}

// L with an engine that cannot be run showed only "Engine: off (L)" (issue
// 27 point 11): the message line says why and how to get one.
func TestWindowEngineMissingSaysWhy(t *testing.T) {
	w := newTestWindow(t)
	w.app.Preferences().SetString("enginePath", "/nonexistent/stockfish")
	w.engine.flip()
	if w.session.Analysis().On() {
		t.Fatal("the engine is on")
	}
	got := w.status.message.Text
	getOne := "apt install stockfish" // where to get one, on this system
	if runtime.GOOS == "windows" {
		getOne = "stockfishchess.org"
	}
	for _, want := range []string{"/nonexistent/stockfish", "cannot be run", getOne, "Chess engine…"} {
		if !strings.Contains(got, want) {
			t.Errorf("message lacks %q: %q", want, got)
		}
	}
}
