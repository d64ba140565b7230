package library_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"touchmove/app/library"
	"touchmove/app/library/librarytest"
)

// cacheFiles returns the cache files in dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.idx"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestLibraryCache indexes a large file once: opening it again reads the
// list from the cache, the same games, problems and all; a changed or
// touched file, or a damaged cache file, is indexed afresh.
func TestLibraryCache(t *testing.T) {
	path, games := writeGames(t, 20000, genOptions{bad: func(i int) bool { return i%97 == 5 }})
	if fi, err := os.Stat(path); err != nil || fi.Size() < 4<<20 {
		t.Fatalf("the file is too small to be cached: %v", err)
	}
	dir := t.TempDir()
	opts := library.Options{CacheDir: dir}
	first := librarytest.Open(t, path, opts)
	if first.Progress().Cached {
		t.Fatal("the first opening came from the cache")
	}
	files := cacheFiles(t, dir)
	if len(files) != 1 {
		t.Fatalf("cache files after indexing: %v", files)
	}
	ix := wholeIndex(t, path)

	again := librarytest.Open(t, path, opts)
	if !again.Progress().Cached || again.Len() != len(games) {
		t.Fatalf("opened again: cached %v, %d games", again.Progress().Cached, again.Len())
	}
	checkEntries(t, again, ix, len(games))
	if g, err := again.Game(12345); err != nil || g.Tags.Value("White") != games[12345].White {
		t.Errorf("game 12346 read through the cached list: %v", err)
	}
	again.SetFilter(library.ParseListFilter("is:bad"))
	if again.Rows() != len(ix.Errors()) {
		t.Errorf("%d bad games listed from the cache, want %d", again.Rows(), len(ix.Errors()))
	}

	// Another modification time: indexed afresh, and cached again.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	touched := librarytest.Open(t, path, opts)
	if touched.Progress().Cached || touched.Len() != len(games) {
		t.Errorf("touched file: cached %v, %d games", touched.Progress().Cached, touched.Len())
	}
	if !librarytest.Open(t, path, opts).Progress().Cached {
		t.Error("the touched file was not cached again")
	}

	// Another size.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[Event \"One more\"]\n\n1. d4 *\n")
	f.Close()
	grown := librarytest.Open(t, path, opts)
	if grown.Progress().Cached || grown.Len() != len(games)+1 || grown.Entry(len(games)).Event != "One more" {
		t.Errorf("grown file: cached %v, %d games", grown.Progress().Cached, grown.Len())
	}

	// A damaged cache file is not used.
	files = cacheFiles(t, dir)
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40
	if err := os.WriteFile(files[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	damaged := librarytest.Open(t, path, opts)
	if damaged.Progress().Cached || damaged.Len() != len(games)+1 {
		t.Errorf("damaged cache: cached %v, %d games", damaged.Progress().Cached, damaged.Len())
	}

	// Nothing beside the user's file.
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil || len(entries) != 1 {
		t.Errorf("the PGN file's folder holds %d files: %v", len(entries), err)
	}
}

// TestLibraryCacheSkipped: small files and stopped indexing leave no cache.
func TestLibraryCacheSkipped(t *testing.T) {
	dir := t.TempDir()
	small, _ := writeGames(t, 100, genOptions{})
	librarytest.Open(t, small, library.Options{CacheDir: dir})
	if files := cacheFiles(t, dir); len(files) != 0 {
		t.Fatalf("a small file was cached: %v", files)
	}
	big, _ := writeGames(t, 20000, genOptions{})
	lib, err := library.Open(t.Context(), big, library.Options{CacheDir: dir, Spawn: func(f func()) { go f() }})
	if err != nil {
		t.Fatal(err)
	}
	lib.Cancel()
	<-lib.Done()
	lib.Close()
	if files := cacheFiles(t, dir); len(files) != 0 && lib.Err() != nil {
		t.Errorf("cache files %v after indexing was stopped", files)
	}
}
