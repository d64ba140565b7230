package mistakes_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"touchmove/app/analysis"
	"touchmove/app/mistakes"
	"touchmove/core/chess"
	"touchmove/internal/corpus"
	"touchmove/internal/fakeengine"
)

// row is a mistake as `touchmove mistakes` prints it, without the FEN.
func row(m mistakes.Mistake) string {
	return fmt.Sprintf("%d %d %s %s %s", m.Game, m.Ply, m.Played, m.Best, strings.ToLower(m.Judgement.String()))
}

func rows(ms []mistakes.Mistake) string {
	var out []string
	for _, m := range ms {
		out = append(out, row(m))
	}
	return strings.Join(out, "\n")
}

func known(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/known.pgn")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestFromTheFile: the games the file analyses give their mistakes without
// an engine, lichess's notes and ours alike, and only the player's.
func TestFromTheFile(t *testing.T) {
	for _, c := range []struct {
		player, want string
	}{
		// lichess's games, the player White in one and Black in the
		// other; 2 60 is noted in lichess's words on mates ("Checkmate
		// is now unavoidable"), judged by its glyph.
		{"DangerousChess07", "1 45 Qe3 a4 inaccuracy\n1 49 Bc3 Qh6+ inaccuracy\n1 51 Qh6+ bxc4 blunder\n1 53 bxc4 Kg1 inaccuracy\n1 89 Qxg6 Qe3+ blunder\n1 97 f4 Qb1+ blunder\n" +
			"2 32 exd5 Ne5 inaccuracy\n2 38 Bc6 Ne7 inaccuracy\n2 50 Nxd5 Rfb7 blunder\n2 58 Qe8 d5 mistake\n2 60 h5 Nc6 blunder"},
		// our own notes; White's moves in the same game are not his.
		{"dvorak, j", "3 8 g6 Nf6 mistake\n3 10 Bxd1 dxe5 blunder"},
		{"Novak", ""},
	} {
		found, sum, err := mistakes.Find(context.Background(), known(t), mistakes.Options{Names: mistakes.ParseNames(c.player + ";")})
		if err != nil {
			t.Fatal(err)
		}
		if got := rows(found); got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.player, got, c.want)
		}
		if sum.Games != 5 || sum.Searched != 0 {
			t.Errorf("%s: summary %+v", c.player, sum)
		}
	}
}

// TestMistakeContext: a mistake carries its position, its game's context
// and the better line the file gives.
func TestMistakeContext(t *testing.T) {
	found, _, err := mistakes.Find(context.Background(), known(t), mistakes.Options{Names: mistakes.Names{"Dvorak"}})
	if err != nil {
		t.Fatal(err)
	}
	m := found[0]
	if m.FEN != "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 3 4" || m.Before.FEN() != m.FEN {
		t.Errorf("FEN %q", m.FEN)
	}
	if got := strings.Join(m.Line, " "); got != "Nf6 h3 Bxf3 Qxf3" {
		t.Errorf("line %q", got)
	}
	if got := strings.Join(m.Context, " "); got != "e4 e5 Nf3 d6 Bc4 Bg4 Nc3" {
		t.Errorf("context %q", got)
	}
	if m.White != "Novak, Peter" || m.Date != "2026.03.14" || m.Mover() != chess.Black {
		t.Errorf("context %+v", m)
	}
}

// TestUnanalysedGames: the games the file does not analyse go to the
// engine, the player's only; with no engine they are counted as skipped.
func TestUnanalysedGames(t *testing.T) {
	opts := mistakes.Options{Names: mistakes.Names{"dvorak"}}
	_, sum, err := mistakes.Find(context.Background(), known(t), opts)
	if err != nil || sum.Skipped != 1 || sum.Player != 2 || sum.Analysed != 1 {
		t.Errorf("without an engine: %+v, %v", sum, err)
	}
	opts.Engine.Engine = fakeengine.Config(fakeengine.Good)
	var progress []mistakes.Progress
	opts.Progress = func(p mistakes.Progress) { progress = append(progress, p) }
	var early int
	opts.Found = func(ms []mistakes.Mistake) {
		if len(progress) == 0 {
			early += len(ms)
		}
	}
	found, sum, err := mistakes.Find(context.Background(), known(t), opts)
	if err != nil || sum.Searched != 1 || sum.Skipped != 0 {
		t.Fatalf("with the engine: %+v, %v", sum, err)
	}
	// The fake engine scores every position +0.20: no new mistake.
	if len(found) != 2 || early != 2 || len(progress) != 1 || progress[0] != (mistakes.Progress{Done: 1, Total: 1}) {
		t.Errorf("found %d (%d before the engine), progress %v", len(found), early, progress)
	}
}

// TestEngineFinds: the engine finds the blunder of a game the file does
// not analyse (stockfish, when installed).
func TestEngineFinds(t *testing.T) {
	path, err := exec.LookPath("/usr/games/stockfish")
	if err != nil {
		if path, err = analysis.FindEngine(); err != nil {
			t.Skip("no stockfish")
		}
	}
	opts := mistakes.Options{Names: mistakes.Names{"horvath"}, Depth: 8}
	opts.Engine.Engine.Path = path
	found, _, err := mistakes.Find(context.Background(), known(t), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 || found[0].Game != 4 || found[0].Ply != 6 || found[0].Played != "Nf6" || found[0].Best == "" || found[0].Judgement != analysis.Blunder {
		t.Errorf("found %s", rows(found))
	}
}

// TestCancel: a search cancelled returns what was found so far.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opts := mistakes.Options{Names: mistakes.Names{"dvorak"}}
	opts.Engine.Engine = fakeengine.Config(fakeengine.Good)
	found, _, err := mistakes.Find(ctx, known(t), opts)
	if !errors.Is(err, context.Canceled) || len(found) != 2 {
		t.Errorf("found %d, %v", len(found), err)
	}
}

// TestBadGame: a game that cannot be read is skipped and said where.
func TestBadGame(t *testing.T) {
	data := append(known(t), "\n[White \"Dvorak\"]\n\n1. e4 e5 2. Ke3 *\n"...)
	found, sum, err := mistakes.Find(context.Background(), data, mistakes.Options{Names: mistakes.Names{"dvorak"}})
	if err != nil || len(found) != 2 || len(sum.Problems) != 1 || !strings.Contains(sum.Problems[0].Error(), "game 6") {
		t.Errorf("found %d, problems %v, %v", len(found), sum.Problems, err)
	}
}

func TestParseNames(t *testing.T) {
	for in, want := range map[string]string{
		"Carlsen":                  "Carlsen",
		" a , b ,, c":              "a|b|c",
		"Smith, J; Novak, Peter; ": "Smith, J|Novak, Peter",
	} {
		if got := strings.Join(mistakes.ParseNames(in), "|"); got != want {
			t.Errorf("ParseNames(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkAnalysedFile: the mistakes of 1,000 games the file analyses
// (lichess's export), read without an engine. The issue asks under 2 s.
func BenchmarkAnalysedFile(b *testing.B) {
	data := corpus.Read(b, "pgn/lichess_annotated_1k.pgn.gz")
	opts := mistakes.Options{Names: mistakes.Names{"a", "e", "i", "o", "u", "1", "2", "3"}}
	for b.Loop() {
		found, sum, err := mistakes.Find(context.Background(), data, opts)
		if err != nil || len(found) == 0 || sum.Games != 1000 {
			b.Fatalf("%d found, %+v, %v", len(found), sum, err)
		}
	}
}
