package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// errNotExploring is Keep's error when nothing is explored.
var errNotExploring = errors.New("no moves are explored")

// exploration is a board of its own over a game of the file: the moves
// played from the opening tree or an engine's line (Session.Explore), and
// the moves made on the board while it lasts, go to a copy of the game, which
// the board and the notation show, and the game of the file stays as it was:
// not changed, nothing to save. Esc (LeaveExploration), opening another
// game, or going to a move of the game that no explored move follows ends it
// and lets the explored moves go; KeepExplored keeps them as a variation, an
// undoable edit.
//
// While it lasts the session's game (s.game) is the copy; Session.Game is
// still the game of the file, which saving and exporting write. The copy has
// the game's every node at the same path, the explored moves after them as
// later children, so that a path means the same node in both.
type exploration struct {
	browseMode                     // navigates, annotates and adds moves as browsing does
	file       *game.Game          // the game of the file, unchanged
	explored   map[*game.Node]bool // the copy's nodes that the game has not
}

// Exploring reports whether the board shows an exploration over the game
// of the file rather than the game itself.
func (s *Session) Exploring() bool { return s.exploring() != nil }

// exploring returns the exploration under way; nil when the board shows the
// game itself.
func (s *Session) exploring() *exploration {
	x, _ := s.mode.(*exploration)
	return x
}

// fileGame is the game of the file, which the exploration leaves as it
// was, at the move the explored line began after.
func (x *exploration) fileGame(s *Session) (*game.Game, *game.Node) {
	n, err := resolve(x.file, pathOf(x.base(s.cur)))
	if err != nil {
		n = x.file.Root()
	}
	return x.file, n
}

// addMove: a move made while exploring explores on.
func (x *exploration) addMove(s *Session, m chess.Move) Feedback { return s.exploreMove(m) }

// Shown returns the game the board and the notation show: the game, or
// while exploring the copy with the explored moves (Explored marks them).
func (s *Session) Shown() *game.Game { return s.game }

// Explored reports whether n is an explored move, not a move of the game.
func (s *Session) Explored(n *game.Node) bool {
	x := s.exploring()
	return x != nil && x.explored[n]
}

// mayExplore reports whether moves played from the tree or an engine's line
// go to an exploration: a game of a file, browsed. A game made here (a new
// game, a position set up) takes them as variations, as before.
func (s *Session) mayExplore() bool {
	return s.exploring() != nil || (s.mode == browseMode{} && s.path != "")
}

// Explore plays m at the node shown as a move of exploration: over a game
// of the file it goes to the exploration (opened with it), which never
// marks the game changed; elsewhere it is PlayMove. The opening tree and the
// engine's lines play their moves here.
func (s *Session) Explore(m chess.Move) Feedback {
	if !s.mayExplore() {
		return s.PlayMove(m)
	}
	if s.promo != nil {
		return s.refuse(text(mPromoteFirst))
	}
	return s.gesture("move", func() Feedback {
		b := browsing{s}
		if why := s.moveRefusal(b, m); !why.IsZero() {
			return s.refuse(why)
		}
		return s.exploreMove(m)
	})
}

// exploreMove plays m at the node shown in the exploration, opening one
// when none is under way: an existing continuation is followed.
func (s *Session) exploreMove(m chess.Move) Feedback {
	if c := s.cur.ChildFor(m); c != nil {
		s.GoTo(c)
		return Feedback{Moved: true}
	}
	x := s.exploring()
	if x == nil {
		var err error
		if x, err = s.openExploration(); err != nil {
			return Feedback{Err: err}
		}
	}
	n, err := s.cur.AddMove(m)
	if err != nil {
		return s.refuse(text(mIllegal))
	}
	x.explored[n] = true
	s.resetGesture()
	s.cur = n
	s.message = text(mExploring)
	s.exploredChanged()
	return Feedback{Moved: true}
}

// openExploration puts a copy of the game in its place, the node shown at
// the same path.
func (s *Session) openExploration() (*exploration, error) {
	c, err := copyGame(s.game)
	if err != nil {
		return nil, fmt.Errorf("explore: %w", err)
	}
	cur, err := resolve(c, pathOf(s.cur))
	if err != nil {
		return nil, fmt.Errorf("explore: the copy of the game differs: %w", err)
	}
	x := &exploration{file: s.game, explored: map[*game.Node]bool{}}
	s.mode, s.game, s.cur = x, c, cur
	return x, nil
}

// copyGame returns a copy of g, read back from its PGN as it would be
// saved: every node at the same path.
func copyGame(g *game.Game) (*game.Game, error) {
	data, err := store.EncodeSaved(g)
	if err != nil {
		return nil, err
	}
	games, err := store.DecodeGames(strings.NewReader(string(data)))
	if err != nil {
		return nil, err
	}
	if len(games) != 1 {
		return nil, fmt.Errorf("the copy of the game reads as %d games", len(games))
	}
	return games[0], nil
}

