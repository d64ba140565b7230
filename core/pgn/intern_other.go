//go:build !amd64

package pgn

// prefetch would ask for slot s and the next to be read into the cache;
// here it does nothing, and the lookup waits for the slots.
func prefetch(s *internSlot) {}
