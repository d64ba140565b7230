// Package librarytest helps tests read a PGN file through a
// library.Library, as the window's game list does.
package librarytest

import (
	"context"
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
