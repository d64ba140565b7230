package scoresheet

import (
	"fmt"
	"strings"
	"time"

	"touchmove/core/clock"
)

// DescribeTimeControl returns a TimeControl tag value in words, as a
// scoresheet prints it: "40/5400+30:1800+30" becomes "90 min/40 moves +
// 30 min, +30 s per move". "?" and "" give "", "-" gives "untimed", and a
// value that does not parse is returned as it is.
func DescribeTimeControl(tag string) string {
	if strings.TrimSpace(tag) == "" {
		return ""
	}
	tc, err := clock.ParseTimeControl(tag)
	if err != nil {
		return strings.TrimSpace(tag)
	}
	switch tc.Kind {
	case clock.TimeControlUnknown:
		return ""
	case clock.TimeControlUntimed:
		return "untimed"
	case clock.TimeControlSandglass:
		return "hourglass, " + words(tc.Sand/2) + " each"
	case clock.TimeControlText:
		return tc.Raw
	}
	sameInc, sameDelay := true, true
	for _, p := range tc.Periods[1:] {
		sameInc = sameInc && p.Increment == tc.Periods[0].Increment
		sameDelay = sameDelay && p.Delay == tc.Periods[0].Delay
	}
	var parts []string
	for i, p := range tc.Periods {
		s := words(p.Time)
		if p.Moves > 0 {
			s += fmt.Sprintf("/%d moves", p.Moves)
			if i == len(tc.Periods)-1 {
				s += " repeating"
			}
		}
		if !sameInc && p.Increment > 0 {
			s += " +" + words(p.Increment) + " per move"
		}
		if !sameDelay && p.Delay > 0 {
			s += " (" + words(p.Delay) + " delay)"
		}
		parts = append(parts, s)
	}
	out := strings.Join(parts, " + ")
	if p := tc.Periods[0]; sameInc && p.Increment > 0 {
		out += ", +" + words(p.Increment) + " per move"
	}
	if p := tc.Periods[0]; sameDelay && p.Delay > 0 {
		out += ", " + words(p.Delay) + " delay per move"
	}
	return out
}

// words writes a duration as a scoresheet does: "90 min", "30 s",
// "2 min 30 s", "2.5 s".
func words(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		return fmt.Sprintf("%d min", d/time.Minute)
	case d > time.Minute:
		return fmt.Sprintf("%d min %s", d/time.Minute, words(d%time.Minute))
	case d%time.Second == 0:
		return fmt.Sprintf("%d s", d/time.Second)
	}
	return fmt.Sprintf("%g s", d.Seconds())
}

// describeTags describes the time control of a game's tags: TimeControl, or
// each side's when the game has time odds.
func describeTags(tc, white, black string) string {
	if white == "" && black == "" {
		return DescribeTimeControl(tc)
	}
	w, b := DescribeTimeControl(orTag(white, tc)), DescribeTimeControl(orTag(black, tc))
	return "White " + w + "; Black " + b
}

func orTag(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}
