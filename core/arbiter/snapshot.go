package arbiter

import (
	"fmt"
	"slices"

	"touchmove/core/chess"
)

// Snapshot is everything an Arbiter knows, in exported fields, so that the
// app can keep it for undo and write it to its crash journal: the touched
// pieces, a move placed but not completed, a pending draw offer, the
// illegal-move counts and the log. Restore builds the Arbiter back.
type Snapshot struct {
	Mode      Rules // named Mode in the journals written before
	Settings  Settings
	StartFEN  string
	StartHist []uint64
	Moves     []chess.Move
	Turn      TurnSnapshot
	Illegal   [2]int
	Offer     chess.Color
	Paused    bool
	Outcome   Outcome
	ByMove    bool
	Flagged   []chess.Color
	Confirmed [2]bool
	Log       []Event
	// Breach is the last touch-move breach read from a board, nil if none.
	Breach *Breach `json:",omitempty"`
}

// TurnSnapshot is what happened on the board during the current turn.
type TurnSnapshot struct {
	Touches     []chess.Square
	Adjusting   bool
	AdjustSq    chess.Square
	Placed      chess.Move
	Promo       bool
	PromoFrom   chess.Square
	PromoTo     chess.Square
	Provisional chess.Move
	Declared    chess.Move
	Claimed     bool
}

// Snapshot returns a copy of the arbiter's state that shares nothing with it.
func (a *Arbiter) Snapshot() Snapshot {
	t := a.turn
	return Snapshot{
		Mode: a.mode, Settings: a.set,
		StartFEN: a.start.FEN(), StartHist: slices.Clone(a.startHist),
		Moves: slices.Clone(a.moves),
		Turn: TurnSnapshot{Touches: slices.Clone(t.touches), Adjusting: t.adjusting, AdjustSq: t.adjustSq,
			Placed: t.placed, Promo: t.promo, PromoFrom: t.promoFrom, PromoTo: t.promoTo,
			Provisional: t.provisional, Declared: t.declared, Claimed: t.claimed},
		Illegal: a.illegal, Offer: a.offer, Paused: a.paused, Outcome: a.out, ByMove: a.byMove,
		Flagged: slices.Clone(a.flagged), Confirmed: a.confirmed, Log: slices.Clone(a.log),
		Breach: cloneBreach(a.breach),
	}
}

func cloneBreach(b *Breach) *Breach {
	if b == nil {
		return nil
	}
	c := *b
	c.Touches = slices.Clone(b.Touches)
	return &c
}

// Restore returns the Arbiter whose Snapshot sn is. The moves are replayed
// from the start position, so a snapshot that does not hold together (an
// illegal move, an impossible position) is an error, never a panic.
func Restore(sn Snapshot) (*Arbiter, error) {
	start, err := chess.FromFEN(sn.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("arbiter: restore: %w", err)
	}
	a, err := New(start, sn.StartHist, sn.Mode, sn.Settings)
	if err != nil {
		return nil, fmt.Errorf("arbiter: restore: %w", err)
	}
	for i, m := range sn.Moves {
		if !a.pos.IsLegal(m) {
			return nil, fmt.Errorf("arbiter: restore: move %d (%v) is illegal", i+1, m)
		}
		a.commit(m)
	}
	t := sn.Turn
	a.turn = turnState{touches: slices.Clone(t.Touches), adjusting: t.Adjusting, adjustSq: t.AdjustSq,
		placed: t.Placed, promo: t.Promo, promoFrom: t.PromoFrom, promoTo: t.PromoTo,
		provisional: t.Provisional, declared: t.Declared, claimed: t.Claimed}
	if t.Placed != chess.NoMove && !a.pos.IsLegal(t.Placed) {
		return nil, fmt.Errorf("arbiter: restore: the placed move %v is illegal", t.Placed)
	}
	a.illegal, a.offer, a.paused = sn.Illegal, sn.Offer, sn.Paused
	a.out, a.byMove = sn.Outcome, sn.ByMove
	if !a.out.Over() {
		a.out = unfinished()
	}
	a.flagged, a.confirmed, a.log = slices.Clone(sn.Flagged), sn.Confirmed, slices.Clone(sn.Log)
	a.breach = cloneBreach(sn.Breach)
	return a, nil
}
