// Package dgtsim is a simulated DGT electronic board on a Linux
// pseudo-terminal: it answers the commands of the DGT protocol as a board
// does (reset, board dump, update mode, serial number, version) and sends a
// field update for every piece lifted or placed by its script. Tests and the e2e suite play
// whole games on it through the same code that reads a real board: the
// app opens the terminal's path as it opens /dev/ttyUSB0. Unplug and Plug
// pull the cable and put it back; the board can lie turned round. On other
// systems New fails with errors.ErrUnsupported.
package dgtsim
