package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"touchmove/app/opponent"
	"touchmove/core/chess"
	"touchmove/core/uci"
)

// DriverConfig says how a Driver starts its engines.
type DriverConfig struct {
	// Options are set on every engine after it starts (Threads, Hash).
	Options map[string]string
	// MinThink is the least time an engine's move takes (opponent.Config).
	MinThink time.Duration
	// Untimed is how long an engine thinks in a game without clocks.
	Untimed time.Duration
	// Hang is how long an engine may take over a move in a game without
	// clocks before it is taken as hung and dropped (a minute if 0); with
	// clocks it has its time and 15 s more.
	Hang time.Duration
	// Log receives what an engine did wrong without failing.
	Log func(string)
	// OnMove, if set, is told of every move an engine made, after it is
	// in the session (the window plays its sound and slides it).
	OnMove func(c chess.Color, m chess.Move)
}

// Driver plays the engines' side of a session's game (design.md §8).
// Update, called on the session's goroutine after every change of the
// session, starts a search when it is an engine's turn; the search runs on
// a goroutine of the driver's, and its answer comes back through post,
// which must run the function it is given on the session's goroutine (the
// window's fyne.Do, the match's loop). A search whose position the game
// has left is cancelled. An engine starts when first needed and belongs to
// the driver: Close stops it, and an engine that fails is dropped from the
// game (Session.DropEngine), which goes on between two players.
type Driver struct {
	s    *Session
	post func(func())
	cfg  DriverConfig

	// On the session's goroutine:
	busy   bool       // a search of req runs
	req    EngineMove // what it searches
	gen    int        // counts searches; an answer of an older one is dropped
	cancel func()     // of the running search
	scores [2][]uci.Score
	closed bool
	hint   bool // a hint is being searched

	mu      sync.Mutex
	players [2]*seatPlayer
}

// seatPlayer is an engine started for a seat; mu serializes its searches.
type seatPlayer struct {
	mu   sync.Mutex
	seat EngineSeat
	p    atomic.Pointer[opponent.Player]
}

// NewDriver returns a driver of s's engines that delivers through post.
func NewDriver(s *Session, post func(func()), cfg DriverConfig) *Driver {
	return &Driver{s: s, post: post, cfg: cfg}
}

// sameSeat reports whether a player started for a can play b.
func sameSeat(a, b EngineSeat) bool {
	return a.Path == b.Path && a.Level == b.Level && a.Elo == b.Elo && a.Seed == b.Seed
}

// Update follows the session: it cancels a search the game has left,
// closes the engines no longer seated, and starts the search of an
// engine's turn.
func (d *Driver) Update() {
	if d.closed {
		return
	}
	d.retire()
	req, ok := d.s.EngineTurn()
	if d.busy && ok && d.req.Color == req.Color && d.req.ply == req.ply && d.req.key == req.key {
		return
	}
	if d.busy {
		d.stop()
	}
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.answerDeadline(req))
	d.busy, d.req, d.cancel = true, req, cancel
	d.gen++
	gen := d.gen
	go d.search(ctx, gen, req)
}

// answerDeadline is how long an engine may take to answer req before it is
// taken as hung and dropped: its time on the clock and some (it loses on
// time first), or cfg.Hang without clocks. Starting the engine counts.
func (d *Driver) answerDeadline(req EngineMove) time.Duration {
	if req.Clock != nil {
		return max(req.Clock.Remaining[req.Color], 0) + 15*time.Second
	}
	if d.cfg.Hang > 0 {
		return d.cfg.Hang
	}
	return time.Minute
}

// stop cancels the running search; its answer will be dropped.
func (d *Driver) stop() {
	if d.cancel != nil {
		d.cancel()
	}
	d.busy, d.cancel = false, nil
	d.gen++
}

