package clock_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"touchmove/core/clock"
)

var timeControlTests = []struct {
	in   string
	kind clock.TimeControlKind
	want string // canonical form
}{
	{"?", clock.TimeControlUnknown, "?"},
	{"-", clock.TimeControlUntimed, "-"},
	{"300", clock.TimeControlPeriods, "300"},
	{"300+2", clock.TimeControlPeriods, "300+2"},
	{"180+2", clock.TimeControlPeriods, "180+2"},
	{"40/9000", clock.TimeControlPeriods, "40/9000"},
	{"40/5400+30:1800+30", clock.TimeControlPeriods, "40/5400+30:1800+30"},
	{"40/7200:3600", clock.TimeControlPeriods, "40/7200:3600"},
	{"40/7200:20/3600:1800", clock.TimeControlPeriods, "40/7200:20/3600:1800"},
	{"*180", clock.TimeControlSandglass, "*180"},
	{"1800d5", clock.TimeControlPeriods, "1800d5"},
	{"40/7200d5:3600d5", clock.TimeControlPeriods, "40/7200d5:3600d5"},
	{"60+0.5", clock.TimeControlPeriods, "60+0.5"},
	{"0+1", clock.TimeControlPeriods, "0+1"},
	{" 300 + 2 ", clock.TimeControlPeriods, "300+2"},
	{"40/5400 + 30 : 1800 + 30", clock.TimeControlPeriods, "40/5400+30:1800+30"},
	{"40 / 7200\t:\t3600", clock.TimeControlPeriods, "40/7200:3600"},
	{"300+0", clock.TimeControlPeriods, "300"},
	{"0.50", clock.TimeControlPeriods, "0.5"},
	{".25+.5", clock.TimeControlPeriods, "0.25+0.5"},
	{"007", clock.TimeControlPeriods, "7"},
	{"2700D5", clock.TimeControlPeriods, "2700d5"},
	{"300d5+2", clock.TimeControlPeriods, "300+2d5"},
	{" * 90.5 ", clock.TimeControlSandglass, "*90.5"},
	{" ? ", clock.TimeControlUnknown, "?"},
}

// TestParseTimeControl checks parsing and the canonical form, and that the
// canonical form parses to itself.
func TestParseTimeControl(t *testing.T) {
	for _, tt := range timeControlTests {
		t.Run(tt.in, func(t *testing.T) {
			tc, err := clock.ParseTimeControl(tt.in)
			if err != nil {
				t.Fatalf("ParseTimeControl(%q): %v", tt.in, err)
			}
			if tc.Kind != tt.kind || tc.String() != tt.want || tc.Raw != tt.in {
				t.Fatalf("ParseTimeControl(%q) = kind %v %q raw %q, want kind %v %q", tt.in, tc.Kind, tc.String(), tc.Raw, tt.kind, tt.want)
			}
			again, err := clock.ParseTimeControl(tc.String())
			if err != nil || again.String() != tt.want || !slices.Equal(again.Periods, tc.Periods) || again.Sand != tc.Sand {
				t.Fatalf("round trip of %q: %+v, %v", tt.want, again, err)
			}
		})
	}
}

// TestParseTimeControlPeriods checks the values of a few descriptors.
func TestParseTimeControlPeriods(t *testing.T) {
	tests := []struct {
		in   string
		want []clock.Period
	}{
		{"40/5400+30:1800+30", []clock.Period{{Moves: 40, Time: 5400 * sec, Increment: 30 * sec}, {Time: 1800 * sec, Increment: 30 * sec}}},
		{"60+0.5", []clock.Period{{Time: mn, Increment: 500 * time.Millisecond}}},
		{"1800d5", []clock.Period{{Time: 1800 * sec, Delay: 5 * sec}}},
		{"0.0000000019", []clock.Period{{Time: 1}}}, // beyond nanoseconds: truncated
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			tc, err := clock.ParseTimeControl(tt.in)
			if err != nil || !slices.Equal(tc.Periods, tt.want) {
				t.Fatalf("ParseTimeControl(%q) = %+v, %v; want %+v", tt.in, tc.Periods, err, tt.want)
			}
		})
	}
}

// TestParseTimeControlErrors checks that bad text is kept as text with an
// error that says where.
func TestParseTimeControlErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
	}{
		{"", 0},
		{"abc", 0},
		{"G/90;d5", 0},
		{"40/", 3},
		{"300+", 4},
		{"300++2", 4},
		{"300:40/7200", 0},
		{"40/7200:", 8},
		{"0/300", 0},
		{"1.5/300", 0},
		{"*", 1},
		{"*180:300", 4},
		{"1e3", 1},
		{"300 2", 4},
		{"99999999999999", 0},
		{"40/7200:100000000", 8},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			tc, err := clock.ParseTimeControl(tt.in)
			var se *clock.SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, clock.ErrSyntax) {
				t.Fatalf("ParseTimeControl(%q) error = %v, want a *SyntaxError", tt.in, err)
			}
			if se.Offset != tt.offset {
				t.Errorf("offset = %d, want %d (%v)", se.Offset, tt.offset, err)
			}
			if tc.Kind != clock.TimeControlText || tc.Raw != tt.in || tc.String() != tt.in {
				t.Errorf("result = %+v, want the text kept", tc)
			}
			if _, err := tc.Control(); !errors.Is(err, clock.ErrNoControl) {
				t.Errorf("Control() error = %v, want ErrNoControl", err)
			}
		})
	}
}

