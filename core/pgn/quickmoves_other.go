//go:build !amd64 || purego

package pgn

// scanWordsFast reports whether scanWords is quicker than reading a byte
// at a time: not without assembly.
func scanWordsFast() bool { return false }

// scanWords is scanWordsGeneric.
func scanWords(src []byte, words int, s *wordScan) int { return scanWordsGeneric(src, words, s) }
