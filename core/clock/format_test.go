package clock_test

import (
	"errors"
	"testing"
	"time"

	"touchmove/core/clock"
)

// TestFormatDisplay checks the face formats of clocks.md §6.1.
func TestFormatDisplay(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		d, tenths time.Duration
		want      string
	}{
		{3*time.Hour + 25*mn + 7*sec, clock.TenthsDefault, "3:25:07"},
		{time.Hour, clock.TenthsDefault, "1:00:00"},
		{time.Hour - ms, clock.TenthsDefault, "59:59"},
		{3*mn + 2*sec, clock.TenthsDefault, "3:02"},
		{10 * sec, clock.TenthsDefault, "0:10"},
		{10*sec - ms, clock.TenthsDefault, "9.9"},
		{99 * ms, clock.TenthsDefault, "0.0"},
		{0, clock.TenthsDefault, "0.0"},
		{19500 * ms, 20 * sec, "19.5"},
		{5 * sec, clock.TenthsNever, "0:05"},
		{65 * sec, clock.TenthsAlways, "1:05.0"},
		{3725*sec + 390*ms, clock.TenthsAlways, "1:02:05.3"},
		{-3 * sec, clock.TenthsDefault, "-3.0"},
		{-50 * ms, clock.TenthsDefault, "0.0"},
		{-75 * sec, clock.TenthsDefault, "-1:15"},
		{-500 * ms, clock.TenthsNever, "0:00"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := clock.FormatDisplay(tt.d, tt.tenths); got != tt.want {
				t.Errorf("FormatDisplay(%v, %v) = %q, want %q", tt.d, tt.tenths, got, tt.want)
			}
		})
	}
}

// TestFormatPGNClock checks h:mm:ss, the fraction of a second to the
// millisecond, and negative times.
func TestFormatPGNClock(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00:00"},
		{5430 * sec, "1:30:30"},
		{59*sec + 999*time.Millisecond, "0:00:59.999"},
		{7300 * time.Millisecond, "0:00:07.3"},
		{12*time.Hour + 5*sec + 50*time.Millisecond, "12:00:05.05"},
		{5*sec + 400*time.Microsecond, "0:00:05"},
		{-sec, "0:00:00"},
		{100 * time.Hour, "100:00:00"},
	}
	for _, tt := range tests {
		if got := clock.FormatPGNClock(tt.d); got != tt.want {
			t.Errorf("FormatPGNClock(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestParsePGNClock checks the accepted readings and the refused ones.
func TestParsePGNClock(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"1:30:30", 5430 * sec},
		{"01:30:30", 5430 * sec},
		{"0:00:07.5", 7500 * time.Millisecond},
		{"0:00:07.123456789123", 7*sec + 123456789},
		{"04:57", 4*mn + 57*sec},
		{"10:00", 10 * mn},
		{"4:57.3", 4*mn + 57300*time.Millisecond},
		{"1:30", 90 * sec},
		{"9:30", 9*mn + 30*sec},
		{"75:00", 75 * mn},
		{" 0:04:57 ", 4*mn + 57*sec},
		{"100:00:00", 100 * time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := clock.ParsePGNClock(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("ParsePGNClock(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
		})
	}
	for _, in := range []string{"", "1", "1:2:3:4", "1:60:00", "1:00:60", "1:61", "a:00:00", "1:30:", "-0:00:01", "1:3x", "1:00:00.", "1:005:00", "1:00.5:00", "9999999:00:00"} {
		t.Run("bad "+in, func(t *testing.T) {
			if d, err := clock.ParsePGNClock(in); err == nil {
				t.Errorf("ParsePGNClock(%q) = %v, want an error", in, d)
			} else if err.Error()[:7] != "clock: " {
				t.Errorf("error %q lacks the prefix", err)
			}
		})
	}
}

// TestClockTag checks the PGN Clock tag both ways.
func TestClockTag(t *testing.T) {
	tests := []struct {
		in   string
		want clock.ClockTag
		out  string
	}{
		{"W/1:23:45", clock.ClockTag{Side: clock.White, Time: time.Hour + 23*mn + 45*sec}, "W/1:23:45"},
		{"b/0:04:57", clock.ClockTag{Side: clock.Black, Time: 4*mn + 57*sec}, "B/0:04:57"},
		{"N/0:10:00", clock.ClockTag{Side: clock.NoSide, Time: 10 * mn}, "N/0:10:00"},
		{" w/0:00:01 ", clock.ClockTag{Side: clock.White, Time: sec}, "W/0:00:01"},
		{"W/0:04:57.6", clock.ClockTag{Side: clock.White, Time: 4*mn + 57600*time.Millisecond}, "W/0:04:57"},
		{"n/0:00:00", clock.ClockTag{Side: clock.NoSide}, "N/0:00:00"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := clock.ParseClockTag(tt.in)
			if err != nil || got != tt.want || got.String() != tt.out {
				t.Errorf("ParseClockTag(%q) = %+v (%q), %v; want %+v", tt.in, got, got.String(), err, tt.want)
			}
		})
	}
	for _, in := range []string{"", "X/1:00:00", "W1:00:00", "W/abc", "/1:00:00", "WB/1:00:00", "BN/1:00:00"} {
		if _, err := clock.ParseClockTag(in); !errors.Is(err, clock.ErrSyntax) {
			t.Errorf("ParseClockTag(%q) error = %v, want ErrSyntax", in, err)
		}
	}
	if s := (clock.ClockTag{Side: 7, Time: sec}).String(); s != "N/0:00:01" {
		t.Errorf("a side out of range = %q, want N/0:00:01", s)
	}
}

// FuzzParsePGNClock checks that parsing never panics and that a reading
// formats back to itself, to the millisecond.
func FuzzParsePGNClock(f *testing.F) {
	for _, s := range []string{"1:30:30", "04:57", "1:30", "0:00:07.5", "", "1:2:3:4", "99:99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := clock.ParsePGNClock(s)
		if err != nil {
			return
		}
		back, err := clock.ParsePGNClock(clock.FormatPGNClock(d))
		if err != nil || back != d.Truncate(time.Millisecond) {
			t.Fatalf("%q = %v formats as %q = %v, %v", s, d, clock.FormatPGNClock(d), back, err)
		}
	})
}
