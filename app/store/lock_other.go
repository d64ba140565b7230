//go:build !unix && !windows

package store

import "os"

// lockFile opens path; without flock every journal counts as free, so a
// second window may offer a running window's journal too.
func lockFile(path string) (*os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	return f, err == nil, err
}

func unlockFile(f *os.File) { f.Close() }
