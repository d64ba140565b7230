package posindex

import (
	"cmp"
	"encoding/binary"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"touchmove/core/chess"
)

// Set is a set of games by number (0-based). A nil *Set holds every game.
type Set struct{ bits []uint64 }

// NewSet returns an empty set for games 0 to n-1.
func NewSet(n int) *Set { return &Set{bits: make([]uint64, (n+63)/64)} }

// Add puts game g in s.
func (s *Set) Add(g int) {
	if w := g >> 6; w < len(s.bits) {
		s.bits[w] |= 1 << (g & 63)
	}
}

// Has reports whether game g is in s (always, for a nil s).
func (s *Set) Has(g int) bool {
	if s == nil {
		return true
	}
	w := g >> 6
	return w < len(s.bits) && s.bits[w]&(1<<(g&63)) != 0
}

// Len returns the number of games in s.
func (s *Set) Len() int {
	n := 0
	for _, w := range s.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Hit is a game that reaches a position: its number (0-based), the ply of
// its first arrival there (0 is the start position) and the move it played
// from there (NoMove: the game ends there).
type Hit struct {
	Game, Ply int
	Move      chess.Move
}

// Find returns the games of only (nil: all) whose main line reaches the
// position p, in file order, each at its first arrival.
func (ix *Index) Find(p *chess.Position, only *Set) []Hit {
	return concatHits(ix.query(p, only, false))
}

// concatHits returns the hits of the parts, in order.
func concatHits(parts []*scanned) []Hit {
	n := 0
	for _, part := range parts {
		n += len(part.hits)
	}
	hits := make([]Hit, 0, n)
	for _, part := range parts {
		hits = append(hits, part.hits...)
	}
	return hits
}

// query scans the games of only for the position p, cut in as many runs as
// there are processors, and returns what each run found: its hits, and its
// rows when rows is set.
func (ix *Index) query(p *chess.Position, only *Set, rows bool) []*scanned {
	key := p.RepetitionKey()
	t := newChildTable(p)
	parts := ix.split(runtime.GOMAXPROCS(0))
	out := make([]*scanned, len(parts)-1)
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = &scanned{mover: p.Turn(), rows: rows}
			ix.scan(key, t, parts[i], parts[i+1], only, out[i])
		}()
	}
	wg.Wait()
	return out
}

// split cuts the games into n runs of about as many positions; it returns
// the n+1 bounds.
func (ix *Index) split(n int) []int {
	n = max(1, min(n, len(ix.games)))
	bounds := []int{0}
	total := len(ix.fp)
	for i := 1; i < n; i++ {
		want := uint32(total * i / n)
		g, _ := slices.BinarySearchFunc(ix.games, want, func(h gameHead, t uint32) int { return cmp.Compare(h.off, t) })
		bounds = append(bounds, max(g, bounds[len(bounds)-1]))
	}
	return append(bounds, len(ix.games))
}

// childTable holds, for each code of a legal move of the position (one that
// is not an escape), the move and the fingerprint of the position it leads
// to: a fingerprint that fits but whose next move and position do not is
// passed over at once.
type childTable struct {
	valid   [256]bool
	child   [256]byte
	move    [256]chess.Move
	escaped map[chess.Move]byte // the moves kept as exceptions, and their children's fingerprints
	end     byte                // the position's endFingerprint
}

