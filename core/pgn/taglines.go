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

// tagLinesGeneric reads the lines of b from p on that start with '[',
// have 64 bytes from there before n, and look like a tag pair in the
// usual form, into out, up to len(out) of them. It returns how many it
// read and where the line after them starts.
func tagLinesGeneric(b []byte, n, p int, out []tagLine) (k, next int) {
	for ; k < len(out) && p+64 <= n && b[p] == '['; k++ {
		w := b[p : p+64]
		e := 0
		for e < len(w) && w[e] != '\n' {
			e++
		}
		if e == len(w) {
			break
		}
		end, flags := e, uint8(0)
		if w[e-1] == '\r' {
			end, flags = e-1, tagLineCR
		}
		q1, q2, bad := 64, 64, false
		for j, c := range w {
			switch {
			case c == '"' && q1 == 64:
				q1 = j
			case c == '"' && q2 == 64:
				q2 = j
			}
			if j < end && (c == '\\' || c < 0x20) {
				bad = true
			}
			if j < e && c >= 0x80 {
				flags |= tagLineHigh
			}
		}
		if bad || q2 != end-2 || q1 < 3 || w[q1-1] != ' ' || w[q2+1] != ']' {
			break
		}
		out[k] = tagLine{q1: uint8(q1), q2: uint8(q2), lf: uint8(e), flags: flags}
		p += e + 1
	}
	return k, p
}
