package library_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/pgn"
	"touchmove/internal/corpus"
)

// genGame is a game written by writeGames, as the list should show it.
type genGame struct {
	Event, Site, Date, Round, White, Black, Result, ECO string
	WhiteElo, BlackElo                                  int
	Bad                                                 bool
}

// genOptions vary the generated text.
type genOptions struct {
	bad  func(i int) bool // games with a stray ")" in their movetext
	crlf bool             // CRLF line ends
	bom  bool             // a UTF-8 byte order mark
	pack bool             // two games on one line now and then
	// fake puts in every game a comment with an empty line and lines that
	// start like tag pairs but are not (a cheap scan takes them for the
	// start of a game), and a %-escaped tag pair after an empty line.
	fake bool
}

// writeGames writes n synthetic games to a new file and returns its path
// and what each game holds.
func writeGames(t testing.TB, n int, o genOptions) (string, []genGame) {
	t.Helper()
	results := []string{"1-0", "0-1", "1/2-1/2", "*"}
	names := []string{"Carlsen, Magnus", "Caruana, Fabiano", "Ding, Liren", "Øster, Åse", "Nakamura, Hikaru", "?", "Anand, V", "carlsen, magnus jr"}
	var b strings.Builder
	if o.bom {
		b.WriteString("\ufeff")
	}
	games := make([]genGame, n)
	for i := range games {
		g := genGame{
			Event:  fmt.Sprintf("Open %d", i%7),
			Site:   fmt.Sprintf("Site %c", 'A'+i%5),
			Date:   fmt.Sprintf("%d.%02d.%02d", 1990+i%30, 1+i%12, 1+i%28),
			Round:  fmt.Sprint(1 + i%12),
			White:  names[i%len(names)],
			Black:  names[(i*3+1)%len(names)],
			Result: results[i%4],
			ECO:    fmt.Sprintf("B%02d", i%100),
		}
		switch i % 11 {
		case 3:
			g.Date = fmt.Sprintf("%d.??.??", 1990+i%30)
		case 7:
			g.Date = "????.??.??"
		}
		if i%6 != 5 {
			g.WhiteElo, g.BlackElo = 2000+(i*37)%800, 2100+(i*53)%700
		}
		g.Bad = o.bad != nil && o.bad(i)
		games[i] = g
		fmt.Fprintf(&b, "[Event %q]\n[Site %q]\n[Date %q]\n[Round %q]\n[White %q]\n[Black %q]\n[Result %q]\n[ECO %q]\n",
			g.Event, g.Site, g.Date, g.Round, g.White, g.Black, g.Result, g.ECO)
		if g.WhiteElo != 0 {
			fmt.Fprintf(&b, "[WhiteElo \"%d\"]\n[BlackElo \"%d\"]\n", g.WhiteElo, g.BlackElo)
		}
		b.WriteString("\n1. e4 e5 2. Nf3 {a comment} Nc6 ")
		if g.Bad {
			b.WriteString(") ")
		}
		if o.fake {
			b.WriteString("{ see\n\n[Event \"Fake\" is not a tag pair\n\n[Site here} ")
			if i%3 == 0 {
				b.WriteString("\n\n%[Event \"Escaped\"]\n")
			}
		}
		b.WriteString("3. Bb5 (3. Bc4 Bc5) a6 " + g.Result)
		if o.pack && i%9 == 4 {
			b.WriteString(" ")
			continue
		}
		b.WriteString("\n\n")
	}
	text := b.String()
	if o.crlf {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, games
}

// wholeIndex indexes path in one go, as the reference.
func wholeIndex(t testing.TB, path string) *pgn.Index {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ix, err := pgn.BuildIndex(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// checkEntries compares the first n games of lib with the reference index.
func checkEntries(t *testing.T, lib *library.Library, ix *pgn.Index, n int) {
	t.Helper()
	firstErr := map[int]*pgn.SyntaxError{}
	for _, e := range ix.Errors() {
		if _, ok := firstErr[e.Game-1]; !ok {
			firstErr[e.Game-1] = e
		}
	}
	bad := 0
	for i := range n {
		want, got := ix.Entry(i), lib.Entry(i)
		wantRow := library.Entry{
			Index: i, Offset: want.Offset, Length: want.Length, Line: want.Line, Column: want.Column,
			Event: want.Event, Site: want.Site, Date: want.Date, Round: want.Round, White: want.White, Black: want.Black,
			Result: want.Result, ECO: want.ECO, TimeControl: want.TimeControl,
			WhiteElo: want.WhiteElo, BlackElo: want.BlackElo, Plies: want.Plies, Bad: want.HasErrors,
			Err: got.Err,
		}
		if got != wantRow {
			t.Fatalf("game %d:\n got %+v\nwant %+v", i+1, got, wantRow)
		}
		if we := firstErr[i]; we != nil || got.Err != nil {
			bad++
			if we == nil || got.Err == nil || we.Offset != got.Err.Offset || we.Line != got.Err.Line || we.Column != got.Err.Column ||
				we.GameLine != got.Err.GameLine || we.Game != got.Err.Game || we.Message() != got.Err.Message() {
				t.Fatalf("game %d: first error %v, want %v", i+1, got.Err, we)
			}
		}
	}
	if n > 0 && bad == 0 && len(ix.Errors()) > 0 {
		t.Errorf("no bad game among the first %d", n)
	}
}

// TestLibraryIndex lists generated and reference files in chunks of many
// sizes and compares every game with an index of the whole file: the seams
// between chunks must not change a game, its place or its problems.
func TestLibraryIndex(t *testing.T) {
	bad := func(i int) bool { return i%17 == 5 }
	files := []struct {
		name string
		opts genOptions
	}{
		{"plain", genOptions{}},
		{"bad games", genOptions{bad: bad}},
		{"CRLF BOM packed", genOptions{bad: bad, crlf: true, bom: true, pack: true}},
		{"fake tags", genOptions{bad: bad, fake: true}},
		{"fake tags CRLF packed", genOptions{bad: bad, crlf: true, pack: true, fake: true}},
	}
	chunks := []struct {
		name       string
		first, max int64
	}{
		{"default", 0, 0},
		{"tiny", 100, 100}, // smaller than a game: every chunk is read again, longer
		{"small", 1000, 4000},
		{"odd", 777, 1 << 20},
	}
	for _, file := range files {
		path, games := writeGames(t, 500, file.opts)
		ix := wholeIndex(t, path)
		if ix.Len() != len(games) {
			t.Fatalf("%s: reference index has %d games, want %d", file.name, ix.Len(), len(games))
		}
		for _, c := range chunks {
			for _, workers := range []int{0, 1, 2, 3, 5} {
				t.Run(fmt.Sprintf("%s/%s/%d workers", file.name, c.name, workers), func(t *testing.T) {
					lib := librarytest.Open(t, path, library.Options{FirstChunk: c.first, MaxChunk: c.max, Workers: workers})
					if lib.Len() != len(games) || lib.Rows() != len(games) || lib.Total() != len(games) {
						t.Fatalf("Len %d, Rows %d, Total %d; want %d", lib.Len(), lib.Rows(), lib.Total(), len(games))
					}
					checkEntries(t, lib, ix, len(games))
					p := lib.Progress()
					if !p.Finished || p.Done != p.Total || p.Games != len(games) || p.Err != nil {
						t.Errorf("final progress %+v", p)
					}
				})
			}
		}
	}
	for _, name := range []string{"lichess_annotated_1k.pgn", "features_6k.pgn"} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "features_6k.pgn" {
				t.Skip("short")
			}
			path := corpus.File(t, "pgn/"+name+".gz")
			ix := wholeIndex(t, path)
			for _, workers := range []int{1, 2, 4} {
				lib := librarytest.Open(t, path, library.Options{FirstChunk: 5000, MaxChunk: 1 << 20, Workers: workers})
				if lib.Len() != ix.Len() {
					t.Fatalf("%d workers: Len %d, want %d", workers, lib.Len(), ix.Len())
				}
				checkEntries(t, lib, ix, ix.Len())
			}
		})
	}
}

