package posindex

import (
	"strings"
	"sync"

	"touchmove/core/chess"
)

// Index is the position index of the games of a file, in file order. A
// snapshot taken while it is built (Builder.Snapshot) is an Index of the
// games indexed so far; an Index never changes once handed out, and is safe
// for concurrent queries.
type Index struct {
	fp     []byte      // a fingerprint for every position of every main line, game after game
	mv     []byte      // the code of the move played from each (after the last: endFingerprint)
	games  []gameHead  // by game number, 0-based
	exc    []exception // the moves no code says, game after game
	starts []*startPos // the start positions other than the standard one
	unread int         // games left out: their start could not be set up
}

// gameHead is what the index keeps of a game besides its moves.
type gameHead struct {
	off      uint32 // its first position in fp and mv
	exc      uint32 // its first exception
	start    uint32 // 0 for the standard start, else 1 + its place in starts
	whiteElo uint16 // 0 when unknown
	blackElo uint16
	year     uint16 // 0 when unknown
	result   chess.Result
	flags    uint8
	mat      matSig // the least and most men of each kind its main line has
	seen     uint64 // a bit for each balance of men its main line has (balanceBit)
}

// note takes the men of p into the game's material signature and balances.
func (h *gameHead) note(p *chess.Position) {
	h.mat.note(p)
	var counts [2][chess.King]int
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t < chess.King; t++ {
			counts[c][t] = p.Pieces(c, t).Count()
		}
	}
	h.seen |= balanceBit(&counts[chess.White], &counts[chess.Black])
}

// balanceBit returns the bit of a balance of men, White's and Black's, in
// a game's seen set: one of 64 by a hash of the counts. A game whose set
// lacks a balance's bit never has that balance; one that has it may (about
// one in four of the games that do not, at twenty balances a game).
func balanceBit(white, black *[chess.King]int) uint64 {
	var key uint64
	for t := chess.Pawn; t < chess.King; t++ {
		key = key<<5 | uint64(min(white[t], 31))
		key = key<<5 | uint64(min(black[t], 31))
	}
	return 1 << ((key * 0x9e3779b97f4a7c15) >> 58)
}

// matSig is the material a game's main line goes through: for each colour
// (White first) and kind of man (Pawn to Queen), the least count in a
// position in its low four bits and the most in its high four. A material
// search passes over a game whose counts never come to the balance sought
// without replaying it.
type matSig [2 * (chess.King - 1)]byte

// noMat is the signature before the first position: every least count
// above any, every most count below.
var noMat = matSig{15, 15, 15, 15, 15, 15, 15, 15, 15, 15}

// note takes the men of p into s.
func (s *matSig) note(p *chess.Position) {
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t < chess.King; t++ {
			i := int(c)*int(chess.King-1) + int(t-1)
			n := byte(min(p.Pieces(c, t).Count(), 15))
			lo, hi := s[i]&15, s[i]>>4
			s[i] = min(lo, n) | max(hi, n)<<4
		}
	}
}

// mayHold reports whether colour c's men could be exactly side in some
// position that s went through: each count of side is between the least
// and the most of its kind.
func (s *matSig) mayHold(c chess.Color, side *[chess.King]int) bool {
	for t := chess.Pawn; t < chess.King; t++ {
		if !s.mayCount(c, t, side[t]) {
			return false
		}
	}
	return true
}

// mayCount reports whether colour c has n men of kind t in some position
// that s went through, by the least and most counts.
func (s *matSig) mayCount(c chess.Color, t chess.PieceType, n int) bool {
	v := s[int(c)*int(chess.King-1)+int(t-1)]
	return n >= int(v&15) && n <= int(v>>4)
}

// The flags of a game.
const (
	flagUnread = 1 << iota // its start could not be set up: no position
)

// exception is a move that its code does not say: castling, a promotion,
// a null move, or an origin past the third of the pieces that could go
// there.
type exception struct {
	ply  uint16
	move chess.Move
}

// maxPlies bounds the main line an index keeps of a game (a ply is kept in
// 16 bits); the rest of a longer line is left out.
const maxPlies = 65000

// Len returns the number of games in the index.
func (ix *Index) Len() int { return len(ix.games) }

// Unread returns the number of games left out: games whose start position
// could not be set up (a FEN that no reading makes playable, another
// variant), as pgn.GameBuilder reports them.
func (ix *Index) Unread() int { return ix.unread }

// Positions returns the number of positions kept: one for the start of each
// game and one after each move of its main line.
func (ix *Index) Positions() int { return len(ix.fp) }

// Plies returns the number of moves kept of game g's main line, or -1 if
// the game was left out.
func (ix *Index) Plies(g int) int {
	lo, hi := ix.span(g)
	return int(hi) - int(lo) - 1
}

// Result returns game g's result.
func (ix *Index) Result(g int) chess.Result { return ix.games[g].result }

