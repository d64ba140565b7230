//go:build unix

package store

import (
	"fmt"
	"os"
	"syscall"
)

// MapFile returns the contents of the file at path mapped into memory,
// read-only, for as long as the process lives. The caches are replaced by
// renaming a new file over them, never written in place, so the mapped
// bytes stay as they were.
func MapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	if size <= 0 || size != int64(int(size)) {
		return nil, fmt.Errorf("map %s: %d bytes", path, size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("map %s: %w", path, err)
	}
	return data, nil
}
