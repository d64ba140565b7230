package pgn

// prefetch asks for slot s, and the one after it in memory, to be read
// into the cache, and returns at once: at three quarters full, a value is
// past its first slot about half the time.
//
//go:noescape
func prefetch(s *internSlot)
