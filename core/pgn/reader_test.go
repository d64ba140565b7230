package pgn_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// TestErrorPlaces checks every field of the errors of a file with problems
// in its second and third games.
func TestErrorPlaces(t *testing.T) {
	const in = "[Event \"ok\"]\n\n1. e4 e5 *\n\n" + // game 1, lines 1-3
		"[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nf6 *\n\n" + // game 2, lines 5-7
		"1. d4 ) d5 $300 *\n" // game 3, line 9
	_, errs := readAll(t, []byte(in))
	want := []pgn.SyntaxError{
		{Offset: 53, Line: 7, Column: 13, GameLine: 5, Game: 2},
		{Offset: 70, Line: 9, Column: 7, GameLine: 9, Game: 3},
		{Offset: 75, Line: 9, Column: 12, GameLine: 9, Game: 3},
	}
	if len(errs) != len(want) {
		t.Fatalf("errors: %v", errs)
	}
	for i, e := range errs {
		w := want[i]
		if e.Offset != w.Offset || e.Line != w.Line || e.Column != w.Column || e.GameLine != w.GameLine || e.Game != w.Game {
			t.Errorf("error %d: %+v, want %+v", i, *e, w)
		}
	}
	if !errors.Is(errs[0], pgn.ErrMove) || !errors.Is(errs[0], chess.ErrIllegalMove) {
		t.Errorf("error 0 wraps %v", errs[0].Err)
	}
	if got := errs[0].Error(); got != `pgn: 7:13: game 2: bad move: illegal move "Ke3" at 2.; the rest of the main line is dropped` {
		t.Errorf("Error() = %s", got)
	}
	if !errors.Is(errs[1], pgn.ErrStrayClose) || !errors.Is(errs[2], pgn.ErrNAG) {
		t.Errorf("errors %v", errs)
	}
	if in[errs[1].Offset] != ')' || in[errs[2].Offset] != '$' {
		t.Error("offsets do not point at the tokens")
	}
}

func TestErrorList(t *testing.T) {
	var l pgn.ErrorList
	if l.Err() != nil || l.Error() != "pgn: no errors" {
		t.Error("empty list")
	}
	l.Add(pgn.Pos{Offset: 9, Line: 2, Column: 3}, 1, 1, pgn.ErrNAG)
	l.Add(pgn.Pos{Offset: 1, Line: 1, Column: 2}, 1, 1, pgn.ErrTag)
	l.Add(pgn.Pos{Offset: 0, Line: 5, Column: 1}, 0, 5, pgn.ErrTag)
	l.Sort()
	if l[0].Game != 0 || l[1].Line != 1 || l[2].Line != 2 {
		t.Errorf("sorted: %v", l)
	}
	err := l.Err()
	if !errors.Is(err, pgn.ErrNAG) || !strings.Contains(err.Error(), "(and 2 more errors)") {
		t.Errorf("Err() = %v", err)
	}
	var se *pgn.SyntaxError
	if !errors.As(err, &se) || se.Pos() != (pgn.Pos{Offset: 0, Line: 5, Column: 1}) || se.Pos().String() != "5:1" {
		t.Errorf("As: %v", se)
	}
	if (pgn.Pos{}).String() != "-" || (pgn.Pos{}).IsValid() {
		t.Error("zero Pos")
	}
}

