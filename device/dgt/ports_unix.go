//go:build unix

package dgt

import (
	"path/filepath"
	"slices"
)

// PortExample is a port a board may be on, to show where a port is typed.
const PortExample = "/dev/ttyUSB0"

// boardPorts returns the ports where Linux puts a DGT board: USB serial
// adapters, USB modems (ACM) and Bluetooth serial links, each kind in its
// numbers' order.
func boardPorts() []string {
	var out []string
	for _, pat := range []string{"/dev/ttyUSB*", "/dev/ttyACM*", "/dev/rfcomm*"} {
		m, _ := filepath.Glob(pat) // the patterns are well formed
		slices.SortFunc(m, comparePorts)
		out = append(out, m...)
	}
	return out
}