// TestLibraryGame reads games back by index, good and bad, and places
// their problems in the whole file.
func TestLibraryGame(t *testing.T) {
	path, games := writeGames(t, 120, genOptions{bad: func(i int) bool { return i == 40 }, crlf: true})
	lib := librarytest.Open(t, path, library.Options{FirstChunk: 2000})
	for _, i := range []int{0, 1, 39, 40, 41, 119} {
		t.Run(fmt.Sprint("game ", i+1), func(t *testing.T) {
			g, err := lib.Game(i)
			if g == nil {
				t.Fatalf("no game, error %v", err)
			}
			want := games[i]
			for name, v := range map[string]string{"White": want.White, "Black": want.Black, "Event": want.Event, "Round": want.Round} {
				if got := g.Tags.Value(name); got != v {
					t.Errorf("%s = %q, want %q", name, got, v)
				}
			}
			if g.PlyCount() != 6 {
				t.Errorf("%d plies, want 6", g.PlyCount())
			}
			if !want.Bad {
				if err != nil {
					t.Errorf("error %v", err)
				}
				return
			}
			var list pgn.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %v, want a pgn.ErrorList", err)
			}
			e, entry := list[0], lib.Entry(i)
			if e.Game != i+1 || e.GameLine != entry.Line || entry.Err == nil || e.Line != entry.Err.Line || e.Column != entry.Err.Column || e.Offset != entry.Err.Offset {
				t.Errorf("problem %+v, listed %+v at line %d", e, entry.Err, entry.Line)
			}
			data, _ := os.ReadFile(path)
			if data[e.Offset] != ')' {
				t.Errorf("offset %d holds %q, want ')'", e.Offset, data[e.Offset])
			}
		})
	}
	if _, err := lib.Game(120); err == nil {
		t.Error("game 121 of 120: no error")
	}
}

