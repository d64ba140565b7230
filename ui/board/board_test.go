package board

import (
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"touchmove/app/boardview"
	"touchmove/core/chess"
)

var updateGoldens = flag.Bool("update", false, "rewrite the golden images in testdata/")

// The tests put the board in a 400×400 window, so a square is 50 units and
// a1 is the bottom-left square when not flipped.
const boardTestSquare = 50

// boardPoint returns the centre of the square on screen column col and row row
// (0..7 from the top left), plus an offset.
func boardPoint(col, row int, dx, dy float32) fyne.Position {
	return fyne.NewPos(float32(col)*boardTestSquare+boardTestSquare/2+dx, float32(row)*boardTestSquare+boardTestSquare/2+dy)
}

// boardStartPieces returns the pieces of the initial position.
func boardStartPieces() [64]chess.Piece {
	var p [64]chess.Piece
	back := []chess.PieceType{chess.Rook, chess.Knight, chess.Bishop, chess.Queen, chess.King, chess.Bishop, chess.Knight, chess.Rook}
	for f, t := range back {
		p[chess.SquareAt(f, 0)] = chess.NewPiece(chess.White, t)
		p[chess.SquareAt(f, 1)] = chess.WhitePawn
		p[chess.SquareAt(f, 6)] = chess.BlackPawn
		p[chess.SquareAt(f, 7)] = chess.NewPiece(chess.Black, t)
	}
	return p
}

// boardRecorder logs the board's callbacks and plays a minimal owner: a press
// selects the piece with the given destinations.
type boardRecorder struct {
	log   []string
	b     *Board
	dests chess.Bitboard
}

func newTestBoard(t *testing.T, v boardview.View, size fyne.Size) (*Board, *boardRecorder, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	b := New()
	rec := &boardRecorder{b: b}
	b.OnPress = func(sq chess.Square) {
		rec.log = append(rec.log, "press "+sq.String())
		v := b.View()
		v.Selected, v.Dests = sq, rec.dests
		b.SetView(v)
	}
	b.OnMove = func(from, to chess.Square) { rec.log = append(rec.log, "move "+from.String()+" "+to.String()) }
	b.OnCancel = func(from chess.Square) { rec.log = append(rec.log, "cancel "+from.String()) }
	b.OnSquareTapped = func(sq chess.Square) { rec.log = append(rec.log, "tap "+sq.String()) }
	b.OnMark = func(sq chess.Square, c boardview.MarkColor) {
		rec.log = append(rec.log, fmt.Sprintf("mark %v %d", sq, c))
	}
	b.OnArrow = func(from, to chess.Square, c boardview.MarkColor) {
		rec.log = append(rec.log, fmt.Sprintf("arrow %v %v %d", from, to, c))
	}
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(size)
	if b.Size() != size {
		t.Fatalf("board size %v, want %v", b.Size(), size)
	}
	return b, rec, w
}

func boardStartView() boardview.View {
	v := boardview.New()
	v.Pieces = boardStartPieces()
	return v
}

func boardMouse(pos fyne.Position, btn desktop.MouseButton, mod fyne.KeyModifier) *desktop.MouseEvent {
	return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: btn, Modifier: mod}
}

// boardDragPath replays what the GLFW driver sends while the pointer moves from
// one point to another with the button down: the first Dragged after 2 units
// of movement, each with the current pointer position and the delta since
// the previous event.
func boardDragPath(b *Board, from, to fyne.Position) {
	prev := from
	const steps = 8
	for i := 0; i <= steps; i++ {
		f := float32(i) / steps
		p := fyne.NewPos(from.X+(to.X-from.X)*f, from.Y+(to.Y-from.Y)*f)
		if i == 0 { // 2 units, in the direction of travel
			dx, dy := to.X-from.X, to.Y-from.Y
			if dy < 0 || (dy == 0 && dx == 0) {
				p = from.AddXY(0, -2)
			} else {
				p = from.AddXY(0, 2)
			}
		}
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(p.X-prev.X, p.Y-prev.Y)})
		prev = p
	}
}

// boardRelease is how the button release after a drag reaches the board.
type boardRelease int

