package app

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// NewJournal returns a plain journal at dir/journal.json that takes no
// lock, for a test alone in its folder. Windows use Journals.Create.
func NewJournal(dir string) *store.Journal {
	return store.NewJournal(filepath.Join(dir, "journal.json"))
}

// File is a PGN file as a test reads it: its games and their problems.
type File struct {
	Games    []*game.Game
	Problems error // a pgn.ErrorList, or nil
}

// OpenFile reads every game of the PGN file at path, as DecodeGames does.
func OpenFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	games, err := store.DecodeGames(bytes.NewReader(data))
	var list pgn.ErrorList
	if err != nil && !errors.As(err, &list) {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return &File{Games: games, Problems: err}, nil
}

// SaveGame writes g as game i of the file at path, as SaveJob.Write does.
func SaveGame(path string, i int, g *game.Game) (int, error) {
	job, err := store.NewSaveJob(g)
	if err != nil {
		return 0, err
	}
	return job.Write(path, i)
}

// AddMove plays m after n outside live play (analysis) through the edit a
// move made on the board makes, and shows the new position: an existing
// continuation with that move is followed, else the move becomes a new
// variation, or the continuation when n had none. Adding a move is
// undoable; following an existing one is navigation only.
func (e *Editor) AddMove(n *game.Node, m chess.Move) (*game.Node, error) {
	const op = "add move"
	if err := e.editable(op, n); err != nil {
		return nil, err
	}
	if m == chess.NullMove || m == chess.NoMove {
		return nil, fmt.Errorf("%s: %w", op, game.ErrNullMove)
	}
	if c := n.ChildFor(m); c != nil {
		e.s.GoTo(c)
		return c, nil
	}
	if g := e.s.Game(); g.Result().Over() && n == g.End() {
		return nil, fmt.Errorf("%s: the game is over after %s", op, moveName(n))
	}
	if p := n.Position(); !p.IsLegal(m) {
		return nil, fmt.Errorf("%s: %s after %s: %w", op, m, moveName(n), chess.ErrIllegalMove)
	}
	if err := e.apply(op, addMoveEdit(pathOf(n), m)); err != nil {
		return nil, err
	}
	return e.s.Current(), nil
}

// HasLiveGame reports whether the session holds a live game (its arbiter,
// clocks and base node), for the model test to hold the phase to it.
func (s *Session) HasLiveGame() bool { return s.live() != nil }
