//go:build !unix

package store

import (
	"os"
	"time"
)

// fileID would return the device, inode and hard links of the file of fi;
// here the system does not say.
func fileID(fi os.FileInfo) (dev, ino, links uint64, ok bool) { return 0, 0, 0, false }

// OpenRegular opens the file at path for reading and fails when it is not
// a regular file, before opening it when the path says so already.
func OpenRegular(path string) (*os.File, os.FileInfo, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, nil, notRegular(path)
	}
	f, err := openReading(path)
	if err != nil {
		return nil, nil, err
	}
	return regularFile(f, path)
}

// lockTemp does nothing here: stale temporary files are told by their age.
func lockTemp(f *os.File) {}

// tempAbandoned reports whether the temporary file of fi is old enough to
// be no save in progress.
func tempAbandoned(_ string, fi os.FileInfo) bool { return time.Since(fi.ModTime()) > time.Hour }

// writableByUs reports whether the file of fi has a write bit.
func writableByUs(_ string, fi os.FileInfo) bool { return fi.Mode().Perm()&0o200 != 0 }