const (
	releaseUpThenEnd boardRelease = iota // GLFW over the board: MouseUp, then DragEnd
	releaseEndThenUp                     // DragEnd, then MouseUp
	releaseEndOnly                       // released over another widget: DragEnd alone
)

// boardRealDrag replays a left-button drag from one point to another.
func boardRealDrag(b *Board, from, to fyne.Position, order boardRelease) {
	b.MouseDown(boardMouse(from, desktop.MouseButtonPrimary, 0))
	boardDragPath(b, from, to)
	switch order {
	case releaseUpThenEnd:
		b.MouseUp(boardMouse(to, desktop.MouseButtonPrimary, 0))
		b.DragEnd()
	case releaseEndThenUp:
		b.DragEnd()
		b.MouseUp(boardMouse(to, desktop.MouseButtonPrimary, 0))
	case releaseEndOnly:
		b.DragEnd()
	}
}

// boardClick replays a left click: MouseDown, MouseUp, Tapped.
func boardClick(b *Board, pos fyne.Position) {
	b.MouseDown(boardMouse(pos, desktop.MouseButtonPrimary, 0))
	b.MouseUp(boardMouse(pos, desktop.MouseButtonPrimary, 0))
	b.Tapped(&fyne.PointEvent{Position: pos})
}

func TestBoardDrag(t *testing.T) {
	tests := []struct {
		name     string
		flipped  bool
		from, to fyne.Position
		order    boardRelease
		want     []string
	}{
		{"e2-e4", false, boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0), releaseUpThenEnd, []string{"press e2", "move e2 e4"}},
		{"e2-e4 drag end first", false, boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0), releaseEndThenUp, []string{"press e2", "move e2 e4"}},
		{"e2-e4 released over another widget", false, boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0), releaseEndOnly, []string{"press e2", "move e2 e4"}},
		{"drop near the edge of e4", false, boardPoint(4, 6, 10, 10), boardPoint(4, 4, -24, 24), releaseUpThenEnd, []string{"press e2", "move e2 e4"}},
		{"back on the origin", false, boardPoint(4, 6, 0, 0), boardPoint(4, 6, 20, 0), releaseUpThenEnd, []string{"press e2", "cancel e2"}},
		{"off the board", false, boardPoint(4, 6, 0, 0), fyne.NewPos(200, 430), releaseUpThenEnd, []string{"press e2", "cancel e2"}},
		{"off the board, drag end only", false, boardPoint(6, 7, 0, 0), fyne.NewPos(-30, 200), releaseEndOnly, []string{"press g1", "cancel g1"}},
		{"flipped: d7-d5", true, boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0), releaseUpThenEnd, []string{"press d7", "move d7 d5"}},
		{"flipped: g8-f6", true, boardPoint(1, 7, 0, 0), boardPoint(2, 5, 0, 0), releaseUpThenEnd, []string{"press g8", "move g8 f6"}},
		{"empty square: no drag", false, boardPoint(4, 4, 0, 0), boardPoint(4, 3, 0, 0), releaseUpThenEnd, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := boardStartView()
			v.Flipped = tt.flipped
			b, rec, _ := newTestBoard(t, v, fyne.NewSquareSize(8*boardTestSquare))
			boardRealDrag(b, tt.from, tt.to, tt.order)
			if !slices.Equal(rec.log, tt.want) {
				t.Errorf("callbacks %q, want %q", rec.log, tt.want)
			}
			// Nothing moved on the board: the piece is back on its square.
			r := b.r
			if r.drag.Visible() || r.hover.Visible() {
				t.Error("dragged piece still shown after the release")
			}
			for s, p := range b.view.Pieces {
				img := r.pieces[s]
				if p != chess.NoPiece && (!img.Visible() || img.Translucency != 0 || !drawsPiece(r, img, p)) {
					t.Errorf("%v: piece %v not back in place (visible %v, translucency %v)", chess.Square(s), p, img.Visible(), img.Translucency)
				}
			}
		})
	}
}

