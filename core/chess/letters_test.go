package chess_test

import (
	"slices"
	"testing"

	"touchmove/core/chess"
)

func TestPieceLettersWrite(t *testing.T) {
	for _, tc := range []struct{ code, san, want string }{
		{"sk", "Nbxd7+", "Jbxd7+"},
		{"sk", "e8=Q", "e8=D"},
		{"sk", "O-O-O", "O-O-O"},
		{"ru", "Kxb2", "Крxb2"},
		{"ru", "Bb5", "Сb5"},
		{"de", "Nf3", "Sf3"},
		{"en", "Qd1", "Qd1"},
		{"figurine", "Nf3", "♘f3"},
	} {
		l, ok := chess.LettersOf(tc.code)
		if got := l.Write(tc.san); !ok || got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.code, tc.san, got, tc.want)
		}
	}
	if _, ok := chess.LettersOf("xx"); ok {
		t.Error("an unknown language has letters")
	}
}

func TestLocalReadings(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []string
	}{
		{"Jf3", []string{"Nf3"}},
		{"jf3", []string{"Nf3"}},
		{"jd2", []string{"Nd2"}}, // the d of the square stays a file
		{"Кf3", []string{"Nf3"}},
		{"кf3", []string{"Nf3"}},
		{"Крg1", []string{"Kg1"}},
		{"Dd1", []string{"Qd1"}},        // Slovak and German queen, once
		{"Sf3", []string{"Bf3", "Nf3"}}, // Slovak bishop, German knight
		{"e4", nil},
		{"dxe5", nil},
		// Cyrillic look-alikes, as a Russian layout types them.
		{"е4", []string{"e4"}},
		{"е2е4", []string{"e2e4"}},
		{"Кхе5", []string{"Кxe5", "Nxe5"}},
		{"О-О-О", []string{"O-O-O"}},
		{"сf3", []string{"cf3", "Bf3"}}, // the c-file first, else a bishop
	} {
		if got := chess.LocalReadings(tc.s); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.s, got, tc.want)
		}
	}
}

// TestPieceTypeOfLetter checks that each SAN letter reads back as its piece
// type, and that nothing else does (lower case is a file, not a piece).
func TestPieceTypeOfLetter(t *testing.T) {
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		if got := chess.PieceTypeOfLetter(pt.Letter()); got != pt {
			t.Errorf("%c reads as %v, want %v", pt.Letter(), got, pt)
		}
	}
	for _, c := range []byte("pnbrqkx0 =") {
		if got := chess.PieceTypeOfLetter(c); got != chess.NoPieceType {
			t.Errorf("%q reads as %v", c, got)
		}
	}
}
