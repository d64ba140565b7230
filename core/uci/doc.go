// Package uci talks to chess engines through the Universal Chess Interface:
// it starts an engine process, runs the uci/isready handshake, reads the
// options the engine declares and sets them, sends positions built from
// core/chess and searches them, and parses what comes back (info lines and
// bestmove), turning principal variations into SAN through core/chess.
//
// The engine is not trusted: every wait has a deadline, junk lines are
// logged and skipped, an illegal or garbled PV is dropped with a logged
// reason, and an engine that exits, hangs or does not stop becomes an error
// in words. The engine runs in its own process group, which Close kills and
// reaps, so that an engine's own children go with it.
//
// An Engine serves one caller at a time; only Close may be called from
// another goroutine, to abort what is in progress.
package uci
