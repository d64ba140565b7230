package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"touchmove/assets"
	"touchmove/core/chess"
)

// TestBoardPieceSet: a board draws every piece from the set it is given,
// including a piece being dragged and the promotion chooser.
func TestBoardPieceSet(t *testing.T) {
	b, _, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
	b.SetPieceSet(assets.Flat)
	for s, p := range b.view.Pieces {
		if p == chess.NoPiece {
			continue
		}
		if got, want := b.r.pieces[s].Resource.Name(), assets.Flat.Piece(p).Name(); got != want {
			t.Errorf("%v: image %q, want %q", chess.Square(s), got, want)
		}
	}
	b.ShowPromotion(chess.White, 0, true, nil, nil)
	pr := test.TempWidgetRenderer(t, b.promo).(*promotionRenderer)
	if got := pr.pieces[0].Resource.Name(); got != "flat-wQ.svg" {
		t.Errorf("promotion chooser shows %q, want flat-wQ.svg", got)
	}
}
