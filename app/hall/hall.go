package hall

import (
	"errors"
	"fmt"
	"time"

	"touchmove/app"
	"touchmove/app/pairings"
	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/msg"
	"touchmove/device/dgt"
)

// Options configures a Hall.
type Options struct {
	// Do runs f on the goroutine that owns the sessions (the window passes
	// fyne.Do).
	Do func(f func())
	// Game is every board's new game: the rules, the event, the round.
	Game app.NewGameOptions
	// Dir, when set, is the hall's folder: every board's game is
	// journaled in Dir/board-N and the boards are listed there, so that
	// a crash loses no move and the next start brings the round back as
	// a round (restore.go). A board whose journal a crash left there
	// takes its game back from it.
	Dir string
	// Device sets how the ports are opened; the zero value opens real
	// serial ports.
	Device dgt.Options
	// OnChange is called, on the sessions' goroutine, after a change of a
	// board or its game.
	OnChange func()
	// Pairings, when set, number the boards and name their players: the
	// N-th board added is the N-th line's (Seating).
	Pairings []pairings.Pairing
}

// Hall is the boards of a hall being recorded. It is not safe for
// concurrent use: it is called on the sessions' goroutine.
type Hall struct {
	o      Options
	boards []*Board
	round  *Round // nil while the round is not published
	err    error  // the round's last failure to publish
}

// Board is one board of the hall: its number, its port, and the session
// its game is recorded in.
type Board struct {
	Number  int
	Port    string
	Session *app.Session
	game    app.NewGameOptions // the board's new game: its players, its tags
	journal *store.Journal
	started bool
	asks    int     // the board's requests for a new game taken
	errs    []error // the journals a crash left that could not be taken back
	h       *Hall
}

// New returns a hall with no board.
func New(o Options) *Hall { return &Hall{o: o} }

// Boards returns the boards, in the order of their numbers.
func (h *Hall) Boards() []*Board { return h.boards }

// ErrNoPairing: a board added past the pairing list's last line.
var ErrNoPairing = errors.New("no pairing left for the board")

// Add starts recording the board on port as the next board; it refuses a
// port already recorded.
func (h *Hall) Add(port string) (*Board, error) {
	for _, b := range h.boards {
		if b.Port == port {
			return nil, fmt.Errorf("%s is board %d already", port, b.Number)
		}
	}
	if ps := h.o.Pairings; ps != nil && len(h.boards) >= len(ps) {
		return nil, fmt.Errorf("%s: %w (%d)", port, ErrNoPairing, len(ps))
	}
	n, game := Seating(h.o.Game, len(h.boards), h.o.Pairings)
	b := &Board{Number: n, Port: port, game: game, h: h}
	var opts []app.SessionOption
	var orphans []*app.Orphan
	if h.o.Dir != "" {
		js := store.NewJournals(BoardJournals(h.o.Dir, n))
		orphans, b.errs = app.Orphans(js) // before the board's own journal
		if j, err := js.Create(); err == nil {
			b.journal = j
			opts = append(opts, app.WithJournal(j))
		}
	}
	b.Session = app.NewSession(opts...)
	if _, ok, err := Resume(b.Session, orphans); err != nil {
		b.errs = append(b.errs, err)
	} else if ok {
		b.started = b.Session.Phase() != app.Browsing
	}
	b.Session.OnEBoardChange(func() {
		b.follow()
		h.changed()
	})
	b.Session.OnChange(h.changed)
	b.Session.ConnectEBoard(port, app.EBoardConnection{Do: h.o.Do, Device: h.o.Device})
	h.boards = append(h.boards, b)
	var err error
	if h.o.Dir != "" {
		err = h.writeRound()
	}
	h.changed()
	return b, err
}

func (h *Hall) changed() {
	if h.round != nil {
		h.err = h.round.Update(h.seats())
	}
	if h.o.OnChange != nil {
		h.o.OnChange()
	}
}

// follow begins the board's game when the board shows the start position:
// connected there, or set up there again before the first move.
func (b *Board) follow() {
	st := b.Session.EBoardState()
	asked := st.NewGameAsks > b.asks
	b.asks = st.NewGameAsks
	switch {
	case !b.started && st.Connected && st.Diff == 0 && b.Session.Game().PlyCount() == 0,
		asked && (!b.started || b.Session.Game().PlyCount() == 0):
		b.begin()
	}
}

// begin starts the board's game: the board shows the start position.
func (b *Board) begin() {
	b.started = true // before: the new game's changes come back here
	if err := b.Session.NewGame(b.game); err != nil {
		b.started = false // the session's message says why
	}
}

