package training

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

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
			if p := n.Position(); len(kids) > 0 && p.Turn() == side {
				moves++
				if d.addRepertoireCard(n, kids[0], before) {
					added++
				}
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
	return added, nil
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
