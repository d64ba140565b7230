package prepare

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"touchmove/app/mistakes"
	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// Tally counts games and their score for the player.
type Tally struct {
	Games       int
	Wins, Draws int
	Losses      int
	First, Last int // the years, 0 when unknown
}

// Score returns the player's score in percent.
func (t Tally) Score() float64 {
	if t.Games == 0 {
		return 0
	}
	return 100 * (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games)
}

// add counts a game with the player's result r (1, ½, 0 as 2, 1, 0; -1
// unknown) played in year.
func (t *Tally) add(r, year int) {
	t.Games++
	switch r {
	case 2:
		t.Wins++
	case 1:
		t.Draws++
	case 0:
		t.Losses++
	}
	if year > 0 {
		if t.First == 0 || year < t.First {
			t.First = year
		}
		t.Last = max(t.Last, year)
	}
}

// Row is one line of a table of the report: a move, an opening or a
// position, with the player's games there.
type Row struct {
	Name string
	Tally
	// Game is the number (from 1) of the first game of the file counted
	// in the row.
	Game int
}

// Deviation is where the player left the user's repertoire: in the
// position FEN (after the moves Before, in SAN) he played Played, where
// the repertoire has Expected.
type Deviation struct {
	FEN      string
	Before   []string
	Played   string
	Expected []string
	Games    int
	// Numbers are the games' numbers in the file, from 1, in file order.
	Numbers []int
}

// Report is the report on one player.
type Report struct {
	Player string
	// Total is every game of the player; White and Black by colour.
	Total, White, Black Tally
	// AsWhite are his first moves with White; AsBlack his answers to
	// White's first move ("1.e4 c5").
	AsWhite, AsBlack []Row
	// Openings are his results by the games' ECO and Opening tags.
	Openings []Row
	// Positions are the positions he reached most often after move 10
	// (Name is the FEN).
	Positions []Row
	// Deviations are where he left the repertoire, most frequent first.
	Deviations []Deviation
	// Leaves are, in the games where the player had the repertoire's
	// side (the user's own games), where each game left it, game by game.
	Leaves []Leave
}

// Leave is where one game of the repertoire's side left the repertoire:
// its player played Played where the repertoire has Expected, or
// (Expected empty) the opponent played a move the repertoire has no
// answer to.
type Leave struct {
	Game     int // its number in the file, from 1
	Before   []string
	Played   string
	Expected []string
	// Answer is the move played after Played in the game when the
	// repertoire has no answer there ("" at the game's end or when the
	// user deviated).
	Answer string
}

// Line returns the moves this game adds to the repertoire after Before:
// Played, and the game's answer to it when the repertoire has none.
func (l Leave) Line() []string {
	if l.Expected == nil && l.Answer != "" {
		return []string{l.Played, l.Answer}
	}
	return []string{l.Played}
}

// maxRows bounds the openings and positions listed.
const maxRows = 10

// Build reads the PGN text data and reports on the player of names. rep,
// when not nil, is the user's repertoire (Repertoire). Games that cannot be
// read are skipped; games from a set-up position count in the results but
// not in the moves, the positions and the repertoire.
func Build(data []byte, names mistakes.Names, rep *Repertoire) (Report, error) {
	c, err := newCollector(names, rep, nil)
	if err != nil {
		return c.r, err
	}
	number := 0
	err = eachGame(data, func(g *game.Game) {
		number++
		c.add(g, number)
	})
	return c.report(), err
}

// collector gathers the report game by game: Build from the text of a
// file, FromLibrary from the player's games of a listed file.
type collector struct {
	r                   Report
	names               mistakes.Names
	rep                 *Repertoire
	asWhite, asBlack    map[string]*Row
	openings, positions map[string]*Row
	devs                map[string]*Deviation
	openingNames        *eco.Table // names the openings of games without tags
}

// newCollector returns a collector for the player of names, with the
// repertoire rep (nil for none); tab names the openings, nil for a table
// of its own (eco.New).
func newCollector(names mistakes.Names, rep *Repertoire, tab *eco.Table) (*collector, error) {
	c := &collector{
		r: Report{Player: strings.Join(names, ", ")}, names: names, rep: rep,
		asWhite: map[string]*Row{}, asBlack: map[string]*Row{},
		openings: map[string]*Row{}, positions: map[string]*Row{}, devs: map[string]*Deviation{},
		openingNames: tab,
	}
	if tab == nil {
		t, err := eco.New()
		if err != nil {
			return c, fmt.Errorf("prepare: %w", err)
		}
		c.openingNames = t
	}
	return c, nil
}

