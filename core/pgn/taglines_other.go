//go:build !amd64

package pgn

// tagLinesFast reports whether tagLines is in assembly: not here.
func tagLinesFast() bool { return false }

// readTagLines is tagLinesGeneric.
func readTagLines(b []byte, n, p int, out []tagLine) (k, next int) {
	return tagLinesGeneric(b, n, p, out)
}
