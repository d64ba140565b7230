//go:build !linux

package pgn

// allocSection returns n bytes of the Go heap.
func allocSection(n int64) ([]byte, func()) { return make([]byte, n), nil }