// add counts game g, number (from 1) in its file, for each side the
// player had in it.
func (c *collector) add(g *game.Game, number int) {
	sides := c.names.Sides(g)
	moves := mainLine(g)
	standard := standardStart(g)
	if !standard {
		moves = nil // its moves are not the openings'
	}
	for _, side := range []chess.Color{chess.White, chess.Black} {
		if !sides[side] {
			continue
		}
		res, year := result(g, side), yearOf(g.Tags.Value("Date"))
		c.r.Total.add(res, year)
		if side == chess.White {
			c.r.White.add(res, year)
			if len(moves) > 0 {
				count(c.asWhite, "1."+moves[0].SAN(), res, year, number)
			}
		} else {
			c.r.Black.add(res, year)
			if len(moves) > 1 {
				count(c.asBlack, "1."+moves[0].SAN()+" "+moves[1].SAN(), res, year, number)
			}
		}
		if name := c.openingNames.Of(g).String(); name != "" {
			count(c.openings, name, res, year, number)
		}
		if len(moves) >= 20 {
			p := moves[19].Position()
			count(c.positions, positionKey(p.FEN()), res, year, number)
		}
		if c.rep != nil && standard {
			c.rep.deviation(g, side, number, c.devs)
			if l, ok := c.rep.leave(g, side); ok {
				l.Game = number
				c.r.Leaves = append(c.r.Leaves, l)
			}
		}
	}
}

// report returns the report of the games added, its tables sorted.
func (c *collector) report() Report {
	r := c.r
	r.AsWhite, r.AsBlack = sorted(c.asWhite, 0), sorted(c.asBlack, 0)
	r.Openings, r.Positions = sorted(c.openings, maxRows), sorted(c.positions, maxRows)
	for _, d := range c.devs {
		r.Deviations = append(r.Deviations, *d)
	}
	slices.SortFunc(r.Deviations, func(a, b Deviation) int {
		return cmp.Or(cmp.Compare(b.Games, a.Games), cmp.Compare(len(a.Before), len(b.Before)), strings.Compare(a.Played, b.Played))
	})
	return r
}

// eachGame calls f with every game of data that can be read.
func eachGame(data []byte, f func(*game.Game)) error {
	rd := pgn.NewReader(bytes.NewReader(data))
	b := pgn.NewGameBuilder()
	for {
		err := rd.ReadGame(b)
		if err == io.EOF {
			return nil
		}
		var list pgn.ErrorList
		if errors.As(err, &list) {
			continue
		}
		if err != nil {
			return fmt.Errorf("prepare: %w", err)
		}
		f(b.Game())
	}
}

// count counts a game, number (from 1) in its file, with the player's
// result res (Tally.add) played in year, in the row name of m.
func count(m map[string]*Row, name string, res, year, number int) {
	r := m[name]
	if r == nil {
		r = &Row{Name: name, Game: number}
		m[name] = r
	}
	r.add(res, year)
}

// sorted returns the rows by games, then name; at most n when n > 0.
func sorted(m map[string]*Row, n int) []Row {
	out := make([]Row, 0, len(m))
	for _, r := range m {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b Row) int { return cmp.Or(cmp.Compare(b.Games, a.Games), strings.Compare(a.Name, b.Name)) })
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// standardStart reports whether g starts from the standard position.
func standardStart(g *game.Game) bool {
	start, std := g.Start(), chess.StartPosition()
	return start.FEN() == std.FEN()
}

// mainLine returns the moves of g's main line.
func mainLine(g *game.Game) []*game.Node {
	var out []*game.Node
	for n := range g.MainLine() {
		out = append(out, n)
	}
	return out
}

// result is the result of g for c: 2 a win, 1 a draw, 0 a loss, -1 none.
func result(g *game.Game, c chess.Color) int {
	switch g.Result() {
	case chess.WhiteWins:
		return map[chess.Color]int{chess.White: 2, chess.Black: 0}[c]
	case chess.BlackWins:
		return map[chess.Color]int{chess.White: 0, chess.Black: 2}[c]
	case chess.Draw:
		return 1
	}
	return -1
}

// yearOf returns the year of a PGN date, 0 when unknown.
func yearOf(date string) int {
	y, err := strconv.Atoi(strings.SplitN(date, ".", 2)[0])
	if err != nil || y <= 0 {
		return 0
	}
	return y
}

// positionKey is the first four fields of a FEN: the position.
func positionKey(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(4, len(f))], " ")
}