// TestBoardDragFollowsPointer checks that during a drag only the dragged
// piece's image moves, centred under the pointer, and that the original
// stays as a ghost.
func TestBoardDragFollowsPointer(t *testing.T) {
	b, _, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
	r := b.r
	b.MouseDown(boardMouse(boardPoint(6, 7, 0, 0), desktop.MouseButtonPrimary, 0))
	boardDragPath(b, boardPoint(6, 7, 0, 0), fyne.NewPos(260, 240))
	if !r.drag.Visible() || !drawsPiece(r, r.drag, chess.WhiteKnight) {
		t.Fatal("the knight is not being dragged")
	}
	if got, want := r.drag.Position(), fyne.NewPos(260-boardTestSquare/2, 240-boardTestSquare/2); got != want {
		t.Errorf("dragged image at %v, want %v", got, want)
	}
	if r.pieces[chess.G1].Translucency == 0 || r.pieces[chess.G1].Position() != fyne.NewPos(300, 350) {
		t.Errorf("g1 ghost: translucency %v at %v", r.pieces[chess.G1].Translucency, r.pieces[chess.G1].Position())
	}
	if !r.hover.Visible() || r.hover.Position() != fyne.NewPos(250, 200) {
		t.Errorf("hover outline visible %v at %v, want f4 at (250,200)", r.hover.Visible(), r.hover.Position())
	}
	ev := &fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(200, 200)}, Dragged: fyne.NewDelta(1, 1)}
	if n := testing.AllocsPerRun(100, func() {
		ev.Position = ev.Position.AddXY(1, 1)
		b.Dragged(ev)
	}); n != 0 {
		t.Errorf("Dragged allocates %v times per event, want 0", n)
	}
}

// TestBoardRefusedMoveSnapsBack checks that the board never moves a piece
// itself, and that SetView does.
func TestBoardRefusedMoveSnapsBack(t *testing.T) {
	b, rec, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
	boardRealDrag(b, boardPoint(4, 6, 0, 0), boardPoint(4, 3, 0, 0), releaseUpThenEnd)
	if want := []string{"press e2", "move e2 e5"}; !slices.Equal(rec.log, want) {
		t.Fatalf("callbacks %q, want %q", rec.log, want)
	}
	r := b.r
	if !r.pieces[chess.E2].Visible() || r.pieces[chess.E2].Position() != fyne.NewPos(200, 300) || r.pieces[chess.E5].Visible() {
		t.Error("the refused pawn did not stay on e2")
	}
	v := b.View()
	v.Pieces[chess.E4], v.Pieces[chess.E2] = chess.WhitePawn, chess.NoPiece
	b.SetView(v)
	if r.pieces[chess.E2].Visible() || !r.pieces[chess.E4].Visible() || r.pieces[chess.E4].Position() != fyne.NewPos(200, 200) {
		t.Error("SetView did not move the pawn to e4")
	}
}

func TestBoardClicks(t *testing.T) {
	tests := []struct {
		name        string
		interactive bool
		dests       chess.Bitboard
		clicks      []fyne.Position
		want        []string
	}{
		{"click-click e2 e4", true, chess.E3.Bit() | chess.E4.Bit(), []fyne.Position{boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0)},
			[]string{"press e2", "move e2 e4"}},
		{"click-click onto an empty square not in dests", true, chess.E3.Bit(), []fyne.Position{boardPoint(4, 6, 0, 0), boardPoint(0, 3, 0, 0)},
			[]string{"press e2", "move e2 a5"}},
		{"click-click capture attempt", true, 0, []fyne.Position{boardPoint(4, 6, 0, 0), boardPoint(4, 1, 0, 0)},
			[]string{"press e2", "move e2 e7"}},
		{"second click on an own piece touches it", true, chess.E3.Bit(), []fyne.Position{boardPoint(4, 6, 0, 0), boardPoint(3, 6, 0, 0)},
			[]string{"press e2", "press d2"}},
		{"second click on the selected piece puts it back", true, 0, []fyne.Position{boardPoint(4, 6, 0, 0), boardPoint(4, 6, 5, 5)},
			[]string{"press e2", "cancel e2"}},
		{"click on an empty square", true, 0, []fyne.Position{boardPoint(4, 4, 0, 0)}, []string{"tap e4"}},
		{"view only", false, 0, []fyne.Position{boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0)}, []string{"tap e2", "tap e4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := boardStartView()
			v.Interactive = tt.interactive
			b, rec, _ := newTestBoard(t, v, fyne.NewSquareSize(8*boardTestSquare))
			rec.dests = tt.dests
			for _, p := range tt.clicks {
				boardClick(b, p)
			}
			if !slices.Equal(rec.log, tt.want) {
				t.Errorf("callbacks %q, want %q", rec.log, tt.want)
			}
		})
	}
}

