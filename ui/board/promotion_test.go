package board

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"touchmove/core/chess"
)

// promotionLog records what a chooser reports.
type promotionLog struct{ got []string }

func (l *promotionLog) choose(t chess.PieceType) { l.got = append(l.got, "choose "+t.String()) }
func (l *promotionLog) cancel()                  { l.got = append(l.got, "cancel") }

func newTestChooser(t *testing.T, c chess.Color, file int, flipped, cancellable bool) (*PromotionChooser, *promotionLog) {
	t.Helper()
	test.NewTempApp(t)
	log := &promotionLog{}
	p := NewPromotionChooser(c, file, flipped, cancellable, log.choose, log.cancel)
	w := test.NewTempWindow(t, p)
	w.SetPadded(false)
	w.Resize(fyne.NewSquareSize(8 * boardTestSquare))
	return p, log
}

// TestPromotionTap taps each choice where it should be drawn: on the
// promotion file, queen on the promotion square, then rook, bishop and
// knight towards the centre.
func TestPromotionTap(t *testing.T) {
	tests := []struct {
		name    string
		color   chess.Color
		file    int
		flipped bool
		col     int    // screen column of the file
		rows    [4]int // screen rows of queen, rook, bishop, knight
	}{
		{"white e8", chess.White, 4, false, 4, [4]int{0, 1, 2, 3}},
		{"black a1", chess.Black, 0, false, 0, [4]int{7, 6, 5, 4}},
		{"white e8 flipped", chess.White, 4, true, 3, [4]int{7, 6, 5, 4}},
		{"black h1 flipped", chess.Black, 7, true, 0, [4]int{0, 1, 2, 3}},
	}
	types := []chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight}
	for _, tt := range tests {
		for i, pt := range types {
			t.Run(tt.name+" "+pt.String(), func(t *testing.T) {
				p, log := newTestChooser(t, tt.color, tt.file, tt.flipped, false)
				test.TapAt(p, boardPoint(tt.col, tt.rows[i], 20, -20))
				if want := []string{"choose " + pt.String()}; !slices.Equal(log.got, want) {
					t.Errorf("reported %q, want %q", log.got, want)
				}
			})
		}
	}
}

func TestPromotionKeys(t *testing.T) {
	tests := []struct {
		name        string
		cancellable bool
		runes       string
		keys        []fyne.KeyName
		want        []string
	}{
		{"R chooses the rook", false, "R", nil, []string{"choose rook"}},
		{"n chooses the knight", false, "n", nil, []string{"choose knight"}},
		{"other letters do nothing", false, "xk", nil, nil},
		{"only the first choice counts", false, "bq", nil, []string{"choose bishop"}},
		{"Escape cancels when cancellable", true, "", []fyne.KeyName{fyne.KeyEscape}, []string{"cancel"}},
		{"Escape does nothing otherwise", false, "", []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn}, nil},
		{"no choice after a cancel", true, "q", []fyne.KeyName{fyne.KeyEscape}, []string{"cancel"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, log := newTestChooser(t, chess.White, 2, false, tt.cancellable)
			for _, k := range tt.keys {
				p.TypedKey(&fyne.KeyEvent{Name: k})
			}
			test.Type(p, tt.runes)
			if !slices.Equal(log.got, tt.want) {
				t.Errorf("reported %q, want %q", log.got, tt.want)
			}
		})
	}
}

// TestPromotionTapBeside: a click beside the pieces cancels only when the
// chooser is cancellable.
func TestPromotionTapBeside(t *testing.T) {
	for _, cancellable := range []bool{false, true} {
		p, log := newTestChooser(t, chess.White, 4, false, cancellable)
		test.TapAt(p, boardPoint(0, 7, 0, 0))
		var want []string
		if cancellable {
			want = []string{"cancel"}
		}
		if !slices.Equal(log.got, want) {
			t.Errorf("cancellable %v: reported %q, want %q", cancellable, log.got, want)
		}
	}
}

// TestBoardShowPromotion: the chooser lies over the board, lined up with its
// squares, takes the focus, blocks the board, and goes away after a choice.
func TestBoardShowPromotion(t *testing.T) {
	v := boardStartView()
	v.Flipped = true
	b, rec, w := newTestBoard(t, v, fyne.NewSquareSize(8*boardTestSquare))
	var got []chess.PieceType
	b.ShowPromotion(chess.Black, 6, true, func(pt chess.PieceType) { got = append(got, pt) }, func() { t.Error("cancelled") })
	p := b.promo
	if p == nil || !slices.Contains(b.r.Objects(), fyne.CanvasObject(p)) {
		t.Fatal("chooser not among the board's objects")
	}
	if p.Size() != b.Size() {
		t.Errorf("chooser size %v, board %v", p.Size(), b.Size())
	}
	if w.Canvas().Focused() != p {
		t.Error("chooser has no keyboard focus")
	}
	// Black promotes on g1, which is at the top of a flipped board: column 1.
	boardClick(b, boardPoint(4, 6, 0, 0))
	boardRealDrag(b, boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0), releaseUpThenEnd)
	b.MouseDown(boardMouse(boardPoint(4, 6, 0, 0), desktop.MouseButtonSecondary, 0))
	b.MouseUp(boardMouse(boardPoint(4, 6, 0, 0), desktop.MouseButtonSecondary, 0))
	if len(rec.log) != 0 {
		t.Errorf("board reported %q under the chooser", rec.log)
	}
	test.TapAt(p, boardPoint(1, 2, 0, 0))
	if !slices.Equal(got, []chess.PieceType{chess.Bishop}) {
		t.Errorf("chose %v, want [bishop]", got)
	}
	if b.promo != nil || slices.Contains(b.r.Objects(), fyne.CanvasObject(p)) || w.Canvas().Focused() == p {
		t.Error("chooser still shown after the choice")
	}
	boardClick(b, boardPoint(4, 6, 0, 0))
	if want := []string{"press d7"}; !slices.Equal(rec.log, want) {
		t.Errorf("after the choice the board reported %q, want %q", rec.log, want)
	}
}
