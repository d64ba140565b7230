package posindex

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"touchmove/core/chess"
)

// Material is a material balance to search for: the men of two sides
// besides their kings, by piece type.
type Material struct {
	Sides [2][chess.King]int // men by type (Pawn to Queen; index 0 unused) of the first and the second side
	// Fixed makes the first side White; otherwise it may be either colour.
	Fixed bool
	// MinPlies is the number of plies the balance must last: it must hold
	// in that many positions in a row (0 and 1: in one).
	MinPlies int
}

// ErrSpec is the error of a search that cannot be read.
var ErrSpec = errors.New("posindex: bad search")

// ParseMaterial reads a balance written as the two sides' men joined by
// "vs" (or "v"): "R vs B+2P", "KRP vs KR", "Q vs 2R", "RR v Q". A side lists
// piece letters (K Q R B N P), each with a count before it if more than
// one, with or without "+" between them; the king may be left out.
func ParseMaterial(spec string) (Material, error) {
	return ParseMaterialIn(spec, MaterialLetters{})
}

// MaterialLetters are the letters of a language a balance may name the
// pieces with besides the English ones: Pieces as chess.LettersOf gives
// them (K Q R B N in that language) and Pawn, the pawn's letter. Letters
// are told apart by their code points: a Cyrillic К is a knight, a Latin K
// a king. The zero value reads English letters only.
type MaterialLetters struct {
	Pieces chess.PieceLetters
	Pawn   string
}

// MaterialLettersOf returns the letters a balance may be written in
// besides the English ones for code, a language or letter set that
// chess.LettersOf knows ("ru": Кр Ф Л С К and the pawn П; "sk": K D V S J
// P; "figurine"); the zero value, English letters only, for a code it
// does not know.
func MaterialLettersOf(code string) MaterialLetters {
	l, ok := chess.LettersOf(code)
	if !ok {
		return MaterialLetters{}
	}
	pawn := "P"
	switch code {
	case "ru":
		pawn = "П"
	case "figurine":
		pawn = "♙"
	}
	return MaterialLetters{Pieces: l, Pawn: pawn}
}

// materialSeparators are the words a balance may join its two sides with;
// "v" too, where it is not a piece letter.
const materialSeparators = "vs vs. - – — против proti"

// ParseMaterialIn reads a balance as ParseMaterial does, the men named in
// English letters or in l: "Л против С+2П" and "V vs S+2P" as well as
// "R vs B+2P". The sides are joined by a word that cannot be a piece
// letter: vs, a dash, «против» or "proti" (or "v" where no letter of l is
// V).
func ParseMaterialIn(spec string, l MaterialLetters) (Material, error) {
	var m Material
	letters := materialLetters(l)
	vIsLetter := false
	for _, ml := range letters {
		vIsLetter = vIsLetter || strings.EqualFold(ml.letter, "v")
	}
	var sides []string
	cur := ""
	for _, w := range strings.Fields(strings.TrimSpace(spec)) {
		lw := strings.ToLower(w)
		if slices.Contains(strings.Fields(materialSeparators), lw) || (lw == "v" && !vIsLetter) {
			sides = append(sides, cur)
			cur = ""
			continue
		}
		cur += w
	}
	sides = append(sides, cur)
	if len(sides) != 2 {
		return m, fmt.Errorf("%w: %q: write the two sides with vs between them (R vs B+2P)", ErrSpec, spec)
	}
	for i, side := range sides {
		if err := readSide(&m.Sides[i], side, letters); err != nil {
			return m, fmt.Errorf("%w: %q: %w", ErrSpec, spec, err)
		}
	}
	return m, nil
}

// materialLetter is a letter a balance may name a kind of piece with.
type materialLetter struct {
	letter string
	t      chess.PieceType
}

