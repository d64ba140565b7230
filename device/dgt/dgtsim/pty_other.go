//go:build !linux

package dgtsim

import (
	"errors"
	"fmt"
	"os"
	"runtime"
)

// openPTY fails: the simulated board is a Linux pseudo-terminal, and this
// system has none that the board's reader opens as a serial port. Tests
// that play on the board skip on errors.ErrUnsupported.
func openPTY() (master *os.File, path string, err error) {
	return nil, "", fmt.Errorf("dgtsim: the simulated board is a Linux pseudo-terminal, none on %s: %w", runtime.GOOS, errors.ErrUnsupported)
}
