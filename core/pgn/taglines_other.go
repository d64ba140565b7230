//go:build !amd64

package pgn

// tagLinesFast reports whether readTagLines is in assembly here: not.
func tagLinesFast() bool { return false }

// readTagLines would read a run of tag pair lines in assembly; here it
// reads none, and leaves every line to quickTag.
func readTagLines(b []byte, n, p int, out []tagLine) (k, next int) { return 0, p }