// materialLetters returns the letters of l and the English ones, the
// longest first (the Russian king Кр before the knight К).
func materialLetters(l MaterialLetters) []materialLetter {
	types := []chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight}
	var out []materialLetter
	for i, t := range types {
		if l.Pieces[i] != "" {
			out = append(out, materialLetter{l.Pieces[i], t})
		}
		out = append(out, materialLetter{string(t.Letter()), t})
	}
	if l.Pawn != "" {
		out = append(out, materialLetter{l.Pawn, chess.Pawn})
	}
	out = append(out, materialLetter{"P", chess.Pawn})
	slices.SortStableFunc(out, func(a, b materialLetter) int {
		return utf8.RuneCountInString(b.letter) - utf8.RuneCountInString(a.letter)
	})
	return out
}

// readSide adds the men written in side to s.
func readSide(s *[chess.King]int, side string, letters []materialLetter) error {
	n := 0
	for rest := side; rest != ""; {
		c, size := utf8.DecodeRuneInString(rest)
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int(c-'0')
			if n > 16 {
				return errors.New("more than 16 men")
			}
		case c == '+' || c == ',':
			if n != 0 {
				return errors.New("a count without a piece")
			}
		default:
			t, l := chess.NoPieceType, 0
			for _, ml := range letters {
				if len(rest) >= len(ml.letter) && strings.EqualFold(rest[:len(ml.letter)], ml.letter) {
					t, l = ml.t, len(ml.letter)
					break
				}
			}
			if t == chess.NoPieceType {
				return fmt.Errorf("%q is not a piece letter", c)
			}
			size = l
			if n == 0 {
				n = 1
			}
			if t != chess.King {
				s[t] += n
			}
			n = 0
		}
		rest = rest[size:]
	}
	if n != 0 {
		return errors.New("a count without a piece")
	}
	return nil
}

// String writes m as ParseMaterial reads it.
func (m Material) String() string {
	side := func(s [chess.King]int) string {
		var parts []string
		for _, t := range []chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn} {
			switch n := s[t]; {
			case n == 1:
				parts = append(parts, string(t.Letter()))
			case n > 1:
				parts = append(parts, fmt.Sprintf("%d%c", n, t.Letter()))
			}
		}
		if len(parts) == 0 {
			return "K"
		}
		return strings.Join(parts, "+")
	}
	return side(m.Sides[0]) + " vs " + side(m.Sides[1])
}

// men returns the count of a side's men besides the king.
func men(s *[chess.King]int) int {
	n := 0
	for _, c := range s {
		n += c
	}
	return n
}

// holds reports whether colour c has exactly the men of s in p.
func holds(p *chess.Position, c chess.Color, s *[chess.King]int) bool {
	for t := chess.Pawn; t < chess.King; t++ {
		if p.Pieces(c, t).Count() != s[t] {
			return false
		}
	}
	return true
}

// menOf returns colour c's men besides the king in p.
func menOf(p *chess.Position, c chess.Color) int {
	return (p.ColorPieces(c) &^ p.Pieces(c, chess.King)).Count()
}

// FindMaterial returns the games of only (nil: all) in which the balance m
// holds, each at the first ply of the first stretch that lasts
// m.MinPlies. It replays the games on several goroutines; progress, if not
// nil, is called now and then with the games done. It stops early with
// ctx's error.
func (ix *Index) FindMaterial(ctx context.Context, m Material, only *Set, progress func(done, total int)) ([]Hit, error) {
	need := max(m.MinPlies, 1)
	a, b := &m.Sides[0], &m.Sides[1]
	menA, menB := men(a), men(b)
	bitAB, bitBA := balanceBit(a, b), balanceBit(b, a)
	return ix.findEach(ctx, only, progress, func(g int) (Hit, bool) {
		if h := &ix.games[g]; !(h.seen&bitAB != 0 && h.mat.mayHold(chess.White, a) && h.mat.mayHold(chess.Black, b) ||
			!m.Fixed && h.seen&bitBA != 0 && h.mat.mayHold(chess.White, b) && h.mat.mayHold(chess.Black, a)) {
			return Hit{}, false // its men never come to the balance
		}
		run, first := 0, 0
		var hit Hit
		found := false
		ix.replay(g, -1, func(ply int, p *chess.Position, mv chess.Move) bool {
			w, bl := menOf(p, chess.White), menOf(p, chess.Black)
			ok := holds(p, chess.White, a) && holds(p, chess.Black, b) ||
				!m.Fixed && holds(p, chess.White, b) && holds(p, chess.Black, a)
			if ok {
				if run == 0 {
					first, hit = ply, Hit{Game: g, Ply: ply, Move: mv}
				}
				run++
				if run >= need {
					found = true
					hit.Ply = first
					return false
				}
				return true
			}
			run = 0
			// Men are never gained: stop when too few are left.
			fits := w >= menA && bl >= menB || !m.Fixed && w >= menB && bl >= menA
			return fits
		})
		return hit, found
	})
}

