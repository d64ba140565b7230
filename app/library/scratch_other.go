//go:build !windows

package library

import "os"

// scratchFile returns a new temporary file that is nobody's to clean up:
// its name is removed at once, and the system frees it when it is closed.
func scratchFile(pattern string) (*os.File, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	return f, nil
}
