package app_test

import (
	"slices"
	"testing"

	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/chess"
)

// The board's view carries the node's [%cal] arrows and [%csl] squares in
// the board's colours; the colours the board does not draw show as green.
func TestBoardViewMarks(t *testing.T) {
	g, _, err := store.FirstGame([]byte("1. e4 {[%cal Rg1f3,Ye2e4,Gd2d4] [%csl Bd4,Oe5,Cc5]} e5 *\n"))
	if err != nil || g == nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.Load(g, "", 0)
	s.First()
	s.Forward()
	v := s.Board()
	wantArrows := []boardview.Arrow{
		{From: chess.G1, To: chess.F3, Color: boardview.Red},
		{From: chess.E2, To: chess.E4, Color: boardview.Yellow},
		{From: chess.D2, To: chess.D4, Color: boardview.Green},
	}
	if !slices.Equal(v.Arrows, wantArrows) {
		t.Errorf("arrows %v, want %v", v.Arrows, wantArrows)
	}
	wantMarks := []boardview.SquareMark{
		{Square: chess.D4, Color: boardview.Blue},
		{Square: chess.E5, Color: boardview.Green},
		{Square: chess.C5, Color: boardview.Green},
	}
	if !slices.Equal(v.Marks, wantMarks) {
		t.Errorf("marks %v, want %v", v.Marks, wantMarks)
	}
	if v.LastFrom != chess.E2 || v.LastTo != chess.E4 || v.Check != chess.NoSquare || v.Touched != chess.NoSquare || !v.Coordinates {
		t.Errorf("view %+v", v)
	}
	s.Forward()
	if v := s.Board(); len(v.Arrows) != 0 || len(v.Marks) != 0 {
		t.Errorf("the next move shows the marks of the one before: %+v", v)
	}
}
