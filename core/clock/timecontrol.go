package clock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// TimeControlKind tells what a PGN TimeControl value holds.
type TimeControlKind uint8

// The kinds of TimeControl values (pgn.md §4). The zero value is unknown.
const (
	TimeControlUnknown   TimeControlKind = iota // "?"
	TimeControlUntimed                          // "-"
	TimeControlPeriods                          // descriptors such as "40/5400+30:1800+30"
	TimeControlSandglass                        // "*S"
	TimeControlText                             // not understood; Raw keeps the text
)

// TimeControl is the value of a PGN TimeControl tag.
type TimeControl struct {
	Kind TimeControlKind
	// Periods holds the descriptors of a TimeControlPeriods value, in
	// order; the last repeats when its Moves > 0.
	Periods []Period
	// Sand is the total time of a TimeControlSandglass value; each side
	// starts with half of it.
	Sand time.Duration
	// DelayKind applies to delays ("SdD"); it comes from the AppClockMode
	// tag, not from the TimeControl text.
	DelayKind DelayKind
	// Raw is the text as parsed. String returns it for TimeControlText.
	Raw string
}

// ParseTimeControl parses a PGN TimeControl value: "?", "-", "*S" and ":"
// separated descriptors "M/S", "S", "S+I", the extension "M/S+I" and the
// delay extension "SdD", with times in seconds that may have decimals
// ("60+0.5") and spaces around the separators.
//
// Text that is not understood is kept, not lost: the result then has Kind
// TimeControlText and Raw set, and the error (a *SyntaxError) says why.
// Tolerant importers keep the result and may ignore the error.
func ParseTimeControl(s string) (TimeControl, error) {
	tc, err := parseTimeControl(s)
	if err != nil {
		return TimeControl{Kind: TimeControlText, Raw: s}, err
	}
	tc.Raw = s
	return tc, nil
}

func parseTimeControl(s string) (TimeControl, error) {
	p := &tcScanner{s: s}
	p.space()
	switch strings.Trim(s, " \t") {
	case "":
		return TimeControl{}, p.errorf("empty time control")
	case "?":
		return TimeControl{Kind: TimeControlUnknown}, nil
	case "-":
		return TimeControl{Kind: TimeControlUntimed}, nil
	}
	if p.peek() == '*' {
		p.i++
		p.space()
		sand, err := p.seconds()
		if err != nil {
			return TimeControl{}, err
		}
		if p.space(); p.i < len(s) {
			return TimeControl{}, p.errorf("unexpected %q after the sandglass time", s[p.i:])
		}
		return TimeControl{Kind: TimeControlSandglass, Sand: sand}, nil
	}
	var tc TimeControl
	tc.Kind = TimeControlPeriods
	for {
		start := p.i
		per, err := p.descriptor()
		if err != nil {
			return TimeControl{}, err
		}
		tc.Periods = append(tc.Periods, per)
		if p.i == len(s) {
			return tc, nil
		}
		if p.peek() != ':' {
			return TimeControl{}, p.errorf("unexpected %q", s[p.i:])
		}
		if per.Moves == 0 {
			p.i = start
			return TimeControl{}, p.errorf("a descriptor without moves must be the last")
		}
		if len(tc.Periods) == maxPeriods {
			return TimeControl{}, p.errorf("more than %d descriptors", maxPeriods)
		}
		p.i++
	}
}

// tcScanner reads a time control left to right.
type tcScanner struct {
	s string
	i int
}

func (p *tcScanner) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *tcScanner) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *tcScanner) errorf(format string, args ...any) error {
	return &SyntaxError{Text: p.s, Offset: p.i, Msg: fmt.Sprintf(format, args...)}
}

// number reads digits with an optional decimal fraction.
func (p *tcScanner) number() (string, error) {
	start := p.i
	digits := 0
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		p.i, digits = p.i+1, digits+1
	}
	if p.peek() == '.' {
		p.i++
		for p.i < len(p.s) && isDigit(p.s[p.i]) {
			p.i, digits = p.i+1, digits+1
		}
	}
	if digits == 0 {
		p.i = start
		return "", p.errorf("expected a number")
	}
	return p.s[start:p.i], nil
}

// seconds reads a number of seconds.
func (p *tcScanner) seconds() (time.Duration, error) {
	start := p.i
	tok, err := p.number()
	if err != nil {
		return 0, err
	}
	d, ok := decimalSeconds(tok)
	if !ok {
		p.i = start
		return 0, p.errorf("time %s out of range", tok)
	}
	return d, nil
}

