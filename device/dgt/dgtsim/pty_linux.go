package dgtsim

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// openPTY opens a new pseudo-terminal in raw mode: its master, and the
// path of the terminal the app opens. The terminal keeps its settings while
// the master is open, whoever opens and closes the terminal.
func openPTY() (master *os.File, path string, err error) {
	// Non-blocking, so that the runtime's poller reads it and Close ends a
	// Read waiting on it.
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, "", fmt.Errorf("dgtsim: open /dev/ptmx: %w", err)
	}
	m := os.NewFile(uintptr(fd), "/dev/ptmx")
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		return nil, "", fmt.Errorf("dgtsim: unlock the terminal: %w", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		m.Close()
		return nil, "", fmt.Errorf("dgtsim: name the terminal: %w", err)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		return nil, "", fmt.Errorf("dgtsim: open the terminal: %w", err)
	}
	t, err := unix.IoctlGetTermios(int(s.Fd()), unix.TCGETS)
	if err == nil {
		t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
		t.Oflag &^= unix.OPOST
		t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
		t.Cflag &^= unix.CSIZE | unix.PARENB
		t.Cflag |= unix.CS8
		err = unix.IoctlSetTermios(int(s.Fd()), unix.TCSETS, t)
	}
	s.Close()
	if err != nil {
		m.Close()
		return nil, "", fmt.Errorf("dgtsim: raw mode: %w", err)
	}
	return m, s.Name(), nil
}
