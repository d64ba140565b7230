package widgets

import (
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
