// Package corpus gives tests the reference data kept in the repository's
// top-level testdata folder (see testdata/README.md): real and generated
// PGN files, the SAN oracle and the perft suites.
//
// A test names a file by its path under testdata, such as
// "pgn/features_6k.pgn.gz"; files whose name ends in ".gz" are returned
// decompressed. A missing or unreadable file fails the test: the corpus
// is part of the repository, so its absence is a defect, not a reason to
// skip.
package corpus

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Read returns the contents of testdata/name, decompressed when name ends
// in ".gz". It fails tb when the file cannot be read.
func Read(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := read(name)
	if err != nil {
		tb.Fatalf("reference corpus: %v", err)
	}
	return data
}

// File writes the contents of testdata/name, decompressed, to a file in
// tb's temporary folder and returns its path, for code that reads files
// by name. It fails tb when the file cannot be read or written.
func File(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), strings.TrimSuffix(filepath.Base(name), ".gz"))
	if err := os.WriteFile(path, Read(tb, name), 0o644); err != nil {
		tb.Fatalf("reference corpus: %v", err)
	}
	return path
}

// read reads testdata/name from the module's root, the nearest folder
// above the working directory (a test's package folder) holding go.mod.
func read(name string) ([]byte, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	path := filepath.Join(root, "testdata", filepath.FromSlash(name))
	data, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(name, ".gz") {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if data, err = io.ReadAll(zr); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// moduleRoot returns the nearest folder at or above the working directory
// that holds a go.mod file.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
