package pgn

// tagLine is a line that readTagLines found to look like a tag pair in the
// usual form — '[', a name, ' ', '"', a value without '\\' or control
// bytes, '"', ']' and LF or CRLF — by the offsets from its '[' of its two
// quotes and its LF; its name is left to be checked.
type tagLine struct {
	q1, q2, lf uint8
	flags      uint8 // tagLineHigh, tagLineCR
}

const (
	tagLineHigh = 1 << iota // the line has bytes of 0x80 and up
	tagLineCR               // a CR ends it before the LF
)
