// Package scoresheet makes a FIDE-style scoresheet of one game as a PDF:
// the event and players from the game's tags, the time control in words,
// the moves in numbered rows (60 a page, in two blocks of 30) with the
// clock reading after each move and the time it took, draw offers, the
// result, the termination and lines for the signatures of both players and
// the arbiter.
//
// New reads a game into a Sheet, a plain value that can be rendered on any
// goroutine; WritePDF draws it on A4 or Letter paper with an embedded Noto
// Sans font, so Cyrillic and Slovak names print as written. The notation of
// the moves is a Notation function: English SAN, or the piece letters of
// another language (Slovak, Russian).
package scoresheet
