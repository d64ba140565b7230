package hall

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"touchmove/app"
	"touchmove/app/broadcast"
	"touchmove/app/pairings"
	"touchmove/app/store"
	"touchmove/core/clock"
)

// PublishOptions says where a round goes as it is recorded: the one set of
// choices of `touchmove record -o DIR -serve -delay -push` and of the
// window's View › Hall.
type PublishOptions struct {
	// Dir is the round's folder, receiving games.pgn and game-N.pgn; it
	// is made when missing.
	Dir string
	// Delay publishes the round as it stood that long ago.
	Delay time.Duration
	// Serve is the address to serve the round at over HTTP
	// (127.0.0.1:8080); "" serves nothing.
	Serve string
	// PushURL is a broadcast round's push endpoint (lichess's push API);
	// "" pushes nothing. Token is its bearer token.
	PushURL, Token string
	// OnPush is told of every push's outcome, on the pusher's goroutine.
	OnPush func(broadcast.PushResult)
}

// Round is a round being published: its folder written, served and pushed
// as its games change (Update). It is not safe for concurrent use.
type Round struct {
	pub    *broadcast.Publisher
	addr   net.Addr
	stops  []func()
	boards map[int]*published
}

// published is what was published last of a board: the session's
// TreeVersion then, and the PGN.
type published struct {
	version int
	pgn     []byte
}

// Seat is a board's game, as Update reads it.
type Seat struct {
	Number  int
	Session *app.Session
	// Started is false before the board's game began: nothing to publish.
	Started bool
}

// The problems of PublishOptions, each wrapped with where it is.
var (
	// ErrNoDir: no folder for the round.
	ErrNoDir = errors.New("no folder for the round")
	// ErrPushURL: the push endpoint is not an http(s) URL.
	ErrPushURL = errors.New("an http:// or https:// URL")
	// ErrNoToken: a push endpoint with no token.
	ErrNoToken = errors.New("no token for the push")
	// ErrServe: the round cannot be served at the address (taken, not
	// one of this computer's).
	ErrServe = errors.New("serve")
	// ErrFolder: the round's folder cannot be made or written.
	ErrFolder = errors.New("the round's folder")
)

// Publish starts publishing a round as o says: the folder made and tried
// for writing, the address listened on, the pusher started. Its errors
// say which of them failed and why; nothing is left running then.
func Publish(o PublishOptions) (*Round, error) {
	if o.Dir == "" {
		return nil, ErrNoDir
	}
	if err := writable(o.Dir); err != nil {
		return nil, err
	}
	if o.PushURL != "" {
		if u, err := url.Parse(o.PushURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("push %q: %w", o.PushURL, ErrPushURL)
		}
		if o.Token == "" {
			return nil, fmt.Errorf("push %s: %w", o.PushURL, ErrNoToken)
		}
	}
	r := &Round{pub: broadcast.NewPublisher(broadcast.Options{Dir: o.Dir, Delay: o.Delay}), boards: map[int]*published{}}
	if o.Serve != "" {
		ln, err := net.Listen("tcp", o.Serve)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %w", ErrServe, o.Serve, err)
		}
		srv := &http.Server{Handler: r.pub, ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = srv.Serve(ln) }()
		r.addr = ln.Addr()
		r.stops = append(r.stops, func() { _ = srv.Close() })
	}
	if o.PushURL != "" {
		p := broadcast.NewPusher(broadcast.PushOptions{URL: o.PushURL, Token: o.Token, OnResult: o.OnPush})
		r.pub.OnPublish(p.Push)
		r.stops = append(r.stops, func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			p.Flush(ctx)
			p.Close()
		})
	}
	return r, nil
}

// writable makes the folder dir when missing and writes a file there (and
// removes it): a folder that cannot take the round is said at once, not at
// the first move.
func writable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%w: %w", ErrFolder, err)
	}
	f, err := os.CreateTemp(dir, ".touchmove-*")
	if err != nil {
		return fmt.Errorf("%w %s is not writable: %w", ErrFolder, dir, err)
	}
	name := f.Name()
	_ = f.Close()
	_ = os.Remove(name)
	return nil
}

// Addr returns the address the round is served at; nil when it is not.
func (r *Round) Addr() net.Addr { return r.addr }

