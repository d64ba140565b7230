//go:build !unix

package pgn

import (
	"errors"
	"os"
)

// mapSection would map bytes [off, end) of f into memory; here files are
// read instead.
func mapSection(f *os.File, off, end int64) ([]byte, func(), error) {
	return nil, nil, errors.New("files are not mapped into memory here")
}