// Pawns is a pawn structure to search for: the pawns of both colours on
// exactly these squares, the pieces anywhere.
type Pawns struct{ White, Black chess.Bitboard }

// ParsePawns reads the pawns of a FEN, or of its placement field alone.
func ParsePawns(fen string) (Pawns, error) {
	f := strings.Fields(fen)
	if len(f) == 0 {
		return Pawns{}, fmt.Errorf("%w: no FEN", ErrSpec)
	}
	if len(f) < 4 {
		f = append(f[:1], "w", "-", "-")
	}
	s, err := chess.ParseFEN(strings.Join(f, " "))
	if err != nil {
		return Pawns{}, fmt.Errorf("%w: %w", ErrSpec, err)
	}
	var ps Pawns
	for sq, pc := range s.Board {
		if pc.Type() == chess.Pawn && pc != chess.NoPiece {
			if pc.Color() == chess.White {
				ps.White |= chess.Square(sq).Bit()
			} else {
				ps.Black |= chess.Square(sq).Bit()
			}
		}
	}
	return ps, nil
}

// PawnsOf returns the pawn structure of p.
func PawnsOf(p *chess.Position) Pawns {
	return Pawns{White: p.Pieces(chess.White, chess.Pawn), Black: p.Pieces(chess.Black, chess.Pawn)}
}

// FindPawns returns the games of only (nil: all) that reach the pawn
// structure ps, each at its first arrival, as FindMaterial does.
func (ix *Index) FindPawns(ctx context.Context, ps Pawns, only *Set, progress func(done, total int)) ([]Hit, error) {
	nw, nb := ps.White.Count(), ps.Black.Count()
	return ix.findEach(ctx, only, progress, func(g int) (Hit, bool) {
		if s := &ix.games[g].mat; !s.mayCount(chess.White, chess.Pawn, nw) || !s.mayCount(chess.Black, chess.Pawn, nb) {
			return Hit{}, false // its pawns never come to that count
		}
		var hit Hit
		found := false
		ix.replay(g, -1, func(ply int, p *chess.Position, mv chess.Move) bool {
			w, b := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
			if w == ps.White && b == ps.Black {
				hit, found = Hit{Game: g, Ply: ply, Move: mv}, true
				return false
			}
			// Pawns are never gained: stop when too few are left.
			return w.Count() >= nw && b.Count() >= nb
		})
		return hit, found
	})
}

// findEach runs match on every game of only, on several goroutines, and
// returns the hits in file order.
func (ix *Index) findEach(ctx context.Context, only *Set, progress func(done, total int), match func(g int) (Hit, bool)) ([]Hit, error) {
	const run = 4096
	n := len(ix.games)
	var next, done atomic.Int64
	workers := runtime.GOMAXPROCS(0)
	out := make([][]Hit, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				g0 := int(next.Add(run)) - run
				if g0 >= n {
					return
				}
				for g := g0; g < min(g0+run, n); g++ {
					if only.Has(g) && ix.games[g].flags&flagUnread == 0 {
						if h, ok := match(g); ok {
							out[w] = append(out[w], h)
						}
					}
				}
				d := done.Add(int64(min(run, n-g0)))
				if progress != nil {
					progress(int(d), n)
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	hits := slices.Concat(out...)
	slices.SortFunc(hits, func(a, b Hit) int { return a.Game - b.Game })
	return hits, nil
}
