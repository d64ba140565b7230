package app

import (
	"fmt"
	"strings"
	"time"

	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// drillSnapshot is what the journal keeps of a drill (design.md §9): its
// own game, the question's node and the node shown, the question asked
// and how far its answer is, and the side the file's game was shown from.
// The file's game is the journal's own (playState.PGN).
type drillSnapshot struct {
	PGN         string     `json:"pgn"`
	At          []int      `json:"at"`
	Cursor      []int      `json:"cursor"`
	State       DrillState `json:"state"`
	FileFlipped bool       `json:"fileFlipped,omitempty"`
}

// restoreDrill puts the journal's drill ds back over the mode prev, the
// file's game g shown at cur: the question asked again at the same card
// and step (a move with the engine is asked again). The engine's check and
// the line's continuation come back with SetDrillOptions; an open
// question's time starts again at now.
func restoreDrill(ds drillSnapshot, prev mode, g *game.Game, cur *game.Node, now time.Time) (*drill, *game.Node, error) {
	games, err := store.DecodeGames(strings.NewReader(ds.PGN))
	if err != nil {
		return nil, nil, fmt.Errorf("the drill: %w", err)
	}
	if len(games) != 1 {
		return nil, nil, fmt.Errorf("the drill: %d games, want 1", len(games))
	}
	at, err := resolve(games[0], ds.At)
	if err != nil {
		return nil, nil, fmt.Errorf("the drill's question: %w", err)
	}
	shown := at
	if n, err := resolve(games[0], ds.Cursor); err == nil {
		shown = n
	}
	d := &drill{prev: prev, file: g, fileCur: cur, flipped: ds.FileFlipped, at: at, st: ds.State, best: chess.NullMove}
	if d.st.Step == DrillChecking {
		d.st.Step = DrillAsking
	}
	if d.st.Step == DrillAsking {
		d.st.Began = now
	}
	p := at.Position()
	if m, err := p.ParseSAN(d.st.Card.Best); d.st.Card.Best != "" && err == nil {
		d.best = m
	}
	return d, shown, nil
}

// Drilling reports whether the journal's window was in a drill: the
// restore brings the drill back.
func (e JournalEntry) Drilling() bool { return e.Drill != nil }
