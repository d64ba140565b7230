package clock_test

import (
	"errors"
	"testing"

	"touchmove/core/clock"
)

// TestTags checks FormatTags and ParseTags both ways.
func TestTags(t *testing.T) {
	armW, armB := clock.Armageddon(0)
	tests := []struct {
		name         string
		white, black clock.Control
		want         clock.Tags
	}{
		{"same control", clock.Fischer(90*mn, 30*sec), clock.Fischer(90*mn, 30*sec), clock.Tags{TimeControl: "5400+30"}},
		{"Armageddon odds", armW, armB, clock.Tags{TimeControl: "?", WhiteTimeControl: "300", BlackTimeControl: "240"}},
		{"Bronstein delay", clock.BronsteinDelay(30*mn, 5*sec), clock.BronsteinDelay(30*mn, 5*sec), clock.Tags{TimeControl: "1800d5", AppClockMode: "bronstein"}},
		{"US delay", clock.SimpleDelay(30*mn, 5*sec), clock.SimpleDelay(30*mn, 5*sec), clock.Tags{TimeControl: "1800d5", AppClockMode: "us-delay"}},
		{"hourglass", clock.Sandglass(90 * sec), clock.Sandglass(90 * sec), clock.Tags{TimeControl: "*180"}},
		{"hourglass odds", clock.Sandglass(mn), clock.Sandglass(50 * sec), clock.Tags{TimeControl: "*110", WhiteClock: "0:01:00", BlackClock: "0:00:50"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := clock.FormatTags(tt.white, tt.black)
			if got != tt.want {
				t.Fatalf("FormatTags = %+v, want %+v", got, tt.want)
			}
			w, b, err := clock.ParseTags(got)
			if err != nil || !w.Equal(tt.white) || !b.Equal(tt.black) {
				t.Fatalf("ParseTags = %+v, %+v, %v; want %+v, %+v", w, b, err, tt.white, tt.black)
			}
		})
	}
	bad := []struct {
		tags clock.Tags
		want error
	}{
		{clock.Tags{TimeControl: "?"}, clock.ErrNoControl},
		{clock.Tags{TimeControl: "-"}, clock.ErrNoControl},
		{clock.Tags{TimeControl: "abc"}, clock.ErrSyntax},
		{clock.Tags{TimeControl: "300d5", AppClockMode: "adagio"}, clock.ErrSyntax},
		{clock.Tags{TimeControl: "?", WhiteTimeControl: "*60", BlackTimeControl: "60"}, clock.ErrInvalidControl},
	}
	for _, tt := range bad {
		if _, _, err := clock.ParseTags(tt.tags); !errors.Is(err, tt.want) {
			t.Errorf("ParseTags(%+v) error = %v, want %v", tt.tags, err, tt.want)
		}
	}
}