// Update publishes the round with the games that changed since the last
// Update (a game's TreeVersion); it returns the first failure: a game that
// could not be written as PGN, the folder not written.
func (r *Round) Update(seats []Seat) error {
	var first error
	changed := false
	for _, s := range seats {
		if !s.Started {
			continue
		}
		p := r.boards[s.Number]
		if p == nil {
			p = &published{version: -1}
			r.boards[s.Number] = p
		}
		if v := s.Session.TreeVersion(); v != p.version {
			pgn, err := store.EncodeGame(s.Session.Game())
			if err != nil {
				if first == nil {
					first = fmt.Errorf("board %d: %w", s.Number, err)
				}
				continue
			}
			p.version, p.pgn, changed = v, pgn, true
		}
	}
	if changed {
		var games []broadcast.Game
		for _, s := range seats {
			if p := r.boards[s.Number]; p != nil && p.pgn != nil {
				games = append(games, broadcast.Game{Board: s.Number, PGN: p.pgn})
			}
		}
		r.pub.Update(games)
	}
	if first == nil {
		first = r.pub.Err()
	}
	return first
}

// Stale has every game written again at the next Update, whatever its
// version: a clock stamped into it.
func (r *Round) Stale() {
	for _, p := range r.boards {
		p.version = -1
	}
}

// Tick publishes what a delay held back; the recorder calls it on its tick.
func (r *Round) Tick() { r.pub.Publish() }

// Files returns the names of the games' files published, in board order.
func (r *Round) Files() []string {
	var names []string
	for _, g := range r.pub.Shown().Games {
		names = append(names, broadcast.GameFile(g.Board))
	}
	return names
}

// Final publishes the round as it stands, whatever the delay, and stops
// serving and pushing (the last push tried for 10 s at most); it returns
// why the folder could not be written.
func (r *Round) Final() error {
	err := r.pub.Final()
	r.Close()
	return err
}

// Close stops serving and pushing, with no final publication.
func (r *Round) Close() {
	for _, stop := range r.stops {
		stop()
	}
	r.stops = nil
}

// Seating returns the number and the new game of the i-th board (from 0)
// of a round whose games are base: board i+1, unless the pairing list ps
// names the i-th board's number and players (its i-th line).
func Seating(base app.NewGameOptions, i int, ps []pairings.Pairing) (int, app.NewGameOptions) {
	o := base
	o.Tags = map[string]string{}
	for k, v := range base.Tags {
		o.Tags[k] = v
	}
	n := i + 1
	if i < len(ps) {
		p := ps[i]
		n, o.White, o.Black = p.Board, p.White, p.Black
		for k, v := range p.Tags() {
			o.Tags[k] = v
		}
	}
	o.Tags["Board"] = fmt.Sprint(n)
	return n, o
}

// Publish publishes the hall's round as o says (Publish), from now until
// Unpublish or Close: every change of a game is written, served and
// pushed. A round published already is ended first.
func (h *Hall) Publish(o PublishOptions) error {
	h.Unpublish()
	r, err := Publish(o)
	if err != nil {
		return err
	}
	h.round, h.err = r, nil
	h.err = r.Update(h.seats())
	return nil
}

// Publishing returns the round being published, nil when none is.
func (h *Hall) Publishing() *Round { return h.round }

// PublishErr returns why the round could not be published at its last
// change (a game not written, the folder not writable), or nil.
func (h *Hall) PublishErr() error { return h.err }

// Unpublish writes the round where it stands, whatever the delay, and
// stops serving and pushing it; it returns why the folder could not be
// written.
func (h *Hall) Unpublish() error {
	if h.round == nil {
		return nil
	}
	for _, b := range h.boards {
		if b.started {
			b.Session.StampClock()
		}
	}
	h.round.Stale()
	err := h.round.Update(h.seats())
	if ferr := h.round.Final(); err == nil {
		err = ferr
	}
	h.round = nil
	return err
}

// seats returns the boards' games as Round.Update reads them.
func (h *Hall) seats() []Seat {
	out := make([]Seat, len(h.boards))
	for i, b := range h.boards {
		out[i] = Seat{Number: b.Number, Session: b.Session, Started: b.started}
	}
	return out
}

// Control reads a round's time control as PGN writes it (180+2,
// 40/5400+30:1800+30): one the clocks keep (`touchmove record -tc`, the
// hall's Round tab).
func Control(tc string) (clock.Control, error) {
	t, err := clock.ParseTimeControl(tc)
	if err == nil && t.Kind != clock.TimeControlPeriods && t.Kind != clock.TimeControlSandglass {
		err = errors.New("not a time control of the clocks")
	}
	if err != nil {
		return clock.Control{}, err
	}
	return t.Control()
}
