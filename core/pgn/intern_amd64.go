package pgn

// prefetch asks for slot s to be read into the cache and returns at once.
//
//go:noescape
func prefetch(s *internSlot)