func newChildTable(p *chess.Position) *childTable {
	t := &childTable{escaped: map[chess.Move]byte{}, end: endFingerprint(p.RepetitionKey())}
	for _, m := range p.LegalMoves() {
		q := *p
		q.Play(m)
		child := fingerprint(q.RepetitionKey())
		if c, ok := encodeMove(p, m); ok {
			t.valid[c], t.child[c], t.move[c] = true, child, m
		} else {
			t.escaped[m] = child
		}
	}
	// A null move ("--") is kept as an exception too.
	q := *p
	q.Play(chess.NullMove)
	t.escaped[chess.NullMove] = fingerprint(q.RepetitionKey())
	return t
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// nextMatch returns the first k in [k, hi) with fp[k] == f, or hi: eight
// bytes at a time.
func nextMatch(fp []byte, k, hi uint32, f byte) uint32 {
	pat := uint64(f) * lsb
	for k+8 <= hi {
		w := binary.LittleEndian.Uint64(fp[k:]) ^ pat
		if z := (w - lsb) &^ w & msb; z != 0 {
			return k + uint32(bits.TrailingZeros64(z)>>3)
		}
		k += 8
	}
	for k < hi && fp[k] != f {
		k++
	}
	return k
}

// scanned is what a scan found: the hits and, when rows is set, the tree's
// rows of the moves with a code (byCode), of the other moves (escaped) and
// of the games that end there (end). Counting the rows as the scan goes,
// rather than from the hits after it, puts the count on every processor and
// looks a row up by its code rather than in a map; with the standard start
// known without a hash, BenchmarkTreeQuery/start (1,000,000 games, every
// one a hit, idle machine, two runs) went from 83–85 ms to 64–66 ms and
// BenchmarkTreeFind/start from 62–63 ms to 35–37 ms.
type scanned struct {
	mover   chess.Color
	rows    bool
	hits    []Hit
	byCode  [256]*Row
	escaped map[chess.Move]*Row
	end     *Row
}

// add counts game g of ix, which played m (NoMove: it ends there), with code
// c (meaningful only for a move with a code).
func (s *scanned) add(ix *Index, g, ply int, m chess.Move, c byte, coded bool) {
	s.hits = append(s.hits, Hit{Game: g, Ply: ply, Move: m})
	if !s.rows {
		return
	}
	var r *Row
	switch {
	case m == chess.NoMove:
		if s.end == nil {
			s.end = &Row{Move: m}
		}
		r = s.end
	case coded:
		if s.byCode[c] == nil {
			s.byCode[c] = &Row{Move: m}
		}
		r = s.byCode[c]
	default:
		if s.escaped == nil {
			s.escaped = map[chess.Move]*Row{}
		}
		if r = s.escaped[m]; r == nil {
			r = &Row{Move: m}
			s.escaped[m] = r
		}
	}
	r.count(&ix.games[g], s.mover)
}

// each calls f with each row s counted.
func (s *scanned) each(f func(*Row)) {
	for _, r := range s.byCode {
		if r != nil {
			f(r)
		}
	}
	for _, r := range s.escaped {
		f(r)
	}
	if s.end != nil {
		f(s.end)
	}
}

// scan finds the games g0 to g1-1 that reach the position of key, and
// puts them in out.
func (ix *Index) scan(key uint64, t *childTable, g0, g1 int, only *Set, out *scanned) {
	if g0 >= g1 {
		return
	}
	proved := map[uint64]uint64{}
	startKey := standardStart.RepetitionKey()
	f := fingerprint(key)
	fp, mv := ix.fp, ix.mv
	lo, _ := ix.span(g0)
	_, hi := ix.span(g1 - 1)
	g := g0
	_, gEnd := ix.span(g)
	for k := lo; ; {
		k = nextMatch(fp, k, hi, f)
		if k >= hi {
			break
		}
		for k >= gEnd {
			g++
			_, gEnd = ix.span(g)
		}
		if !only.Has(g) {
			k = gEnd
			continue
		}
		m := chess.NoMove
		ply := int(k - ix.games[g].off)
		c := mv[k]
		coded := false
		switch {
		case k+1 == gEnd:
			if c != t.end {
				k++
				continue
			}
		case c&escapeBits != escapeBits:
			if !t.valid[c] || fp[k+1] != t.child[c] {
				k++
				continue
			}
			m, coded = t.move[c], true
		default:
			m = ix.escaped(g, ply)
			if child, ok := t.escaped[m]; !ok || fp[k+1] != child {
				k++
				continue
			}
		}
		if ply == 0 && ix.games[g].start == 0 {
			// At the standard start, every game of the file is a hit: no
			// hash, no map.
			if key != startKey {
				k++
				continue
			}
		} else if !ix.proves(g, ply, key, proved) {
			k++
			continue
		}
		out.add(ix, g, ply, m, c, coded)
		k = gEnd
	}
}

// escaped returns the move kept in game g's exceptions for ply.
func (ix *Index) escaped(g, ply int) chess.Move {
	for _, e := range ix.excSpan(g) {
		if int(e.ply) == ply {
			return e.move
		}
	}
	return chess.NoMove
}

// proves reports whether game g is at the position of key after ply
// moves. The key reached by a sequence of moves is kept in proved under the
// hash of the sequence, so that the games that share the way there cost a
// hash; the others are replayed.
func (ix *Index) proves(g, ply int, key uint64, proved map[uint64]uint64) bool {
	h := ix.prefixHash(g, ply)
	if got, ok := proved[h]; ok {
		return got == key
	}
	if ply == 0 {
		s := ix.Start(g)
		proved[h] = s.RepetitionKey()
		return proved[h] == key
	}
	var got uint64
	ix.replay(g, ply, func(i int, p *chess.Position, _ chess.Move) bool {
		if i == ply {
			got = p.RepetitionKey()
		}
		return true
	})
	proved[h] = got
	return got == key
}

// prefixHash hashes game g's start and its first n moves.
func (ix *Index) prefixHash(g, n int) uint64 {
	const prime = 1099511628211
	h := (14695981039346656037 ^ uint64(ix.games[g].start)) * prime
	lo := ix.games[g].off
	exc := ix.excSpan(g)
	for j, c := range ix.mv[lo : lo+uint32(n)] {
		h = (h ^ uint64(c)) * prime
		if c&escapeBits == escapeBits {
			for len(exc) > 0 && int(exc[0].ply) < j {
				exc = exc[1:]
			}
			if len(exc) > 0 && int(exc[0].ply) == j {
				h = (h ^ uint64(exc[0].move)) * prime
			}
		}
	}
	h ^= uint64(n)
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}

// Row is a line of the tree of a position: the games that played a move
// there, or (Move NoMove) the games that end there.
type Row struct {
	Move chess.Move // NoMove for the games that end in the position
	SAN  string     // the move in English SAN; "" for the end row

	Games                       int // games (a game counts once, at its first arrival)
	WhiteWins, Draws, BlackWins int // by result; games without one are in Games only
	LastYear                    int // the latest year of those games; 0 when none has a date

	ratingSum, rated           int // the ratings of the players to move, and how many are known
	oppSum, oppRated, oppScore int // their opponents' ratings, how many, and the score against them in half points
}

// End reports whether r is the row of the games that end in the position.
func (r Row) End() bool { return r.Move == chess.NoMove }

// AvgRating returns the average rating of the players who made the move
// (the side to move), or 0 when none is known.
func (r Row) AvgRating() int {
	if r.rated == 0 {
		return 0
	}
	return (r.ratingSum + r.rated/2) / r.rated
}

// Performance returns the performance rating of the players who made the
// move over the games against rated opponents with a result: the opponents'
// average plus FIDE's rating difference for the score (FIDE Handbook
// B.02 §8.1.1); ok is false when there is no such game.
func (r Row) Performance() (rating int, ok bool) {
	if r.oppRated == 0 {
		return 0, false
	}
	avg := float64(r.oppSum) / float64(r.oppRated)
	score := float64(r.oppScore) / float64(2*r.oppRated)
	return int(avg+0.5) + ratingDifference(score), true
}

// Score returns White's score in the games with a result, from 0 to 1,
// and how many there are.
func (r Row) Score() (float64, int) {
	n := r.WhiteWins + r.Draws + r.BlackWins
	if n == 0 {
		return 0, 0
	}
	return float64(2*r.WhiteWins+r.Draws) / float64(2*n), n
}

func (r *Row) add(o *Row) {
	r.Games += o.Games
	r.WhiteWins += o.WhiteWins
	r.Draws += o.Draws
	r.BlackWins += o.BlackWins
	r.LastYear = max(r.LastYear, o.LastYear)
	r.ratingSum += o.ratingSum
	r.rated += o.rated
	r.oppSum += o.oppSum
	r.oppRated += o.oppRated
	r.oppScore += o.oppScore
}

// Tree is what the games of an index played from a position.
type Tree struct {
	Rows  []Row // by games, most first; the end row among them
	Total Row   // every game that reaches the position
	Hits  []Hit // the games, in file order
}

// Tree returns the tree of position p over the games of only (nil: all).
func (ix *Index) Tree(p *chess.Position, only *Set) Tree {
	parts := ix.query(p, only, true)
	rows := map[chess.Move]*Row{}
	t := Tree{Hits: concatHits(parts)}
	for _, part := range parts {
		part.each(func(r *Row) {
			if sum := rows[r.Move]; sum != nil {
				sum.add(r)
			} else {
				rows[r.Move] = r
			}
		})
	}
	for _, r := range rows {
		if r.Move != chess.NoMove {
			r.SAN = p.SAN(r.Move)
		}
		t.Total.add(r)
		t.Rows = append(t.Rows, *r)
	}
	slices.SortFunc(t.Rows, func(a, b Row) int {
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		if a.End() != b.End() {
			if a.End() {
				return 1
			}
			return -1
		}
		return cmp.Compare(a.SAN, b.SAN)
	})
	return t
}

// count adds a game with head gh to r, for the player mover who made r's
// move.
func (r *Row) count(gh *gameHead, mover chess.Color) {
	r.Games++
	switch gh.result {
	case chess.WhiteWins:
		r.WhiteWins++
	case chess.BlackWins:
		r.BlackWins++
	case chess.Draw:
		r.Draws++
	}
	r.LastYear = max(r.LastYear, int(gh.year))
	own, opp := gh.whiteElo, gh.blackElo
	if mover == chess.Black {
		own, opp = opp, own
	}
	if own != 0 {
		r.ratingSum += int(own)
		r.rated++
	}
	if opp != 0 && gh.result.Over() {
		r.oppSum += int(opp)
		r.oppRated++
		switch {
		case gh.result == chess.Draw:
			r.oppScore++
		case gh.result.Winner() == mover:
			r.oppScore += 2
		}
	}
}

// ratingDifference returns FIDE's rating difference dp for a score p from
// 0 to 1 (FIDE Handbook B.02 §8.1.1, the table by hundredths).
func ratingDifference(p float64) int {
	dp := [...]int{0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
		149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
		351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800}
	i := int(p*100+0.5) - 50
	if i < 0 {
		return -dp[min(-i, 50)]
	}
	return dp[min(i, 50)]
}
