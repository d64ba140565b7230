package board

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
		img := b.r.pieces[s].Generator(boardTestSquare, boardTestSquare)
		if img != b.r.images.image(assets.Flat, p, boardTestSquare, boardTestSquare) ||
			img == b.r.images.image(assets.Classic, p, boardTestSquare, boardTestSquare) {
			t.Errorf("%v: %v is not drawn from the Flat set", chess.Square(s), p)
		}
	}
	b.ShowPromotion(chess.White, 0, true, nil, nil)
	pr := test.TempWidgetRenderer(t, b.promo).(*promotionRenderer)
	if got := pr.pieces[0].Resource.Name(); got != "flat-wQ.svg" {
		t.Errorf("promotion chooser shows %q, want flat-wQ.svg", got)
	}
}
