package analysis

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// LiveLine is one of the engine's lines for the position shown.
type LiveLine struct {
	Score Score // from White's point of view
	Bound string
	Depth int
	Moves []chess.Move
	SAN   []string
}

// Live is what the engine says of the position shown, so far.
type Live struct {
	// FEN is the position the lines are for: the window shows them only
	// while that position is shown.
	FEN   string
	Lines []LiveLine
	Depth int
	Nodes int64
	NPS   int64
	// Engine names the engine; Err says why it stopped, in words (nil while
	// it runs).
	Engine string
	Err    error
}

// LiveConfig says which engine an Analyzer runs and how: Lines is how
// many lines it shows, 1 to 5.
type LiveConfig = EngineConfig

// Analyzer keeps one engine analysing the position shown: Show stops the
// search of the position before and starts one of the new position, without
// waiting for it. What the engine finds reaches onUpdate, on the analyzer's
// own goroutine, at most ten times a second, and once more when a search
// ends. The engine starts with the first Show and is stopped by Close; an
// engine that dies is reported once and started again by the next Show.
type Analyzer struct {
	cfg      LiveConfig
	onUpdate func(Live)
	req      chan uci.Position
	quit     chan struct{}
	quitOnce sync.Once // Close may be called from several goroutines at once
	done     chan struct{}

	mu     sync.Mutex
	cancel context.CancelFunc // of the running search
	eng    *uci.Engine
}

// minUpdate is the least time between two updates of a running search.
const minUpdate = 100 * time.Millisecond

// NewAnalyzer returns an analyzer that has not yet started its engine.
func NewAnalyzer(cfg LiveConfig, onUpdate func(Live)) *Analyzer {
	cfg.Lines = max(1, min(5, cfg.Lines))
	a := &Analyzer{cfg: cfg, onUpdate: onUpdate, req: make(chan uci.Position, 1),
		quit: make(chan struct{}), done: make(chan struct{})}
	go a.run()
	return a
}

// Show asks for the analysis of pos instead of the position before.
func (a *Analyzer) Show(pos uci.Position) {
	a.mu.Lock()
	if a.cancel != nil {
		a.cancel()
	}
	a.mu.Unlock()
	select { // keep only the newest request
	case <-a.req:
	default:
	}
	select {
	case a.req <- pos:
	case <-a.quit:
	}
}

// Close stops the search and the engine, and waits until they are gone.
func (a *Analyzer) Close() {
	a.quitOnce.Do(func() { close(a.quit) })
	a.mu.Lock()
	if a.cancel != nil {
		a.cancel()
	}
	if a.eng != nil {
		a.eng.Close()
	}
	a.mu.Unlock()
	<-a.done
}

func (a *Analyzer) run() {
	defer close(a.done)
	defer func() {
		a.mu.Lock()
		if a.eng != nil {
			a.eng.Close()
			a.eng = nil
		}
		a.mu.Unlock()
	}()
	for {
		var pos uci.Position
		select {
		case <-a.quit:
			return
		case pos = <-a.req:
		}
		a.search(pos)
	}
}

// engine returns the running engine, starting it when there is none.
func (a *Analyzer) engine(ctx context.Context) (*uci.Engine, error) {
	a.mu.Lock()
	eng := a.eng
	a.mu.Unlock()
	if eng != nil && eng.Err() == nil {
		return eng, nil
	}
	if eng != nil {
		eng.Close()
	}
	eng, err := StartEngine(ctx, a.cfg)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	a.eng = eng
	a.mu.Unlock()
	return eng, nil
}

// search analyses pos until the next Show or Close.
func (a *Analyzer) search(pos uci.Position) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a.mu.Lock()
	a.cancel = cancel
	a.mu.Unlock()
	select {
	case <-a.quit:
		return
	default:
	}
	cur := pos.Current()
	live := Live{FEN: cur.FEN(), Engine: a.cfg.Engine.Path}
	eng, err := a.engine(ctx)
	if err != nil {
		if ctx.Err() == nil {
			live.Err = fmt.Errorf("the engine could not be started: %w", err)
			a.onUpdate(live)
		}
		return
	}
	live.Engine = eng.Name()
	if len(cur.LegalMoves()) == 0 {
		a.onUpdate(live) // mate or stalemate: nothing to search
		return
	}
	lines := make([]LiveLine, a.cfg.Lines)
	var last time.Time
	_, err = eng.Search(ctx, pos, uci.Limits{}, func(in uci.Info) {
		if in.Has&progressFields != 0 {
			live.Depth = max(live.Depth, in.Depth)
			live.Nodes, live.NPS = max(live.Nodes, in.Nodes), max(live.NPS, in.NPS)
		}
		if in.Has&uci.HasScore != 0 && len(in.Moves) > 0 && in.MultiPV >= 1 && in.MultiPV <= len(lines) {
			l := LiveLine{Score: whiteScore(in.Score, cur.Turn()), Depth: in.Depth, Moves: in.Moves, SAN: in.SAN}
			switch {
			case in.Score.Lower:
				l.Bound = "≥"
			case in.Score.Upper:
				l.Bound = "≤"
			}
			lines[in.MultiPV-1] = l
		}
		if time.Since(last) >= minUpdate {
			last = time.Now()
			live.Lines = filled(lines)
			a.onUpdate(live)
		}
	})
	live.Lines = filled(lines)
	if err != nil && !errors.Is(err, context.Canceled) {
		live.Err = fmt.Errorf("the engine stopped: %w", err)
		a.mu.Lock()
		if a.eng != nil {
			a.eng.Close()
			a.eng = nil
		}
		a.mu.Unlock()
	}
	if ctx.Err() == nil || live.Err != nil {
		a.onUpdate(live)
	}
}

// progressFields are the fields of an info that say how far the search got.
const progressFields = uci.HasDepth | uci.HasNodes | uci.HasNPS

// filled returns the lines that have a move, best first.
func filled(ls []LiveLine) []LiveLine {
	var out []LiveLine
	for _, l := range ls {
		if len(l.Moves) > 0 {
			out = append(out, l)
		}
	}
	return out
}
