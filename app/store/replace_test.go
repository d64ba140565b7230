package store_test

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"touchmove/app/store"
)

// names returns the names of the files in dir, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	slices.Sort(out)
	return out
}

// A save replaces the file each time, and leaves no temporary file: on
// Windows, which renames no open file, the temporary file is closed first.
func TestSaveReplacesTheFileEachTime(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "White-Black.pgn")
	for _, text := range []string{"1. e4 *\n", "1. e4 e5 *\n", "1. d4 *\n"} {
		if err := store.WriteFileAtomic(path, []byte(text)); err != nil {
			t.Fatalf("save %q: %v", text, err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != text {
			t.Fatalf("after saving %q the file holds %q (%v)", text, got, err)
		}
	}
	if got := names(t, dir); !slices.Equal(got, []string{"White-Black.pgn"}) {
		t.Errorf("the folder holds %q, want only the game", got)
	}
}

// A window's journal is written, is its own while the window runs (a
// second look for orphans does not offer it) and leaves nothing behind
// when cleared: neither the journal nor its lock.
func TestJournalWritesLocksAndClears(t *testing.T) {
	dir := t.TempDir()
	js := store.NewJournals(dir)
	j, err := js.Create()
	if err != nil {
		t.Fatal(err)
	}
	for _, entry := range []string{`{"ply":1}`, `{"ply":2}`} {
		j.Record([]byte(entry), []byte(entry), false)
		j.Flush()
		if err := j.Err(); err != nil {
			t.Fatalf("journal %s: %v", entry, err)
		}
		if got, err := os.ReadFile(j.Path()); err != nil || string(got) != entry {
			t.Fatalf("journal holds %q (%v), want %q", got, err, entry)
		}
	}
	orphans, errs := store.Orphans(js, func(data []byte) (string, bool, error) { return string(data), true, nil })
	if len(orphans) != 0 || len(errs) != 0 {
		t.Errorf("a running window's journal was offered: %d orphans, errors %v", len(orphans), errs)
	}
	if err := j.Clear(); err != nil {
		t.Fatal(err)
	}
	if got := names(t, dir); len(got) != 0 {
		t.Errorf("after Clear the folder holds %q", got)
	}
}

// A save replaces a file that is open for reading, as the window keeps the
// file whose games it lists: on Windows it is opened so that it may be.
func TestSaveReplacesAFileOpenForReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.pgn")
	if err := os.WriteFile(path, []byte("1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, _, err := store.OpenRegular(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := store.WriteFileAtomic(path, []byte("1. d4 *\n")); err != nil {
		t.Fatalf("save over the open file: %v", err)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != "1. d4 *\n" {
		t.Errorf("the file holds %q (%v)", got, err)
	}
	if got, err := io.ReadAll(f); err != nil || string(got) != "1. e4 *\n" {
		t.Errorf("the reader reads %q (%v), want the text it opened", got, err)
	}
	f.Close()
	if got := names(t, filepath.Dir(path)); !slices.Equal(got, []string{"club.pgn"}) {
		t.Errorf("the folder holds %q, want only the game", got)
	}
}
