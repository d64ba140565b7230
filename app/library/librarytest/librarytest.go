// Package librarytest helps tests read a PGN file through a
// library.Library, as the window's game list does, and name it as users do.
package librarytest

import (
	"context"
	"os"
	"runtime"
	"testing"

	"touchmove/app/library"
)

// Open opens the PGN file at path as a library and waits until it is
// listed, failing t if it cannot be opened or indexed; the library is
// closed when t ends.
func Open(t testing.TB, path string, opts library.Options) *library.Library {
	t.Helper()
	lib, err := library.Open(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := lib.Close(); err != nil {
			t.Error(err)
		}
	})
	<-lib.Done()
	if err := lib.Err(); err != nil {
		t.Fatalf("indexing: %v", err)
	}
	lib.Update()
	return lib
}

// Symlink makes link a symbolic link to target, or skips the test where
// the system makes none that opens: Windows makes them only in developer
// mode or for an administrator, and Wine 8.0's do not open.
func Symlink(t testing.TB, target, link string) {
	t.Helper()
	err := os.Symlink(target, link)
	if err == nil {
		_, err = os.Stat(link)
	}
	if err != nil && runtime.GOOS == "windows" {
		t.Skipf("no symbolic link that opens here: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
}