// TestLibraryBadGames lists bad games with their problem and place, and
// finds them with the "is:bad" filter and the Error column.
func TestLibraryBadGames(t *testing.T) {
	path, _ := writeGames(t, 30, genOptions{bad: func(i int) bool { return i == 2 || i == 20 }})
	lib := librarytest.Open(t, path, library.Options{FirstChunk: 700})
	for _, i := range []int{2, 20} {
		e := lib.Entry(i)
		text := e.Text(library.ColumnError)
		if !e.Bad || e.Err == nil || !errors.Is(e.Err, pgn.ErrStrayClose) || e.Err.Line != e.Line+11 ||
			text != fmt.Sprintf("%d:%d: unmatched closing delimiter ')'", e.Line+11, e.Err.Column) {
			t.Errorf("game %d: bad %v, error %v, text %q (game at line %d)", i+1, e.Bad, e.Err, text, e.Line)
		}
	}
	if e := lib.Entry(3); e.Bad || e.Err != nil || e.Text(library.ColumnError) != "" {
		t.Errorf("game 4 listed as bad: %+v", e)
	}
	lib.SetFilter(library.ListFilter{Bad: true})
	if got := rowGames(lib); !slices.Equal(got, []int{2, 20}) {
		t.Errorf("is:bad rows %v, want [2 20]", got)
	}
	lib.SetFilter(library.ListFilter{})
	lib.SetSort(library.ListSort{Column: library.ColumnError})
	if got := rowGames(lib)[:3]; !slices.Equal(got, []int{2, 20, 0}) {
		t.Errorf("sorted by error: first rows %v, want [2 20 0]", got)
	}
}

// rowGames returns the games of the rows, in order.
func rowGames(lib *library.Library) []int {
	out := make([]int, lib.Rows())
	for r := range out {
		out[r] = lib.Row(r).Index
	}
	return out
}

const sortFile = `[White "b"][Black "x"][Date "2001.05.01"][Round "10"][Result "1-0"][WhiteElo "2500"][ECO "B10"] 1. e4 1-0
[White "A"][Black "?"][Date "2001.??.??"][Round "2"][Result "0-1"][ECO "A00"] 1. e4 e5 0-1
[White "?"][Black "y"][Date "????.??.??"][Round "1"][Result "*"][WhiteElo "2400"] *
[White "c"][Black "x"][Date "1999.12.31"][Round "2"][Result "1/2-1/2"][WhiteElo "2600"][ECO "A00"] 1. d4 d5 c4 1/2-1/2
[Black "x"][Date "2001.05.02"][Round "1.2"][Result "1-0"][WhiteElo "2400"] 1. e4 e5 Nf3 Nc6 1-0
[White "a"][Black "y"][Date "2001.05"][Round "1.10"][Result "0-1"][ECO "C00"] 1. e4 ) 0-1
`

