package library_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/core/chess"
	"touchmove/core/posindex"
	"touchmove/internal/corpus"
)

// openTree opens the position tree of the file at path and waits for it.
func openTree(t *testing.T, path string, dir string) (*library.PositionTree, library.TreeProgress) {
	t.Helper()
	lib := librarytest.Open(t, path, library.Options{CacheDir: dir})
	var reports []library.TreeProgress
	tr := library.OpenPositionTree(context.Background(), lib, library.TreeOptions{CacheDir: dir, OnProgress: func(p library.TreeProgress) { reports = append(reports, p) }})
	t.Cleanup(tr.Close)
	<-tr.Done()
	p := tr.Progress()
	if p.Err != nil || !p.Finished || p.Games != lib.Len() || p.Total != lib.Len() {
		t.Fatalf("position index: %+v for %d games", p, lib.Len())
	}
	if len(reports) == 0 || !reports[len(reports)-1].Finished {
		t.Fatalf("progress reports %v", reports)
	}
	return tr, p
}

// treeOf returns the tree of the start position and after 1.e4 as rows.
func treeOf(ix *posindex.Index) [][]posindex.Row {
	p := chess.StartPosition()
	start := ix.Tree(&p, nil)
	p.Play(chess.NewMove(chess.SquareAt(4, 1), chess.SquareAt(4, 3)))
	e4 := ix.Tree(&p, nil)
	return [][]posindex.Row{start.Rows, e4.Rows}
}

// TestPositionTreeCache builds the position index of a large file once:
// opening it again reads it from the cache; a file that grew by games
// appended indexes only those; a file changed in place is indexed afresh.
func TestPositionTreeCache(t *testing.T) {
	data := corpus.Read(t, "pgn/features_6k.pgn.gz")
	if len(data) < 4<<20 {
		t.Fatalf("the corpus is too small to be cached: %d bytes", len(data))
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	first, p := openTree(t, path, dir)
	if p.Cached {
		t.Fatal("the first index came from the cache")
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.pos")); len(files) != 1 {
		t.Fatalf("position cache files: %v", files)
	}
	want := treeOf(first.Index())
	second, p := openTree(t, path, dir)
	if !p.Cached || !reflect.DeepEqual(treeOf(second.Index()), want) {
		t.Fatalf("the second opening: cached %v, same tree %v", p.Cached, reflect.DeepEqual(treeOf(second.Index()), want))
	}

	// Games appended: the index goes on from the cache, and is the index
	// of the whole file.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data[:len(data)/3]); err != nil {
		t.Fatal(err)
	}
	f.Close()
	grown, p := openTree(t, path, t.TempDir()) // a fresh cache: the whole file indexed
	if p.Cached {
		t.Fatal("a fresh cache folder had the index")
	}
	appended, p := openTree(t, path, dir)
	if !p.Cached {
		t.Fatal("the grown file was indexed afresh")
	}
	if a, g := appended.Index(), grown.Index(); a.Len() != g.Len() || a.Positions() != g.Positions() || !reflect.DeepEqual(treeOf(a), treeOf(g)) {
		t.Fatalf("after the append: %d games %d positions, the whole file %d %d", a.Len(), a.Positions(), g.Len(), g.Positions())
	}

	// A game changed in place, size kept: the cache is not used.
	changed := append([]byte(nil), data...)
	changed = append(changed, data[:len(data)/3]...)
	i := len(data) / 2
	for changed[i] != 'e' || changed[i+1] != '4' {
		i++
	}
	changed[i+1] = '3'
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, p := openTree(t, path, dir); p.Cached {
		t.Fatal("a changed file was read from the cache")
	}
}

// TestCachedPositions reads the position index of a large file from the
// cache without listing it, and only while the file is the one indexed: a
// file touched, changed in place with its size and modification time put
// back, or grown, and a cache file cut short or damaged, give no index.
func TestCachedPositions(t *testing.T) {
	data := corpus.Read(t, "pgn/features_6k.pgn.gz")
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if ix, err := library.CachedPositions(dir, path); ix != nil || err == nil {
		t.Fatal("an index before the file was indexed")
	}
	built, _ := openTree(t, path, dir)
	want := treeOf(built.Index())
	ix, err := library.CachedPositions(dir, path)
	if err != nil || ix.Len() != built.Index().Len() || !reflect.DeepEqual(treeOf(ix), want) {
		t.Fatalf("the cached index: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pos"))
	if len(files) != 1 {
		t.Fatalf("position cache files: %v", files)
	}
	cache, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// A move changed in place, size and modification time put back.
	changed := bytes.Clone(data)
	i := len(changed) / 3
	for changed[i] != 'e' || changed[i+1] != '4' {
		i++
	}
	changed[i+1] = '3'
	for _, c := range []struct {
		name  string
		file  []byte // the PGN file's contents, nil: as it was
		cache []byte // the cache file's contents
	}{
		{"the file touched", data, cache},
		{"the file changed, size and time put back", changed, cache},
		{"a game appended", append(bytes.Clone(data), "\n[Event \"One more\"]\n\n1. e4 e5 *\n"...), cache},
		{"the cache cut short", data, cache[:len(cache)*2/3]},
		{"the cache damaged", data, flipByte(cache, len(cache)/2)},
		{"the cache's header damaged", data, flipByte(cache, 30)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(path, c.file, 0o644); err != nil {
				t.Fatal(err)
			}
			if c.name != "the file touched" {
				if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(files[0], c.cache, 0o644); err != nil {
				t.Fatal(err)
			}
			if ix, err := library.CachedPositions(dir, path); ix != nil || err == nil {
				t.Errorf("an index of %d games from the cache", ix.Len())
			}
			// The window and the commands index it again, and the cache
			// gives the new index next time.
			tr, _ := openTree(t, path, dir)
			fresh, _ := openTree(t, path, t.TempDir())
			if a, b := tr.Index(), fresh.Index(); a.Positions() != b.Positions() || !reflect.DeepEqual(treeOf(a), treeOf(b)) {
				t.Errorf("the window's index: %d positions, indexed afresh %d", a.Positions(), b.Positions())
			}
			again, err := library.CachedPositions(dir, path)
			if err != nil || !reflect.DeepEqual(treeOf(again), treeOf(tr.Index())) {
				t.Errorf("after indexing again: %v", err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// flipByte returns a copy of b with a bit of byte i changed.
func flipByte(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 0x40
	return b
}
