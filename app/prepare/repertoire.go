package prepare

import (
	"fmt"
	"slices"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/game"
)

// Repertoire is the user's lines: for each position they reach, the moves
// they play or expect there, from the main lines and the variations of a
// PGN file's games.
type Repertoire struct {
	moves map[string][]string // position key → the moves in SAN
	// Side is the user's colour: the side the games' tags name (a White
	// of "?" or none and a Black named: Black), else the side whose
	// moves branch less.
	Side chess.Color
}

// ReadRepertoire reads a repertoire from the PGN text data: every move of
// every game, variations too.
func ReadRepertoire(data []byte) (*Repertoire, error) {
	r := &Repertoire{moves: map[string][]string{}}
	named := [2]int{}
	err := eachGame(data, func(g *game.Game) {
		for c, tag := range []string{"White", "Black"} {
			if v := strings.TrimSpace(g.Tags.Value(tag)); v != "" && v != "?" {
				named[c]++
			}
		}
		var walk func(n *game.Node)
		walk = func(n *game.Node) {
			p := n.Position()
			key := positionKey(p.FEN())
			for _, c := range n.Children() {
				if !slices.Contains(r.moves[key], c.SAN()) {
					r.moves[key] = append(r.moves[key], c.SAN())
				}
				walk(c)
			}
		}
		walk(g.Root())
	})
	if err == nil && len(r.moves) == 0 {
		err = fmt.Errorf("prepare: the repertoire has no moves")
	}
	r.Side = r.side(named)
	return r, err
}

// side infers the user's colour from how often each side is named in the
// games' tags, else from the branching of each side's moves.
func (r *Repertoire) side(named [2]int) chess.Color {
	switch {
	case named[chess.White] > named[chess.Black]:
		return chess.White
	case named[chess.Black] > named[chess.White]:
		return chess.Black
	}
	var branching [2]int
	for key, ms := range r.moves {
		if len(ms) > 1 {
			if strings.Fields(key)[1] == "w" {
				branching[chess.White]++
			} else {
				branching[chess.Black]++
			}
		}
	}
	if branching[chess.Black] < branching[chess.White] {
		return chess.Black
	}
	return chess.White
}

// Len returns the number of positions of the repertoire.
func (r *Repertoire) Len() int { return len(r.moves) }

// deviation follows g along the repertoire, when the player (colour c)
// has the side the repertoire answers, while it stays in it and, where
// the player played a move the repertoire does not have,
// counts it in devs with the game's number. A move of the other side out of the repertoire ends
// the walk: the game left it, not the player.
func (r *Repertoire) deviation(g *game.Game, c chess.Color, number int, devs map[string]*Deviation) {
	if c == r.Side {
		return // he plays the user's side: the repertoire is not against him
	}
	var before []string
	for n := range g.MainLine() {
		parent := n.Parent()
		p := parent.Position()
		key := positionKey(p.FEN())
		want := r.moves[key]
		if len(want) == 0 {
			return
		}
		if slices.Contains(want, n.SAN()) {
			before = append(before, n.SAN())
			continue
		}
		if n.Mover() != c {
			return
		}
		id := key + " " + n.SAN()
		d := devs[id]
		if d == nil {
			d = &Deviation{FEN: p.FEN(), Before: slices.Clone(before), Played: n.SAN(), Expected: want}
			devs[id] = d
		}
		d.Games++
		d.Numbers = append(d.Numbers, number)
		return
	}
}

// leave follows a game of the repertoire's side (c is r.Side) along the
// repertoire and returns where it left it: a move of c the repertoire
// does not have, or a move of the other side that the repertoire has no
// answer to; ok is false when the game stays in it to its end or c is not
// the repertoire's side.
func (r *Repertoire) leave(g *game.Game, c chess.Color) (l Leave, ok bool) {
	if c != r.Side {
		return Leave{}, false
	}
	var before []string
	for n := range g.MainLine() {
		p := n.Parent().Position()
		want := r.moves[positionKey(p.FEN())]
		switch {
		case len(want) == 0:
			return Leave{}, false // left earlier, by a move found below
		case slices.Contains(want, n.SAN()):
			before = append(before, n.SAN())
			next := n.Position()
			if n.Mover() != c && len(r.moves[positionKey(next.FEN())]) == 0 && n.Next() != nil {
				return Leave{Before: slices.Clone(before[:len(before)-1]), Played: n.SAN(), Answer: n.Next().SAN()}, true
			}
			continue
		case n.Mover() == c:
			return Leave{Before: slices.Clone(before), Played: n.SAN(), Expected: want}, true
		}
		l := Leave{Before: slices.Clone(before), Played: n.SAN()}
		if n.Next() != nil {
			l.Answer = n.Next().SAN()
		}
		return l, true
	}
	return Leave{}, false
}

// MoveText writes the move san played after the moves before (from the
// standard start) with its number: "6...Nbd7", "7.e5".
func MoveText(before []string, san string) string {
	ply := len(before)
	if ply%2 == 0 {
		return fmt.Sprintf("%d.%s", ply/2+1, san)
	}
	return fmt.Sprintf("%d...%s", ply/2+1, san)
}

// Line writes the moves before with their numbers: "1.e4 c5 2.Nf3".
func Line(before []string) string {
	var b strings.Builder
	for i, san := range before {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d.", i/2+1)
		}
		b.WriteString(san)
	}
	return b.String()
}
