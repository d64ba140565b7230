// Package reftools finds, for the tests, the reference programs they check
// Touchmove against: stockfish, pgn-extract, poppler-utils' pdftotext and
// pdfinfo, as Debian installs them (make test installs them: on the PATH,
// pgn-extract and stockfish in /usr/games). A missing one fails the test,
// except on Windows: make windows-test runs the tests there under Wine,
// where these Linux programs cannot be started, and installs no Windows
// build of them, so the test is skipped, saying so.
package reftools
