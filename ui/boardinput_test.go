package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"touchmove/ui/board"
)

// The window's tests drive its board as the GLFW driver would, with the
// replays of ui/board/board_test.go, which that package's tests keep to
// themselves: these are the ones the window's tests use.

// boardTestSquare is the side in pixels at which a test asks which piece
// set the board draws (board_test.go's size of a square).
const boardTestSquare = 50

func boardMouse(pos fyne.Position, btn desktop.MouseButton, mod fyne.KeyModifier) *desktop.MouseEvent {
	return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: btn, Modifier: mod}
}

// boardDragPath replays what the GLFW driver sends while the pointer moves from
// one point to another with the button down: the first Dragged after 2 units
// of movement, each with the current pointer position and the delta since
// the previous event.
func boardDragPath(b *board.Board, from, to fyne.Position) {
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
)

// boardRealDrag replays a left-button drag from one point to another.
func boardRealDrag(b *board.Board, from, to fyne.Position, order boardRelease) {
	b.MouseDown(boardMouse(from, desktop.MouseButtonPrimary, 0))
	boardDragPath(b, from, to)
	if order == releaseUpThenEnd {
		b.MouseUp(boardMouse(to, desktop.MouseButtonPrimary, 0))
		b.DragEnd()
	}
}
