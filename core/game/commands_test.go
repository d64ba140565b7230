package game_test

import (
	"reflect"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/game"
)

func TestCommands(t *testing.T) {
	tests := []struct {
		comment string
		want    []game.Command
	}{
		{"", nil},
		{"plain text", nil},
		{"[%clk 0:03:00]", []game.Command{{"clk", "0:03:00"}}},
		{"[%eval 0.17] [%clk 0:03:00] A57 Benko", []game.Command{{"eval", "0.17"}, {"clk", "0:03:00"}}},
		{"[%clk 1:30:07][%emt 0:01:35]\n[%csl Rf5][%cal Ge5f6]", []game.Command{{"clk", "1:30:07"}, {"emt", "0:01:35"}, {"csl", "Rf5"}, {"cal", "Ge5f6"}}},
		{`[%note "a, b]" x] text`, []game.Command{{"note", `"a, b]" x`}}},
		{"[% clk 1] [%] [%clk 1:00", nil},
		{"text [%evp 1,2,3] more", []game.Command{{"evp", "1,2,3"}}},
	}
	for _, tc := range tests {
		t.Run(tc.comment, func(t *testing.T) {
			if got := game.Commands(tc.comment); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Commands(%q) = %v, want %v", tc.comment, got, tc.want)
			}
		})
	}
}

