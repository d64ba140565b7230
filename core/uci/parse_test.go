package uci_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// parseCase is a line and what a parser makes of it: want, or an error.
type parseCase[T any] struct {
	line string
	want T
	err  bool
}

// checkParse runs parse, called name, on each case's line.
func checkParse[T any](t *testing.T, name string, parse func(string) (T, error), cases []parseCase[T]) {
	t.Helper()
	for _, c := range cases {
		got, err := parse(c.line)
		if (err != nil) != c.err {
			t.Errorf("%s(%q) error = %v", name, c.line, err)
			continue
		}
		if !c.err && !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s(%q) =\n%+v, want\n%+v", name, c.line, got, c.want)
		}
	}
}

func TestParseInfo(t *testing.T) {
	// Has is checked through the fields.
	checkParse(t, "ParseInfo", uci.ParseInfo, []parseCase[uci.Info]{
		{line: "info depth 20 seldepth 31 multipv 2 score cp -35 upperbound wdl 20 900 80 nodes 123456 nps 987654 hashfull 250 tbhits 3 time 1500 pv e2e4 e7e5 g1f3",
			want: uci.Info{Depth: 20, SelDepth: 31, MultiPV: 2, Score: uci.Score{Centipawns: -35, Upper: true}, WDL: uci.WDL{20, 900, 80},
				Nodes: 123456, NPS: 987654, HashFull: 250, TBHits: 3, Time: 1500 * time.Millisecond, PV: []string{"e2e4", "e7e5", "g1f3"},
				Has: uci.HasDepth | uci.HasScore | uci.HasWDL | uci.HasNodes | uci.HasNPS | uci.HasHashFull | uci.HasTime | uci.HasPV}},
		{line: "info depth 5 score mate -3 lowerbound pv h7h8q",
			want: uci.Info{Depth: 5, MultiPV: 1, Score: uci.Score{Mate: true, Moves: -3, Lower: true}, PV: []string{"h7h8q"}, Has: uci.HasDepth | uci.HasScore | uci.HasPV}},
		{line: "info depth 12 currmove g1f3 currmovenumber 4",
			want: uci.Info{Depth: 12, MultiPV: 1, CurrMove: "g1f3", CurrMoveNumber: 4, Has: uci.HasDepth | uci.HasCurrMove}},
		{line: "info string NNUE evaluation using nn.nnue enabled",
			want: uci.Info{MultiPV: 1, String: "NNUE evaluation using nn.nnue enabled"}},
		{line: "info refutation d1h5 g6h5 currline 1 e2e4 e7e5 cpuload 500 sbhits 1 foo",
			want: uci.Info{MultiPV: 1, Refutation: []string{"d1h5", "g6h5"}, CurrLine: []string{"e2e4", "e7e5"}, CPULoad: 500}},
		{line: "info depth", err: true},
		{line: "info depth -1", err: true},
		{line: "info score cp", err: true},
		{line: "info score pawns 3", err: true},
		{line: "info wdl 1 2", err: true},
		{line: "info time 1e3", err: true},
		{line: "info pv e2e4 e7e5x", err: true},
		{line: "bestmove e2e4", err: true},
	})
}

func TestParseOption(t *testing.T) {
	checkParse(t, "ParseOption", uci.ParseOption, []parseCase[uci.Option]{
		{line: "option name Hash type spin default 16 min 1 max 33554432", want: uci.Option{Name: "Hash", Type: uci.Spin, Default: "16", Min: 1, Max: 33554432}},
		{line: "option name Clear Hash type button", want: uci.Option{Name: "Clear Hash", Type: uci.Button}},
		{line: "option name Ponder type check default false", want: uci.Option{Name: "Ponder", Type: uci.Check, Default: "false"}},
		{line: "option name Analysis Contempt type combo default Both var Off var White var Black var Both",
			want: uci.Option{Name: "Analysis Contempt", Type: uci.Combo, Default: "Both", Vars: []string{"Off", "White", "Black", "Both"}}},
		{line: "option name Debug Log File type string default <empty>", want: uci.Option{Name: "Debug Log File", Type: uci.String}},
		{line: "option name SyzygyPath type string default /usr/share/syzygy files", want: uci.Option{Name: "SyzygyPath", Type: uci.String, Default: "/usr/share/syzygy files"}},
		{line: "option name X type spin default 1", err: true},
		{line: "option name X type spin default 1 min 5 max 2", err: true},
		{line: "option name X type slider", err: true},
		{line: "option type check", err: true},
		{line: "option name X", err: true},
		{line: "option name X type spin min a max 3", err: true},
		{line: "id name X", err: true},
	})
}

func TestPositionCommand(t *testing.T) {
	play := func(p uci.Position, sans ...string) uci.Position {
		pos := p.Start
		for _, s := range sans {
			m, err := pos.ParseSAN(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Moves = append(p.Moves, m)
			pos.Play(m)
		}
		return p
	}
	fromFEN := func(fen string, c960 bool) uci.Position {
		pos, err := chess.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		pos.SetChess960(c960)
		return uci.NewPosition(pos)
	}
	c960, err := chess.Chess960Start(518) // the standard array
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		pos  uci.Position
		want string
	}{
		{"start", uci.NewPosition(chess.StartPosition()), "position startpos"},
		{"castling", play(uci.NewPosition(chess.StartPosition()), "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"),
			"position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"},
		{"promotion", play(fromFEN("8/P6k/8/8/8/8/8/K7 w - - 0 1", false), "a8=N"), "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8n"},
		{"chess960 castling takes the rook", play(uci.NewPosition(c960), "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"),
			"position fen " + c960.FEN() + " moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1"},
	} {
		if got := c.pos.Command(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestReadPV(t *testing.T) {
	moves, san, err := uci.ReadPV(chess.StartPosition(), strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5"))
	if err != nil || len(moves) != 5 || strings.Join(san, " ") != "e4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("ReadPV = %v %v %v", moves, san, err)
	}
	for _, pv := range []string{"e2e5", "e2e4 e2e4", "0000", "e7e8q"} {
		if _, _, err := uci.ReadPV(chess.StartPosition(), strings.Fields(pv)); err == nil {
			t.Errorf("ReadPV(%q) accepted", pv)
		}
	}
}

func TestScoreString(t *testing.T) {
	for s, want := range map[uci.Score]string{
		{Centipawns: 123}: "+1.23", {Centipawns: -40}: "-0.40", {Mate: true, Moves: 5}: "#5",
		{Mate: true, Moves: -3, Lower: true}: "≥#-3", {Centipawns: 7, Upper: true}: "≤+0.07",
	} {
		if got := s.String(); got != want {
			t.Errorf("%+v: %q, want %q", s, got, want)
		}
	}
}
