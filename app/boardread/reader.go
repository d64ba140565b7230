package boardread

import (
	"slices"
	"time"

	"touchmove/core/chess"
)

// Kind says what an Event reports.
type Kind uint8

// The events of a Reader.
const (
	// Lifted: the piece of the position on Square was lifted (a touch).
	Lifted Kind = iota + 1
	// PutBack: a piece lifted is back on Square and the board agrees with
	// the position again: no move was made.
	PutBack
	// Moved: the board stands as the position after Move. Two moves made
	// faster than the board was read come as two events, in order.
	Moved
	// Promoting: a pawn stands on its last rank (Move is its move, with a
	// queen): the player is asked for the piece, or places it.
	Promoting
	// Differs: the board has stood apart from the position, and from any
	// legal successor, for the wait; Squares are the squares that differ.
	Differs
	// Agrees: after Differs, the board agrees with the position again.
	Agrees
	// Start: the board shows the standard start position and the game is
	// not at it (a new game set up).
	Start
	// KingsResult: both kings stand on the centre squares d4, d5, e4, e5,
	// as DGT's players show the result (Result says which); the kings'
	// steps there are never said as moves.
	KingsResult
)

// Event is one thing the board's squares say.
type Event struct {
	Kind    Kind
	Square  chess.Square
	Piece   chess.Piece
	Move    chess.Move
	Squares chess.Bitboard
	// At is, for Moved and Promoting, when the board first stood as after
	// the move: the instant the move was made, however late it is said.
	At time.Time
	// Result is, for KingsResult, the result the kings show.
	Result chess.Result
}

// Timing holds the waits of a Reader.
type Timing struct {
	// Settle is how long the board must stand as a successor before the
	// move counts: a piece slid over several squares passes them faster.
	// A piece of the other side lifted completes the move at once.
	Settle time.Duration
	// CastleHold is the wait after a rook moves as for castling, for the
	// king that may follow (castling rook first).
	CastleHold time.Duration
	// Mismatch is how long the board must disagree before Differs.
	Mismatch time.Duration
	// Result is how long both kings must stand on the centre squares
	// before KingsResult; it is also the wait after a king's legal step
	// onto a centre square, for the other king that may follow.
	Result time.Duration
}

// DefaultTiming returns the waits Touchmove uses. DGT's own software waits
// about five seconds before it takes the kings' result; two are enough here,
// since no legal position has both kings on the centre squares.
func DefaultTiming() Timing {
	return Timing{Settle: 250 * time.Millisecond, CastleHold: 1500 * time.Millisecond, Mismatch: time.Second,
		Result: 2 * time.Second}
}

// Reader follows one board against the position of one game. It is not
// safe for concurrent use.
type Reader struct {
	t     Timing
	pos   chess.Position
	want  [64]chess.Piece // pos.Board()
	board [64]chess.Piece
	// stand: squares where a pawn on its last rank stands for the piece
	// the game has there (a promotion with no spare queen at hand).
	stand chess.Bitboard
	// lifted: the pieces of the position lifted since the board last agreed.
	lifted chess.Bitboard
	// What the board stands as, waiting for the deadline:
	pending  []chess.Move // successor moves
	since    time.Time    // when the board came to stand as pending or promo
	promo    chess.Move   // a pawn on its last rank
	start    bool         // the start position
	result   chess.Result // the kings on the centre squares show a result
	deadline time.Time
	differs  bool // Differs was said and Agrees not yet
	// spent is the board and position whose moves were said already, so
	// that a move the game refused is not said again and again.
	spent    [64]chess.Piece
	spentKey uint64
	hasSpent bool
}

// New returns a reader of a board that shows board, for a game at pos;
// Evaluate then says what the board stands as.
func New(pos chess.Position, board [64]chess.Piece, t Timing) *Reader {
	r := &Reader{t: t, board: board}
	r.setPos(pos)
	return r
}

func (r *Reader) setPos(pos chess.Position) {
	r.pos, r.want = pos, pos.Board()
	r.lifted = 0
	r.restand()
}

// restand finds the squares where a pawn on its last rank stands for the
// piece of its colour the game has there.
func (r *Reader) restand() {
	r.stand = 0
	for sq := chess.Square(0); sq < 64; sq++ {
		b, w := r.board[sq], r.want[sq]
		if b.Type() == chess.Pawn && lastRank(b.Color(), sq) && w != chess.NoPiece && w.Color() == b.Color() &&
			w.Type() != chess.Pawn && w.Type() != chess.King {
			r.stand |= sq.Bit()
		}
	}
}

func lastRank(c chess.Color, sq chess.Square) bool {
	return c == chess.White && sq.Rank() == 7 || c == chess.Black && sq.Rank() == 0
}

// Position returns the position the board is read against.
func (r *Reader) Position() chess.Position { return r.pos }

// Board returns what the board shows, by square.
func (r *Reader) Board() [64]chess.Piece { return r.board }

// Diff returns the squares where the board differs from the position.
func (r *Reader) Diff() chess.Bitboard {
	var d chess.Bitboard
	for sq := chess.Square(0); sq < 64; sq++ {
		if !r.same(sq, r.want[sq]) {
			d |= sq.Bit()
		}
	}
	return d
}