// TestTimeControlControl checks the conversion to and from Control.
func TestTimeControlControl(t *testing.T) {
	tests := []struct {
		in   string
		want clock.Control
	}{
		{"180+2", clock.Fischer(3*mn, 2*sec)},
		{"*180", clock.Sandglass(90 * sec)},
		{"1800d5", clock.SimpleDelay(30*mn, 5*sec)},
		{"300", clock.SuddenDeath(5 * mn)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			c := parseControl(t, tt.in)
			if !c.Equal(tt.want) {
				t.Errorf("Control() = %+v, want %+v", c, tt.want)
			}
			if c.String() != tt.in {
				t.Errorf("back to PGN: %q, want %q", c.String(), tt.in)
			}
		})
	}
	for _, in := range []string{"?", "-"} {
		tc, _ := clock.ParseTimeControl(in)
		if _, err := tc.Control(); !errors.Is(err, clock.ErrNoControl) {
			t.Errorf("%q: Control() error = %v, want ErrNoControl", in, err)
		}
	}
}

// TestCategory checks T60 and the FIDE categories.
func TestCategory(t *testing.T) {
	tests := []struct {
		tc   string
		t60  time.Duration
		want clock.Category
	}{
		{"180+2", 5 * mn, clock.Blitz},
		{"600", 10 * mn, clock.Blitz},
		{"601", 10*mn + sec, clock.Rapid},
		{"600+5", 15 * mn, clock.Rapid},
		{"900+10", 25 * mn, clock.Rapid},
		{"3599", 59*mn + 59*sec, clock.Rapid},
		{"1800+30", 60 * mn, clock.Standard},
		{"5400+30", 120 * mn, clock.Standard},
		{"40/5400+30:1800+30", 150 * mn, clock.Standard},
		{"40/7200", 4 * 60 * mn, clock.Standard},
		{"60/600:300", 10 * mn, clock.Blitz}, // the second period starts at move 61
		{"300d5", 10 * mn, clock.Blitz},
		{"*1200", 10 * mn, clock.Blitz},
	}
	for _, tt := range tests {
		t.Run(tt.tc, func(t *testing.T) {
			c := parseControl(t, tt.tc)
			if c.T60() != tt.t60 || c.Category() != tt.want {
				t.Errorf("T60 = %v, category %v; want %v, %v", c.T60(), c.Category(), tt.t60, tt.want)
			}
		})
	}
	w, b := clock.Armageddon(0)
	if got := clock.GameCategory(w, b); got != clock.Blitz {
		t.Errorf("Armageddon is %v, want blitz", got)
	}
	if got := clock.GameCategory(clock.Fischer(3*mn, 0), clock.Fischer(60*mn, 0)); got != clock.Standard {
		t.Errorf("odds 3 vs 60 min: %v, want the longer control's standard", got)
	}
}

// TestPeriodOf checks the period reached after a number of moves.
func TestPeriodOf(t *testing.T) {
	c := parseControl(t, "40/7200:20/3600")
	tests := []struct{ moves, period, in int }{
		{0, 0, 0}, {39, 0, 39}, {40, 1, 0}, {59, 1, 19}, {60, 2, 0}, {85, 3, 5},
	}
	for _, tt := range tests {
		if p, in := c.PeriodOf(tt.moves); p != tt.period || in != tt.in {
			t.Errorf("PeriodOf(%d) = %d, %d; want %d, %d", tt.moves, p, in, tt.period, tt.in)
		}
	}
}

// FuzzTimeControl checks that parsing never panics and that formatting is
// stable: format(parse(format(parse(x)))) == format(parse(x)).
func FuzzTimeControl(f *testing.F) {
	for _, tt := range timeControlTests {
		f.Add(tt.in)
	}
	for _, s := range []string{"", "abc", "40/", "300:40/7200", "*180:300", "1e3", "40/7200d5:20/3600+10d2:900+5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := clock.ParseTimeControl(s)
		if err != nil && (tc.Kind != clock.TimeControlText || tc.Raw != s) {
			t.Fatalf("error %v without keeping the text: %+v", err, tc)
		}
		once := tc.String()
		tc2, err2 := clock.ParseTimeControl(once)
		if twice := tc2.String(); twice != once {
			t.Fatalf("unstable: %q -> %q -> %q", s, once, twice)
		}
		if (err == nil) != (err2 == nil) || tc.Kind != tc2.Kind {
			t.Fatalf("%q and %q parse differently: %v / %v", s, once, err, err2)
		}
		if c, err := tc.Control(); err == nil && tc.Kind == clock.TimeControlPeriods && c.String() != once {
			t.Fatalf("Control of %q formats as %q", once, c.String())
		}
	})
}
