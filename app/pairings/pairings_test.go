package pairings_test

import (
	"strings"
	"testing"

	"touchmove/app/pairings"
)

func TestRead(t *testing.T) {
	in := "board,white,black,whiteElo,blackElo,whiteFideId,blackFideId\n" +
		"1, \"Carlsen, Magnus\",\"Nakamura, Hikaru\",2830,2790,1503014,2016192\n" +
		"2,\"Ann, A.\",Bob\n" +
		"7,Cy,Dee,1800\n"
	got, err := pairings.Read(strings.NewReader(in), "round.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := []pairings.Pairing{
		{Board: 1, White: "Carlsen, Magnus", Black: "Nakamura, Hikaru", WhiteElo: "2830", BlackElo: "2790", WhiteFideID: "1503014", BlackFideID: "2016192"},
		{Board: 2, White: "Ann, A.", Black: "Bob"},
		{Board: 7, White: "Cy", Black: "Dee", WhiteElo: "1800"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// Bad input says the file, the line and why.
func TestReadErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1,Ann,Bob\nx,Cy,Dee\n", `round.csv:2: board "x" is not a board number (1 or more)`},
		{"1,Ann\n", "round.csv:1: 2 fields: write board,white,black[,whiteElo,blackElo,whiteFideId,blackFideId]"},
		{"1,Ann,Bob\n1,Cy,Dee\n", "round.csv:2: board 1 is paired already on line 1"},
		{"1,Ann,Bob,strong\n", `round.csv:1: White's Elo "strong" is not a number`},
		{"board,white,black\n", "round.csv: no pairing in it (write board,white,black a line)"},
		{"1,\"Ann,Bob\n", "round.csv: parse error on line 1, column 12: extraneous or missing \" in quoted-field"},
	} {
		_, err := pairings.Read(strings.NewReader(tt.in), "round.csv")
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: error %v, want %s", tt.in, err, tt.want)
		}
	}
}
