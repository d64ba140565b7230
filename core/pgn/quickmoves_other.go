//go:build !amd64

package pgn

// classifyFast reports whether classify is quicker than reading a byte at
// a time: not without assembly.
func classifyFast() bool { return false }

// classify fills out from the 64-byte words of src.
func classify(src []byte, out []wordMasks) { classifyGeneric(src, out) }

// derive works out the facts of the words whose masks are ms into fs.
func derive(ms []wordMasks, fs []wordFacts, c *wordCarry) { deriveGeneric(ms, fs, c) }
