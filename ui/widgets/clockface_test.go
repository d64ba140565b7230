package widgets

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"touchmove/app"
)

// A running clock's time changes at every tick (ten a second), and every
// change repainted the face, and so the window: 38–45 % of a core while a
// clock ran. The face is repainted only when its digits, its line or its
// colours change: once a second above the tenths, ten times below them.
func TestClockFaceRepaintsOnlyWhatChanges(t *testing.T) {
	test.NewTempApp(t)
	c := NewClockFace()
	w := test.NewWindow(c)
	defer w.Close()
	face := app.ClockFace{Running: true, Live: true, Moves: 3}
	at := func(d time.Duration) app.ClockFace { f := face; f.Time = d; return f }
	tests := []struct {
		name   string
		from   time.Duration // the ticks go from here down by 100 ms
		ticks  int
		paints int
		text   string // the digits after them
	}{
		{"seconds", 65*time.Second + 950*time.Millisecond, 30, 3, "1:02"},
		{"low time, the colours", 20*time.Second + 50*time.Millisecond, 3, 1, "0:19"},
		{"tenths", 9*time.Second + 950*time.Millisecond, 10, 10, "8.9"},
	}
	for _, tt := range tests {
		c.SetFace(at(tt.from+time.Millisecond), true) // a change of look: drawn before the ticks
		before := c.paints
		for i := range tt.ticks {
			c.SetFace(at(tt.from-time.Duration(i+1)*100*time.Millisecond), true)
		}
		if got := c.paints - before; got != tt.paints || c.Text() != tt.text {
			t.Errorf("%s: %d ticks repainted the face %d times, showing %q; want %d, %q", tt.name, tt.ticks, got, c.Text(), tt.paints, tt.text)
		}
	}
	// What the line under the digits shows is a change too.
	before := c.paints
	f := at(5 * time.Second)
	f.Moves++
	c.SetFace(f, true)
	if c.paints != before+1 || c.Info() != "4 moves" {
		t.Errorf("a move counted: %d repaints, info %q", c.paints-before, c.Info())
	}
}

// The window ticked ten times a second whatever the faces showed, each tick
// a wake of its loop. A face says when it next changes by itself, and the
// tick after that one shows the change: checked here by stepping the time
// down by that wait and reading the digits, from many starting times.
func TestClockFaceNextChange(t *testing.T) {
	test.NewTempApp(t)
	c := NewClockFace()
	const idle = 500 * time.Millisecond
	running := app.ClockFace{Running: true, Live: true}
	tests := []struct {
		name string
		face app.ClockFace
		want time.Duration
	}{
		{"stopped", app.ClockFace{Time: 90 * time.Second, Live: true}, idle},
		{"paused", app.ClockFace{Time: 90 * time.Second, Running: true, Paused: true, Live: true}, idle},
		{"seconds, capped at idle", app.ClockFace{Time: 90*time.Second + 900*time.Millisecond, Running: true, Live: true}, idle},
		{"seconds", app.ClockFace{Time: 90*time.Second + 300*time.Millisecond, Running: true, Live: true}, 302 * time.Millisecond},
		{"tenths", app.ClockFace{Time: 9*time.Second + 950*time.Millisecond, Running: true, Live: true}, 52 * time.Millisecond},
		{"the delay", app.ClockFace{Time: 90*time.Second + 400*time.Millisecond, DelayLeft: 1250 * time.Millisecond, Running: true, Live: true}, 52 * time.Millisecond},
		{"overstepped, tenths", app.ClockFace{Time: -1300 * time.Millisecond, Running: true, Live: true}, 102 * time.Millisecond},
		{"overstepped", app.ClockFace{Time: -15*time.Second - 800*time.Millisecond, Running: true, Live: true}, 202 * time.Millisecond},
		{"fallen", app.ClockFace{Time: 0, Flag: true, Running: true, Live: true}, idle},
	}
	for _, tt := range tests {
		c.SetFace(tt.face, true)
		if got := c.NextChange(idle); got != tt.want {
			t.Errorf("%s: next change in %v, want %v", tt.name, got, tt.want)
		}
	}
	c.SetFace(running, false)
	if got := c.NextChange(idle); got != idle {
		t.Errorf("hidden: next change in %v, want %v", got, idle)
	}
	// Walked down by the waits it asks for, a face shows every step of
	// its digits that a walk by the millisecond shows: none is missed.
	walk := func(start time.Duration, wait func() time.Duration) []string {
		f := running
		f.Time = start
		c.SetFace(f, true)
		seen := []string{c.Text()}
		for f.Time > -time.Second {
			f.Time -= wait()
			c.SetFace(f, true)
			if c.Text() != seen[len(seen)-1] {
				seen = append(seen, c.Text())
			}
		}
		return seen
	}
	for _, start := range []time.Duration{12*time.Second + 370*time.Millisecond, 10*time.Second + 3*time.Millisecond, 2 * time.Second} {
		fine := walk(start, func() time.Duration { return time.Millisecond })
		asked := walk(start, func() time.Duration { return c.NextChange(time.Second) })
		if strings.Join(asked, " ") != strings.Join(fine, " ") {
			t.Errorf("from %v: the waits NextChange asks show\n%v\nwant\n%v", start, asked, fine)
		}
	}
}
