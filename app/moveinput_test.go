package app_test

import (
	"strings"
	"testing"

	"touchmove/app"
	"touchmove/core/chess"
)

func TestParseMoveInput(t *testing.T) {
	const (
		start    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
		twoKnigh = "r1bqkb1r/pppp1ppp/2n2n2/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1"
		castle   = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		promo    = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
		bishop   = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1"
		capture  = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
	)
	tests := []struct {
		fen, text, want string // want: the SAN named, "" for none
		candidates      int    // -1: do not check
		problem         bool
	}{
		{start, "e4", "e4", -1, false},
		{start, "E4", "e4", -1, false},
		{start, "nf3", "Nf3", -1, false},
		{start, "Nf3+", "Nf3", -1, false},
		{start, "g1f3", "Nf3", -1, false},
		{start, "e2e4", "e4", -1, false},
		{start, "N", "", 4, false},
		{start, "Nf", "Nf3", 1, false},
		{start, "e", "", 2, false},
		{start, "e5", "", 0, true},
		{twoKnigh, "Nbd2", "Nbd2", -1, false},
		{twoKnigh, "nbd2", "Nbd2", -1, false},
		{twoKnigh, "Nd2", "", -1, true},
		{castle, "o-o", "O-O", -1, false},
		{castle, "0-0-0", "O-O-O", -1, false},
		{castle, "O-O", "O-O", -1, false},
		{promo, "e8=Q", "e8=Q", -1, false},
		{promo, "e8q", "e8=Q", -1, false},
		{promo, "e7e8n", "e8=N", -1, false},
		{bishop, "Bb2", "", 0, true},
		{bishop, "b4", "b4", -1, false},
		{capture, "exd5", "exd5", -1, false},
		{capture, "ed5", "exd5", -1, false},
		{capture, "exd5!?", "exd5", -1, false},
		// Cyrillic look-alikes, as a Russian layout left on types them.
		{start, "е4", "e4", -1, false},
		{start, "Кс3", "Nc3", -1, false},
		{capture, "ехd5", "exd5", -1, false},
		{castle, "О-О-О", "O-O-O", -1, false},
		{castle, "о-о", "O-O", -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			p, err := chess.FromFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			r := app.ParseMoveInput(&p, tt.text)
			got := ""
			if r.Move != chess.NoMove {
				got = p.SAN(r.Move)
				got = strings.TrimRight(got, "+#")
			}
			if got != tt.want {
				t.Errorf("%q names %q, want %q (candidates %v, problem %q)", tt.text, got, tt.want, r.Candidates, r.Problem)
			}
			if tt.candidates >= 0 && len(r.Candidates) != tt.candidates {
				t.Errorf("%q: candidates %v, want %d", tt.text, r.Candidates, tt.candidates)
			}
			if !r.Problem.IsZero() != tt.problem {
				t.Errorf("%q: problem %q", tt.text, r.Problem)
			}
		})
	}
}

// A text that fits a pawn capture and a bishop move only when case is
// ignored names neither and shows both; written exactly, each is named.
func TestParseMoveInputAmbiguousCase(t *testing.T) {
	p, err := chess.FromFEN("4k3/8/8/8/2p5/1P6/4B3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	r := app.ParseMoveInput(&p, "BC4")
	if r.Move != chess.NoMove || r.Problem.IsZero() || strings.Join(r.Candidates, " ") != "Bxc4 bxc4" {
		t.Fatalf("BC4: %+v", r)
	}
	for text, want := range map[string]string{"Bxc4": "Bxc4", "bxc4": "bxc4", "Bc4": "Bxc4", "bc4": "bxc4"} {
		if r := app.ParseMoveInput(&p, text); r.Move == chess.NoMove || p.SAN(r.Move) != want {
			t.Errorf("%q: %+v, want %s", text, r, want)
		}
	}
}

// Piece letters of the players' languages: Slovak J for a knight, Russian К.
func TestParseMoveInputNationalLetters(t *testing.T) {
	p := chess.StartPosition()
	for text, want := range map[string]string{"Jf3": "Nf3", "jc3": "Nc3", "Кf3": "Nf3", "Кc3": "Nc3"} {
		r := app.ParseMoveInput(&p, text)
		if r.Move == chess.NoMove || p.SAN(r.Move) != want {
			t.Errorf("%q: %+v, want %s", text, r, want)
		}
	}
}