// TestLimits feeds hostile input and checks that it ends in errors, quickly.
func TestLimits(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		limit func(*pgn.Limits)
		want  error
	}{
		{"deep variations", "1. e4 " + strings.Repeat("( 1. d4 ", 5000) + strings.Repeat(") ", 5000) + "*", nil, pgn.ErrLimit},
		{"deep open variations", "1. e4 " + strings.Repeat("( 1. d4 ", 100000), nil, pgn.ErrLimit},
		{"open parentheses", "1. e4 " + strings.Repeat("(", 100000), nil, pgn.ErrVariationStart},
		{"long comment", "1. e4 {" + strings.Repeat("x", 5000) + "\n" + strings.Repeat("y", 5000) + "} *", func(l *pgn.Limits) { l.MaxCommentLength = 1000 }, pgn.ErrLimit},
		{"long line", "1. e4 " + strings.Repeat("e5 ", 100000) + "*\n1. d4 *", func(l *pgn.Limits) { l.MaxLineLength = 4096 }, pgn.ErrLimit},
		{"very long line", strings.Repeat("x", 3<<20) + "\n*", nil, pgn.ErrLimit},
		{"many tags", strings.Repeat("[A \"1\"]\n", 5000) + "*", func(l *pgn.Limits) { l.MaxTags = 100 }, pgn.ErrLimit},
		{"many errors", strings.Repeat(") ", 100000) + "*", nil, pgn.ErrTooManyErrors},
		{"no newline at all", "1. e4 " + strings.Repeat("{", 1<<20), nil, pgn.ErrUnterminatedComment},
		{"long Windows-1252 line", "1. e4 {\xe9} " + strings.Repeat("$1 ) ", 200000) + "*", nil, pgn.ErrTooManyErrors},
		{"only comments", strings.Repeat("{x}", 1<<18), nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			r := pgn.NewReader(strings.NewReader(tc.in))
			if tc.limit != nil {
				tc.limit(&r.Limits)
			}
			var all pgn.ErrorList
			for games := 0; ; games++ {
				err := r.ReadGame(pgn.NewGameBuilder())
				if err == io.EOF {
					break
				}
				var list pgn.ErrorList
				if !errors.As(err, &list) && err != nil {
					t.Fatal(err)
				}
				all = append(all, list...)
				if games > 10 {
					t.Fatal("too many games")
				}
			}
			if !errors.Is(all.Err(), tc.want) {
				t.Errorf("errors %v, want %v", all.Err(), tc.want)
			}
			if len(all) > 200 {
				t.Errorf("%d errors kept", len(all))
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n > 0 {
		f.n = 0
		return copy(p, "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4"), nil
	}
	return 0, errors.New("disk on fire")
}

func TestIOError(t *testing.T) {
	r := pgn.NewReader(&failingReader{n: 1})
	b := pgn.NewGameBuilder()
	if err := r.ReadGame(b); err != nil {
		t.Fatalf("game 1: %v", err)
	}
	err := r.ReadGame(b)
	var list pgn.ErrorList
	if err == nil || errors.As(err, &list) || err.Error() != "disk on fire" {
		t.Fatalf("game 2: %v", err)
	}
	if err := r.ReadGame(b); err == nil || err == io.EOF {
		t.Errorf("after an I/O error: %v", err)
	}
}

func TestEmptyInputs(t *testing.T) {
	for _, in := range []string{"", "\n\n", "\xef\xbb\xbf", "% only a private line\n", "   \t\r\n"} {
		r := pgn.NewReader(strings.NewReader(in))
		if err := r.ReadGame(pgn.NopVisitor{}); err != io.EOF {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestHeadersOnly(t *testing.T) {
	r := pgn.NewReader(strings.NewReader("[White \"A\"]\n[White \"B\"]\n[Result \"1-0\"]\n\n1. e4 {x} (1. d4) 1-0\n\n[Black \"C\"]\n1. Qxx9 *"))
	var h pgn.HeadersOnly
	if err := r.ReadGame(&h); err != nil {
		t.Fatal(err)
	}
	if h.Tags.Value("White") != "B" || len(h.Tags) != 2 || h.Token != "1-0" {
		t.Errorf("game 1: %v %q", h.Tags, h.Token)
	}
	if err := r.ReadGame(&h); err != nil || h.Tags.Value("Black") != "C" || h.Token != "*" {
		t.Errorf("game 2: %v %v %q", err, h.Tags, h.Token)
	}
	if err := r.ReadGame(&h); err != io.EOF {
		t.Error(err)
	}
}

func TestSkipper(t *testing.T) {
	r := pgn.NewReader(strings.NewReader("1. e4 *\n\n[A \"b\"]\n1. e4 { } *\n1. d4 (1. Qxx9) *"))
	n := 0
	for r.ReadGame(pgn.Skipper{}) != io.EOF {
		n++
	}
	if n != 3 {
		t.Errorf("%d games", n)
	}
}

// TestBuilderStructure checks where GameBuilder puts comments, NAGs and
// variations.
func TestBuilderStructure(t *testing.T) {
	games, errs := readAll(t, []byte("{start} 1. e4 {after} $1 (1. d4 {d} (1. c4) {before e5?} 1... e5) ({v} 1. Nf3) {before e5} e5 $2 {x} 2. Nf3 (2. f4) {end} *"))
	if len(errs) != 0 || len(games) != 1 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	g := games[0]
	root := g.Root()
	e4 := root.Next()
	if root.Comment() != "start" || e4.Comment() != "after" || e4.NAGs()[0] != 1 {
		t.Errorf("e4: %q %q %v", root.Comment(), e4.Comment(), e4.NAGs())
	}
	kids := root.Children() // e4, then d4 and c4 (an alternative to d4), then Nf3
	if len(kids) != 4 || kids[1].SAN() != "d4" || kids[2].SAN() != "c4" || kids[3].SAN() != "Nf3" || kids[3].CommentBefore() != "v" {
		t.Fatalf("root children: %d", len(kids))
	}
	d4 := kids[1]
	if d4.Comment() != "d" || d4.Next().SAN() != "e5" || d4.Next().CommentBefore() != "before e5?" {
		t.Errorf("d4 line: %q %q", d4.Comment(), d4.Next().CommentBefore())
	}
	e5 := e4.Next()
	if e5.CommentBefore() != "before e5" || e5.Comment() != "x" || e5.NAGs()[0] != 2 {
		t.Errorf("e5: %q %q %v", e5.CommentBefore(), e5.Comment(), e5.NAGs())
	}
	if g.EndComment() != "end" || g.PlyCount() != 3 {
		t.Errorf("end %q, plies %d", g.EndComment(), g.PlyCount())
	}

	// A variation with only a comment leaves the comment on its move.
	games, errs = readAll(t, []byte("1. e4 {a} ( {b} ) e5 *"))
	if len(errs) != 0 || games[0].Root().Next().Comment() != "a b" {
		t.Errorf("empty variation: %v %q", errs, games[0].Root().Next().Comment())
	}
}

// Movetext in UCI long algebraic, as engine matches are logged, is read:
// a token that is no legal SAN move is tried as UCI before it is an error.
func TestReadUCIMovetext(t *testing.T) {
	in := "[Event \"Engines\"]\n[Result \"*\"]\n\n1. g1f3 c7c5 2. b1c3 b8c6 3. e2e4 e7e5 4. f1e2 g8f6 5. e1g1 *\n"
	gb := pgn.NewGameBuilder()
	if err := pgn.NewReader(strings.NewReader(in)).ReadGame(gb); err != nil {
		t.Fatal(err)
	}
	var sans []string
	for n := range gb.Game().MainLine() {
		if !n.IsRoot() {
			sans = append(sans, n.SAN())
		}
	}
	if got := strings.Join(sans, " "); got != "Nf3 c5 Nc3 Nc6 e4 e5 Be2 Nf6 O-O" {
		t.Fatalf("read %q", got)
	}
}

// A ChessBase export with an empty line inside the tag section is one game,
// as pgn-extract and python-chess read it, to the reader and the index
// alike; an empty line before a tag the game already has still starts the
// next game.
func TestReadEmptyLineInTagSection(t *testing.T) {
	in := "[Event \"Club\"]\n\n[Site \"Home\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n" +
		"[Event \"Headers only\"]\n[Result \"*\"]\n\n[Event \"Next\"]\n[Result \"*\"]\n\n1. d4 *\n"
	r := pgn.NewReader(strings.NewReader(in))
	var sites, events []string
	for {
		gb := pgn.NewGameBuilder()
		err := r.ReadGame(gb)
		if err == io.EOF {
			break
		}
		events = append(events, gb.Game().Tags.Value("Event"))
		sites = append(sites, gb.Game().Tags.Value("Site"))
	}
	if strings.Join(events, "|") != "Club|Headers only|Next" || sites[0] != "Home" {
		t.Fatalf("games read: events %q, sites %q", events, sites)
	}
	for _, build := range []func() (*pgn.Index, error){
		func() (*pgn.Index, error) { return pgn.BuildIndex(context.Background(), strings.NewReader(in), nil) },
		func() (*pgn.Index, error) {
			return pgn.IndexBytes(context.Background(), []byte(in), pgn.NewValueTable(), nil)
		},
	} {
		ix, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if ix.Len() != 3 {
			t.Fatalf("the index lists %d games, want 3", ix.Len())
		}
	}
}

// A game of a variant the app does not play (a lichess Crazyhouse game,
// with its piece drops) is one clear error and is skipped; the next game
// reads as usual.
func TestReadUnsupportedVariantOneError(t *testing.T) {
	in := "[Event \"Rated Crazyhouse game\"]\n[Variant \"Crazyhouse\"]\n[Result \"1-0\"]\n\n" +
		"1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. O-O P@h3 8. gxh3 Bxh3 9. N@g5 B@g2 1-0\n\n" +
		"[Event \"Next\"]\n[Result \"*\"]\n\n1. d4 d5 *\n"
	r := pgn.NewReader(strings.NewReader(in))
	gb := pgn.NewGameBuilder()
	err := r.ReadGame(gb)
	var list pgn.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || !errors.Is(list[0], pgn.ErrSetup) ||
		!strings.Contains(list[0].Error(), `unsupported variant "Crazyhouse"`) {
		t.Fatalf("the Crazyhouse game: %v, want one error naming the variant", err)
	}
	gb = pgn.NewGameBuilder()
	if err := r.ReadGame(gb); err != nil {
		t.Fatalf("the game after it: %v", err)
	}
	if got := gb.Game().Tags.Value("Event"); got != "Next" || gb.Game().PlyCount() != 2 {
		t.Fatalf("the game after it: %q with %d plies", got, gb.Game().PlyCount())
	}
}

// A lichess "From Position" game whose FEN gives a side seventeen pieces is
// read and played, with one warning, as pgn-extract and python-chess read
// it (issue #20).
func TestReadSeventeenPiecesFromPosition(t *testing.T) {
	in := "[Event \"From Position\"]\n[Variant \"From Position\"]\n[SetUp \"1\"]\n" +
		"[FEN \"4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 b - - 0 1\"]\n[Result \"*\"]\n\n1... Kd7 2. Nab5 Kc6 *\n"
	r := pgn.NewReader(strings.NewReader(in))
	gb := pgn.NewGameBuilder()
	err := r.ReadGame(gb)
	var list pgn.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || !errors.Is(list[0], game.ErrImpossiblePosition) {
		t.Fatalf("errors %v, want one warning of an impossible position", err)
	}
	if !strings.Contains(list[0].Error(), "more than 16 pieces") || strings.Contains(list[0].Error(), "\n") {
		t.Errorf("the warning %q does not say why on one line", list[0].Error())
	}
	if n := gb.Game().PlyCount(); n != 3 {
		t.Fatalf("%d plies played, want 3", n)
	}
}

// stopAtTag gives up every game at its first tag.
type stopAtTag struct{ pgn.NopVisitor }

func (stopAtTag) Tag([]byte, []byte, pgn.Pos) pgn.Action { return pgn.Stop }

// A game the visitor gives up, at whatever call, reports no more problems;
// the next game is read as usual.
func TestStopGivesTheGameUp(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 % e5 P@h3 1-0\n\n1. d4 % *\n"
	r := pgn.NewReader(strings.NewReader(in))
	if err := r.ReadGame(stopAtTag{}); err != nil {
		t.Errorf("the game given up: %v", err)
	}
	var list pgn.ErrorList
	if err := r.ReadGame(stopAtTag{}); !errors.As(err, &list) || len(list) != 1 {
		t.Errorf("the next game, without tags: %v, want its one problem", err)
	}
}