// TestBoardTapWithoutMouseDown covers drivers that send Tapped alone (touch
// screens, test.Tap).
func TestBoardTapWithoutMouseDown(t *testing.T) {
	b, rec, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
	rec.dests = chess.E4.Bit()
	test.TapAt(b, boardPoint(4, 6, 0, 0))
	test.TapAt(b, boardPoint(4, 4, 0, 0))
	if want := []string{"press e2", "move e2 e4"}; !slices.Equal(rec.log, want) {
		t.Errorf("callbacks %q, want %q", rec.log, want)
	}
}

// TestBoardSmallMoveIsClick: a press that moves less than the threshold is
// a click, not a drag, even though the driver has sent Dragged events.
func TestBoardSmallMoveIsClick(t *testing.T) {
	b, rec, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
	rec.dests = chess.E3.Bit() | chess.E4.Bit()
	start := boardPoint(4, 6, 0, 0)
	b.MouseDown(boardMouse(start, desktop.MouseButtonPrimary, 0))
	for _, d := range []float32{2, 3, 3.5} {
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.AddXY(d/2, d)}, Dragged: fyne.NewDelta(0, 1)})
		if b.r.drag.Visible() {
			t.Fatalf("a drag began after %v units", d)
		}
	}
	b.MouseUp(boardMouse(start.AddXY(1, 3.5), desktop.MouseButtonPrimary, 0))
	b.DragEnd()
	if want := []string{"press e2"}; !slices.Equal(rec.log, want) {
		t.Fatalf("callbacks %q, want %q", rec.log, want)
	}
	boardClick(b, boardPoint(4, 4, 0, 0)) // the piece is selected: click-click works
	if want := []string{"press e2", "move e2 e4"}; !slices.Equal(rec.log, want) {
		t.Errorf("callbacks %q, want %q", rec.log, want)
	}
}

func TestBoardRightButton(t *testing.T) {
	tests := []struct {
		name     string
		mod      fyne.KeyModifier
		from, to fyne.Position
		want     string
	}{
		{"mark", 0, boardPoint(3, 4, 0, 0), boardPoint(3, 4, 8, 8), fmt.Sprintf("mark d4 %d", boardview.Green)},
		{"shift mark is red", fyne.KeyModifierShift, boardPoint(3, 4, 0, 0), boardPoint(3, 4, 0, 0), fmt.Sprintf("mark d4 %d", boardview.Red)},
		{"alt mark is blue", fyne.KeyModifierAlt, boardPoint(0, 0, 0, 0), boardPoint(0, 0, 0, 0), fmt.Sprintf("mark a8 %d", boardview.Blue)},
		{"shift+alt mark is yellow", fyne.KeyModifierShift | fyne.KeyModifierAlt, boardPoint(7, 7, 0, 0), boardPoint(7, 7, 0, 0), fmt.Sprintf("mark h1 %d", boardview.Yellow)},
		{"arrow", 0, boardPoint(6, 7, 0, 0), boardPoint(5, 5, 0, 0), fmt.Sprintf("arrow g1 f3 %d", boardview.Green)},
		{"shift arrow is red", fyne.KeyModifierShift, boardPoint(4, 6, 0, 0), boardPoint(4, 4, 0, 0), fmt.Sprintf("arrow e2 e4 %d", boardview.Red)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, rec, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
			// GLFW sends no Dragged for the secondary button, only moves.
			b.MouseDown(boardMouse(tt.from, desktop.MouseButtonSecondary, tt.mod))
			b.MouseMoved(boardMouse(tt.to, 0, tt.mod))
			if isArrow := tt.want[0] == 'a'; boardPreviewShown(b) != isArrow {
				t.Errorf("arrow preview shown %v while right-dragging, want %v", boardPreviewShown(b), isArrow)
			}
			b.MouseUp(boardMouse(tt.to, desktop.MouseButtonSecondary, tt.mod))
			if want := []string{tt.want}; !slices.Equal(rec.log, want) {
				t.Errorf("callbacks %q, want %q", rec.log, want)
			}
			if boardPreviewShown(b) {
				t.Error("arrow preview left on screen")
			}
		})
	}
}

