package clock

import (
	"fmt"
)

// Tags holds the PGN tag values that describe the controls of a game
// (pgn.md §3–4); an empty string means the tag is absent.
type Tags struct {
	TimeControl      string // always set by FormatTags
	WhiteTimeControl string // time odds only
	BlackTimeControl string // time odds only
	WhiteClock       string // hourglass odds only: White's start, h:mm:ss
	BlackClock       string // hourglass odds only: Black's start, h:mm:ss
	AppClockMode     string // "us-delay" or "bronstein" when a delay is used
}

// FormatTags returns the tags for a game with these controls: one
// TimeControl when both sides have the same setting; otherwise (odds)
// TimeControl "?" with WhiteTimeControl and BlackTimeControl. An hourglass
// is written "*" + the total of both starts, with WhiteClock and BlackClock
// when the starts differ.
func FormatTags(white, black Control) Tags {
	var t Tags
	wtc, btc := white.TimeControl(), black.TimeControl()
	switch {
	case white.Hourglass && black.Hourglass:
		w, b := white.PeriodAt(0).Time, black.PeriodAt(0).Time
		t.TimeControl = TimeControl{Kind: TimeControlSandglass, Sand: w + b}.String()
		if w != b {
			t.WhiteClock, t.BlackClock = FormatPGNClock(w), FormatPGNClock(b)
		}
	case wtc.String() == btc.String():
		t.TimeControl = wtc.String()
	default:
		t.TimeControl = "?"
		t.WhiteTimeControl, t.BlackTimeControl = wtc.String(), btc.String()
	}
	switch {
	case wtc.HasDelay():
		t.AppClockMode = white.DelayKind.String()
	case btc.HasDelay():
		t.AppClockMode = black.DelayKind.String()
	}
	return t
}

// ParseTags returns the controls described by t: WhiteTimeControl and
// BlackTimeControl when present, else TimeControl, with the delay kind of
// AppClockMode (default us-delay). For an hourglass, WhiteClock and
// BlackClock set the starts. Other WhiteClock/BlackClock values (a resumed
// game) are readings, not settings: restore them with Restore.
func ParseTags(t Tags) (white, black Control, err error) {
	kind := USDelay
	if t.AppClockMode != "" {
		if kind, err = ParseDelayKind(t.AppClockMode); err != nil {
			return Control{}, Control{}, fmt.Errorf("%w (AppClockMode tag)", err)
		}
	}
	side := func(name, tc, start string) (Control, error) {
		if tc == "" {
			tc, name = t.TimeControl, "TimeControl"
		}
		v, err := ParseTimeControl(tc)
		if err != nil {
			return Control{}, fmt.Errorf("%w (%s tag)", err, name)
		}
		v.DelayKind = kind
		c, err := v.Control()
		if err != nil {
			return Control{}, fmt.Errorf("%w (%s tag)", err, name)
		}
		if c.Hourglass && start != "" {
			d, err := ParsePGNClock(start)
			if err != nil {
				return Control{}, fmt.Errorf("%w (clock start for %s)", err, name)
			}
			c.Periods[0].Time = d
		}
		return c, nil
	}
	if white, err = side("WhiteTimeControl", t.WhiteTimeControl, t.WhiteClock); err != nil {
		return Control{}, Control{}, err
	}
	if black, err = side("BlackTimeControl", t.BlackTimeControl, t.BlackClock); err != nil {
		return Control{}, Control{}, err
	}
	if white.Hourglass != black.Hourglass {
		return Control{}, Control{}, fmt.Errorf("%w: hourglass for one side only", ErrInvalidControl)
	}
	return white, black, nil
}
