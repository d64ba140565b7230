//go:build !unix

package store

import "os"

// MapFile returns the contents of the file at path: read into memory here,
// where the system is not one whose mapping the app uses.
func MapFile(path string) ([]byte, error) { return os.ReadFile(path) }
