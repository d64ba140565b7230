package training

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// repertoirePrefix opens the key of a repertoire card: a position of the
// repertoire is a card of its own beside a mistake made there.
const repertoirePrefix = "repertoire "

// maxLine bounds the line shown after a repertoire move, in plies.
const maxLine = 8

// IsRepertoire reports whether c is a move of the user's repertoire
// rather than a mistake.
func (c *Card) IsRepertoire() bool { return strings.HasPrefix(c.Key, repertoirePrefix) }

// AddRepertoire adds the moves of the user's repertoire, the PGN text data
// (its games' main lines and variations), played by side: each position
// where side is to move and the repertoire has a move is a card whose
// answer is that move (the first, where it has several), with its line
// after it and the moves that lead there. A card already there keeps its
// history and takes the move the repertoire has now. It returns the number
// of new cards; the caller saves.
func (d *Deck) AddRepertoire(data []byte, side chess.Color) (added int, err error) {
	rd := pgn.NewReader(bytes.NewReader(data))
	b := pgn.NewGameBuilder()
	moves := 0
	replies := map[string][]Reply{}
	for number := 1; ; number++ {
		err := rd.ReadGame(b)
		if err == io.EOF {
			break
		}
		var list pgn.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return added, fmt.Errorf("training: the repertoire's game %d, line %d: %s", number, list[0].Line, list[0].Message())
		}
		if err != nil {
			return added, fmt.Errorf("training: the repertoire: %w", err)
		}
		var walk func(n *game.Node, before []string)
		walk = func(n *game.Node, before []string) {
			kids := n.Children()
			p := n.Position()
			if len(kids) > 0 && p.Turn() == side {
				moves++
				if d.addRepertoireCard(n, kids[0], before) {
					added++
				}
			}
			if len(kids) > 0 && p.Turn() != side {
				addReplies(replies, p, kids)
			}
			for _, c := range kids {
				walk(c, append(before[:len(before):len(before)], c.SAN()))
			}
		}
		walk(b.Game().Root(), nil)
	}
	if moves == 0 {
		return 0, fmt.Errorf("training: the repertoire has no move for %s", strings.ToLower(side.String()))
	}
	maps.Copy(d.replies, replies) // the file's replies replace those it had
	return added, nil
}

// Reply is a move of the opponent in a repertoire, and the number of the
// file's lines (a game's main line or a variation, to its end) that play
// it: how often the file plays it.
type Reply struct {
	SAN   string `json:"san"`
	Lines int    `json:"lines"`
}

// addReplies counts the lines of the repertoire through each of kids, the
// opponent's replies in the position p, into replies.
func addReplies(replies map[string][]Reply, p chess.Position, kids []*game.Node) {
	key := PositionKey(p.FEN())
	for _, k := range kids {
		n := leaves(k)
		i := slices.IndexFunc(replies[key], func(r Reply) bool { return r.SAN == k.SAN() })
		if i < 0 {
			replies[key] = append(replies[key], Reply{SAN: k.SAN(), Lines: n})
			continue
		}
		replies[key][i].Lines += n
	}
}

// leaves returns the number of lines that go through n: the ends of the
// tree under it.
func leaves(n *game.Node) int {
	kids := n.Children()
	if len(kids) == 0 {
		return 1
	}
	total := 0
	for _, k := range kids {
		total += leaves(k)
	}
	return total
}

// Replies returns the opponent's replies the repertoires have in the
// position of fen, nil if none.
func (d *Deck) Replies(fen string) []Reply { return d.replies[PositionKey(fen)] }

// ChooseReply chooses one of rs with rnd (rand.IntN's contract: a number
// in [0, n)): weighted by its lines, or each as likely when even. It
// returns "" when rs is empty.
func ChooseReply(rs []Reply, even bool, rnd func(n int) int) string {
	total := 0
	for _, r := range rs {
		total += weight(r, even)
	}
	if total == 0 {
		return ""
	}
	x := rnd(total)
	for _, r := range rs {
		if x -= weight(r, even); x < 0 {
			return r.SAN
		}
	}
	return rs[len(rs)-1].SAN
}

func weight(r Reply, even bool) int {
	if even {
		return 1
	}
	return max(r.Lines, 1)
}

// RepertoireDue returns the repertoire's card of the position of fen if it
// is due at now, nil if none is.
func (d *Deck) RepertoireDue(fen string, now time.Time) *Card {
	c := d.cards[repertoirePrefix+PositionKey(fen)]
	if c == nil || !c.Memory.IsDue(now) {
		return nil
	}
	return c
}

// addRepertoireCard makes the card of the position at n, answered by the
// move of next; it reports whether the card is new.
func (d *Deck) addRepertoireCard(n, next *game.Node, before []string) bool {
	p := n.Position()
	fen := p.FEN()
	key := repertoirePrefix + PositionKey(fen)
	c := d.cards[key]
	isNew := c == nil
	if isNew {
		c = &Card{Key: key, FEN: fen, Seen: []Seen{{Game: 0, Ply: len(before), Judgement: "repertoire", Context: before}}}
		d.cards[key] = c
	}
	c.Best, c.Line = next.SAN(), nil
	for x := next; x != nil && len(c.Line) < maxLine; x = x.Next() {
		c.Line = append(c.Line, x.SAN())
	}
	return isNew
}
