package pgn

import (
	"os"
	"path/filepath"
	"testing"
)

// OpenTemp is openTemp for the tests of package pgn_test.
var OpenTemp = openTemp

// openTemp writes text to a file in a temporary folder of t and opens it;
// it is closed and removed when t ends. It returns the file and its path.
func openTemp(t testing.TB, text string) (*os.File, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, path
}
