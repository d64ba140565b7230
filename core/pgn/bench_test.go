package pgn_test

import (
	"bytes"
	"context"
	"io"
	"sync"
	"testing"

	"touchmove/core/pgn"
	"touchmove/internal/corpus"
)

// corpusFiles are the reference PGN files of testdata/pgn (see testdata/README.md).
var corpusFiles = []string{"features_6k.pgn", "lichess_annotated_1k.pgn"}

func loadCorpus(tb testing.TB, name string) []byte {
	tb.Helper()
	return corpus.Read(tb, "pgn/"+name+".gz")
}

// benchCorpora runs read once a loop on each corpus file, and reports its
// bytes, allocations and games/s; read returns the games it read.
func benchCorpora(b *testing.B, read func(b *testing.B, data []byte) int) {
	for _, name := range corpusFiles {
		b.Run(name, func(b *testing.B) {
			data := loadCorpus(b, name)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			games := 0
			for b.Loop() {
				games += read(b, data)
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkReadFull reads every game with GameBuilder, replaying every move
// of the main line and of every variation.
func BenchmarkReadFull(b *testing.B) {
	benchCorpora(b, func(b *testing.B, data []byte) int {
		r := pgn.NewReader(bytes.NewReader(data))
		gb := pgn.NewGameBuilder()
		games := 0
		for {
			err := r.ReadGame(gb)
			if err == io.EOF {
				return games
			}
			if err != nil {
				b.Fatal(err)
			}
			games++
		}
	})
}

// BenchmarkIndex builds the index of each file from memory.
func BenchmarkIndex(b *testing.B) {
	benchCorpora(b, func(b *testing.B, data []byte) int {
		ix, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data), nil)
		if err != nil {
			b.Fatal(err)
		}
		return ix.Len()
	})
}

// BenchmarkIndexQuickScan lists each file twice: as a section of a file is
// listed (IndexBytes, the quick scan reading the bytes in place, the Reader
// only the games it leaves), and through the Reader alone, as BuildIndex
// lists an input it cannot read at an offset. Both make the same Index; the
// difference is what quickScan saves.
func BenchmarkIndexQuickScan(b *testing.B) {
	for _, name := range corpusFiles {
		data := loadCorpus(b, name)
		for _, path := range []struct {
			name  string
			index func() (*pgn.Index, error)
		}{
			{"quick", func() (*pgn.Index, error) {
				return pgn.IndexBytes(context.Background(), data, pgn.NewValueTable(), nil)
			}},
			{"reader", func() (*pgn.Index, error) {
				return pgn.BuildIndex(context.Background(), struct{ io.Reader }{bytes.NewReader(data)}, nil)
			}},
		} {
			b.Run(name+"/"+path.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				games := 0
				for b.Loop() {
					ix, err := path.index()
					if err != nil {
						b.Fatal(err)
					}
					games += ix.Len()
				}
				b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			})
		}
	}
}

// BenchmarkSkip counts the games of each file with Skipper.
func BenchmarkSkip(b *testing.B) {
	benchCorpora(b, func(b *testing.B, data []byte) int {
		r := pgn.NewReader(bytes.NewReader(data))
		games := 0
		for r.ReadGame(pgn.Skipper{}) != io.EOF {
			games++
		}
		return games
	})
}

// BenchmarkValueTable numbers tag values as indexing a large file does, on
// two goroutines with a Local handle each. A game has a White and a Black
// from 60,000 names, a Site from 7,000, a Date from 5,000, a Round from 13
// and an ECO code from 500, drawn in a pseudo-random order, and the handles
// have seen every value before the timer starts. Between games each
// goroutine reads the next 3 KiB of a 16 MiB buffer of its own, as a file
// that streams through the cache evicts the tables. It reports the time of
// one game on one goroutine as ns/game; "stream" only reads.
func BenchmarkValueTable(b *testing.B) {
	const (
		players   = 60000
		sites     = 7000
		dates     = 5000
		rounds    = 13
		ecos      = 500
		gameBytes = 3 << 10
		bufBytes  = 16 << 20
		workers   = 2
	)
	surnames := []string{"Smith", "Ivanov", "Müller", "Nakamura", "García", "Kowalski", "Andersson", "Rossi",
		"Nguyen", "Petrosian", "Van der Berg", "O'Brien", "Dubois", "Horvath", "Jensen", "Kaur"}
	firsts := []string{"Anna", "Boris", "Chen", "Dmitri", "Elena", "Fabiano", "Grzegorz", "Hou",
		"Ian", "Judit", "Karl", "Levon", "Magnus", "Nodirbek", "Olga", "Pentala"}
	cities := []string{"Wijk aan Zee NED", "Moscow RUS", "Saint Louis USA", "Reykjavik ISL", "Hastings ENG",
		"Linares ESP", "Dortmund GER", "Chennai IND", "Tbilisi GEO", "Biel SUI", "Gibraltar GIB"}
	// appendNum appends i with at least width digits.
	appendNum := func(dst []byte, i, width int) []byte {
		var d [20]byte
		k := len(d)
		for ; i > 0 || k > len(d)-width; i /= 10 {
			k--
			d[k] = byte('0' + i%10)
		}
		return append(dst, d[k:]...)
	}
	type tagValue struct {
		tag  string
		n    int
		text func(dst []byte, i int) []byte
	}
	name := func(dst []byte, i int) []byte {
		dst = append(dst, surnames[i%len(surnames)]...)
		dst = append(dst, ", "...)
		dst = append(dst, firsts[i/len(surnames)%len(firsts)]...)
		dst = append(dst, ' ')
		return appendNum(dst, i, 5)
	}
	tags := []tagValue{
		{"White", players, name},
		{"Black", players, name},
		{"Site", sites, func(dst []byte, i int) []byte {
			dst = append(dst, cities[i%len(cities)]...)
			dst = append(dst, ' ')
			return appendNum(dst, i, 4)
		}},
		{"Date", dates, func(dst []byte, i int) []byte {
			dst = appendNum(dst, 1900+i/336, 4)
			dst = append(dst, '.')
			dst = appendNum(dst, i/28%12+1, 2)
			dst = append(dst, '.')
			return appendNum(dst, i%28+1, 2)
		}},
		{"Round", rounds, func(dst []byte, i int) []byte { return appendNum(dst, i+1, 1) }},
		{"ECO", ecos, func(dst []byte, i int) []byte {
			return appendNum(append(dst, byte('A'+i/100)), i%100, 2)
		}},
	}
	bufs := make([][]byte, workers)
	for w := range bufs {
		bufs[w] = bytes.Repeat([]byte{byte(w + 1)}, bufBytes)
	}
	// play numbers the values of n games with num, unless num is nil, and
	// reads buf between games.
	play := func(n int, num *pgn.TagNumberer, buf []byte, seed uint64) uint64 {
		var sum uint64
		var scratch []byte
		off := 0
		x := seed
		for range n {
			for i := off; i < off+gameBytes; i += 64 {
				sum += uint64(buf[i])
			}
			off += gameBytes
			if off+gameBytes > len(buf) {
				off = 0
			}
			if num == nil {
				continue
			}
			num.Begin()
			for _, tv := range tags {
				x ^= x << 13 // xorshift64
				x ^= x >> 7
				x ^= x << 17
				scratch = tv.text(scratch[:0], int(x>>32)%tv.n)
				num.Tag(tv.tag, scratch)
			}
			num.End()
		}
		return sum
	}
	for _, intern := range []bool{false, true} {
		mode := "stream"
		if intern {
			mode = "games"
		}
		b.Run(mode, func(b *testing.B) {
			vt := pgn.NewValueTable()
			nums := make([]*pgn.TagNumberer, workers)
			for w := range nums {
				if !intern {
					continue
				}
				nums[w] = pgn.NewTagNumberer(vt.Local())
				var scratch []byte
				for _, tv := range tags {
					for i := range tv.n {
						scratch = tv.text(scratch[:0], i)
						nums[w].Begin()
						nums[w].Tag(tv.tag, scratch)
						nums[w].End()
					}
				}
			}
			sums := make([]uint64, workers)
			b.ResetTimer()
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					n := b.N / workers
					if w < b.N%workers {
						n++
					}
					sums[w] = play(n, nums[w], bufs[w], uint64(w)*0x9e3779b97f4a7c15+1)
				})
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())*workers/float64(b.N), "ns/game")
		})
	}
}