// TestLibrarySort sorts by each column in both directions: numbers as
// numbers, texts ignoring case with digits as numbers, dates with unknown
// parts last, missing values last either way, ties in file order.
func TestLibrarySort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sort.pgn")
	if err := os.WriteFile(path, []byte(sortFile), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := librarytest.Open(t, path, library.Options{})
	if lib.Len() != 6 {
		t.Fatalf("%d games, want 6", lib.Len())
	}
	tests := []struct {
		col       library.ListColumn
		asc, desc []int // game numbers, 1-based
	}{
		{library.ColumnNumber, []int{1, 2, 3, 4, 5, 6}, []int{6, 5, 4, 3, 2, 1}},
		{library.ColumnWhite, []int{2, 6, 1, 4, 3, 5}, []int{4, 1, 2, 6, 3, 5}},
		{library.ColumnBlack, []int{1, 4, 5, 3, 6, 2}, []int{3, 6, 1, 4, 5, 2}},
		{library.ColumnResult, []int{2, 6, 1, 5, 4, 3}, []int{4, 1, 5, 2, 6, 3}},
		{library.ColumnDate, []int{4, 1, 5, 6, 2, 3}, []int{5, 1, 6, 2, 4, 3}},
		{library.ColumnRound, []int{3, 5, 6, 2, 4, 1}, []int{1, 2, 4, 6, 5, 3}},
		{library.ColumnOpening, []int{2, 4, 1, 6, 3, 5}, []int{6, 1, 2, 4, 3, 5}},
		{library.ColumnWhiteElo, []int{3, 5, 1, 4, 2, 6}, []int{4, 1, 3, 5, 2, 6}},
		{library.ColumnBlackElo, []int{1, 2, 3, 4, 5, 6}, []int{1, 2, 3, 4, 5, 6}},
		{library.ColumnPlies, []int{3, 1, 6, 2, 4, 5}, []int{5, 4, 2, 1, 6, 3}},
		{library.ColumnError, []int{6, 1, 2, 3, 4, 5}, []int{6, 1, 2, 3, 4, 5}},
	}
	for _, tt := range tests {
		for _, desc := range []bool{false, true} {
			want := tt.asc
			if desc {
				want = tt.desc
			}
			t.Run(fmt.Sprintf("%s desc=%v", tt.col, desc), func(t *testing.T) {
				lib.SetSort(library.ListSort{Column: tt.col, Descending: desc})
				got := rowGames(lib)
				for i := range got {
					got[i]++
				}
				if !slices.Equal(got, want) {
					t.Errorf("order %v, want %v", got, want)
				}
			})
		}
	}
}

