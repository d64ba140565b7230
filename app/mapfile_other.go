//go:build !unix

package app

import "os"

// mapFile returns the contents of the file at path: read into memory here,
// where the system is not one whose mapping the app uses.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }
