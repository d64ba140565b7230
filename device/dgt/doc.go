// Package dgt speaks the serial protocol of DGT electronic chess boards, as
// DGT's public header dgtbrd.h describes it: the one-byte commands (reset,
// board dump, update mode, serial number, version), the messages the board
// sends back (a three-byte header with the message ID and the total
// length, then 7-bit data; the clock's times of a DGT 3000 on the board in
// DGT_BWTIME), the piece codes and the numbering of the
// fields, and the board's orientation, found from the start position.
//
// A Conn runs over any io.ReadWriter: a serial port opened with Open
// (9600 baud, 8N1, through go.bug.st/serial) or, in tests, the
// pseudo-terminal of the simulated board in dgtsim. It has no goroutines
// inside; its owner reads messages in a loop. The package knows nothing of
// games: app reads moves from the boards it reports (app/boardread).
package dgt
