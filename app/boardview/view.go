package boardview

import "touchmove/core/chess"

// View is everything the board shows; app builds it, the board only draws
// it.
type View struct {
	Pieces           [64]chess.Piece
	Flipped          bool           // Black at the bottom
	Selected         chess.Square   // highlighted square, NoSquare if none
	Touched          chess.Square   // a piece bound by touch-move (orange border), NoSquare if none
	Dests            chess.Bitboard // destinations of the selected piece: dots, rings on occupied squares
	LastFrom, LastTo chess.Square   // the last move's squares, NoSquare if none
	Check            chess.Square   // a king in check (red glow), NoSquare if none
	Marks            []SquareMark   // coloured squares
	Arrows           []Arrow        // arrows
	Coordinates      bool           // files and ranks drawn inside the edge squares
	Interactive      bool           // false: view only, no press, move or cancel
	// Slide, when its ID differs from the last view's, slides the piece now
	// on Slide.To from Slide.From (a move made by the other side, typed, or
	// stepped through). A piece the user has just dropped on Slide.To is
	// not slid again.
	Slide Slide
}

// New returns an empty, interactive view with no highlights and
// coordinates shown.
func New() View {
	return View{
		Selected: chess.NoSquare, Touched: chess.NoSquare, LastFrom: chess.NoSquare,
		LastTo: chess.NoSquare, Check: chess.NoSquare, Coordinates: true, Interactive: true,
	}
}

// Slide is a piece's move to animate.
type Slide struct {
	ID       int
	From, To chess.Square
}

// MarkColor is the colour of a marked square or an arrow: lichess's four
// annotation colours, and one for the engine's best move.
type MarkColor uint8

// The mark colours.
const (
	Green  MarkColor = iota // no modifier
	Red                     // Shift (or Ctrl)
	Blue                    // Alt (or Super)
	Yellow                  // Shift+Alt
	Engine                  // the engine's best move: never a user's colour
)

// SquareMark is a coloured square drawn by the user.
type SquareMark struct {
	Square chess.Square
	Color  MarkColor
}

// Arrow is an arrow from one square to another.
type Arrow struct {
	From, To chess.Square
	Color    MarkColor
}
