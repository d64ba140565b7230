//go:build unix

package library_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"touchmove/app/library"
	"touchmove/app/store"
)

// holdLikeASave locks f as a save in progress locks its temporary file.
func holdLikeASave(t *testing.T, f *os.File) {
	t.Helper()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
}

// TestOpenRefusesFIFO opens a FIFO as a game list: it fails at once with
// ErrNotRegular rather than wait for a writer.
func TestOpenRefusesFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.pgn")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := library.Open(t.Context(), path, library.Options{})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, store.ErrNotRegular) {
			t.Fatalf("opening a FIFO: %v, want ErrNotRegular", err)
		}
	case <-time.After(5 * time.Second):
		os.WriteFile(path, nil, 0) // lets the blocked open go
		t.Fatal("opening a FIFO blocked")
	}
}
