//go:build !amd64

package pgn

// prefetch would ask for slot s to be read into the cache; here it does
// nothing, and the lookup waits for the slot.
func prefetch(s *internSlot) {}
