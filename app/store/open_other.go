//go:build !unix && !windows

package store

import "os"

// openReading opens path for reading.
func openReading(path string) (*os.File, error) { return os.Open(path) }
