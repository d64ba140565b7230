package library_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/pgn"
	"touchmove/internal/corpus"
)

// benchGames is the size of the benchmark file.
const benchGames = 1_000_000

// benchFile returns a PGN file of n games made from the reference corpus:
// its 7,000 games repeated, movetext as is, with altered tags as a large
// database has them — 60,000 players (a corpus name and a number), events
// of 100 games in a row, dates over 75 years, rounds 1 to 13. It is kept in
// the temporary folder under a name that says its size, and made only when
// missing.
func benchFile(b *testing.B, n int) string {
	b.Helper()
	if testing.Short() {
		b.Skip("short: no million-game file")
	}
	path := filepath.Join(os.TempDir(), fmt.Sprintf("touchmove-library-bench-%d-v2.pgn", n))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	type source struct {
		tags  []string // tag lines
		moves string   // movetext and the empty line after it
	}
	var srcs []source
	var names []string
	seen := map[string]bool{}
	for _, name := range []string{"features_6k.pgn", "lichess_annotated_1k.pgn"} {
		data := corpus.Read(b, "pgn/"+name+".gz")
		ix, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data), nil)
		if err != nil {
			b.Fatal(err)
		}
		for i := range ix.Len() {
			e := ix.Entry(i)
			text := strings.ReplaceAll(string(data[e.Offset:e.Offset+e.Length]), "\r\n", "\n")
			tags, moves, ok := strings.Cut(text, "\n\n")
			if !ok {
				continue
			}
			srcs = append(srcs, source{tags: strings.Split(tags, "\n"), moves: strings.TrimSpace(moves) + "\n\n"})
			for _, name := range []string{e.White, e.Black} {
				if !seen[name] {
					seen[name] = true
					names = append(names, name)
				}
			}
		}
	}
	player := func(p int) string { return names[p%len(names)] + " " + strconv.Itoa(p) }
	unescape := strings.NewReplacer(`\"`, `"`, `\\`, `\`)
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for j := range n {
		src := srcs[j%len(srcs)]
		for _, line := range src.tags {
			name, value, _ := strings.Cut(strings.TrimPrefix(line, "["), " ")
			value = strings.TrimSuffix(strings.TrimPrefix(value, `"`), `"]`)
			value = unescape.Replace(value)
			switch name {
			case "White":
				value = player((j*31 + 7) % 60000)
			case "Black":
				value = player((j*17 + 3) % 60000)
			case "Event":
				value += " " + strconv.Itoa(j/100)
			case "Date":
				if len(value) >= 4 {
					value = strconv.Itoa(1950+j%75) + value[4:]
				}
			case "Round":
				value = strconv.Itoa(1 + j%13)
			default:
				w.WriteString(line + "\n")
				continue
			}
			fmt.Fprintf(w, "[%s %q]\n", name, value)
		}
		w.WriteString("\n" + src.moves)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	return path
}

// indexBench opens path and waits until it is indexed and the view built;
// it returns the library and the time to the first rows.
func indexBench(b *testing.B, path string) (*library.Library, time.Duration) {
	b.Helper()
	start := time.Now()
	first := make(chan time.Duration, 1)
	lib, err := library.Open(context.Background(), path, library.Options{
		OnProgress: func(p library.Progress) {
			if p.Games > 0 {
				select {
				case first <- time.Since(start):
				default:
				}
			}
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	<-lib.Done()
	if err := lib.Err(); err != nil {
		b.Fatal(err)
	}
	lib.Update()
	return lib, <-first
}

// BenchmarkLibraryIndex opens the million-game file and waits until every
// game is listed (the view built too). It reports the time to the first
// rows, and throughput in games/s and MB/s.
func BenchmarkLibraryIndex(b *testing.B) {
	path := benchFile(b, benchGames)
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	var first time.Duration
	games := 0
	for b.Loop() {
		lib, f := indexBench(b, path)
		first += f
		games += lib.Len()
		lib.Close()
	}
	if games != b.N*benchGames {
		b.Fatalf("%d games listed, want %d", games, b.N*benchGames)
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(first.Seconds()*1000/float64(b.N), "ms-to-first-rows")
}

// BenchmarkLibraryCached opens the million-game file again once its index
// is in the cache (the first, uncounted opening puts it there) and waits
// until every game is listed.
func BenchmarkLibraryCached(b *testing.B) {
	path := benchFile(b, benchGames)
	dir := b.TempDir()
	opts := library.Options{CacheDir: dir}
	warm, err := library.Open(context.Background(), path, opts)
	if err != nil {
		b.Fatal(err)
	}
	<-warm.Done()
	warm.Close()
	for b.Loop() {
		lib, err := library.Open(context.Background(), path, opts)
		if err != nil {
			b.Fatal(err)
		}
		<-lib.Done()
		lib.Update()
		if !lib.Progress().Cached || lib.Len() != benchGames {
			b.Fatalf("cached %v, %d games", lib.Progress().Cached, lib.Len())
		}
		lib.Close()
	}
}

// BenchmarkLibraryFirstRows measures the time from opening the file to the
// first rows, then cancels.
func BenchmarkLibraryFirstRows(b *testing.B) {
	path := benchFile(b, benchGames)
	for b.Loop() {
		rows := make(chan struct{})
		lib, err := library.Open(context.Background(), path, library.Options{
			OnProgress: func(p library.Progress) {
				if p.Games > 0 && !p.Finished {
					select {
					case rows <- struct{}{}:
					default:
					}
				}
			},
		})
		if err != nil {
			b.Fatal(err)
		}
		<-rows
		lib.Close()
	}
}

// BenchmarkLibraryView filters and sorts the million games as a user types
// a query or clicks a column header: each operation from the unfiltered,
// unsorted list.
func BenchmarkLibraryView(b *testing.B) {
	lib, _ := indexBench(b, benchFile(b, benchGames))
	defer lib.Close()
	filters := []struct {
		name   string
		filter string
	}{
		{"player", "player:romeo"},
		{"player rare", `player:"romeo 1234"`},
		{"years", "year:1990-1999"},
		{"text", "blitz 2024"},
		{"text one letter", "a"},
		{"combined", "player:bravo year:2000- result:1-0 rated"},
	}
	for _, f := range filters {
		b.Run("filter "+f.name, func(b *testing.B) {
			filter := library.ParseListFilter(f.filter)
			for b.Loop() {
				lib.SetFilter(library.ListFilter{})
				lib.SetFilter(filter)
			}
			b.ReportMetric(float64(lib.Rows()), "rows")
		})
	}
	lib.SetFilter(library.ListFilter{})
	for _, c := range []library.ListColumn{library.ColumnWhite, library.ColumnEvent, library.ColumnDate, library.ColumnWhiteElo, library.ColumnNumber} {
		// A first click on a header sorts (the ranks of a text column are
		// worked out then: between two runs, sorting by Site forgets them);
		// the next clicks reverse.
		b.Run("sort "+c.String(), func(b *testing.B) {
			for b.Loop() {
				lib.SetSort(library.ListSort{Column: c})
				b.StopTimer()
				lib.SetSort(library.ListSort{Column: library.ColumnSite}) // ranks another column
				b.StartTimer()
			}
		})
		b.Run("reverse "+c.String(), func(b *testing.B) {
			lib.SetSort(library.ListSort{Column: c})
			for b.Loop() {
				s := lib.Sort()
				s.Descending = !s.Descending
				lib.SetSort(s)
			}
		})
	}
}

// BenchmarkLibraryMemory reports the heap that a fully indexed million-game
// list holds (records, strings and the view), after garbage collection.
func BenchmarkLibraryMemory(b *testing.B) {
	path := benchFile(b, benchGames)
	var ms runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		lib, _ := indexBench(b, path)
		runtime.GC()
		runtime.ReadMemStats(&ms)
		used := float64(ms.HeapAlloc) - float64(before)
		b.ReportMetric(used/float64(lib.Len()), "bytes/game")
		b.ReportMetric(used/(1<<20), "MiB")
		runtime.KeepAlive(lib)
		lib.Close()
	}
}

// BenchmarkSaveIntoMillionGames saves a game into the middle of a copy of
// the million-game file: the file is streamed, not held in memory.
func BenchmarkSaveIntoMillionGames(b *testing.B) {
	src := benchFile(b, benchGames)
	path := filepath.Join(b.TempDir(), "copy.pgn")
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	in.Close()
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(corpus.File(b, "pgn/lichess_annotated_1k.pgn.gz"))
	if err != nil {
		b.Fatal(err)
	}
	games, err := store.DecodeGames(bytes.NewReader(data))
	var list pgn.ErrorList
	if err != nil && !errors.As(err, &list) {
		b.Fatal(err)
	}
	job, err := store.NewSaveJob(games[0])
	if err != nil {
		b.Fatal(err)
	}
	b.Run("file", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := job.Write(path, benchGames/2); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Saving a game read from the game list: its place is checked and
	// the file copied around it; the list is indexed again after each
	// save (not counted), as the window does.
	b.Run("listed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			lib, _ := indexBench(b, path)
			_, o, err := lib.Read(benchGames / 2)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := job.Replace(o); err != nil {
				b.Fatal(err)
			}
			lib.Close()
		}
	})
}
