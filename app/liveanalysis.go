package app

import (
	"fmt"
	"sync"

	"touchmove/app/analysis"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
	"touchmove/core/uci"
)

// LiveEngine is the engine work a LiveAnalysis runs: an
// *analysis.Analyzer, or a test's stand-in (LiveAnalysis.UseEngine).
type LiveEngine interface {
	// Show asks for the analysis of pos instead of the position before.
	Show(pos uci.Position)
	// Close stops the engine and waits until it is gone.
	Close()
}

// StartLiveEngine starts the engine work of a LiveAnalysis: what it finds
// goes to hear, on a goroutine of the engine's.
type StartLiveEngine func(cfg analysis.LiveConfig, hear func(analysis.Live)) LiveEngine

// startAnalyzer is the StartLiveEngine of a session: analysis.NewAnalyzer.
func startAnalyzer(cfg analysis.LiveConfig, hear func(analysis.Live)) LiveEngine {
	return analysis.NewAnalyzer(cfg, hear)
}

// LiveAnalysis is an engine analysing the node the session shows, beside
// the game: off until Start, never on while the session refuses an engine
// (ActionEngine: a game under FIDE rules), and in a game played here only
// once turned on for that game. What the engine says comes back on the
// session's goroutine (the do of Start), and is told to the listeners of
// OnUpdate while it is about the node shown. The engine and every
// goroutine of its belong to the analysis: Stop ends them.
//
// Session.Analysis returns the session's; it is not safe for concurrent
// use.
type LiveAnalysis struct {
	s     *Session
	start StartLiveEngine // nil: startAnalyzer
	eng   LiveEngine      // nil while off
	on    bool
	asked string // the FEN of the position last asked for
	word  analysis.Live
	game  *game.Game // the game of the node last followed
	// gen counts engines started: a word of an engine stopped since is
	// dropped.
	gen       int
	listeners []func(analysis.Live)
	closing   sync.WaitGroup // engines that failed, being closed
}

// Analysis returns the session's live analysis.
func (s *Session) Analysis() *LiveAnalysis {
	s.analysis.s = s
	return &s.analysis
}

// UseEngine sets how the analysis starts its engine (the tests pass a
// stand-in); nil starts analysis.NewAnalyzer.
func (a *LiveAnalysis) UseEngine(start StartLiveEngine) { a.start = start }

// OnUpdate registers f to run, on the session's goroutine, with every
// word of the engine about the node shown; a word with Err set says the
// engine stopped, and the analysis is off by then.
func (a *LiveAnalysis) OnUpdate(f func(analysis.Live)) { a.listeners = append(a.listeners, f) }

// On reports whether the analysis is on.
func (a *LiveAnalysis) On() bool { return a.on }

// Start turns the analysis on with the engine of cfg, and asks for the
// node shown; do runs the engine's words on the session's goroutine (the
// window passes fyne.Do). It is refused while the session refuses an
// engine; it does nothing when the analysis is on already.
func (a *LiveAnalysis) Start(cfg analysis.LiveConfig, do func(func())) error {
	if a.on {
		return nil
	}
	if st := a.s.Can(ActionEngine); !st.Enabled {
		return refusal(ActionEngine, st.Why)
	}
	start := a.start
	if start == nil {
		start = startAnalyzer
	}
	a.gen++
	gen := a.gen
	a.eng = start(cfg, func(l analysis.Live) { do(func() { a.hear(gen, l) }) })
	a.on, a.asked, a.word = true, "", analysis.Live{}
	a.game = a.s.Game()
	a.Follow()
	return nil
}

// Stop turns the analysis off: it stops the engine and waits until it is
// gone, and forgets what it said.
func (a *LiveAnalysis) Stop() {
	if a.eng != nil {
		a.eng.Close()
		a.eng = nil
	}
	a.on, a.asked, a.word = false, "", analysis.Live{}
	a.closing.Wait()
}

// Follow asks for the analysis of the node shown, when the analysis is
// on; the session calls for it after each of its changes (the window, from
// its redraw). It turns the analysis off when a new game is played here,
// and when the session no longer allows an engine, then returning why.
func (a *LiveAnalysis) Follow() (refused msg.Text) {
	if !a.on {
		return msg.Text{}
	}
	s := a.s
	if g := s.Game(); g != a.game {
		a.game = g
		if s.Phase() == Playing {
			a.Stop() // in a game played here, only when turned on for it
			return msg.Text{}
		}
	}
	if st := s.Can(ActionEngine); !st.Enabled {
		a.Stop()
		return st.Why
	}
	pos := s.Current().Position()
	if fen := pos.FEN(); fen != a.asked {
		a.asked = fen
		a.eng.Show(analysis.PositionAt(s.Current()))
	}
	return msg.Text{}
}

// Reask forgets the position asked for: the engine's words are dropped
// until the next Follow asks again (the scores are then shown anew).
func (a *LiveAnalysis) Reask() { a.asked = "" }

// Word returns the engine's last word about the node shown; false when
// the analysis is off or has none yet.
func (a *LiveAnalysis) Word() (analysis.Live, bool) {
	if !a.on || a.word.FEN != a.asked || a.asked == "" {
		return analysis.Live{}, false
	}
	return a.word, true
}

// Best returns the engine's best move at the node shown, if it has one and
// the session allows an engine (a new game under FIDE rules is drawn
// before the analysis turns off).
func (a *LiveAnalysis) Best() (chess.Move, bool) {
	w, ok := a.Word()
	if !ok || len(w.Lines) == 0 || !a.s.Can(ActionEngine).Enabled {
		return chess.NoMove, false
	}
	return w.Lines[0].Moves[0], true
}

// PlayLine plays the engine's line i up to its move m (0-based) on the
// board: over a game of the file as an exploration, which leaves the game
// unchanged (Session.Explore), else as a variation of the game shown. It
// returns why a move was refused; the lines are not played into a game in
// progress (ErrRefused).
func (a *LiveAnalysis) PlayLine(i, m int) (refused msg.Text, err error) {
	if a.s.Phase() == Playing {
		return msg.Text{}, fmt.Errorf("play the engine's line: %w", ErrRefused)
	}
	w, ok := a.Word()
	if !ok || i >= len(w.Lines) || m >= len(w.Lines[i].Moves) {
		return msg.Text{}, nil
	}
	moves := append([]chess.Move(nil), w.Lines[i].Moves[:m+1]...)
	for _, mv := range moves {
		if fb := a.s.Explore(mv); !fb.Refused.IsZero() {
			return fb.Refused, nil
		}
	}
	return msg.Text{}, nil
}

// Hear takes a word of the engine about the position asked for, as the
// engine's words come (on the session's goroutine): the listeners are told
// of it. A word with Err set turns the analysis off; the failed engine is
// closed on a goroutine of the analysis, which Stop waits for.
func (a *LiveAnalysis) Hear(l analysis.Live) { a.hear(a.gen, l) }

func (a *LiveAnalysis) hear(gen int, l analysis.Live) {
	if gen != a.gen || !a.on || l.FEN != a.asked {
		return
	}
	a.word = l
	if l.Err != nil {
		a.on, a.asked, a.word = false, "", analysis.Live{}
		if eng := a.eng; eng != nil {
			a.eng = nil
			a.closing.Add(1)
			go func() {
				defer a.closing.Done()
				eng.Close() // it waits for its engine to go: not on the session's goroutine
			}()
		}
	}
	for _, f := range a.listeners {
		f(l)
	}
}
