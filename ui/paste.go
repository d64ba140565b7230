package ui

import "strings"

// looksLikeFEN reports whether text has the shape of a FEN — one line of
// four to six fields, the first a board of eight ranks — so that a paste
// that does not parse as one is reported as a bad FEN, not as PGN.
func looksLikeFEN(text string) bool {
	fields := strings.Fields(text)
	return !strings.ContainsAny(text, "\n[{") && len(fields) >= 4 && len(fields) <= 6 && strings.Count(fields[0], "/") == 7
}