// Agreeing reports whether the board agrees with the position.
func (r *Reader) Agreeing() bool { return r.Diff() == 0 }

// same reports whether the board's sq shows p.
func (r *Reader) same(sq chess.Square, p chess.Piece) bool {
	b := r.board[sq]
	return b == p || r.stand.Has(sq) && b.Type() == chess.Pawn && p != chess.NoPiece && p.Color() == b.Color()
}

// matches reports whether the board shows want.
func (r *Reader) matches(want *[64]chess.Piece) bool {
	for sq := chess.Square(0); sq < 64; sq++ {
		if !r.same(sq, want[sq]) {
			return false
		}
	}
	return true
}

// Deadline returns when Tick has something to decide, if it has.
func (r *Reader) Deadline() (time.Time, bool) { return r.deadline, !r.deadline.IsZero() }

// SetPosition sets the position the board is read against: the game's,
// after each move recorded (or refused), a takeback or a new game.
func (r *Reader) SetPosition(pos chess.Position, at time.Time) []Event {
	if pos.Key() == r.pos.Key() && pos.Board() == r.want {
		return nil
	}
	r.setPos(pos)
	return r.evaluate(at)
}

// Evaluate decides what the board stands as now, as SetBoard does with a
// board that changed: a new reader calls it once, so that a board set up at
// the start position is a Start even when it never changes.
func (r *Reader) Evaluate(at time.Time) []Event { return r.evaluate(at) }

// SetBoard sets the whole board, as a dump reports it (on connecting).
func (r *Reader) SetBoard(board [64]chess.Piece, at time.Time) []Event {
	if board == r.board {
		return nil
	}
	r.board = board
	r.restand()
	return r.evaluate(at)
}

// Update is one field update: p placed on sq, or NoPiece where a piece was lifted.
func (r *Reader) Update(sq chess.Square, p chess.Piece, at time.Time) []Event {
	if !sq.Valid() || r.board[sq] == p {
		return nil
	}
	var out []Event
	prev := r.board[sq]
	if p == chess.NoPiece && len(r.pending) > 0 && !r.continues(sq) {
		// The next player lifts a piece: the move stood, it is made.
		out = r.complete()
	}
	r.board[sq] = p
	if p == chess.NoPiece && prev == r.want[sq] && !r.stand.Has(sq) && !r.lifted.Has(sq) {
		r.lifted |= sq.Bit()
		out = append(out, Event{Kind: Lifted, Square: sq, Piece: prev})
	}
	if p == chess.NoPiece {
		r.stand &^= sq.Bit()
	}
	return append(out, r.evaluate(at)...)
}

// continues reports whether lifting sq goes on with the pending move rather
// than ending it: the piece that arrived is lifted again (a slide, a
// promoted pawn replaced), or the king after a rook moved as for castling.
func (r *Reader) continues(sq chess.Square) bool {
	before := r.pos
	for _, m := range r.pending[:len(r.pending)-1] {
		before.Play(m)
	}
	m := r.pending[len(r.pending)-1]
	if sq == m.To() || m.IsCastling() && (sq == m.KingTo() || sq == m.RookTo()) {
		return true
	}
	if kingToCentre(&before, m) && sq == before.KingSquare(before.Turn().Other()) {
		return true // the other king follows it: the result shown, no move
	}
	return castlePrefix(&before, m) && sq == before.KingSquare(before.Turn())
}

// centre is the four squares where the kings show the result.
const centre = chess.Bitboard(1)<<chess.D4 | 1<<chess.E4 | 1<<chess.D5 | 1<<chess.E5

// kingToCentre reports whether m, in p, is a king's step onto a centre
// square: the first half of the kings' result, maybe.
func kingToCentre(p *chess.Position, m chess.Move) bool {
	return !m.IsCastling() && p.PieceAt(m.From()).Type() == chess.King && centre.Has(m.To())
}

// kingsResult reads the result the kings show on board: DGT's convention,
// both kings on the centre squares, both on dark squares (d4, e5) 0-1, both
// on light squares (d5, e4) 1-0, one on each a draw. ok is false unless
// the board has one king of each colour and both stand there.
func kingsResult(board *[64]chess.Piece) (r chess.Result, ok bool) {
	var kings [2]chess.Square
	var n [2]int
	for sq := chess.Square(0); sq < 64; sq++ {
		if p := board[sq]; p.Type() == chess.King {
			c := 0
			if p.Color() == chess.Black {
				c = 1
			}
			kings[c] = sq
			n[c]++
		}
	}
	if n != [2]int{1, 1} || !centre.Has(kings[0]) || !centre.Has(kings[1]) {
		return chess.Unfinished, false
	}
	switch light := kings[0].IsLight(); {
	case light != kings[1].IsLight():
		return chess.Draw, true
	case light:
		return chess.WhiteWins, true
	}
	return chess.BlackWins, true
}