// span returns the positions of game g in fp and mv.
func (ix *Index) span(g int) (lo, hi uint32) {
	lo = ix.games[g].off
	if g+1 < len(ix.games) {
		return lo, ix.games[g+1].off
	}
	return lo, uint32(len(ix.fp))
}

// excSpan returns the exceptions of game g.
func (ix *Index) excSpan(g int) []exception {
	lo := ix.games[g].exc
	hi := uint32(len(ix.exc))
	if g+1 < len(ix.games) {
		hi = ix.games[g+1].exc
	}
	return ix.exc[lo:hi]
}

var standardStart = chess.StartPosition()

// Start returns game g's start position.
func (ix *Index) Start(g int) chess.Position {
	if s := ix.games[g].start; s != 0 {
		return ix.starts[s-1].position()
	}
	return standardStart
}

// startPos is a start position other than the standard one: its FEN, and
// the position, set up the first time a query needs it (an index read
// from its file form may have tens of thousands that no query meets).
type startPos struct {
	fen  string // with " 960" after it for Chess960
	once sync.Once
	pos  chess.Position
}

// newStart returns the start position p, set up.
func newStart(p chess.Position) *startPos {
	s := &startPos{fen: p.FEN(), pos: p}
	if p.Chess960() {
		s.fen += " 960"
	}
	s.once.Do(func() {})
	return s
}

// position returns the start position. A FEN that cannot be set up (which
// a file form whose checksum holds does not have) gives the empty board, on which no move is found: the game then
// has its start position only.
func (s *startPos) position() chess.Position {
	s.once.Do(func() {
		fen, c960 := strings.CutSuffix(s.fen, " 960")
		st, err := chess.ParseFEN(fen)
		if err != nil {
			return
		}
		st.Chess960 = st.Chess960 || c960
		if p, _, err := st.Playable(); err == nil {
			s.pos = p
		}
	})
	return s.pos
}

// Moves returns the moves kept of game g's main line.
func (ix *Index) Moves(g int) []chess.Move {
	var out []chess.Move
	ix.replay(g, -1, func(_ int, _ *chess.Position, m chess.Move) bool {
		if m != chess.NoMove {
			out = append(out, m)
		}
		return true
	})
	return out
}

// Line returns the first n moves kept of game g's main line (fewer if it
// is shorter).
func (ix *Index) Line(g, n int) []chess.Move {
	out := make([]chess.Move, 0, n)
	if n <= 0 {
		return out
	}
	ix.replay(g, n, func(_ int, _ *chess.Position, m chess.Move) bool {
		if m != chess.NoMove && len(out) < n {
			out = append(out, m)
		}
		return len(out) < n
	})
	return out
}

// replay plays game g's main line from its start and calls visit with each
// position (ply 0 is the start) and the move played from it (NoMove after
// the last), up to ply upto (every ply when upto < 0), until visit returns
// false. The position is visit's only during the call.
func (ix *Index) replay(g, upto int, visit func(ply int, p *chess.Position, m chess.Move) bool) {
	lo, hi := ix.span(g)
	if hi == lo {
		return
	}
	n := int(hi-lo) - 1
	last := n
	if upto >= 0 && upto < n {
		last = upto
	}
	p := ix.Start(g)
	exc := ix.excSpan(g)
	for i := 0; i <= last; i++ {
		m := chess.NoMove
		if i < n {
			m = ix.moveAt(&p, lo+uint32(i), i, &exc)
		}
		if !visit(i, &p, m) || i == last || m == chess.NoMove {
			return
		}
		p.Play(m)
	}
}

// moveAt returns the move played at ply i from p, the position at k, with
// exc the game's exceptions from ply i on (it advances them).
func (ix *Index) moveAt(p *chess.Position, k uint32, i int, exc *[]exception) chess.Move {
	c := ix.mv[k]
	if c&escapeBits != escapeBits {
		return decodeMove(p, c)
	}
	e := *exc
	for len(e) > 0 && int(e[0].ply) < i {
		e = e[1:]
	}
	*exc = e
	if len(e) > 0 && int(e[0].ply) == i {
		return e[0].move
	}
	return chess.NoMove
}

// Prefix returns the index of the first n games of ix (all of them if n is
// larger), sharing its memory.
func (ix *Index) Prefix(n int) *Index {
	if n >= len(ix.games) {
		return ix
	}
	n = max(n, 0)
	out := &Index{games: ix.games[:n:n], starts: ix.starts}
	if n < len(ix.games) {
		h := ix.games[n]
		out.fp, out.mv, out.exc = ix.fp[:h.off:h.off], ix.mv[:h.off:h.off], ix.exc[:h.exc:h.exc]
	}
	for _, h := range out.games {
		if h.flags&flagUnread != 0 {
			out.unread++
		}
	}
	return out
}
