package clock

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Thresholds for FormatDisplay's tenths of a second (clocks.md §6.1).
const (
	// TenthsDefault shows tenths below 10 s (the lichess default).
	TenthsDefault = 10 * time.Second
	// TenthsNever never shows tenths.
	TenthsNever time.Duration = 0
	// TenthsAlways always shows tenths.
	TenthsAlways time.Duration = math.MaxInt64
)

// FormatDisplay formats a clock face: "h:mm:ss" from 1 h, "m:ss" below, and
// with tenths below tenthsBelow ("9.7" under a minute, "m:ss.t" or
// "h:mm:ss.t" above it when tenthsBelow is larger). Values are truncated
// toward zero, never rounded up, so the face reads 0 only when the time is
// up. A negative time gets a leading "-".
func FormatDisplay(d, tenthsBelow time.Duration) string {
	sign := ""
	if d < 0 {
		sign = "-"
		if d == math.MinInt64 {
			d++
		}
		d = -d
	}
	if d < tenthsBelow {
		t := int64(d / (100 * time.Millisecond))
		if t == 0 {
			sign = ""
		}
		s, tenth := t/10, t%10
		switch {
		case s < 60:
			return fmt.Sprintf("%s%d.%d", sign, s, tenth)
		case s < 3600:
			return fmt.Sprintf("%s%d:%02d.%d", sign, s/60, s%60, tenth)
		}
		return fmt.Sprintf("%s%d:%02d:%02d.%d", sign, s/3600, s/60%60, s%60, tenth)
	}
	s := int64(d / time.Second)
	if s == 0 {
		sign = ""
	}
	if s < 3600 {
		return fmt.Sprintf("%s%d:%02d", sign, s/60, s%60)
	}
	return fmt.Sprintf("%s%d:%02d:%02d", sign, s/3600, s/60%60, s%60)
}

// FormatPGNClock formats d as a PGN clock reading for [%clk], [%emt],
// WhiteClock and BlackClock: "h:mm:ss", followed by the fraction of a
// second when d has one, to the millisecond with its trailing zeros cut
// ("0:00:07.3"), so that a reading read from a file is written back as it
// was. A caller that wants whole seconds truncates d first. Negative times
// are written as 0:00:00.
func FormatPGNClock(d time.Duration) string {
	ms := int64(max(d, 0) / time.Millisecond)
	s, f := ms/1000, ms%1000
	out := fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	if f != 0 {
		out += strings.TrimRight(fmt.Sprintf(".%03d", f), "0")
	}
	return out
}

// ParsePGNClock parses a PGN clock reading: "h:mm:ss" or "hh:mm:ss", each
// optionally with a decimal fraction of a second ("1:05:03.25"), and the
// short form "m:ss" found in the wild ("04:57", "4:57.3", "75:00"), which is
// also how a clock face shows a time under an hour: "9:30" is nine minutes
// and a half, never nine hours and a half. Surrounding spaces are ignored.
// It is the one reader of clock readings: the game tree's [%clk] and [%emt]
// commands, the clock tags and the arbiter's time entry all use it.
func ParsePGNClock(s string) (time.Duration, error) {
	text := strings.TrimSpace(s)
	bad := func(msg string) (time.Duration, error) {
		return 0, &SyntaxError{Text: s, Offset: 0, Msg: msg}
	}
	fields := strings.Split(text, ":")
	if len(fields) < 2 || len(fields) > 3 {
		return bad("expected h:mm:ss")
	}
	last := fields[len(fields)-1]
	secPart, frac, hasFrac := strings.Cut(last, ".")
	if hasFrac && (frac == "" || !allDigits(frac)) {
		return bad("bad fraction of a second")
	}
	fields[len(fields)-1] = secPart
	for _, f := range fields {
		if f == "" || !allDigits(f) {
			return bad("fields must be digits")
		}
	}
	for _, f := range fields[1:] {
		if len(f) > 2 {
			return bad("minutes and seconds take at most two digits")
		}
	}
	if len(fields[0]) > 6 {
		return bad("too many hours")
	}
	n := make([]int64, len(fields))
	for i, f := range fields {
		n[i], _ = strconv.ParseInt(f, 10, 64) // at most 6 digits: cannot fail
	}
	var h, m, sec int64
	if len(n) == 3 { // h:mm:ss
		h, m, sec = n[0], n[1], n[2]
		if m > 59 {
			return bad("minutes and seconds must be below 60")
		}
	} else { // m:ss
		m, sec = n[0], n[1]
	}
	if sec > 59 {
		return bad("minutes and seconds must be below 60")
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second
	if hasFrac {
		f, _ := decimalSeconds("0." + frac)
		d += f
	}
	if d > maxTime {
		return 0, fmt.Errorf("%w: clock %q", ErrRange, s)
	}
	return d, nil
}

func allDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// ClockTag is the value of the PGN Clock tag of an unfinished game:
// "W/h:mm:ss" or "B/h:mm:ss" for the side whose clock is running and its
// reading, "N/h:mm:ss" when the clocks are stopped.
type ClockTag struct {
	Side Side          // the running side, or NoSide for "N"
	Time time.Duration // the reading
}

// clockTagLetters holds the letter of each side in a Clock tag, indexed by
// Side: White, Black and NoSide.
const clockTagLetters = "WBN"

// ParseClockTag parses a Clock tag value such as "W/1:23:45" (the letter
// may be lower case; the reading as for ParsePGNClock).
func ParseClockTag(s string) (ClockTag, error) {
	text := strings.TrimSpace(s)
	letter, reading, ok := strings.Cut(text, "/")
	letter = strings.ToUpper(letter)
	side := strings.Index(clockTagLetters, letter)
	if !ok || len(letter) != 1 || side < 0 {
		return ClockTag{}, &SyntaxError{Text: s, Msg: `expected "W/", "B/" or "N/"`}
	}
	d, err := ParsePGNClock(reading)
	if err != nil {
		return ClockTag{}, fmt.Errorf("%w (Clock tag %q)", err, s)
	}
	return ClockTag{Side: Side(side), Time: d}, nil
}

// String returns the tag value, e.g. "B/0:04:57", in whole seconds.
func (t ClockTag) String() string {
	return string(clockTagLetters[min(t.Side, NoSide)]) + "/" + FormatPGNClock(t.Time.Truncate(time.Second))
}