// boardPreviewShown reports whether the right-drag arrow preview is drawn.
func boardPreviewShown(b *Board) bool {
	return b.r.preview.Visible() && b.r.preview.StrokeColor != color.Transparent && b.r.preview.StrokeWidth > 0
}

// TestBoardRendersView checks the renderer's objects against a view: each
// piece on its square, flipped or not, and the highlights.
func TestBoardRendersView(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		t.Run(fmt.Sprint("flipped=", flipped), func(t *testing.T) {
			v := boardStartView()
			v.Pieces[chess.E4], v.Pieces[chess.E2] = chess.WhitePawn, chess.NoPiece
			v.Flipped, v.LastFrom, v.LastTo, v.Check, v.Touched = flipped, chess.E2, chess.E4, chess.E8, chess.G8
			v.Selected, v.Dests = chess.G8, chess.F6.Bit()|chess.H6.Bit()|chess.E7.Bit()
			b, _, _ := newTestBoard(t, v, fyne.NewSquareSize(8*boardTestSquare))
			r := b.r
			for s := range chess.Square(64) {
				x, y := float32(s.File()*boardTestSquare), float32((7-s.Rank())*boardTestSquare)
				if flipped {
					x, y = float32((7-s.File())*boardTestSquare), float32(s.Rank()*boardTestSquare)
				}
				img, p := r.pieces[s], v.Pieces[s]
				if img.Position() != fyne.NewPos(x, y) || img.Size() != fyne.NewSquareSize(boardTestSquare) {
					t.Errorf("%v: piece image at %v size %v", s, img.Position(), img.Size())
				}
				if img.Visible() != (p != chess.NoPiece) || (p != chess.NoPiece && !drawsPiece(r, img, p)) {
					t.Errorf("%v: shows %v, want %v", s, r.on[s], p)
				}
				if r.squares[s].Position() != fyne.NewPos(x, y) {
					t.Errorf("%v: square at %v", s, r.squares[s].Position())
				}
				if want := s == chess.F6 || s == chess.H6; r.dots[s].Visible() != want {
					t.Errorf("%v: dot shown %v, want %v", s, r.dots[s].Visible(), want)
				}
				if want := s == chess.E7; r.rings[s].Visible() != want {
					t.Errorf("%v: ring shown %v, want %v", s, r.rings[s].Visible(), want)
				}
			}
			th := b.theme
			if c := r.squares[chess.E4].FillColor; c == th.Light || c == th.Dark {
				t.Error("last move square e4 not tinted")
			}
			if c := r.squares[chess.D4].FillColor; c != th.Dark {
				t.Errorf("d4 is %v, want the plain dark colour", c)
			}
			if !r.check.Visible() || r.check.Position() != r.squares[chess.E8].Position() {
				t.Error("no check glow on e8")
			}
			if !r.touched.Visible() || r.touched.Position() != r.squares[chess.G8].Position() {
				t.Error("no touch-move border on g8")
			}
			wantFile, wantRank := "a", "8"
			if flipped {
				wantFile, wantRank = "h", "1"
			}
			if r.files[0].Text != wantFile || r.ranks[0].Text != wantRank {
				t.Errorf("first coordinates %q %q, want %q %q", r.files[0].Text, r.ranks[0].Text, wantFile, wantRank)
			}
		})
	}
}

