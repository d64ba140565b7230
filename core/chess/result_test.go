package chess_test

import (
	"testing"

	"touchmove/core/chess"
)

func TestParseResult(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want chess.Result
		ok   bool
	}{
		{"1-0", chess.WhiteWins, true}, {"0-1", chess.BlackWins, true}, {"1/2-1/2", chess.Draw, true},
		{"*", chess.Unfinished, true}, {"½-½", chess.Draw, true}, {"1/2", chess.Draw, true},
		{"0.5-0.5", chess.Draw, true}, {"+/-", chess.WhiteWins, true}, {"-/+", chess.BlackWins, true},
		{" 1-0 ", chess.WhiteWins, true}, {"white wins", chess.Unfinished, false}, {"", chess.Unfinished, false},
	} {
		if got, ok := chess.ParseResult(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestResult(t *testing.T) {
	for _, tc := range []struct {
		r      chess.Result
		token  string
		winner chess.Color
		over   bool
	}{
		{chess.Unfinished, "*", chess.NoColor, false},
		{chess.WhiteWins, "1-0", chess.White, true},
		{chess.BlackWins, "0-1", chess.Black, true},
		{chess.Draw, "1/2-1/2", chess.NoColor, true},
		{chess.Result(9), "*", chess.NoColor, false},
	} {
		if got := tc.r.String(); got != tc.token {
			t.Errorf("Result(%d).String() = %q, want %q", tc.r, got, tc.token)
		}
		if got := tc.r.Winner(); got != tc.winner {
			t.Errorf("%v.Winner() = %v, want %v", tc.r, got, tc.winner)
		}
		if got := tc.r.Over(); got != tc.over {
			t.Errorf("%v.Over() = %v, want %v", tc.r, got, tc.over)
		}
		if back, ok := chess.ParseResult(tc.token); tc.r <= chess.Draw && (!ok || back != tc.r) {
			t.Errorf("ParseResult(%q) = %v, %v: not the inverse of String", tc.token, back, ok)
		}
		if tc.over {
			if got := chess.WinFor(tc.winner); got != tc.r {
				t.Errorf("WinFor(%v) = %v, want %v", tc.winner, got, tc.r)
			}
		}
	}
}
