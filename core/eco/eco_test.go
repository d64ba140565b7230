package eco

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
	"touchmove/internal/corpus"
)

func newTable(tb testing.TB) *Table {
	tb.Helper()
	t, err := New()
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// readGames reads every game of a PGN text.
func readGames(tb testing.TB, text []byte) []*game.Game {
	tb.Helper()
	r := pgn.NewReader(bytes.NewReader(text))
	var games []*game.Game
	for {
		gb := pgn.NewGameBuilder()
		err := r.ReadGame(gb)
		if err == io.EOF {
			return games
		}
		if err != nil {
			tb.Fatal(err)
		}
		games = append(games, gb.Game())
	}
}

func TestClassifyGames(t *testing.T) {
	tab := newTable(t)
	for _, tc := range []struct {
		name, pgn string
		want      string // Opening.String(), "" for none
	}{
		{"Najdorf", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *", "B90 Sicilian Defense: Najdorf Variation"},
		{"Najdorf, later moves past the table", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h3 h6 7. a3 Kd7 8. a4 Ke8 *", "B90 Sicilian Defense: Najdorf Variation, Adams Attack"},
		// The Najdorf reached by another move order: 1.Nf3 c5 2.e4 d6 …
		{"Najdorf by transposition", "1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *", "B90 Sicilian Defense: Najdorf Variation"},
		// The Queen's Gambit Declined reached from the English.
		{"QGD from the English", "1. c4 e6 2. Nc3 d5 3. d4 Nf6 *", "D35 Queen's Gambit Declined: Normal Defense"},
		{"QGD by its own order", "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *", "D35 Queen's Gambit Declined: Normal Defense"},
		{"one move", "1. e4 *", "B00 King's Pawn Game"},
		{"no moves", "*", ""},
		{"set-up position", "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n\n1... c5 2. Nf3 *", ""},
		{"Chess960", "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games := readGames(t, []byte(tc.pgn))
			if len(games) != 1 {
				t.Fatalf("%d games", len(games))
			}
			o, ok := tab.ClassifyGame(games[0])
			if got := o.String(); got != tc.want || ok != (tc.want != "") {
				t.Errorf("ClassifyGame = %q, %v; want %q", got, ok, tc.want)
			}
		})
	}
}

func TestOfTags(t *testing.T) {
	tab := newTable(t)
	for _, tc := range []struct{ name, pgn, want string }{
		{"Opening tag", "[ECO \"A57\"]\n[Opening \"Benko Gambit Declined: Main Line\"]\n\n1. d4 Nf6 2. c4 c5 3. d5 b5 4. Nf3 *", "A57 Benko Gambit Declined: Main Line"},
		{"Opening and Variation tags", "[ECO \"C42\"]\n[Opening \"Petrov\"]\n[Variation \"Classical attack\"]\n\n1. e4 e5 *", "C42 Petrov, Classical attack"},
		{"ECO tag only, moves agree", "[ECO \"B90\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *", "B90 Sicilian Defense: Najdorf Variation"},
		{"ECO tag only, moves disagree", "[ECO \"B90\"]\n\n1. d4 *", "B90 Sicilian Defense: Najdorf Variation"},
		{"ECO tag only, no moves", "[ECO \"C00\"]\n\n*", "C00 French Defense"},
		{"unknown ECO tag", "[ECO \"Z99\"]\n\n*", "Z99"},
		{"no tags", "1. d4 d5 2. c4 *", "D06 Queen's Gambit"},
		{"nothing", "[ECO \"?\"]\n\n*", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tab.Of(readGames(t, []byte(tc.pgn))[0]).String(); got != tc.want {
				t.Errorf("Of = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestEveryRow checks that every row of the list parses and is found by its
// own moves: Lookup of the position they reach names a row of the same
// position (the row itself, or the first row listed for that position).
func TestEveryRow(t *testing.T) {
	tab := newTable(t)
	if tab.Len() < 3000 {
		t.Fatalf("%d rows, want the whole list", tab.Len())
	}
	shared := 0
	for o := range tab.All() {
		p, ply, err := playLine(o.Line)
		if err != nil {
			t.Fatalf("%s %s: %v", o.ECO, o.Name, err)
		}
		if ply != o.Ply || ply > tab.Depth() {
			t.Errorf("%s %s: %d plies, row says %d, depth %d", o.ECO, o.Name, ply, o.Ply, tab.Depth())
		}
		got, ok := tab.Lookup(&p)
		if !ok {
			t.Errorf("%s %s: not found by its moves", o.ECO, o.Name)
			continue
		}
		if got != o {
			q, _, _ := playLine(got.Line)
			if q.RepetitionKey() != p.RepetitionKey() {
				t.Errorf("%s %s: found %s at another position", o.ECO, o.Name, got)
			}
			shared++
		}
		moves := lineMoves(t, o.Line)
		if c, ok := tab.Classify(chess.StartPosition(), moves); !ok || c != got {
			t.Errorf("%s %s: Classify = %s, %v; want %s", o.ECO, o.Name, c, ok, got)
		}
	}
	t.Logf("%d rows, %d of them share their position with an earlier row; depth %d plies", tab.Len(), shared, tab.Depth())
}

func lineMoves(tb testing.TB, line string) []chess.Move {
	tb.Helper()
	p := chess.StartPosition()
	var moves []chess.Move
	for _, tok := range strings.Fields(line) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		m, err := p.ParseSAN(tok)
		if err != nil {
			tb.Fatal(err)
		}
		p.Play(m)
		moves = append(moves, m)
	}
	return moves
}

// TestLichessGames classifies the games of the lichess corpus, whose ECO
// and Opening tags lichess wrote with its own copy of the list: nearly all
// must agree (the list has changed since some were played).
func TestLichessGames(t *testing.T) {
	tab := newTable(t)
	games := readGames(t, corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz"))
	agree := 0
	for _, g := range games {
		o, _ := tab.ClassifyGame(g)
		if o.ECO == g.Tags.Value("ECO") && o.Name == g.Tags.Value("Opening") {
			agree++
		}
	}
	t.Logf("%d of %d games named as lichess named them", agree, len(games))
	if agree < len(games)*9/10 {
		t.Errorf("only %d of %d games named as lichess named them", agree, len(games))
	}
}

func TestBadRows(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"eco\tname\tpgn\nA00\tAmar Opening\n", "x.tsv line 2: want three fields"},
		{"eco\tname\tpgn\nA00\tAmar Opening\t1. Nh3 e5 2. Nh3\n", "x.tsv line 2 (A00 Amar Opening): move 2:"},
		{"eco\tname\tpgn\n\tAmar Opening\t1. Nh3\n", "x.tsv line 2: want three fields"},
		{"eco\tname\tpgn\nA00\tNothing\t\n", "no moves"},
	} {
		tab := &Table{byKey: map[uint64]int32{}, byCode: map[string]int32{}}
		err := tab.add("x.tsv", []byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("add(%q) = %v, want an error with %q", tc.data, err, tc.want)
		}
	}
}

func TestCode(t *testing.T) {
	tab := newTable(t)
	if o, ok := tab.Code("b90"); !ok || o.Name != "Sicilian Defense: Najdorf Variation" {
		t.Errorf("Code(b90) = %v, %v", o, ok)
	}
	if _, ok := tab.Code("Z00"); ok {
		t.Error("Code(Z00) found")
	}
}

func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClassify1000 classifies 1,000 games of the lichess corpus from
// their moves (the games read beforehand).
func BenchmarkClassify1000(b *testing.B) {
	tab := newTable(b)
	games := readGames(b, corpus.Read(b, "pgn/lichess_annotated_1k.pgn.gz"))
	type line struct {
		start chess.Position
		moves []chess.Move
	}
	lines := make([]line, 0, 1000)
	for _, g := range games[:min(len(games), 1000)] {
		var ms []chess.Move
		for n := range g.MainLine() {
			if !n.IsRoot() {
				ms = append(ms, n.Move())
			}
		}
		lines = append(lines, line{g.Start(), ms})
	}
	b.ResetTimer()
	for b.Loop() {
		for _, l := range lines {
			tab.Classify(l.start, l.moves)
		}
	}
}
