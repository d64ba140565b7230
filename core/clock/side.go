package clock

// Side is one player's half of the clock. Its values equal those of
// chess.Color (White 0, Black 1, NoSide 2), so the types convert directly.
type Side uint8

// The two sides. NoSide stands for "neither", as in a Clock tag of a game
// whose clocks are stopped.
const (
	White Side = iota
	Black
	NoSide
)

// Other returns the opposing side; the opposite of NoSide is NoSide.
func (s Side) Other() Side {
	if s > Black {
		return NoSide
	}
	return s ^ 1
}

// String returns "white", "black" or "none".
func (s Side) String() string {
	switch s {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// valid reports whether s is White or Black.
func (s Side) valid() bool { return s <= Black }
