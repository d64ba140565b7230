package scoresheet_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"touchmove/app/scoresheet"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/pgn"
)

// readGame reads the one game of text, failing the test on any problem.
func readGame(t *testing.T, text string) *game.Game {
	t.Helper()
	b := pgn.NewGameBuilder()
	if err := pgn.NewReader(strings.NewReader(text)).ReadGame(b); err != nil {
		var list pgn.ErrorList
		if !errors.As(err, &list) || len(list) > 0 {
			t.Fatalf("reading %q: %v", text, err)
		}
	}
	return b.Game()
}

func TestTimeUsed(t *testing.T) {
	tests := []struct {
		name, pgn string
		want      []string // each move's "clock used", in order
	}{
		{"emt wins over clk", `[TimeControl "60+5"] 1. e4 {[%clk 0:01:00] [%emt 0:00:09]} e5 {[%clk 0:01:00]} 2. Nf3 {[%clk 0:00:40][%emt 0:00:03]} *`,
			[]string{"0:01:00 0:09", "0:01:00 ", "0:00:40 0:03"}},
		{"computed with the increment", `[TimeControl "60+5"] 1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:02]} 2. Nf3 {[%clk 0:00:58]} Nc6 {[%clk 0:01:07]} *`,
			[]string{"0:01:00 ", "0:01:02 ", "0:00:58 0:07", "0:01:07 0:00"}},
		{"a new period adds its time", `[TimeControl "2/60:30"] 1. e4 {[%clk 0:00:50]} e5 {[%clk 0:00:55]} 2. Nf3 {[%clk 0:01:10]} Nc6 {[%clk 0:00:45]} 3. Bc4 {[%clk 0:01:00]} *`,
			[]string{"0:00:50 ", "0:00:55 ", "0:01:10 0:10", "0:00:45 0:40", "0:01:00 0:10"}},
		{"no time control: no increment", `1. e4 {[%clk 1:00:00]} e5 {[%clk 1:00:00]} 2. Nf3 {[%clk 0:58:30]} Nc6 {[%clk 0:59:59]} *`,
			[]string{"1:00:00 ", "1:00:00 ", "0:58:30 1:30", "0:59:59 0:01"}},
		{"a clock that gained time is not a time used", `1. e4 {[%clk 0:10:00]} e5 {[%clk 0:10:00]} 2. Nf3 {[%clk 0:10:30]} *`,
			[]string{"0:10:00 ", "0:10:00 ", "0:10:30 "}},
		{"a gap in the readings", `[TimeControl "600"] 1. e4 {[%clk 0:10:00]} e5 2. Nf3 {[%clk 0:09:00]} Nc6 {[%clk 0:09:00]} *`,
			[]string{"0:10:00 ", " ", "0:09:00 1:00", "0:09:00 "}},
		{"hourglass: emt only", `[TimeControl "*600"] 1. e4 {[%clk 0:05:00]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:05:02]} *`,
			[]string{"0:05:00 ", "0:04:50 ", "0:05:02 "}},
		{"no clocks", `1. e4 e5 *`, []string{" ", " "}},
		// An arbiter's clock setting is no thinking time (issue 45, point
		// 10d): the time before it is not known, so none is printed.
		{"an arbiter's setting is not a time used", `[TimeControl "1800"] 1. e4 {[%clk 0:29:50]} e5 {[%clk 0:29:50]} 2. Nf3 {[%clk 0:29:40]} Nc6 {[%clk 0:29:40]} {Arbiter: White's clock set to 18:00} 3. Bc4 {[%clk 0:17:55]} Nf6 {[%clk 0:29:30]} 4. d3 {[%clk 0:17:45]} *`,
			[]string{"0:29:50 ", "0:29:50 ", "0:29:40 0:10", "0:29:40 0:10", "0:17:55 ", "0:29:30 0:10", "0:17:45 0:10"}},
		{"time given or taken by the arbiter is counted out", `[TimeControl "1800"] 1. e4 {[%clk 0:29:50]} e5 {[%clk 0:29:50]} {Arbiter: White +2:00} 2. Nf3 {[%clk 0:31:40]} {Arbiter: Black -1:00} Nc6 {[%clk 0:28:20]} {Illegal move by White; Black +2:00} 3. Bc4 {[%clk 0:31:30]} Nf6 {[%clk 0:30:00]} *`,
			[]string{"0:29:50 ", "0:29:50 ", "0:31:40 0:10", "0:28:20 0:30", "0:31:30 0:10", "0:30:00 0:20"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scoresheet.New(readGame(t, tt.pgn), nil)
			var got []string
			for _, r := range s.Rows {
				for _, c := range []scoresheet.Cell{r.White, r.Black} {
					if c.Move != "" {
						got = append(got, c.Clock+" "+c.Used)
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("clock and used = %q\nwant %q", got, tt.want)
			}
			if has := strings.Contains(tt.pgn, "%clk"); s.HasClock != has {
				t.Errorf("HasClock = %v, want %v", s.HasClock, has)
			}
		})
	}
}

func TestRows(t *testing.T) {
	tests := []struct {
		name, pgn string
		want      string // rows as "N white black|…"
	}{
		{"from the start", `1. e4 e5 2. Nf3 *`, "1 e4 e5|2 Nf3 "},
		{"Black first, from a FEN", `[SetUp "1"] [FEN "4k3/8/8/8/8/8/8/4K2R b K - 3 23"] 23... Kd7 24. O-O Kc6 *`, "23  Kd7|24 O-O Kc6"},
		{"no moves", `*`, "1  "},
		{"draw offer", `1. e4 {(=)} e5 {[%clk 0:01:00] What? (=)} *`, "1 e4(=) e5(=)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scoresheet.New(readGame(t, tt.pgn), nil)
			var rows []string
			for _, r := range s.Rows {
				rows = append(rows, fmt.Sprintf("%d %s %s", r.Number, cellText(r.White), cellText(r.Black)))
			}
			if got := strings.Join(rows, "|"); got != tt.want {
				t.Errorf("rows = %q, want %q", got, tt.want)
			}
		})
	}
}

func cellText(c scoresheet.Cell) string {
	if c.DrawOffer {
		return c.Move + "(=)"
	}
	return c.Move
}

func TestHeader(t *testing.T) {
	g := readGame(t, `[Event "Open"] [Site "?"] [Date "2026.11.??"] [Round "-"] [White "Novák, Ľubomír"] [Black "?"]
[WhiteElo "2315"] [WhiteFideId "14900157"] [WhiteFed "SVK"] [BlackCountry "CZE"] [BlackTeam "ŠK Slovan"]
[TimeControl "5400+30"] [Result "0-1"] [Termination "time forfeit"] 1. e4 {[%clk 0:10:00]} e5 {Flag fell} 0-1`)
	s := scoresheet.New(g, scoresheet.Slovak)
	got := fmt.Sprintf("%q %q %q %q %q %+v %+v %q %q %q", s.Event, s.Site, s.Date, s.Round, s.Board, s.White, s.Black, s.TimeControl, s.Result, s.Termination)
	want := `"Open" "" "2026.11" "" "" {Name:Novák, Ľubomír Rating:2315 FideID:14900157 Federation:SVK Team:} {Name: Rating: FideID: Federation:CZE Team:ŠK Slovan} "90 min, +30 s per move" "0-1" "Time forfeit. Flag fell"`
	if got != want {
		t.Errorf("header:\n got %s\nwant %s", got, want)
	}
	g.SetEndComment("White resigned")
	if s := scoresheet.New(g, nil); s.Termination != "Time forfeit. White resigned" {
		t.Errorf("with an end comment, Termination = %q", s.Termination)
	}
	g.Tags.Set("Result", "*")
	if s := scoresheet.New(g, nil); s.Result != chess.Unfinished {
		t.Errorf("unfinished game: Result = %v, want none", s.Result)
	}
}

func TestPages(t *testing.T) {
	tests := []struct {
		rows, first int
		pages       int
		last        int // number of the last row of the last page
	}{
		{1, 1, 1, 60},
		{60, 1, 1, 60},
		{61, 1, 2, 120},
		{70, 1, 2, 120},
		{121, 1, 3, 180},
		{40, 23, 1, 82},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d rows from %d", tt.rows, tt.first), func(t *testing.T) {
			s := &scoresheet.Sheet{}
			for i := range tt.rows {
				s.Rows = append(s.Rows, scoresheet.Row{Number: tt.first + i, White: scoresheet.Cell{Move: fmt.Sprint("w", i)}})
			}
			pages := s.Pages()
			if len(pages) != tt.pages {
				t.Fatalf("%d pages, want %d", len(pages), tt.pages)
			}
			next := tt.first
			for p, page := range pages {
				if page.Number != p+1 || page.Of != tt.pages {
					t.Errorf("page %d is numbered %d of %d", p+1, page.Number, page.Of)
				}
				for b, block := range page.Blocks {
					if len(block) != scoresheet.RowsPerBlock {
						t.Fatalf("page %d block %d has %d rows", p+1, b, len(block))
					}
					for _, r := range block {
						i := next - tt.first
						if r.Number != next {
							t.Fatalf("page %d block %d: row %d where %d belongs", p+1, b, r.Number, next)
						}
						if want := ""; i < tt.rows {
							want = fmt.Sprint("w", i)
							if r.White.Move != want {
								t.Errorf("row %d holds %q, want %q", r.Number, r.White.Move, want)
							}
						} else if r.White.Move != want {
							t.Errorf("row %d past the game holds %q", r.Number, r.White.Move)
						}
						next++
					}
				}
			}
			if next-1 != tt.last {
				t.Errorf("last row %d, want %d", next-1, tt.last)
			}
		})
	}
}
