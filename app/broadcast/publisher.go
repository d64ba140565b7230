package broadcast

import (
	"bytes"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"touchmove/app/store"
)

// Game is one board's game: its board number and its PGN.
type Game struct {
	Board int
	PGN   []byte
}

// Snapshot is the round at one instant: its games in board order.
type Snapshot struct {
	At    time.Time
	Games []Game
}

// All returns games.pgn: every board's game, in board order, a blank line
// between them.
func (s Snapshot) All() []byte {
	var b bytes.Buffer
	for i, g := range s.Games {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.Write(bytes.TrimRight(g.PGN, "\n"))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Game returns board n's PGN; ok is false when the round has no board n.
func (s Snapshot) Game(n int) (pgn []byte, ok bool) {
	for _, g := range s.Games {
		if g.Board == n {
			return g.PGN, true
		}
	}
	return nil, false
}

func (s Snapshot) equal(t Snapshot) bool {
	return slices.EqualFunc(s.Games, t.Games, func(a, b Game) bool { return a.Board == b.Board && bytes.Equal(a.PGN, b.PGN) })
}

// Publisher keeps the round's snapshots and publishes the one of a delay
// ago: to a folder, over HTTP (it is an http.Handler), to the listeners of
// OnPublish. Its methods are safe for concurrent use.
type Publisher struct {
	mu     sync.Mutex
	delay  time.Duration
	now    func() time.Time
	dir    string
	hist   []Snapshot // oldest first; the first is the one published now, or older
	shown  Snapshot   // the snapshot published last
	listen []func(Snapshot)
	err    error // the folder's last failure
}

// Options configures a Publisher.
type Options struct {
	// Dir is the folder receiving games.pgn and game-N.pgn; "" for none.
	Dir string
	// Delay publishes the round as it stood that long ago.
	Delay time.Duration
	// Now is the time source (default time.Now).
	Now func() time.Time
}

// NewPublisher returns a publisher of a round with no game yet.
func NewPublisher(o Options) *Publisher {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Publisher{delay: o.Delay, now: o.Now, dir: o.Dir}
}

// OnPublish registers f to run with each snapshot published (after the
// folder is written), on the goroutine that called Update or Publish.
func (p *Publisher) OnPublish(f func(Snapshot)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.listen = append(p.listen, f)
}

// Update records the round as it stands now; it is published at once
// without a delay, else by Publish once the delay has passed.
func (p *Publisher) Update(games []Game) {
	p.mu.Lock()
	s := Snapshot{At: p.now(), Games: slices.Clone(games)}
	if n := len(p.hist); n > 0 && p.hist[n-1].equal(s) {
		p.mu.Unlock()
		return
	}
	p.hist = append(p.hist, s)
	p.mu.Unlock()
	p.Publish()
}

// due returns the snapshot to publish now: the newest that is at least the
// delay old, dropping the older ones.
func (p *Publisher) due() (Snapshot, bool) {
	cut := p.now().Add(-p.delay)
	i := -1
	for j, s := range p.hist {
		if s.At.After(cut) {
			break
		}
		i = j
	}
	if i < 0 {
		return Snapshot{}, false
	}
	p.hist = p.hist[i:]
	return p.hist[0], true
}

// Publish publishes the snapshot that is due, if it is not out already:
// the folder is written and the listeners told. The recorder calls it
// several times a second while a delay holds snapshots back.
func (p *Publisher) Publish() {
	p.mu.Lock()
	s, ok := p.due()
	if !ok || s.equal(p.shown) && p.shown.At.Equal(s.At) {
		p.mu.Unlock()
		return
	}
	changed := !s.equal(p.shown)
	old := p.shown
	p.shown = s
	listen := slices.Clone(p.listen)
	dir := p.dir
	p.mu.Unlock()
	if !changed {
		return
	}
	if dir != "" {
		err := writeFolder(dir, old, s)
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
	}
	for _, f := range listen {
		f(s)
	}
}

// Final publishes the round as it stands, whatever the delay: the end of
// the round, when every game is written where it stands.
func (p *Publisher) Final() error {
	p.mu.Lock()
	if n := len(p.hist); n > 0 {
		p.hist = p.hist[n-1:]
		p.hist[0].At = time.Time{} // due at once
	}
	p.mu.Unlock()
	p.Publish()
	return p.Err()
}

// Err returns why the folder could not be written last time, or nil.
func (p *Publisher) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Shown returns the snapshot published last.
func (p *Publisher) Shown() Snapshot {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.shown
}

// writeFolder writes games.pgn and the game-N.pgn that changed since old,
// each atomically: a reader never sees half a file.
func writeFolder(dir string, old, s Snapshot) error {
	for _, g := range s.Games {
		if prev, ok := old.Game(g.Board); ok && bytes.Equal(prev, g.PGN) {
			continue
		}
		if err := store.WriteFileAtomic(filepath.Join(dir, GameFile(g.Board)), g.PGN); err != nil {
			return fmt.Errorf("broadcast: %w", err)
		}
	}
	if err := store.WriteFileAtomic(filepath.Join(dir, AllFile), s.All()); err != nil {
		return fmt.Errorf("broadcast: %w", err)
	}
	return nil
}

// AllFile is the name of the file with every board's game.
const AllFile = "games.pgn"

// GameFile returns the name of board n's file: game-N.pgn.
func GameFile(n int) string { return "game-" + strconv.Itoa(n) + ".pgn" }

// ServeHTTP serves the published round: /games.pgn, and /game-N.pgn for
// board N; anything else is 404. A broadcast polls them.
func (p *Publisher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	s := p.Shown()
	var body []byte
	switch name := strings.TrimPrefix(r.URL.Path, "/"); {
	case name == AllFile:
		body = s.All()
	case strings.HasPrefix(name, "game-") && strings.HasSuffix(name, ".pgn"):
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "game-"), ".pgn"))
		var ok bool
		if err == nil {
			body, ok = s.Game(n)
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
	default:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}