// Errs returns why the journals a crash left for the board could not be
// taken back (each kept where it is said).
func (b *Board) Errs() []error { return b.errs }

// Started reports whether the board's game has begun.
func (b *Board) Started() bool { return b.started }

// EBoard returns what the board shows.
func (b *Board) EBoard() app.EBoardState { return b.Session.EBoardState() }

// Tick runs every board's clocks: the window's one shared tick.
func (h *Hall) Tick() {
	for _, b := range h.boards {
		b.Session.Tick()
	}
	if h.round != nil {
		h.round.Tick()
	}
}

// Close stops reading every board; the journals are left for the next
// start to offer when keep is true, else cleared.
func (h *Hall) Close(keep bool) {
	h.Unpublish()
	for _, b := range h.boards {
		b.Session.DisconnectEBoard()
		if b.journal == nil {
			continue
		}
		if keep {
			b.journal.Abandon()
		} else {
			_ = b.journal.Clear()
		}
	}
	if !keep && h.o.Dir != "" {
		_ = Forget(h.o.Dir)
	}
	h.boards = nil
}

// Need is what needs the arbiter at a board.
type Need uint8

// The needs of a Tile.
const (
	// NeedNone: nothing.
	NeedNone Need = iota
	// NeedDisconnected: the board is not connected (a cable pulled, the
	// board switched off).
	NeedDisconnected
	// NeedBoard: the board says something to the players: it stands apart
	// from the game (no legal move makes it), or a pawn waits for its piece.
	NeedBoard
	// NeedBreach: a touch-move breach was read, for the opponent to claim.
	NeedBreach
	// NeedClaim: a draw may be claimed (threefold, fifty moves).
	NeedClaim
	// NeedOver: the game ended (a mate, a flag, fivefold, 75 moves, the
	// kings' result): the result to check and sign.
	NeedOver
)

// Tile is what the hall's view shows of a board.
type Tile struct {
	Number       int
	Port         string
	White, Black string
	Started      bool
	// Clocks are White's and Black's times: the DGT clock's when the board
	// has one, else the game's clocks; HasClocks is false when neither.
	Clocks    [2]time.Duration
	HasClocks bool
	// LastMove is the last move as the score writes it ("23. Nf3",
	// "23... Nf6"), "" before the first.
	LastMove string
	Need     Need
	// Why says what needs the arbiter, in the players' words.
	Why msg.Text
	// Result is the game's result when it ended.
	Result chess.Result
}

// Tile returns what the view shows of the board.
func (b *Board) Tile() Tile {
	s := b.Session
	g := s.Game()
	t := Tile{Number: b.Number, Port: b.Port, Started: b.started,
		White: g.Tags.Value("White"), Black: g.Tags.Value("Black")}
	st := b.Session.EBoardState()
	if st.HasClock {
		t.Clocks, t.HasClocks = [2]time.Duration{st.Clock.Left, st.Clock.Right}, true
	} else if faces, ok := s.ClockFaces(); ok && b.started {
		t.Clocks, t.HasClocks = [2]time.Duration{faces[0].Time, faces[1].Time}, true
	}
	if n := g.End(); !n.IsRoot() {
		t.LastMove = fmt.Sprintf("%d. %s", n.MoveNumber(), n.SAN())
		if n.Mover() == chess.Black {
			t.LastMove = fmt.Sprintf("%d... %s", n.MoveNumber(), n.SAN())
		}
	}
	status := s.Status()
	t.Result = status.Result
	_, breach := s.TouchMoveClaim()
	switch {
	case !st.Connected:
		t.Need, t.Why = NeedDisconnected, msg.New(mDisconnected)
	case status.Over && b.started:
		t.Need, t.Why = NeedOver, status.Reason
	case !st.Notice.IsZero():
		t.Need, t.Why = NeedBoard, st.Notice
	case breach:
		t.Need, t.Why = NeedBreach, msg.New(mBreach)
	case status.Claimable != nil:
		t.Need, t.Why = NeedClaim, msg.New(mClaimable)
	}
	return t
}

// The hall's words to the arbiter, keyed by their English (design.md §7).
const (
	mDisconnected = "The board is not connected."
	mBreach       = "A touch-move breach to claim."
	mClaimable    = "A draw may be claimed."
)

// Messages returns the hall's words, for the window's tests to require a
// translation of each.
func Messages() []msg.Text { return msg.Keys(mDisconnected, mBreach, mClaimable) }

// SetRound sets the new game and the pairing list of the boards added from
// now on: the round, event and site the arbiter typed after some boards.
func (h *Hall) SetRound(game app.NewGameOptions, ps []pairings.Pairing) {
	h.o.Game, h.o.Pairings = game, ps
}
