package dgt

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"go.bug.st/serial"
)

// BaudRate is the speed of every DGT board's serial line (8N1, no handshake).
const BaudRate = 9600

// Open opens the serial port at path (on Linux a USB board on /dev/ttyUSB0
// or /dev/ttyACM0, a paired Bluetooth board on /dev/rfcomm0; on Windows
// COM3, or whichever COM port the board's driver made) at 9600 baud,
// 8 data bits, no parity, one stop bit. Closing it makes a Read waiting on
// it return.
func Open(path string) (io.ReadWriteCloser, error) {
	p, err := serial.Open(path, &serial.Mode{BaudRate: BaudRate, DataBits: 8, Parity: serial.NoParity, StopBits: serial.OneStopBit})
	if err != nil {
		return nil, fmt.Errorf("dgt: open %s: %w", path, err)
	}
	return p, nil
}

// Ports lists the serial ports a board may be on: first those where a DGT
// board comes (boardPorts: on Linux USB serial adapters, USB modems (ACM)
// and Bluetooth serial links), then the other serial ports the system
// reports (on Windows all of them: COM3, COM4, …), in their numbers' order.
func Ports() []string {
	out := boardPorts()
	if more, err := serial.GetPortsList(); err == nil {
		slices.SortFunc(more, comparePorts)
		for _, p := range more {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// comparePorts orders port names by their text, and the number they end in
// as a number: COM2 before COM10, /dev/ttyUSB9 before /dev/ttyUSB10.
func comparePorts(a, b string) int {
	ta, na := splitNumber(a)
	tb, nb := splitNumber(b)
	if c := strings.Compare(ta, tb); c != 0 {
		return c
	}
	if c := cmp.Compare(len(na), len(nb)); c != 0 {
		return c
	}
	if c := strings.Compare(na, nb); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// splitNumber splits name into its text and the digits it ends in, without
// leading zeros.
func splitNumber(name string) (text, number string) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	return name[:i], strings.TrimLeft(name[i:], "0")
}