// retire closes the engines of seats the session no longer has.
func (d *Driver) retire() {
	o := d.s.Opponents()
	d.mu.Lock()
	defer d.mu.Unlock()
	for c := range d.players {
		sp := d.players[c]
		if sp == nil {
			continue
		}
		if seat := o.Seat(chess.Color(c)); seat == nil || !sameSeat(*seat, sp.seat) {
			d.players[c] = nil
			go sp.close()
		}
	}
}

// close stops the seat's engine; a search of it ends at once.
func (sp *seatPlayer) close() {
	if p := sp.p.Load(); p != nil {
		p.Close()
	}
}

// Thinking reports whether an engine is searching its move, and whose.
func (d *Driver) Thinking() (chess.Color, bool) {
	if !d.busy {
		return chess.NoColor, false
	}
	return d.req.Color, true
}

// player returns the started engine of seat c, starting it when needed.
// It is called on the driver's goroutines, and returns the player locked.
func (d *Driver) player(ctx context.Context, c chess.Color, seat EngineSeat) (*seatPlayer, error) {
	d.mu.Lock()
	sp := d.players[c]
	if sp == nil || !sameSeat(sp.seat, seat) {
		sp = &seatPlayer{seat: seat}
		d.players[c] = sp
	}
	d.mu.Unlock()
	sp.mu.Lock()
	if p := sp.p.Load(); p != nil && p.Err() == nil {
		return sp, nil
	} else if p != nil {
		p.Close()
		sp.p.Store(nil)
	}
	p, err := opponent.Start(ctx, opponent.Config{Engine: uci.Config{Path: seat.Path, Log: d.cfg.Log},
		Strength: seat.Strength(), Seed: seat.Seed, Options: d.cfg.Options, MinThink: d.cfg.MinThink, Untimed: d.cfg.Untimed})
	if err != nil {
		sp.mu.Unlock()
		return nil, err
	}
	d.mu.Lock()
	if d.players[c] != sp || d.closed {
		// Retired or closed while it started.
		d.mu.Unlock()
		p.Close()
		sp.mu.Unlock()
		return nil, context.Canceled
	}
	sp.p.Store(p)
	d.mu.Unlock()
	return sp, nil
}

// StartEngines starts the engines of o's seats now, on the caller's
// goroutine, rather than at their first move: a match starts them before
// a game's clocks run, so that an engine slow or hung in its handshake
// costs no time on the clock. The engines are kept for the seats of the
// session's opponents; the error names the side whose engine failed.
func (d *Driver) StartEngines(ctx context.Context, o Opponents) error {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		seat := o.Seat(c)
		if seat == nil {
			continue
		}
		sp, err := d.player(ctx, c, *seat)
		if err != nil {
			return fmt.Errorf("the engine of %s (%s) could not be started: %w", title(c.String()), seat.Path, err)
		}
		sp.mu.Unlock()
	}
	return nil
}

// search finds the move of req and posts it.
func (d *Driver) search(ctx context.Context, gen int, req EngineMove) {
	sp, err := d.player(ctx, req.Color, req.Seat)
	if err != nil {
		d.post(func() {
			d.answer(gen, req, "", opponent.Choice{}, fmt.Errorf("the engine could not be started: %w", err))
		})
		return
	}
	p := sp.p.Load()
	name := p.Name()
	ch, err := p.Move(ctx, req.Position, req.Clock)
	sp.mu.Unlock()
	d.post(func() { d.answer(gen, req, name, ch, err) })
}