func TestSetAndRemoveCommand(t *testing.T) {
	tests := []struct {
		name, comment, cmd, args string
		remove                   bool
		want                     string
	}{
		{"into empty", "", "clk", "0:01:00", false, "[%clk 0:01:00]"},
		{"before text", "Good move.", "clk", "0:01:00", false, "[%clk 0:01:00] Good move."},
		{"after leading commands", "[%eval 0.3] Good move.", "clk", "0:01:00", false, "[%eval 0.3] [%clk 0:01:00] Good move."},
		{"replace in place", "A [%clk 0:02:00] B", "clk", "0:01:00", false, "A [%clk 0:01:00] B"},
		{"replace first, drop others", "[%clk 1] x [%clk 2] y", "clk", "3", false, "[%clk 3] x y"},
		{"unknown kept verbatim", "[%foo a,b] [%clk 1:00:00] text", "clk", "0:59:00", false, "[%foo a,b] [%clk 0:59:00] text"},
		{"remove", "[%eval 0.3] [%clk 0:01:00] Good move.", "clk", "", true, "[%eval 0.3] Good move."},
		{"remove leading", "[%clk 0:01:00] Good move.", "clk", "", true, "Good move."},
		{"remove absent", "Good [%x] move.", "clk", "", true, "Good [%x] move."},
		{"remove all of a name", "[%cal Ga1a2] t [%cal Rb1b2]", "cal", "", true, "t"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			if tc.remove {
				got = game.RemoveCommand(tc.comment, tc.cmd)
			} else {
				got = game.SetCommand(tc.comment, tc.cmd, tc.args)
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCommentText(t *testing.T) {
	if got := game.CommentText("[%clk 0:01:00] Offer\n declined [%eval 0.3] by moving."); got != "Offer declined by moving." {
		t.Errorf("CommentText = %q", got)
	}
}

// TestNodeClockReadings checks the readings a node takes from its comment,
// through the project's one clock reader (clock.ParsePGNClock): "9:30" is
// nine minutes and a half, as a clock face shows it, and a reading's
// fraction of a second is written back as it was read.
func TestNodeClockReadings(t *testing.T) {
	tests := []struct {
		comment string
		want    time.Duration
		ok      bool
		out     string // [%clk] after SetClock(want)
	}{
		{"[%clk 1:30:00]", 90 * time.Minute, true, "[%clk 1:30:00]"},
		{"[%clk 01:30:00]", 90 * time.Minute, true, "[%clk 1:30:00]"},
		{"[%clk 0:00:07.3]", 7300 * time.Millisecond, true, "[%clk 0:00:07.3]"},
		{"[%clk 0:09:40.25]", 9*time.Minute + 40250*time.Millisecond, true, "[%clk 0:09:40.25]"},
		{"[%clk 9:30]", 9*time.Minute + 30*time.Second, true, "[%clk 0:09:30]"},
		{"0:04:57", 4*time.Minute + 57*time.Second, true, "[%clk 0:04:57]"},
		{"[%clk 1:60:00]", 0, false, ""},
		{"[%clk 1]", 0, false, ""},
		{"[%clk a:00:00]", 0, false, ""},
		{"[%clk 1:00:00:00]", 0, false, ""},
		{"[%clk -0:00:01]", 0, false, ""},
		{"4 pieces left", 0, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.comment, func(t *testing.T) {
			n := game.New().Root()
			n.SetComment(tc.comment)
			got, ok := n.Clock()
			if got != tc.want || ok != tc.ok {
				t.Fatalf("Clock() = %v, %v; want %v, %v", got, ok, tc.want, tc.ok)
			}
			if !ok {
				return
			}
			n.SetClock(got)
			if n.Comment() != tc.out {
				t.Errorf("after SetClock: %q, want %q", n.Comment(), tc.out)
			}
		})
	}
}

func TestEval(t *testing.T) {
	tests := []struct {
		in   string
		want game.Eval
		out  string
		ok   bool
	}{
		{"0.17", game.Eval{Centipawns: 17}, "0.17", true},
		{"-1.40,22", game.Eval{Centipawns: -140, Depth: 22}, "-1.40,22", true},
		{"#-3", game.Eval{Mate: true, Moves: -3}, "#-3", true},
		{"#1", game.Eval{Mate: true, Moves: 1}, "#1", true},
		{"0.5", game.Eval{Centipawns: 50}, "0.50", true},
		{"-0.05", game.Eval{Centipawns: -5}, "-0.05", true},
		{"+2", game.Eval{Centipawns: 200}, "2.00", true},
		{"x", game.Eval{}, "", false},
		{"NaN", game.Eval{}, "", false},
		{"1e3", game.Eval{}, "", false},
		{"1,x", game.Eval{}, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := game.ParseEval(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Fatalf("ParseEval(%q) = %+v, %v", tc.in, got, ok)
			}
			if ok && got.String() != tc.out {
				t.Errorf("String() = %q, want %q", got.String(), tc.out)
			}
		})
	}
}

func TestArrowsAndSquares(t *testing.T) {
	as := game.ParseArrows("Ge2e4,Rd1h5, Xa1a2,bad,Bh9h1")
	want := []game.Arrow{{Color: game.Green, From: chess.E2, To: chess.E4}, {Color: game.Red, From: chess.D1, To: chess.H5}, {Color: game.Green, From: chess.A1, To: chess.A2}}
	if !reflect.DeepEqual(as, want) {
		t.Errorf("ParseArrows = %v", as)
	}
	ms := game.ParseSquareMarks("Ga4,Rd5,Oc3")
	wantM := []game.SquareMark{{Color: game.Green, Square: chess.A4}, {Color: game.Red, Square: chess.D5}, {Color: game.Orange, Square: chess.C3}}
	if !reflect.DeepEqual(ms, wantM) {
		t.Errorf("ParseSquareMarks = %v", ms)
	}
}

// TestNodeAccessors checks that the typed accessors read and rewrite their
// commands and keep the rest of the comment.
func TestNodeAccessors(t *testing.T) {
	g := game.New()
	n, err := g.Root().AddSAN("e4")
	if err != nil {
		t.Fatal(err)
	}
	n.SetComment("[%clk 0:03:00] [%eval 0.17] [%foo bar] Opening [%cal Ge2e4,Rd1h5][%csl Ga4]")
	if d, ok := n.Clock(); !ok || d != 3*time.Minute {
		t.Errorf("Clock = %v, %v", d, ok)
	}
	if e, ok := n.Eval(); !ok || e.Centipawns != 17 {
		t.Errorf("Eval = %v, %v", e, ok)
	}
	if len(n.Arrows()) != 2 || len(n.Squares()) != 1 {
		t.Errorf("Arrows = %v, Squares = %v", n.Arrows(), n.Squares())
	}
	n.SetClock(2*time.Minute + 59*time.Second)
	n.SetEval(game.Eval{Mate: true, Moves: -2})
	n.SetArrows([]game.Arrow{{Color: game.Blue, From: chess.G1, To: chess.F3}})
	n.SetSquares(nil)
	n.SetEmt(5 * time.Second)
	want := "[%clk 0:02:59] [%eval #-2] [%foo bar] [%emt 0:00:05] Opening [%cal Bg1f3]"
	if n.Comment() != want {
		t.Errorf("comment = %q\nwant      %q", n.Comment(), want)
	}
	if d, ok := n.Emt(); !ok || d != 5*time.Second {
		t.Errorf("Emt = %v, %v", d, ok)
	}
	if args, ok := n.Command("foo"); !ok || args != "bar" {
		t.Errorf("Command(foo) = %q, %v", args, ok)
	}
	n.RemoveCommand("foo")
	if _, ok := n.Command("foo"); ok {
		t.Error("foo still there")
	}

	// A bare clock comment, as ICC writes it.
	n.SetComment("0:04:57")
	if d, ok := n.Clock(); !ok || d != 4*time.Minute+57*time.Second {
		t.Errorf("bare Clock = %v, %v", d, ok)
	}
	n.SetClock(time.Minute)
	if n.Comment() != "[%clk 0:01:00]" {
		t.Errorf("after SetClock on a bare clock: %q", n.Comment())
	}
	n.SetComment("Not 1:00 a clock")
	if _, ok := n.Clock(); ok {
		t.Error("a comment with text is not a clock")
	}
}