// TestBoardStaysSquare puts the board in stretching containers that are not
// square: the squares stay square and the board is centred.
func TestBoardStaysSquare(t *testing.T) {
	tests := []struct {
		name   string
		size   fyne.Size
		a8, h1 fyne.Position // top-left corners
		sq     float32
	}{
		{"wide", fyne.NewSize(800, 400), fyne.NewPos(200, 0), fyne.NewPos(550, 350), 50},
		{"tall", fyne.NewSize(300, 500), fyne.NewPos(2, 102), fyne.NewPos(261, 361), 37},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.NewTempApp(t)
			b := New()
			b.SetView(boardStartView())
			w := test.NewTempWindow(t, container.NewBorder(nil, nil, nil, nil, b))
			w.SetPadded(false)
			w.Resize(tt.size)
			r := b.r
			if got := r.squares[chess.A8].Position(); got != tt.a8 {
				t.Errorf("a8 at %v, want %v", got, tt.a8)
			}
			if got := r.squares[chess.H1].Position(); got != tt.h1 {
				t.Errorf("h1 at %v, want %v", got, tt.h1)
			}
			for s := range chess.Square(64) {
				if got := r.squares[s].Size(); got != fyne.NewSquareSize(tt.sq) {
					t.Fatalf("%v is %v, want %v square", s, got, tt.sq)
				}
			}
		})
	}
}

// TestBoardGolden renders a position with every kind of highlight and
// compares it with testdata/board.png (go test -update rewrites it).
func TestBoardGolden(t *testing.T) {
	v := boardStartView()
	v.Pieces[chess.E4], v.Pieces[chess.E2] = chess.WhitePawn, chess.NoPiece
	v.Pieces[chess.F6], v.Pieces[chess.G8] = chess.BlackKnight, chess.NoPiece
	v.LastFrom, v.LastTo, v.Selected, v.Touched = chess.G8, chess.F6, chess.E4, chess.E4
	v.Dests = chess.E5.Bit() | chess.D5.Bit()
	v.Check = chess.E1
	v.Marks = []boardview.SquareMark{{Square: chess.D4, Color: boardview.Red}, {Square: chess.C5, Color: boardview.Yellow}}
	v.Arrows = []boardview.Arrow{{From: chess.G1, To: chess.F3, Color: boardview.Green}, {From: chess.D8, To: chess.H4, Color: boardview.Blue}}
	_, _, w := newTestBoard(t, v, fyne.NewSquareSize(8*boardTestSquare))
	img := w.Canvas().Capture()
	path := filepath.Join("testdata", "board.png")
	if *updateGoldens {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	test.AssertImageMatches(t, "board.png", img)
}

func TestMarkColorFor(t *testing.T) {
	tests := []struct {
		mod  fyne.KeyModifier
		want boardview.MarkColor
	}{
		{0, boardview.Green},
		{fyne.KeyModifierShift, boardview.Red},
		{fyne.KeyModifierControl, boardview.Red},
		{fyne.KeyModifierAlt, boardview.Blue},
		{fyne.KeyModifierShift | fyne.KeyModifierAlt, boardview.Yellow},
	}
	for _, tt := range tests {
		if got := MarkColorFor(tt.mod); got != tt.want {
			t.Errorf("MarkColorFor(%v) = %v, want %v", tt.mod, got, tt.want)
		}
	}
}

// drawsPiece reports whether the raster img of r draws p: the very image of
// p in r's cache, at any size.
func drawsPiece(r *boardRenderer, img *canvas.Raster, p chess.Piece) bool {
	return img.Generator(boardTestSquare, boardTestSquare) == r.images.image(r.set, p, boardTestSquare, boardTestSquare)
}

// The board skips the slide of a piece the user has just dropped there,
// and forgets the drop with the view that follows it.
func TestBoardForgetsTheDrop(t *testing.T) {
	b, _, _ := newTestBoard(t, boardStartView(), fyne.NewSquareSize(8*boardTestSquare))
	b.dropped = chess.F6
	b.SetView(boardview.View{Pieces: b.View().Pieces, Slide: boardview.Slide{ID: 99, From: chess.G8, To: chess.F6}})
	if b.r != nil && b.r.anim != nil {
		t.Log("an earlier slide ran") // the check that matters is dropped being cleared
	}
	if b.dropped != chess.NoSquare {
		t.Fatal("the dropped square was not forgotten after the view")
	}
}