// TestLibraryFilter checks filters alone and combined against a brute-force
// reading of the generated games, in file order and sorted.
func TestLibraryFilter(t *testing.T) {
	path, games := writeGames(t, 400, genOptions{bad: func(i int) bool { return i%50 == 9 }})
	lib := librarytest.Open(t, path, library.Options{})
	year := func(g genGame) int {
		var y int
		fmt.Sscanf(g.Date, "%d.", &y)
		return y
	}
	has := func(s, sub string) bool { return strings.Contains(strings.ToLower(s), strings.ToLower(sub)) }
	tests := []struct {
		name   string
		filter library.ListFilter
		want   func(g genGame) bool
	}{
		{"none", library.ListFilter{}, func(genGame) bool { return true }},
		{"player", library.ListFilter{Player: "CARLSEN"}, func(g genGame) bool { return has(g.White, "carlsen") || has(g.Black, "carlsen") }},
		{"player unicode", library.ListFilter{Player: "øSTER"}, func(g genGame) bool { return has(g.White, "øster") || has(g.Black, "øster") }},
		{"event", library.ListFilter{Event: "open 3"}, func(g genGame) bool { return g.Event == "Open 3" }},
		{"site", library.ListFilter{Site: "site c"}, func(g genGame) bool { return g.Site == "Site C" }},
		{"years", library.ListFilter{YearFrom: 1995, YearTo: 1999}, func(g genGame) bool { y := year(g); return y >= 1995 && y <= 1999 }},
		{"from year", library.ListFilter{YearFrom: 2015}, func(g genGame) bool { return year(g) >= 2015 }},
		{"to year", library.ListFilter{YearTo: 1991}, func(g genGame) bool { y := year(g); return y > 0 && y <= 1991 }},
		{"result", library.ListFilter{ByResult: true, Result: chess.Draw}, func(g genGame) bool { return g.Result == "1/2-1/2" }},
		{"unfinished", library.ListFilter{ByResult: true, Result: chess.Unfinished}, func(g genGame) bool { return g.Result == "*" }},
		{"bad", library.ListFilter{Bad: true}, func(g genGame) bool { return g.Bad }},
		{"text", library.ListFilter{Text: "b07"}, func(g genGame) bool { return g.ECO == "B07" }},
		{"text words", library.ListFilter{Text: "nakamura 1-0"}, func(g genGame) bool {
			return (has(g.White, "nakamura") || has(g.Black, "nakamura")) && g.Result == "1-0"
		}},
		{"text date", library.ListFilter{Text: "2003.??"}, func(g genGame) bool { return strings.HasPrefix(g.Date, "2003.??") }},
		{"combined", library.ListFilter{Player: "ding", Event: "open", YearFrom: 2000, ByResult: true, Result: chess.BlackWins, Text: "site"},
			func(g genGame) bool {
				return (has(g.White, "ding") || has(g.Black, "ding")) && year(g) >= 2000 && g.Result == "0-1"
			}},
		{"nothing", library.ListFilter{Player: "kasparov"}, func(genGame) bool { return false }},
	}
	for _, tt := range tests {
		for _, sorted := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s sorted=%v", tt.name, sorted), func(t *testing.T) {
				order := library.ListSort{}
				if sorted {
					order = library.ListSort{Column: library.ColumnWhite, Descending: true}
				}
				lib.SetSort(order)
				lib.SetFilter(tt.filter)
				var want []int
				lib.SetFilter(library.ListFilter{})
				for _, i := range rowGames(lib) {
					if tt.want(games[i]) {
						want = append(want, i)
					}
				}
				lib.SetFilter(tt.filter)
				if got := rowGames(lib); !slices.Equal(got, want) {
					t.Errorf("%d rows %v, want %d %v", len(got), got, len(want), want)
				}
				if lib.Total() != len(games) {
					t.Errorf("Total %d", lib.Total())
				}
			})
		}
	}
}

// TestParseListFilter reads typed filters and writes them back.
func TestParseListFilter(t *testing.T) {
	tests := []struct {
		in   string
		want library.ListFilter
		text string // String of the result
	}{
		{"", library.ListFilter{}, ""},
		{"carlsen", library.ListFilter{Text: "carlsen"}, "carlsen"},
		{`player:"Carlsen, M" event:olympiad`, library.ListFilter{Player: "Carlsen, M", Event: "olympiad"}, `player:"Carlsen, M" event:olympiad`},
		{"year:1990-1999 result:draw is:bad", library.ListFilter{YearFrom: 1990, YearTo: 1999, ByResult: true, Result: chess.Draw, Bad: true}, "year:1990-1999 result:1/2-1/2 is:bad"},
		{"result:Draw", library.ListFilter{ByResult: true, Result: chess.Draw}, "result:1/2-1/2"},
		{"r:white", library.ListFilter{ByResult: true, Result: chess.WhiteWins}, "result:1-0"},
		{"result:0-1", library.ListFilter{ByResult: true, Result: chess.BlackWins}, "result:0-1"},
		{"result:* kasparov", library.ListFilter{ByResult: true, Result: chess.Unfinished, Text: "kasparov"}, "result:* kasparov"},
		{"y:2000", library.ListFilter{YearFrom: 2000, YearTo: 2000}, "year:2000"},
		{"year:-1950 site:Wijk", library.ListFilter{YearTo: 1950, Site: "Wijk"}, "site:Wijk year:-1950"},
		{"year:2010- 1-0", library.ListFilter{YearFrom: 2010, Text: "1-0"}, "year:2010- 1-0"},
		{"year:abc 12:30 result:x is:good", library.ListFilter{Text: "year:abc 12:30 result:x is:good"}, "year:abc 12:30 result:x is:good"},
		{"  spaced   words  ", library.ListFilter{Text: "spaced words"}, "spaced words"},
		{`"unterminated quote`, library.ListFilter{Text: "unterminated quote"}, "unterminated quote"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := library.ParseListFilter(tt.in)
			if got != tt.want {
				t.Fatalf("ParseListFilter = %+v, want %+v", got, tt.want)
			}
			if s := got.String(); s != tt.text {
				t.Errorf("String = %q, want %q", s, tt.text)
			}
			if back := library.ParseListFilter(got.String()); back != got {
				t.Errorf("round trip gives %+v", back)
			}
		})
	}
}

