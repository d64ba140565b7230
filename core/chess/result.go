package chess

import "strings"

// Result is the result of a game as PGN records it (pgn.md §6): a win for
// either side, a draw, or no result yet. The zero Result is Unfinished.
type Result uint8

// The results. Their String is the PGN result token.
const (
	Unfinished Result = iota // "*": in progress, abandoned or unknown
	WhiteWins                // "1-0"
	BlackWins                // "0-1"
	Draw                     // "1/2-1/2"
)

var resultTokens = [...]string{Unfinished: "*", WhiteWins: "1-0", BlackWins: "0-1", Draw: "1/2-1/2"}

// String returns the PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	if int(r) < len(resultTokens) {
		return resultTokens[r]
	}
	return "*"
}

// Over reports whether r ends the game: a win or a draw.
func (r Result) Over() bool { return r == WhiteWins || r == BlackWins || r == Draw }

// Winner returns the winning colour, or NoColor for a draw or no result.
func (r Result) Winner() Color {
	switch r {
	case WhiteWins:
		return White
	case BlackWins:
		return Black
	}
	return NoColor
}

// WinFor returns the result of a game that c won: WhiteWins or BlackWins,
// and Draw when c is NoColor.
func WinFor(c Color) Result {
	switch c {
	case White:
		return WhiteWins
	case Black:
		return BlackWins
	}
	return Draw
}

// ParseResult reads a game result: the PGN tokens and the common variants
// "½-½", "1/2", "0.5-0.5", "=", "1:0", "+/-", "-/+", "+--", "--+" (the last
// four forfeits; pgn.md §10). Spaces around it are ignored. ok is false, and
// the result Unfinished, for anything else.
func ParseResult(s string) (r Result, ok bool) {
	switch strings.TrimSpace(s) {
	case "1-0", "+/-", "+--", "1:0", "1–0":
		return WhiteWins, true
	case "0-1", "-/+", "--+", "0:1", "0–1":
		return BlackWins, true
	case "1/2-1/2", "½-½", "1/2", "½", "0.5-0.5", ".5-.5", "=", "1/2:1/2", "½:½", "draw":
		return Draw, true
	case "*":
		return Unfinished, true
	}
	return Unfinished, false
}
