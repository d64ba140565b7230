package dgtsim

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// Stranger is a pseudo-terminal held by a program that is no DGT board: it
// reads whatever is written to it and answers nothing, as a terminal that
// another program took over after the board was unplugged.
type Stranger struct {
	link string
	m    *os.File
	wg   sync.WaitGroup
}

// NewStranger returns a stranger's terminal, reachable at link.
func NewStranger(link string) (*Stranger, error) {
	m, pts, err := openPTY()
	if err != nil {
		return nil, err
	}
	if err := os.Symlink(pts, link); err != nil {
		m.Close()
		return nil, fmt.Errorf("dgtsim: link: %w", err)
	}
	s := &Stranger{link: link, m: m}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		buf := make([]byte, 64)
		for {
			_, err := m.Read(buf)
			if errors.Is(err, os.ErrClosed) {
				return
			}
			if err != nil {
				time.Sleep(10 * time.Millisecond) // no one has it open (EIO)
			}
		}
	}()
	return s, nil
}

// Path returns the path of the terminal.
func (s *Stranger) Path() string { return s.link }

// Close closes the terminal.
func (s *Stranger) Close() error {
	_ = os.Remove(s.link)
	err := s.m.Close()
	s.wg.Wait()
	return err
}