// TestLibraryCancel cancels indexing once the first rows are listed: it
// stops, and what was listed stays, correct.
func TestLibraryCancel(t *testing.T) {
	path, games := writeGames(t, 3000, genOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reports []library.Progress
	lib, err := library.Open(ctx, path, library.Options{
		FirstChunk: 4096, MaxChunk: 4096,
		OnProgress: func(p library.Progress) {
			reports = append(reports, p)
			if p.Games > 0 {
				cancel()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	<-lib.Done()
	if !errors.Is(lib.Err(), context.Canceled) {
		t.Errorf("Err = %v, want context.Canceled", lib.Err())
	}
	n := lib.Len()
	if n == 0 || n >= len(games)/2 {
		t.Fatalf("%d games listed after cancelling, of %d", n, len(games))
	}
	last := reports[len(reports)-1]
	if !last.Finished || last.Games != n || !errors.Is(last.Err, context.Canceled) || last.Done >= last.Total {
		t.Errorf("last progress %+v", last)
	}
	lib.Update()
	if lib.Rows() != n {
		t.Errorf("%d rows, want %d", lib.Rows(), n)
	}
	checkEntries(t, lib, wholeIndex(t, path), n)
	if g, err := lib.Game(n - 1); err != nil || g.Tags.Value("White") != games[n-1].White {
		t.Errorf("last listed game: %v", err)
	}
}

// TestLibraryGrowingView keeps a sorted, filtered view up to date while the
// games come in small chunks; at every step it must equal a view built from
// scratch over the games listed so far.
func TestLibraryGrowingView(t *testing.T) {
	path, _ := writeGames(t, 700, genOptions{bad: func(i int) bool { return i%31 == 0 }})
	views := []library.ListState{
		{Sort: library.ListSort{Column: library.ColumnWhite}},
		{Sort: library.ListSort{Column: library.ColumnDate, Descending: true}, Filter: library.ListFilter{Player: "a"}},
		{Sort: library.ListSort{Column: library.ColumnNumber, Descending: true}, Filter: library.ListFilter{Text: "open"}},
		{Sort: library.ListSort{Column: library.ColumnBlackElo}, Filter: library.ListFilter{YearFrom: 2000}},
		{Sort: library.ListSort{Column: library.ColumnEvent}, Filter: library.ListFilter{ByResult: true, Result: chess.WhiteWins}},
	}
	for _, st := range views {
		t.Run(fmt.Sprintf("%+v", st), func(t *testing.T) {
			var run func()
			var lib *library.Library
			updates := 0
			ref := librarytest.Open(t, path, library.Options{}) // the whole file, cut to the same games below
			ref.SetState(st)
			full := rowGames(ref)
			check := func(library.Progress) {
				if !lib.Update() {
					return
				}
				updates++
				want := []int{}
				for _, i := range full {
					if i < lib.Total() {
						want = append(want, i)
					}
				}
				if got := rowGames(lib); !slices.Equal(got, want) {
					t.Fatalf("after %d games: rows %v, want %v", lib.Total(), got, want)
				}
				if sel := lib.SelectedRow(); sel >= 0 && lib.Row(sel).Index != 5 {
					t.Fatalf("selected row %d shows game %d", sel, lib.Row(sel).Index)
				}
			}
			lib, err := library.Open(context.Background(), path, library.Options{
				FirstChunk: 3000, MaxChunk: 9000, Interval: time.Nanosecond,
				Spawn:      func(f func()) { run = f },
				OnProgress: func(p library.Progress) { check(p) },
			})
			if err != nil {
				t.Fatal(err)
			}
			defer lib.Close()
			lib.SetState(library.ListState{Sort: st.Sort, Filter: st.Filter, Selected: 5})
			run() // indexes here, reporting to check
			lib.Update()
			if updates < 3 || lib.Total() != 700 {
				t.Errorf("%d updates, %d games", updates, lib.Total())
			}
		})
	}
}

// TestLibrarySelection moves the selection through filtered rows and keeps
// it on its game across sorts and filters.
func TestLibrarySelection(t *testing.T) {
	path, games := writeGames(t, 50, genOptions{})
	lib := librarytest.Open(t, path, library.Options{})
	if lib.Selected() != -1 || lib.SelectedRow() != -1 {
		t.Fatalf("selection at start: %d row %d", lib.Selected(), lib.SelectedRow())
	}
	steps := []struct {
		name      string
		do        func()
		game, row int
	}{
		{"down from nothing", func() { lib.MoveSelection(1) }, 0, 0},
		{"down", func() { lib.MoveSelection(1) }, 1, 1},
		{"up past the top", func() { lib.MoveSelection(-5) }, 0, 0},
		{"select", func() { lib.Select(10) }, 10, 10},
		{"sort down", func() { lib.SetSort(library.ListSort{Descending: true}) }, 10, 39},
		{"filter keeps it", func() { lib.SetFilter(library.ListFilter{Player: games[10].White}) }, 10, -1},
		{"filter hides it", func() { lib.SetFilter(library.ListFilter{Event: "open 0"}) }, 10, -1},
		{"down selects the first row", func() { lib.MoveSelection(1) }, 49, 0},
		{"page down stops at the end", func() { lib.MoveSelection(100) }, 0, 7},
		{"restore", func() { lib.SetState(library.ListState{Selected: 3}) }, 3, 3},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.do()
			row := s.row
			if row == -1 && s.game >= 0 { // a row that depends on the filter
				row = lib.RowOf(s.game)
			}
			if lib.Selected() != s.game || lib.SelectedRow() != row {
				t.Errorf("selected game %d row %d, want %d row %d", lib.Selected(), lib.SelectedRow(), s.game, row)
			}
			if r := lib.SelectedRow(); r >= 0 && lib.Row(r).Index != s.game {
				t.Errorf("row %d shows game %d", r, lib.Row(r).Index)
			}
		})
	}
	if st := lib.State(); st.Selected != 3 || st.Sort != (library.ListSort{}) || !st.Filter.IsZero() {
		t.Errorf("state %+v", st)
	}
}

// TestOpenLibraryMissing fails to open a file that is not there.
func TestOpenLibraryMissing(t *testing.T) {
	_, err := library.Open(context.Background(), filepath.Join(t.TempDir(), "none.pgn"), library.Options{})
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v, want os.ErrNotExist", err)
	}
}

// Replace writes a game read from the list in its place, and the other
// games keep their bytes; saving again goes by the origin it returned,
// while the first origin, stale now, is refused.
func TestLibraryReplace(t *testing.T) {
	path, _ := writeGames(t, 300, genOptions{bad: func(i int) bool { return i%17 == 5 }, crlf: true})
	lib := librarytest.Open(t, path, library.Options{FirstChunk: 1000, MaxChunk: 4000})
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	e := lib.Entry(150)
	g, o, err := lib.Read(150)
	if err != nil {
		t.Fatal(err)
	}
	g.Tags.Set("Annotator", "Listed")
	job, err := store.NewSaveJob(g)
	if err != nil {
		t.Fatal(err)
	}
	o2, err := job.Replace(o)
	if err != nil || o2.Index != 150 {
		t.Fatalf("Replace = %d, %v", o2.Index, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head := orig[:e.Offset]
	if !bytes.HasPrefix(data, head) || !bytes.Contains(data, []byte("[Annotator \"Listed\"]")) {
		t.Fatal("the games before the saved one changed, or it was not saved")
	}
	tail := orig[lib.Entry(151).Offset-2:] // from the empty line before game 152
	if !bytes.HasSuffix(data, tail) {
		t.Fatal("the games after the saved one changed")
	}
	g.Tags.Set("Annotator", "Again")
	job, _ = store.NewSaveJob(g)
	if _, err := job.Replace(o); !errors.Is(err, store.ErrFileChanged) {
		t.Fatalf("saving by the stale origin: %v, want ErrFileChanged", err)
	}
	if _, err := job.Replace(o2); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(path)
	if !bytes.HasPrefix(data, head) || !bytes.HasSuffix(data, tail) || bytes.Count(data, []byte("[Annotator")) != 1 ||
		!bytes.Contains(data, []byte("[Annotator \"Again\"]")) {
		t.Fatal("saving again broke the file")
	}
	if ix := wholeIndex(t, path); ix.Len() != 300 || ix.Entry(150).Length == e.Length {
		t.Errorf("after saving: %d games", ix.Len())
	}
}

// Free words are searched in the other tags that describe a game too.
func TestLibraryFilterOtherTags(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.pgn")
	data := "[Event \"A\"]\n[Opening \"Sicilian Defense: Najdorf Variation\"]\n[Annotator \"Kasparov\"]\n\n1. e4 c5 *\n\n" +
		"[Event \"B\"]\n[Opening \"French Defense\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e6 *\n\n" +
		"[Event \"C\"]\n[PlyCount \"2\"]\n[WhiteTitle \"GM\"]\n\n1. d4 d5 *\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := librarytest.Open(t, path, library.Options{})
	for _, c := range []struct {
		text string
		want []string
	}{
		{"najdorf", []string{"A"}},
		{"defense", []string{"A", "B"}},
		{"kasparov sicilian", []string{"A"}},
		{"forfeit", []string{"B"}},
		{"gm", []string{"C"}},
		{"2", nil}, // PlyCount is not searched
		{"variation defense", []string{"A"}},
		{"najdorf forfeit", nil}, // each word in the same game
	} {
		lib.SetFilter(library.ParseListFilter(c.text))
		var got []string
		for r := range lib.Rows() {
			got = append(got, lib.Row(r).Event)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: rows %v, want %v", c.text, got, c.want)
		}
	}
}

// Export writes the chosen games, in the order given, each as its bytes
// stand in the file; it refuses a file that changed since it was listed,
// as Read does, rather than copy bytes from the wrong places.
func TestLibraryExport(t *testing.T) {
	path, _ := writeGames(t, 40, genOptions{crlf: true})
	lib := librarytest.Open(t, path, library.Options{FirstChunk: 1000, MaxChunk: 4000})
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	picked := []library.Entry{lib.Entry(7), lib.Entry(3), lib.Entry(39)}
	dst := filepath.Join(t.TempDir(), "picked.pgn")
	if err := lib.Export(dst, picked); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	var want []byte
	for _, e := range picked {
		want = append(want, bytes.TrimSpace(src[e.Offset:e.Offset+e.Length])...)
		want = append(want, "\n\n"...)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("exported:\n%.300s\nwant:\n%.300s", got, want)
	}
	if ix := wholeIndex(t, dst); ix.Len() != 3 || ix.Entry(0).White != picked[0].White {
		t.Errorf("the export lists %d games", ix.Len())
	}
	// Over the file itself, under its name or a link's: refused, and the
	// file keeps its 40 games.
	link := filepath.Join(t.TempDir(), "link.pgn")
	librarytest.Symlink(t, path, link)
	for _, over := range []string{path, link} {
		if err := lib.Export(over, picked); !errors.Is(err, store.ErrSameFile) {
			t.Errorf("export over %s: %v, want ErrSameFile", over, err)
		}
	}
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, src) {
		t.Errorf("the file changed under a refused export (%v)", err)
	}
	if err := os.WriteFile(path, append([]byte("[Event \"new\"]\n\n*\n\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := lib.Export(dst, picked); !errors.Is(err, store.ErrFileChanged) {
		t.Errorf("export from a changed file: %v, want ErrFileChanged", err)
	}
}
