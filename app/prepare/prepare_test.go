package prepare_test

import (
	"bytes"
	"strings"
	"testing"

	"touchmove/app/mistakes"
	"touchmove/app/prepare"
)

const games = `[White "Kral, Martin"]
[Black "Novak, Peter"]
[Date "2024.03.01"]
[Result "0-1"]
[ECO "B90"]
[Opening "Sicilian Defense: Najdorf Variation"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 0-1

[White "Horvath, Eva"]
[Black "Novak, Peter"]
[Date "2025.05.02"]
[Result "1/2-1/2"]
[ECO "B90"]
[Opening "Sicilian Defense: Najdorf Variation"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 Nbd7 1/2-1/2

[White "Novak, Peter"]
[Black "Dvorak, Jan"]
[Date "2025.06.03"]
[Result "1-0"]

1. d4 d5 1-0

[White "Someone"]
[Black "Novak, Peter"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]
[Result "0-1"]

1. e3 Kd7 0-1
`

const repertoire = `[White "Me"]
[Black "?"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 (6... e6) *
`

// TestReport: his moves by colour with his results and years, his
// openings, and where he leaves the repertoire: 6...Nbd7 in one game.
func TestReport(t *testing.T) {
	rep, err := prepare.ReadRepertoire([]byte(repertoire))
	if err != nil {
		t.Fatal(err)
	}
	r, err := prepare.Build([]byte(games), mistakes.Names{"novak"}, rep)
	if err != nil {
		t.Fatal(err)
	}
	if r.Total.Games != 4 || r.White.Games != 1 || r.Black.Games != 3 || r.Black.Wins != 2 || r.Black.Draws != 1 {
		t.Errorf("tallies %+v %+v %+v", r.Total, r.White, r.Black)
	}
	if len(r.AsWhite) != 1 || r.AsWhite[0].Name != "1.d4" || len(r.AsBlack) != 1 || r.AsBlack[0].Name != "1.e4 c5" || r.AsBlack[0].Games != 2 {
		t.Errorf("moves %+v %+v", r.AsWhite, r.AsBlack)
	}
	if r.AsBlack[0].First != 2024 || r.AsBlack[0].Last != 2025 || r.AsBlack[0].Score() != 75 {
		t.Errorf("1.e4 c5: %+v", r.AsBlack[0])
	}
	// The Najdorfs by their tags, 1. d4 d5 (no tags) by its moves, the
	// game from a set-up position by nothing.
	if len(r.Openings) != 2 || r.Openings[0].Name != "B90 Sicilian Defense: Najdorf Variation" || r.Openings[0].Games != 2 ||
		r.Openings[1].Name != "D00 Queen's Pawn Game" || r.Openings[1].Games != 1 {
		t.Errorf("openings %+v", r.Openings)
	}
	if len(r.Deviations) != 1 || r.Deviations[0].Played != "Nbd7" || r.Deviations[0].Games != 1 {
		t.Fatalf("deviations %+v", r.Deviations)
	}
	var out bytes.Buffer
	if err := prepare.WriteText(&out, r, prepare.English); err != nil {
		t.Fatal(err)
	}
	want := "games: 1: he played 6...Nbd7 where your repertoire has 6...e5, 6...e6 (after 1.e4 c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6 6.Be3)"
	if !strings.Contains(out.String(), want) {
		t.Errorf("the text lacks %q:\n%s", want, out.String())
	}
}

func TestEmptyRepertoire(t *testing.T) {
	if _, err := prepare.ReadRepertoire([]byte(`[White "?"]` + "\n\n*\n")); err == nil {
		t.Error("a repertoire without moves was read")
	}
}

// TestWords: every template the report says is in Words, for the
// window's translations.
func TestWords(t *testing.T) {
	rep, _ := prepare.ReadRepertoire([]byte(repertoire))
	r, _ := prepare.Build([]byte(games), mistakes.Names{"novak"}, rep)
	r.Openings = nil // "(none)" said too
	words := prepare.Words()
	var missing []string
	say := func(tmpl string, args map[string]any) string {
		found := false
		for _, w := range words {
			found = found || w == tmpl
		}
		if !found {
			missing = append(missing, tmpl)
		}
		return prepare.English(tmpl, args)
	}
	if err := prepare.WriteText(&bytes.Buffer{}, r, say); err != nil || missing != nil {
		t.Errorf("not in Words: %q (%v)", missing, err)
	}
}

// TestLeaves: in the games of the repertoire's side, where each left it:
// the opponent's move it has no answer to, or the user's own deviation.
func TestLeaves(t *testing.T) {
	rep, err := prepare.ReadRepertoire([]byte(repertoire))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := prepare.Build([]byte(games), mistakes.Names{"horvath", "kral"}, rep)
	if len(r.Leaves) != 1 || r.Leaves[0].Game != 2 || r.Leaves[0].Played != "Nbd7" || r.Leaves[0].Expected != nil {
		t.Errorf("leaves %+v", r.Leaves)
	}
	mine := "[White \"Me\"]\n[Black \"X\"]\n[Result \"*\"]\n\n1. e4 c5 2. Nc3 *\n"
	r, _ = prepare.Build([]byte(mine), mistakes.Names{"me"}, rep)
	var out bytes.Buffer
	prepare.WriteText(&out, r, prepare.English)
	if want := "game 1: 2.Nc3 was played where your repertoire has 2.Nf3"; !strings.Contains(out.String(), want) {
		t.Errorf("the text lacks %q:\n%s", want, out.String())
	}
}
