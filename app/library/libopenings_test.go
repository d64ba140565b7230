package library_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/core/eco"
	"touchmove/internal/corpus"
)

const openingsFile = `[White "a"][ECO "B90"][Opening "Sicilian Defense: Najdorf Variation"] 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *
[White "b"] 1. d4 d5 2. c4 e6 *
[White "c"][ECO "C00"] 1. e4 e6 *
[White "d"][FEN "8/8/8/4k3/8/8/8/4K3 w - - 0 1"][SetUp "1"] 1. Kd2 *
[White "e"][ECO "B92"] 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be2 *
`

// TestLibraryOpenings names the openings of the rows shown, from the tags or
// from the moves, and filters by ECO code and by opening name.
func TestLibraryOpenings(t *testing.T) {
	tab, err := eco.New()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "openings.pgn")
	if err := os.WriteFile(path, []byte(openingsFile), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := librarytest.Open(t, path, library.Options{Openings: tab})
	want := []string{
		"B90 Sicilian Defense: Najdorf Variation",
		"D30 Queen's Gambit Declined",
		"C00 French Defense",
		"",
		"B92 Sicilian Defense: Najdorf Variation, Opocensky Variation",
	}
	for r, w := range want {
		if got := lib.Cell(r, library.ColumnOpening); got != w {
			t.Errorf("row %d: Opening %q, want %q", r, got, w)
		}
	}
	for _, tc := range []struct {
		query string
		want  []int
	}{
		{"eco:B9", []int{0, 4}},
		{"eco:c00", []int{2}},
		{"opening:najdorf", []int{0, 4}},
		{"дебют:French", []int{2}},
		{"otvorenie:Opocensky", []int{4}},
		{"opening:Caro-Kann", nil},
	} {
		f := library.ParseListFilter(tc.query)
		if f.String() != library.ParseListFilter(f.String()).String() {
			t.Errorf("%s: %q does not read back", tc.query, f.String())
		}
		lib.SetFilter(f)
		if got := rowGames(lib); !slices.Equal(got, tc.want) {
			t.Errorf("%s: rows %v, want %v", tc.query, got, tc.want)
		}
	}
	lib.SetFilter(library.ListFilter{})
	lib.SetSort(library.ListSort{Column: library.ColumnOpening})
	if got := rowGames(lib); !slices.Equal(got, []int{0, 4, 2, 1, 3}) {
		t.Errorf("sorted by the ECO tags: rows %v, want [0 4 2 1 3]", got)
	}

	// Once the position index is built, the game without tags is named by
	// its moves for the sort and the filter too.
	tr := library.OpenPositionTree(context.Background(), lib, library.TreeOptions{})
	t.Cleanup(tr.Close)
	<-tr.Done()
	if !lib.Update() {
		t.Error("Update did not take the openings named by the index")
	}
	if got := rowGames(lib); !slices.Equal(got, []int{0, 4, 2, 1, 3}) {
		t.Errorf("sorted by opening: rows %v, want [0 4 2 1 3]", got)
	}
	lib.SetSort(library.ListSort{Column: library.ColumnOpening, Descending: true})
	if got := rowGames(lib); !slices.Equal(got, []int{1, 2, 4, 0, 3}) {
		t.Errorf("sorted by opening, descending: rows %v, want [1 2 4 0 3]", got)
	}
	for _, tc := range []struct {
		query string
		want  []int
	}{
		{"eco:D", []int{1}},
		{`opening:"queen's gambit declined"`, []int{1}},
		{"eco:b9", []int{4, 0}},
	} {
		lib.SetFilter(library.ParseListFilter(tc.query))
		if got := rowGames(lib); !slices.Equal(got, tc.want) {
			t.Errorf("%s after the index: rows %v, want %v", tc.query, got, tc.want)
		}
		if set := lib.FilterSet(library.ParseListFilter(tc.query)); set == nil || set.Len() != len(tc.want) {
			t.Errorf("%s: FilterSet has %v games, want %d", tc.query, set, len(tc.want))
		}
	}
	lib.SetFilter(library.ListFilter{})
	plain := librarytest.Open(t, path, library.Options{})
	if got := plain.Cell(2, library.ColumnOpening); got != "C00" {
		t.Errorf("without a table: %q, want the ECO tag", got)
	}
}

// BenchmarkLibraryOpening names the openings of a page of 40 rows of the
// lichess corpus, each game read from the file: what the list pays for a
// page of rows it has not shown before.
func BenchmarkLibraryOpening(b *testing.B) {
	tab, err := eco.New()
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "lichess.pgn")
	if err := os.WriteFile(path, corpus.Read(b, "pgn/lichess_annotated_1k.pgn.gz"), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		lib := librarytest.Open(b, path, library.Options{Openings: tab})
		b.StartTimer()
		for r := range 40 {
			lib.Cell(r, library.ColumnOpening)
		}
	}
}