// castlePrefix reports whether m, in p, moves a rook as castling would.
func castlePrefix(p *chess.Position, m chess.Move) bool {
	if m.Kind() != chess.Normal || p.PieceAt(m.From()).Type() != chess.Rook {
		return false
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	for _, c := range ml.Slice() {
		if c.IsCastling() && c.To() == m.From() && c.RookTo() == m.To() {
			return true
		}
	}
	return false
}

// complete says the pending moves and reads on from the position after them.
func (r *Reader) complete() []Event {
	out := make([]Event, 0, len(r.pending))
	r.markSpent()
	p := r.pos
	for _, m := range r.pending {
		out = append(out, Event{Kind: Moved, Move: m, At: r.since})
		p.Play(m)
	}
	r.pending = nil
	r.deadline = time.Time{}
	r.setPos(p)
	if r.differs && r.matches(&r.want) {
		r.differs = false
		out = append(out, Event{Kind: Agrees})
	}
	return out
}

func (r *Reader) markSpent() {
	r.spent, r.spentKey, r.hasSpent = r.board, r.pos.Key(), true
}

func (r *Reader) isSpent() bool {
	return r.hasSpent && r.spent == r.board && r.spentKey == r.pos.Key()
}

// evaluate decides what the board now stands as, and what to wait for.
func (r *Reader) evaluate(at time.Time) []Event {
	before, promo, result := r.pending, r.promo, r.result
	r.pending, r.promo, r.start, r.result = nil, chess.NoMove, false, chess.Unfinished
	r.deadline = time.Time{}
	var out []Event
	if r.matches(&r.want) {
		for b := r.lifted; b != 0; b &= b - 1 {
			out = append(out, Event{Kind: PutBack, Square: b.First()})
		}
		r.lifted = 0
		r.hasSpent = false
		if r.differs {
			r.differs = false
			out = append(out, Event{Kind: Agrees})
		}
		return out
	}
	if res, ok := kingsResult(&r.board); ok {
		if res != result {
			r.since = at
		}
		r.result = res
		r.deadline = r.since.Add(r.t.Result)
		return out
	}
	start := chess.StartPosition()
	if r.board == start.Board() {
		r.start = true
		r.deadline = at.Add(r.t.Settle)
		return out
	}
	if !r.isSpent() {
		if moves := r.successors(); moves != nil {
			if !slices.Equal(moves, before) {
				r.since = at
			}
			r.pending = moves
			hold := r.t.Settle
			before := r.pos
			for _, m := range moves[:len(moves)-1] {
				before.Play(m)
			}
			if castlePrefix(&before, moves[len(moves)-1]) {
				hold = r.t.CastleHold
			}
			if kingToCentre(&before, moves[len(moves)-1]) {
				hold = max(hold, r.t.Result)
			}
			r.deadline = at.Add(hold)
			return out
		}
		if m := r.promotion(); m != chess.NoMove {
			if m != promo {
				r.since = at
			}
			r.promo = m
			r.deadline = at.Add(r.t.Settle)
			return out
		}
	}
	r.deadline = at.Add(r.t.Mismatch)
	return out
}

// successors returns the moves, one or two, after which the position is
// what the board shows; nil if none.
func (r *Reader) successors() []chess.Move {
	var ml chess.MoveList
	r.pos.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		q := r.pos
		q.Play(m)
		if b := q.Board(); r.matches(&b) {
			return []chess.Move{m}
		}
	}
	// Two moves differ on eight squares at most (two castlings).
	if r.Diff().Count() > 8 {
		return nil
	}
	for _, m := range ml.Slice() {
		q := r.pos
		q.Play(m)
		var ml2 chess.MoveList
		q.GenerateLegal(&ml2)
		for _, m2 := range ml2.Slice() {
			q2 := q
			q2.Play(m2)
			if b := q2.Board(); r.matches(&b) {
				return []chess.Move{m, m2}
			}
		}
	}
	return nil
}

// promotion returns the promotion (to a queen) after which the position is
// what the board shows, but for the pawn standing on its last rank.
func (r *Reader) promotion() chess.Move {
	var ml chess.MoveList
	r.pos.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if m.Kind() != chess.Promotion || m.Promotion() != chess.Queen {
			continue
		}
		q := r.pos
		q.Play(m)
		b := q.Board()
		b[m.To()] = chess.NewPiece(r.pos.Turn(), chess.Pawn)
		if b == r.board {
			return m
		}
	}
	return chess.NoMove
}

// Tick says what the waits decided by time at.
func (r *Reader) Tick(at time.Time) []Event {
	if r.deadline.IsZero() || at.Before(r.deadline) {
		return nil
	}
	r.deadline = time.Time{}
	switch {
	case r.pending != nil:
		return r.complete()
	case r.promo != chess.NoMove:
		m := r.promo
		r.promo = chess.NoMove
		r.markSpent()
		return []Event{{Kind: Promoting, Move: m, At: r.since}}
	case r.start:
		r.start = false
		return []Event{{Kind: Start}}
	case r.result != chess.Unfinished:
		res := r.result
		r.result = chess.Unfinished
		r.markSpent()
		return []Event{{Kind: KingsResult, Result: res}}
	}
	r.differs = true
	return []Event{{Kind: Differs, Squares: r.Diff()}}
}
