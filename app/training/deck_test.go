package training_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"touchmove/app/mistakes"
	"touchmove/app/training"
	"touchmove/core/chess"
	"touchmove/core/srs"
)

func found(t *testing.T, player string) []mistakes.Mistake {
	t.Helper()
	data, err := os.ReadFile("../mistakes/testdata/known.pgn")
	if err != nil {
		t.Fatal(err)
	}
	ms, _, err := mistakes.Find(context.Background(), data, mistakes.Options{Names: mistakes.Names{player}})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestDeckSurvives: a deck written, reopened, and the same mistakes added
// from the file under another name: the same cards, the history kept.
func TestDeckSurvives(t *testing.T) {
	path := filepath.Join(t.TempDir(), "touchmove", training.FileName)
	d, err := training.Open(path)
	if err != nil || d.Len() != 0 {
		t.Fatalf("a new deck: %v, %d cards", err, d.Len())
	}
	ms := found(t, "dvorak")
	if n := d.Add(ms, "/home/u/club.pgn"); n != 2 {
		t.Fatalf("added %d cards, want 2", n)
	}
	now := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	if n := d.DueToday(now); n != 2 {
		t.Errorf("%d due, want 2", n)
	}
	key := training.PositionKey(ms[0].FEN)
	g, err := d.Answer(key, now, srs.Answer{Tries: 1, Took: 5 * time.Second})
	if err != nil || g != srs.Easy {
		t.Fatalf("answer: %v, %v", g, err)
	}
	d2, err := training.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := d2.Add(ms, "/home/u/renamed.pgn"); n != 0 || d2.Len() != 2 {
		t.Errorf("the renamed file added %d cards, deck has %d", n, d2.Len())
	}
	c := d2.Card(key)
	if c == nil || len(c.History) != 1 || len(c.Seen) != 1 || c.Memory.Reps != 1 || c.Best != "Nf6" || c.Seen[0].File != "club.pgn" {
		t.Fatalf("card after reopening: %+v", c)
	}
	if due := d2.Due(now); len(due) != 1 || due[0].Key == key {
		t.Errorf("due now: %d cards", len(due))
	}
	if due := d2.Due(c.Memory.Due); len(due) != 2 || due[0].Key != key {
		t.Errorf("due when the first is: %d cards", len(due))
	}
}

// TestOneCardPerPosition: a position where the mistake was made in two
// games is one card seen twice.
func TestOneCardPerPosition(t *testing.T) {
	d, _ := training.Open(filepath.Join(t.TempDir(), training.FileName))
	ms := found(t, "dvorak")
	other := ms[0]
	other.Game, other.Date, other.FEN = 9, "2026.04.01", other.FEN[:len(other.FEN)-4]+" 7 9" // move counters differ
	if n := d.Add(append(ms, other), "a.pgn"); n != 2 {
		t.Fatalf("added %d", n)
	}
	if c := d.Card(training.PositionKey(ms[0].FEN)); len(c.Seen) != 2 {
		t.Errorf("seen %d times", len(c.Seen))
	}
}

func TestBadDeck(t *testing.T) {
	path := filepath.Join(t.TempDir(), training.FileName)
	os.WriteFile(path, []byte("not json"), 0o644)
	if _, err := training.Open(path); err == nil {
		t.Error("a damaged deck opened")
	}
}

// TestRepertoire: each position where the user is to move in the
// repertoire is a card answered by the repertoire's move, with its line.
func TestRepertoire(t *testing.T) {
	d, _ := training.Open("")
	rep := "[White \"Me\"]\n\n1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 3. Bb5 *\n"
	n, err := d.AddRepertoire([]byte(rep), chess.White)
	if err != nil || n != 5 || d.Len() != 5 {
		t.Fatalf("added %d of %d, %v", n, d.Len(), err)
	}
	start := d.Card("repertoire rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	if start == nil || start.Best != "e4" || strings.Join(start.Line, " ") != "e4 e5 Nf3 Nc6 Bb5" || !start.IsRepertoire() {
		t.Fatalf("the first card: %+v", start)
	}
	if again, _ := d.AddRepertoire([]byte(rep), chess.White); again != 0 {
		t.Errorf("the same repertoire added %d cards again", again)
	}
	if _, err := d.AddRepertoire([]byte("[White \"Me\"]\n\n1. e4 *\n"), chess.Black); err == nil {
		t.Error("a repertoire with no move for Black was taken for Black")
	}
}

// TestRepertoireReplies: the opponent's replies of a repertoire are kept
// with the number of the file's lines that play each, and survive the
// deck's file; ChooseReply weighs them by it, or evenly.
func TestRepertoireReplies(t *testing.T) {
	path := filepath.Join(t.TempDir(), training.FileName)
	d, _ := training.Open(path)
	rep := "1. e4 e5 (1... c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4) 2. Nf3 Nc6 3. Bb5 *\n"
	if _, err := d.AddRepertoire([]byte(rep), chess.White); err != nil {
		t.Fatal(err)
	}
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	d, _ = training.Open(path)
	after := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	rs := d.Replies(after)
	if len(rs) != 2 || rs[0] != (training.Reply{SAN: "e5", Lines: 1}) || rs[1] != (training.Reply{SAN: "c5", Lines: 2}) {
		t.Fatalf("the replies to 1. e4: %+v", rs)
	}
	for _, tc := range []struct {
		even bool
		x    int
		want string
	}{{false, 0, "e5"}, {false, 1, "c5"}, {false, 2, "c5"}, {true, 0, "e5"}, {true, 1, "c5"}} {
		got := training.ChooseReply(rs, tc.even, func(n int) int {
			if tc.even && n != 2 || !tc.even && n != 3 {
				t.Errorf("even %v: a choice among %d", tc.even, n)
			}
			return tc.x
		})
		if got != tc.want {
			t.Errorf("even %v, %d: %s, want %s", tc.even, tc.x, got, tc.want)
		}
	}
	if training.ChooseReply(nil, false, func(int) int { return 0 }) != "" {
		t.Error("a reply chosen among none")
	}
}
