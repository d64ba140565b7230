//go:build !windows

package store

import "os"

// replaceWith renames the written temporary file f, at tmp, over target.
// Here f stays open, and locked, until it has its new name: no other
// window's RemoveStaleTemps takes it for an abandoned one meanwhile.
func replaceWith(f *os.File, tmp, target string) error { return os.Rename(tmp, target) }
