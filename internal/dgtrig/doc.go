// Package dgtrig is the tests' rig of simulated DGT boards: boards from
// device/dgt/dgtsim at the start position, the queue their sessions' calls
// come back on (the window's goroutine, played by the test's), and hands
// that play moves on them. The tests of app, app/hall and ui share it;
// nothing else imports it.
package dgtrig
