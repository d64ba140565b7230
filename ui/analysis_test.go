package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/boardview"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/uci"
	"touchmove/internal/corpus"
)

// The evaluation graph is drawn from the game's [%eval]s, marks the move
// shown, and a click on it shows that move; the bar shows the node's eval.
func TestWindowEvalGraphAndBar(t *testing.T) {
	w := newTestWindow(t)
	games := strings.Split(string(corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz")), "\n[Event ")
	gs, err := app.DecodeGames(strings.NewReader("[Event " + games[5]))
	if err != nil || len(gs) != 1 {
		t.Fatal(err)
	}
	w.session.Load(gs[0], "", 0)
	p := w.engine
	if !p.graph.Visible() || len(p.graph.values) != gs[0].PlyCount() {
		t.Fatalf("graph visible %v with %d values, want %d", p.graph.Visible(), len(p.graph.values), gs[0].PlyCount())
	}
	p.graph.OnSelect(30)
	if n := w.session.Current(); n.Ply() != 30 || p.graph.current != 30 {
		t.Fatalf("after a click on ply 30: ply %d, marked %d", n.Ply(), p.graph.current)
	}
	if !p.bar.Visible() || p.bar.label != "-0.5" {
		t.Fatalf("bar at 15... Ne7 [%%eval -0.5]: visible %v, %q", p.bar.Visible(), p.bar.label)
	}
}

// The engine's line is played on the board as a variation up to the move
// clicked; its best move is an arrow in the engine's own colour.
func TestWindowEngineLinePlayed(t *testing.T) {
	w := newTestWindow(t)
	games, _ := app.DecodeGames(strings.NewReader("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"))
	w.session.Load(games[0], "", 0)
	w.session.GoTo(w.session.Game().Root())
	p := w.engine
	start := chess.StartPosition()
	moves := []chess.Move{chess.NewMove(chess.D2, chess.D4), chess.NewMove(chess.D7, chess.D5), chess.NewMove(chess.C2, chess.C4)}
	p.on, p.asked = true, start.FEN()
	p.live = analysis.Live{FEN: start.FEN(), Lines: []analysis.LiveLine{{Moves: moves, SAN: []string{"d4", "d5", "c4"}}}}
	a, ok := p.arrow()
	if !ok || a.From != chess.D2 || a.To != chess.D4 || a.Color != boardview.Engine {
		t.Fatalf("arrow %+v %v", a, ok)
	}
	p.playLine(0, 1) // up to 1... d5
	p.on = false
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
	if w.engine.on || !strings.Contains(w.status.message.Text, "11.3") {
		t.Fatalf("engine on %v in a FIDE game; message %q", w.engine.on, w.status.message.Text)
	}
	if !findItem(t, w, "Analyse the game…").Disabled {
		t.Error("Analyse the game enabled during a FIDE game")
	}
}

// Analyse the game with the real engine: every move gets an [%eval], the
// blunder that allows mate is marked ??, and one Undo brings the game back.
func TestWindowAnalyseGame(t *testing.T) {
	w := newTestWindow(t)
	const text = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	games, err := app.DecodeGames(strings.NewReader(text))
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
