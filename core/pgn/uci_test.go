package pgn_test

import (
	"fmt"
	"strings"
	"testing"

	"touchmove/core/game"
)

// uciMovetext writes g's main line as an engine match logs it: UCI long
// algebraic (g1f3, e1c1, e7e8q), no numbers, no comments.
func uciMovetext(g *game.Game) string {
	var b strings.Builder
	p := g.Start()
	for n := range g.MainLine() {
		b.WriteString(p.UCI(n.Move()))
		b.WriteByte(' ')
		p.Play(n.Move())
	}
	b.WriteString(g.Result().String())
	return b.String()
}

// TestUCIMovetext reads every game of the lichess corpus written in UCI long
// algebraic, as engine matches log it: every move is read, captures,
// castling and promotions included, and each is the move of the SAN score.
// (Knight moves from b1 or b8, "b1d2", were once read as a bishop of the
// first rank, "B1d2", and the rest of the game was dropped at the next move
// of the real bishop.)
func TestUCIMovetext(t *testing.T) {
	games, errs := readAll(t, loadCorpus(t, "lichess_annotated_1k.pgn"))
	if len(errs) > 0 {
		t.Fatalf("SAN corpus: %v", errs[0])
	}
	var in strings.Builder
	plies := 0
	for i, g := range games {
		fmt.Fprintf(&in, "[Event \"%d\"]\n", i+1)
		if fen := g.Tags.Value("FEN"); fen != "" {
			fmt.Fprintf(&in, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen)
		}
		fmt.Fprintf(&in, "\n%s\n\n", uciMovetext(g))
		plies += g.PlyCount()
	}
	again, errs := readAll(t, []byte(in.String()))
	if len(errs) > 0 {
		t.Errorf("%d errors reading UCI, first: %v", len(errs), errs[0])
	}
	if len(again) != len(games) {
		t.Fatalf("%d games read back, want %d", len(again), len(games))
	}
	for i, g := range games {
		want, got := g.Root().MainLine()[1:], again[i].Root().MainLine()[1:]
		if len(got) != len(want) {
			t.Errorf("game %d: %d plies read, want %d", i+1, len(got), len(want))
			continue
		}
		for j := range want {
			if got[j].Move() != want[j].Move() || got[j].SAN() != want[j].SAN() {
				t.Errorf("game %d ply %d: %s, want %s", i+1, j+1, got[j].SAN(), want[j].SAN())
				break
			}
		}
	}
	t.Logf("%d games, %d plies", len(games), plies)
}
