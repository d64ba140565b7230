//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenFIFOSaysNotRegular opens a FIFO, as given on the command line or
// chosen with Open: the window says it is no file to open, at once.
func TestOpenFIFOSaysNotRegular(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.pgn")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	w := newTestWindow(t)
	done := make(chan struct{})
	go func() {
		w.files.open(path)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		os.WriteFile(path, nil, 0) // lets the blocked open go
		<-done
		t.Fatal("opening a FIFO blocked the window")
	}
	if got := dialogText(w); !strings.Contains(got, "fifo.pgn is not a PGN file") {
		t.Errorf("dialog says %q", got)
	}
}
