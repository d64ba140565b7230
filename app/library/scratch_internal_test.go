package library

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"testing"
)

// The decoded copy made without a cache folder is a scratch file: it
// reads back what was written and is gone from the disk once closed (on
// Windows, which removes no open file, only then).
func TestScratchFileGoesWhenClosed(t *testing.T) {
	f, err := scratchFile("touchmove-test-*.pgn")
	if err != nil {
		t.Fatal(err)
	}
	name := f.Name()
	if _, err := f.WriteString("1. e4 e5 *\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != "1. e4 e5 *\n" {
		t.Fatalf("read back %q, %v", got, err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s is still there after Close: %v", name, err)
	}
}