// answer carries out the engine's answer to req on the session's goroutine:
// the draw offered to it answered, a lost game resigned, or the move.
func (d *Driver) answer(gen int, req EngineMove, name string, ch opponent.Choice, err error) {
	if d.closed || gen != d.gen {
		return
	}
	d.busy, d.cancel = false, nil
	defer d.Update()
	s := d.s
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("it did not answer within %v", d.answerDeadline(req).Round(time.Second))
		}
		if !errors.Is(err, context.Canceled) {
			d.drop(req.Color, err)
		}
		return
	}
	if name != "" {
		s.NameEngine(req.Color, name)
	}
	if ch.HasScore {
		d.scores[req.Color] = append(d.scores[req.Color], ch.Score)
	}
	o := s.Opponents()
	// The offer may have come while the engine thought (after the person's
	// move): it is answered with the move all the same.
	if s.PendingOffer() == req.Color.Other() {
		accept := o.AcceptDraws && ch.HasScore && opponent.AcceptsDraw(ch.Score)
		err := s.EngineAnswerOffer(req, accept)
		switch {
		case errors.Is(err, ErrStaleEngineMove), err == nil && accept:
			return
		case err != nil && !errors.Is(err, ErrRefused):
			d.drop(req.Color, fmt.Errorf("its answer to the draw offered: %w", err))
			return
		}
		// Declined, or its acceptance refused by the rules (a draw agreed
		// before both players moved): it plays its move. Returning here
		// searched the same position again and again, the game stuck on
		// the engine's turn (the driven model test found it).
	}
	if o.ResignWhenLost && opponent.Resigns(d.scores[req.Color]) {
		s.EngineResign(req)
		return
	}
	if ch.Move == chess.NoMove {
		return
	}
	fb, err := s.PlayEngineMove(req, ch.Move)
	switch {
	case errors.Is(err, ErrStaleEngineMove):
		return
	case err == nil && !fb.Moved:
		// The rules refused the engine's move (it was told the game wrongly):
		// the game goes on without it.
		cur := req.Position.Current()
		d.drop(req.Color, fmt.Errorf("its move %s was refused: %s", cur.UCI(ch.Move), fb.Refused.String()))
		return
	}
	if fb.Moved && d.cfg.OnMove != nil {
		d.cfg.OnMove(req.Color, ch.Move)
	}
}

// drop closes engine c and takes it out of the game, telling why.
func (d *Driver) drop(c chess.Color, why error) {
	d.mu.Lock()
	sp := d.players[c]
	d.players[c] = nil
	d.mu.Unlock()
	if sp != nil {
		go sp.close()
	}
	d.s.DropEngine(c, why)
}

// Hint asks the engine playing against the person for its best move in the
// game's position, searched for think at full strength; done gets it on
// the session's goroutine (NoMove with the error when there is none).
func (d *Driver) Hint(think time.Duration, done func(chess.Move, error)) {
	s := d.s
	if st := s.CanHint(); !st.Enabled {
		done(chess.NoMove, refusal(ActionEngine, st.Why))
		return
	}
	if d.hint {
		return
	}
	person, _ := s.PersonColor()
	c := person.Other()
	if person == chess.NoColor {
		return
	}
	seat := s.Opponents().Seat(c)
	if seat == nil {
		return
	}
	d.hint = true
	pos, key := s.enginePosition(), s.game.PlyCount()
	ctx, cancel := context.WithTimeout(context.Background(), think+10*time.Second)
	go func() {
		defer cancel()
		var ch opponent.Choice
		sp, err := d.player(ctx, c, *seat)
		if err == nil {
			ch, err = sp.p.Load().Hint(ctx, pos, think)
			sp.mu.Unlock()
		}
		d.post(func() {
			d.hint = false
			if d.closed {
				return
			}
			if err == nil && s.game.PlyCount() != key {
				err = ErrStaleEngineMove
			}
			if err == nil {
				s.RecordHint(ch.Move)
			}
			done(ch.Move, err)
		})
	}()
}

// Close cancels the search and stops the engines. Answers still on their
// way are dropped.
func (d *Driver) Close() {
	if d.closed {
		return
	}
	d.stop()
	d.mu.Lock()
	d.closed = true
	players := d.players
	d.players = [2]*seatPlayer{}
	d.mu.Unlock()
	for _, sp := range players {
		if sp != nil {
			sp.close()
		}
	}
}
