package opponent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// Config says which engine plays and how strongly.
type Config struct {
	Engine   uci.Config
	Strength Strength
	// Seed seeds the choices of a Weakened level.
	Seed uint64
	// Options are set on the engine after it starts (Threads, Hash, …);
	// one the engine does not have is skipped.
	Options map[string]string
	// MinThink is the least time a move takes, so that a weak level's
	// instant answer is seen coming (the window's; 0 in matches). It comes
	// off the engine's clock like any thinking.
	MinThink time.Duration
	// Untimed is how long the engine thinks a move in a game without
	// clocks (1 s if 0).
	Untimed time.Duration
}

// Margin is the time a move takes from the engine's bestmove to the clock
// press, kept off the time the engine is told it has.
const Margin = 30 * time.Millisecond

// Player is an engine playing at one strength. It is not safe for
// concurrent use: one search at a time.
type Player struct {
	eng *uci.Engine
	cfg Config
	set Setting
	rng *rand.Rand
}

// Start starts the engine of cfg and sets it to play cfg.Strength. An
// engine that lacks what the strength needs is closed and the error wraps
// ErrUnsupported.
func Start(ctx context.Context, cfg Config) (*Player, error) {
	eng, err := uci.Start(ctx, cfg.Engine)
	if err != nil {
		return nil, err
	}
	p, err := New(ctx, eng, cfg)
	if err != nil {
		eng.Close()
		return nil, err
	}
	return p, nil
}

// New makes the running engine eng a player of cfg (cfg.Engine is not
// used). The player owns eng from then on: Close closes it.
func New(ctx context.Context, eng *uci.Engine, cfg Config) (*Player, error) {
	set, err := SettingFor(eng, cfg.Strength)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", eng.Name(), err)
	}
	if cfg.Untimed <= 0 {
		cfg.Untimed = time.Second
	}
	p := &Player{eng: eng, cfg: cfg, set: set, rng: NewRand(cfg.Seed)}
	for name, v := range cfg.Options {
		if has(eng, name) {
			if err := eng.SetOption(name, v); err != nil {
				return nil, err
			}
		}
	}
	if err := p.apply(set.Options); err != nil {
		return nil, err
	}
	if err := eng.IsReady(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Player) apply(opts [][2]string) error {
	for _, o := range opts {
		if err := p.eng.SetOption(o[0], o[1]); err != nil {
			return fmt.Errorf("opponent: %w", err)
		}
	}
	return nil
}

// Name returns the engine's name, "Stockfish 15.1" for instance.
func (p *Player) Name() string { return p.eng.Name() }

// Label returns the player's name for the PGN: "Stockfish 15.1 (level 3)".
func (p *Player) Label() string { return Label(p.eng.Name(), p.cfg.Strength) }

// Label returns the name of engine playing at st for the PGN.
func Label(engine string, st Strength) string { return engine + " (" + st.String() + ")" }

// Err returns what made the engine unusable, or nil.
func (p *Player) Err() error { return p.eng.Err() }

// NewGame tells the engine that a new game starts.
func (p *Player) NewGame(ctx context.Context) error { return p.eng.NewGame(ctx) }

// Close stops the engine. It may be called from any goroutine.
func (p *Player) Close() error { return p.eng.Close() }

// Choice is a player's move and the engine's score of the position, from
// the mover's point of view (HasScore false when it gave none).
type Choice struct {
	Move     chess.Move
	Score    uci.Score
	HasScore bool
}

// Move returns the player's move in pos; clk is the state of the clocks,
// nil in a game without them. A Weakened level searches to its depth and
// chooses among every move by their scores (Choose); the others search
// within the clocks. The result wraps ctx's error when ctx ended first.
func (p *Player) Move(ctx context.Context, pos uci.Position, clk *Clock) (Choice, error) {
	start := time.Now()
	cur := pos.Current()
	var lim uci.Limits
	switch {
	case p.set.Weak != nil:
		// The level's depth, and the clocks as a guard: at a fast control
		// a deep level's search would otherwise lose on time.
		if clk != nil {
			lim = clk.Limits(cur.Turn(), Margin)
		}
		lim.Depth = p.set.Weak.Depth
	case clk != nil:
		lim = clk.Limits(cur.Turn(), Margin)
	default:
		lim.MoveTime = p.cfg.Untimed
	}
	res, err := p.eng.Search(ctx, pos, lim, nil)
	if err != nil {
		return Choice{}, err
	}
	c := Choice{Move: res.BestMove}
	if len(res.Lines) > 0 {
		c.Score, c.HasScore = res.Lines[0].Score, true
	}
	if p.set.Weak != nil {
		var cands []Candidate
		for _, l := range res.Lines {
			if len(l.Moves) > 0 {
				cands = append(cands, Candidate{Move: l.Moves[0], Score: l.Score})
			}
		}
		c.Move = Choose(*p.set.Weak, cands, cur.LegalMoves(), p.rng)
	}
	if wait := p.cfg.MinThink - time.Since(start); wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return c, ctx.Err()
		}
	}
	return c, nil
}

// Hint returns the engine's best move in pos at its full strength, found in
// think; the player's own strength is set again afterwards.
func (p *Player) Hint(ctx context.Context, pos uci.Position, think time.Duration) (Choice, error) {
	full, err := SettingFor(p.eng, Strength{Level: MaxLevel})
	if err != nil {
		return Choice{}, err
	}
	if has(p.eng, "MultiPV") {
		full.Options = append(full.Options, [2]string{"MultiPV", "1"})
	}
	if err := p.apply(full.Options); err != nil {
		return Choice{}, err
	}
	res, serr := p.eng.Search(ctx, pos, uci.Limits{MoveTime: think}, nil)
	if err := p.apply(p.set.Options); err != nil {
		return Choice{}, err
	}
	if serr != nil {
		return Choice{}, serr
	}
	c := Choice{Move: res.BestMove}
	if len(res.Lines) > 0 {
		c.Score, c.HasScore = res.Lines[0].Score, true
	}
	return c, nil
}