// descriptor reads [M/]S[+I][dD], in any order of +I and dD, with spaces.
func (p *tcScanner) descriptor() (Period, error) {
	var per Period
	p.space()
	start := p.i
	tok, err := p.number()
	if err != nil {
		return per, err
	}
	p.space()
	if p.peek() == '/' {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 || n > maxMoves {
			p.i = start
			return per, p.errorf("move count %s is not a whole number in 1..%d", tok, maxMoves)
		}
		per.Moves = n
		p.i++
		p.space()
		start = p.i
		if tok, err = p.number(); err != nil {
			return per, err
		}
		p.space()
	}
	d, ok := decimalSeconds(tok)
	if !ok {
		p.i = start
		return per, p.errorf("time %s out of range", tok)
	}
	per.Time = d
	haveInc, haveDelay := false, false
	for {
		switch c := p.peek(); {
		case c == '+' && !haveInc:
			p.i++
			p.space()
			if per.Increment, err = p.seconds(); err != nil {
				return per, err
			}
			haveInc = true
		case (c == 'd' || c == 'D') && !haveDelay:
			p.i++
			p.space()
			if per.Delay, err = p.seconds(); err != nil {
				return per, err
			}
			haveDelay = true
		default:
			return per, nil
		}
		p.space()
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// decimalSeconds converts "12", "0.5" or ".25" seconds to a Duration,
// truncating beyond nanoseconds; ok is false above maxTime.
func decimalSeconds(tok string) (d time.Duration, ok bool) {
	whole, frac, _ := strings.Cut(tok, ".")
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > 12 {
		return 0, false
	}
	var secs int64
	if whole != "" {
		v, err := strconv.ParseInt(whole, 10, 64)
		if err != nil {
			return 0, false
		}
		secs = v
	}
	if len(frac) > 9 {
		frac = frac[:9]
	}
	var ns int64
	if frac != "" {
		v, err := strconv.ParseInt(frac+strings.Repeat("0", 9-len(frac)), 10, 64)
		if err != nil {
			return 0, false
		}
		ns = v
	}
	if secs > int64(maxTime/time.Second) {
		return 0, false
	}
	d = time.Duration(secs)*time.Second + time.Duration(ns)
	return d, d <= maxTime
}

// formatSeconds writes d in seconds, with as many decimals as it needs.
func formatSeconds(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	s := strconv.FormatInt(int64(d/time.Second), 10)
	if ns := int64(d % time.Second); ns != 0 {
		s += "." + strings.TrimRight(fmt.Sprintf("%09d", ns), "0")
	}
	return sign + s
}

// String returns the canonical PGN form: "?", "-", "*S", Raw for text, or
// the descriptors as "M/S+IdD" joined by ":", omitting zero parts.
// For every parsed value, parsing String() gives the same value again.
func (tc TimeControl) String() string {
	switch tc.Kind {
	case TimeControlUnknown:
		return "?"
	case TimeControlUntimed:
		return "-"
	case TimeControlSandglass:
		return "*" + formatSeconds(tc.Sand)
	case TimeControlText:
		return tc.Raw
	}
	if len(tc.Periods) == 0 {
		return "?"
	}
	var b strings.Builder
	for i, p := range tc.Periods {
		if i > 0 {
			b.WriteByte(':')
		}
		if p.Moves > 0 {
			b.WriteString(strconv.Itoa(p.Moves))
			b.WriteByte('/')
		}
		b.WriteString(formatSeconds(p.Time))
		if p.Increment != 0 {
			b.WriteByte('+')
			b.WriteString(formatSeconds(p.Increment))
		}
		if p.Delay != 0 {
			b.WriteByte('d')
			b.WriteString(formatSeconds(p.Delay))
		}
	}
	return b.String()
}

// HasDelay reports whether any descriptor has a delay, in which case an
// exporter also writes the AppClockMode tag.
func (tc TimeControl) HasDelay() bool {
	return slices.ContainsFunc(tc.Periods, func(p Period) bool { return p.Delay != 0 })
}

// Control returns the clock setting of one side playing tc. A sandglass
// gives each side half the sand. "?", "-" and text set no clock and return
// ErrNoControl.
func (tc TimeControl) Control() (Control, error) {
	var c Control
	switch tc.Kind {
	case TimeControlPeriods:
		c = Control{Periods: slices.Clone(tc.Periods), DelayKind: tc.DelayKind}
	case TimeControlSandglass:
		c = Sandglass(tc.Sand / 2)
	default:
		return Control{}, fmt.Errorf("%w: %q", ErrNoControl, tc.String())
	}
	if err := c.Validate(); err != nil {
		return Control{}, fmt.Errorf("%w (time control %q)", err, tc.String())
	}
	return c, nil
}
