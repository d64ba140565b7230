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
func DescribeTimeControl(tag string) string { return describe(tag, english) }

// describe is DescribeTimeControl in the words of tr.
func describe(tag string, tr Translate) string {
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
		return tr(wUntimed)
	case clock.TimeControlSandglass:
		return tr(wHourglass, map[string]any{"Time": words(tc.Sand/2, tr)})
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
		s := words(p.Time, tr)
		if p.Moves > 0 {
			s = tr(wMoves, map[string]any{"Time": s, "Moves": p.Moves})
			if i == len(tc.Periods)-1 {
				s = tr(wRepeating, map[string]any{"Period": s})
			}
		}
		if !sameInc && p.Increment > 0 {
			s = tr(wPerMove, map[string]any{"Period": s, "Time": words(p.Increment, tr)})
		}
		if !sameDelay && p.Delay > 0 {
			s = tr(wDelay, map[string]any{"Period": s, "Time": words(p.Delay, tr)})
		}
		parts = append(parts, s)
	}
	out := strings.Join(parts, " + ")
	if p := tc.Periods[0]; sameInc && p.Increment > 0 {
		out = tr(wAllPerMove, map[string]any{"Control": out, "Time": words(p.Increment, tr)})
	}
	if p := tc.Periods[0]; sameDelay && p.Delay > 0 {
		out = tr(wAllDelay, map[string]any{"Control": out, "Time": words(p.Delay, tr)})
	}
	return out
}

// words writes a duration as a scoresheet does: "90 min", "30 s",
// "2 min 30 s", "2.5 s", in the words of tr.
func words(d time.Duration, tr Translate) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		return tr(wMin, map[string]any{"Min": int64(d / time.Minute)})
	case d > time.Minute:
		return tr(wMinSec, map[string]any{"Min": int64(d / time.Minute), "Sec": words(d%time.Minute, tr)})
	case d%time.Second == 0:
		return tr(wSec, map[string]any{"Sec": int64(d / time.Second)})
	}
	return tr(wSec, map[string]any{"Sec": fmt.Sprintf("%g", d.Seconds())})
}

// describeTags describes the time control of a game's tags: TimeControl, or
// each side's when the game has time odds.
func describeTags(tc, white, black string, tr Translate) string {
	if white == "" && black == "" {
		return describe(tc, tr)
	}
	return tr(wOdds, map[string]any{"White": describe(orTag(white, tc), tr), "Black": describe(orTag(black, tc), tr)})
}

func orTag(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}
