package pgn_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

func write(t *testing.T, g *game.Game, setup func(*pgn.Writer)) string {
	t.Helper()
	var b bytes.Buffer
	w := pgn.NewWriter(&b)
	if setup != nil {
		setup(w)
	}
	if err := w.WriteGame(g); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func play(t *testing.T, n *game.Node, sans ...string) *game.Node {
	t.Helper()
	for _, s := range sans {
		c, err := n.AddSAN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		n = c
	}
	return n
}

func TestWriterTags(t *testing.T) {
	g := game.New()
	g.Tags = game.Tags{{Name: "zeta", Value: "z"}, {Name: "White", Value: "Novak, \"Jana\" \\ J."}, {Name: "Bad Name", Value: "x"}, {Name: "Annotator", Value: "line\nbreak"}, {Name: "PlyCount", Value: "99"}, {Name: "Result", Value: "½-½"}}
	play(t, g.Root(), "e4", "e5")
	got := write(t, g, nil)
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Novak, \"Jana\" \\ J."]
[Black "?"]
[Result "1/2-1/2"]
[Annotator "line break"]
[PlyCount "2"]
[zeta "z"]

1. e4 e5 1/2-1/2

`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriterStartPositions(t *testing.T) {
	p, _ := chess.Chess960Start(405)
	g := game.NewFromPosition(p)
	g.Tags.Set("Variant", "fischerandom")
	got := write(t, g, nil)
	if !strings.Contains(got, "[FEN \""+p.FEN()+"\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n") {
		t.Errorf("Chess960 tags:\n%s", got)
	}
	g2 := game.New()
	g2.Tags.Set("SetUp", "1")
	g2.Tags.Set("FEN", chess.StartFEN)
	if got := write(t, g2, nil); strings.Contains(got, "FEN") || strings.Contains(got, "SetUp") {
		t.Errorf("standard start with FEN tags:\n%s", got)
	}
}

func TestWriterComments(t *testing.T) {
	g := game.New()
	e4 := play(t, g.Root(), "e4")
	e4.SetComment("a } brace and %percent and [Event \"x\"] " + strings.Repeat("word ", 30))
	e4.AddNAG(6)
	e4.AddNAG(2)
	e4.AddNAG(0)
	g.Root().SetComment("start")
	got := write(t, g, nil)
	for i, line := range strings.Split(got, "\n") {
		if len(line) > 79 {
			t.Errorf("line %d too long: %q", i+1, line)
		}
		if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "[Event \"x") {
			t.Errorf("line %d starts badly: %q", i+1, line)
		}
	}
	if strings.Contains(got, "}"+" brace") || !strings.Contains(got, "{ start } 1. e4 $2 $6 { a brace and") {
		t.Errorf("comment:\n%s", got)
	}
	// Determinism and reduced format.
	if write(t, g, nil) != got {
		t.Error("two writes differ")
	}
	reduced := write(t, g, func(w *pgn.Writer) { w.Reduced = true })
	if !strings.HasSuffix(reduced, "\n\n1. e4 *\n\n") {
		t.Errorf("reduced:\n%s", reduced)
	}
}

// TestWriterPercentWrap checks that a '%' word never starts a line even
// where the wrap falls just before it.
func TestWriterPercentWrap(t *testing.T) {
	for n := 0; n < 80; n++ {
		g := game.New()
		e4 := play(t, g.Root(), "e4")
		e4.SetComment(strings.Repeat("x", n) + " %p [Ab \"1\"] %q")
		for _, line := range strings.Split(write(t, g, nil), "\n") {
			if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "[Ab") {
				t.Fatalf("n=%d: line %q", n, line)
			}
		}
	}
}

func TestWriterLatin1(t *testing.T) {
	g := game.New()
	g.Tags.Set("White", "Müller, Jörg")
	g.Tags.Set("Black", "Иванов")
	g.Root().SetComment("Ivan\u0161 \u2014 \u201cwhat\u201d \u2026 \u20ac5")
	// A character Latin-1 lacks is refused, never written as '?'.
	var b bytes.Buffer
	w := pgn.NewWriter(&b)
	w.Latin1 = true
	if err := w.WriteGame(g); !errors.Is(err, charset.ErrUnencodable) || b.Len() > 0 {
		t.Fatalf("Cyrillic in Latin-1: err %v, wrote %q", err, b.String())
	}
	g.Tags.Set("Black", "Ivanov")
	got := write(t, g, func(w *pgn.Writer) { w.Latin1 = true })
	if !strings.Contains(got, "[White \"M\xfcller, J\xf6rg\"]") || !strings.Contains(got, "[Black \"Ivanov\"]") {
		t.Errorf("Latin-1:\n%q", got)
	}
	// Windows-1252's own characters are written as the bytes the reader
	// reads them from, and read back the same.
	if want := "{ Ivan\x9a \x97 \x93what\x94 \x85 \x805 }"; !strings.Contains(got, want) {
		t.Errorf("Windows-1252: %q lacks %q", got, want)
	}
	if back := string(pgn.ToUTF8([]byte(got))); !strings.Contains(back, "{ Ivan\u0161 \u2014 \u201cwhat\u201d \u2026 \u20ac5 }") {
		t.Errorf("read back as %q", back)
	}
}

func TestWriterErrors(t *testing.T) {
	g := game.New()
	e4 := play(t, g.Root(), "e4")
	if _, err := e4.AddMove(chess.NullMove); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	// A null move is written "--", in the main line as in variations, and
	// reads back.
	if err := pgn.NewWriter(&b).WriteGame(g); err != nil || !strings.Contains(b.String(), "1. e4 -- *") {
		t.Errorf("null move in the main line: %v, %q", err, b.String())
	}
	gb := pgn.NewGameBuilder()
	if err := pgn.NewReader(strings.NewReader(b.String())).ReadGame(gb); err != nil || gb.Game() == nil || gb.Game().PlyCount() != 2 {
		t.Errorf("null move read back: %v", err)
	}
	b.Reset()
	g2 := game.New()
	g2.Root().AppendMove(chess.NewMove(chess.E2, chess.E5), "e5")
	if err := pgn.NewWriter(&b).WriteGame(g2); !errors.Is(err, chess.ErrIllegalMove) || b.Len() != 0 {
		t.Errorf("illegal move: %v", err)
	}
}

// TestWriterNumbers checks the move numbers of §6.1: "N..." at the start,
// after a comment and after a variation, not after a NAG.
func TestWriterNumbers(t *testing.T) {
	g := game.New()
	e4 := play(t, g.Root(), "e4")
	e5 := play(t, e4, "e5")
	e5.AddNAG(1)
	nf3 := play(t, e5, "Nf3")
	play(t, e4, "c5")
	nf3.SetComment("c")
	play(t, nf3, "Nc6")
	got := write(t, g, nil)
	if !strings.HasSuffix(got, "\n1. e4 e5 $1 ( 1... c5 ) 2. Nf3 { c } 2... Nc6 *\n\n") {
		t.Errorf("got\n%s", got)
	}
	g2 := game.New()
	play(t, g2.Root(), "e4", "e5").AddNAG(2)
	if got := write(t, g2, nil); !strings.HasSuffix(got, "\n1. e4 e5 $2 *\n\n") {
		t.Errorf("got\n%s", got)
	}
}