// inExploration reports whether n is an explored move or a move of the game
// that an explored move follows: where the exploration lasts.
func (x *exploration) inExploration(n *game.Node) bool {
	if x.explored[n] {
		return true
	}
	return slices.ContainsFunc(n.Children(), func(c *game.Node) bool { return x.explored[c] })
}

// followExploration ends the exploration when the node shown left it (the
// user went to another move of the game).
func (s *Session) followExploration() {
	if x := s.exploring(); x != nil && !x.inExploration(s.cur) {
		s.leaveExploration()
	}
}

// base returns the move of the game that n, a node of the copy, comes from:
// n itself when it is one, else the move the explored line began after.
func (x *exploration) base(n *game.Node) *game.Node {
	for x.explored[n] {
		n = n.Parent()
	}
	return n
}

// LeaveExploration ends the exploration (Esc): the game of the file comes
// back as it was, shown at the move the explored line began after, and the
// explored moves go. Without an exploration it does nothing.
func (s *Session) LeaveExploration() {
	if s.exploring() == nil {
		return
	}
	s.change(s.leaveExploration)
}

func (s *Session) leaveExploration() {
	s.backToFile()
	s.resetGesture()
	s.message = text(mExploreLeft)
}

// backToFile puts the game of the file back in the copy's place, shown at
// the move the explored line shown began after, and ends the exploration.
func (s *Session) backToFile() {
	x := s.exploring()
	p := pathOf(x.base(s.cur))
	s.mode = browseMode{}
	s.game = x.file
	s.cur = s.game.Root()
	s.goToPath(p)
	s.exploredChanged()
}

// fileCursor returns the game of the file and its node the board stands
// for: while exploring, the move the explored line began after.
func (s *Session) fileCursor() (*game.Game, *game.Node) { return s.mode.fileGame(s) }

// KeepExplored keeps the explored moves as variations of the game of the
// file, one undoable edit that marks the game changed; the board stays on
// the move shown, now a move of the game.
func (s *Session) KeepExplored() error {
	if s.exploring() == nil {
		return fmt.Errorf("keep the explored moves: %w", errNotExploring)
	}
	var err error
	s.change(func() { err = s.keepExplored() })
	return err
}

// keepExplored is KeepExplored's step.
func (s *Session) keepExplored() error {
	x := s.exploring()
	at := pathOf(s.cur)
	var roots [][]int // the paths of the first explored moves, in the copy's order
	var lines []*game.Node
	var walk func(n *game.Node)
	walk = func(n *game.Node) {
		for _, c := range n.Children() {
			if x.explored[c] {
				roots = append(roots, pathOf(c))
				lines = append(lines, c)
				continue
			}
			walk(c)
		}
	}
	walk(s.game.Root())
	s.backToFile()
	if len(lines) == 0 {
		return nil
	}
	e := Edit{
		Name:   "keep the explored moves",
		Follow: true,
		Do: func(g *game.Game) (*game.Node, error) {
			for i, l := range lines {
				parent, err := resolve(g, roots[i][:len(roots[i])-1])
				if err != nil {
					return nil, err
				}
				if err := copyLine(parent, l); err != nil {
					return nil, err
				}
			}
			return resolve(g, at)
		},
		Undo: func(g *game.Game) error {
			for i := len(roots) - 1; i >= 0; i-- {
				n, err := resolve(g, roots[i])
				if err != nil {
					return err
				}
				n.Delete()
			}
			return nil
		},
	}
	if err := s.apply(e); err != nil {
		return fmt.Errorf("keep the explored moves: %w", err)
	}
	return nil
}

// copyLine adds the move of from, and every move after it, after parent:
// the explored moves, which carry nothing but moves.
func copyLine(parent *game.Node, from *game.Node) error {
	if parent.ChildFor(from.Move()) != nil {
		return errStale
	}
	n, err := parent.AddMove(from.Move())
	if err != nil {
		return err
	}
	for _, c := range from.Children() {
		if err := copyLine(n, c); err != nil {
			return err
		}
	}
	return nil
}

// beforeEdit ends an exploration before an edit of the game: an edit of an
// explored move keeps the explored moves first (the edit then finds them at
// the same paths), an edit of a move of the game lets them go.
func (s *Session) beforeEdit() error {
	x := s.exploring()
	if x == nil {
		return nil
	}
	if x.explored[s.cur] {
		return s.keepExplored()
	}
	s.leaveExploration()
	return nil
}
