package notation

import "strconv"

// NAGSymbol returns how a NAG is shown (pgn.md §6.5), or "$n" when it has no
// common symbol.
func NAGSymbol(n uint8) string {
	switch n {
	case 1:
		return "!"
	case 2:
		return "?"
	case 3:
		return "!!"
	case 4:
		return "??"
	case 5:
		return "!?"
	case 6:
		return "?!"
	case 7:
		return "□"
	case 10:
		return "="
	case 13:
		return "∞"
	case 14:
		return "⩲"
	case 15:
		return "⩱"
	case 16:
		return "±"
	case 17:
		return "∓"
	case 18:
		return "+−"
	case 19:
		return "−+"
	case 22, 23:
		return "⨀"
	case 32, 33:
		return "⟳"
	case 36, 37:
		return "↑"
	case 40, 41:
		return "→"
	case 44, 45:
		return "=/∞"
	case 132, 133:
		return "⇆"
	case 138, 139:
		return "⨁"
	case 140:
		return "∆"
	case 146:
		return "N"
	}
	return "$" + strconv.Itoa(int(n))
}

// moveNAG reports whether NAG n judges the move (glued to the SAN) rather
// than the position (shown after a space).
func moveNAG(n uint8) bool { return n >= 1 && n <= 7 }
