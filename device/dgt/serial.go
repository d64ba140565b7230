package dgt

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"go.bug.st/serial"
)

// BaudRate is the speed of every DGT board's serial line (8N1, no handshake).
const BaudRate = 9600

// Open opens the serial port at path (a USB board on /dev/ttyUSB0 or
// /dev/ttyACM0, a paired Bluetooth board on /dev/rfcomm0) at 9600 baud,
// 8 data bits, no parity, one stop bit. Closing it makes a Read waiting on
// it return.
func Open(path string) (io.ReadWriteCloser, error) {
	p, err := serial.Open(path, &serial.Mode{BaudRate: BaudRate, DataBits: 8, Parity: serial.NoParity, StopBits: serial.OneStopBit})
	if err != nil {
		return nil, fmt.Errorf("dgt: open %s: %w", path, err)
	}
	return p, nil
}

// Ports lists the serial ports a board may be on: USB serial adapters, USB
// modems (ACM) and Bluetooth serial links, then the other serial ports the
// system reports.
func Ports() []string {
	var out []string
	// Where Linux puts the serial ports a DGT board comes on.
	for _, pat := range []string{"/dev/ttyUSB*", "/dev/ttyACM*", "/dev/rfcomm*"} {
		m, _ := filepath.Glob(pat) // the patterns are well formed
		slices.Sort(m)
		out = append(out, m...)
	}
	if more, err := serial.GetPortsList(); err == nil {
		slices.Sort(more)
		for _, p := range more {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
