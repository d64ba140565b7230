package widgets

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/clock"
	"touchmove/ui/contrast"
)

// lowTime is when a running clock turns red.
const lowTime = 20 * time.Second

// ClockFace shows one player's clock: large digits, obvious from across a
// table when it runs, red when time is short, a flag when it fell, the delay
// left and the move counter. Tapping it is that player's clock press.
type ClockFace struct {
	widget.BaseWidget
	OnTapped func() // a tap on the face: that player's clock press

	face        app.ClockFace
	shown       bool
	tenthsBelow time.Duration
	showCounter bool
	drawn       look // what the renderer drew last
	paints      int  // the renderer's refreshes, for the tests

	bg     *canvas.Rectangle
	digits *canvas.Text
	info   *canvas.Text
}

var _ fyne.Tappable = (*ClockFace)(nil)

// NewClockFace returns a clock face showing nothing until SetFace.
func NewClockFace() *ClockFace {
	c := &ClockFace{
		bg:          canvas.NewRectangle(color.Transparent),
		digits:      canvas.NewText("", theme.Color(theme.ColorNameForeground)),
		info:        canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder)),
		tenthsBelow: clock.TenthsDefault,
		showCounter: true,
	}
	c.bg.CornerRadius = 6
	c.digits.TextStyle = fyne.TextStyle{Monospace: true}
	c.digits.TextSize = 34
	c.digits.Alignment = fyne.TextAlignCenter
	c.info.TextSize = 11
	c.info.Alignment = fyne.TextAlignCenter
	c.ExtendBaseWidget(c)
	return c
}

// SetFace shows f; shown false hides the digits (an untimed game). The
// face is repainted only when what it draws changes: a running clock's
// time changes at every tick, its digits once a second (above the tenths),
// and a repaint costs the whole window's frame.
func (c *ClockFace) SetFace(f app.ClockFace, shown bool) {
	if c.face == f && c.shown == shown {
		return
	}
	c.face, c.shown = f, shown
	if c.look() == c.drawn {
		return
	}
	c.Refresh()
}

// NextChange returns how long until what the face draws changes by itself:
// the next step of its digits or of its delay while its clock runs, at
// most idle (the window ticks then, not ten times a second).
func (c *ClockFace) NextChange(idle time.Duration) time.Duration {
	f := c.face
	if !c.shown || !f.Running || f.Paused || f.Flag {
		return idle
	}
	next := min(idle, untilStep(f.Time, c.tenthsBelow))
	if f.DelayLeft > 0 {
		next = min(next, untilStep(f.DelayLeft, time.Hour))
	}
	return next
}

// untilStep returns how long until a running time d, counting down, is
// shown otherwise by clock.FormatDisplay with tenths below tenthsBelow:
// the digits are cut to the second (or tenth), so they step when d passes
// a whole one; lowTime, a whole second, is passed on a step too. A little
// is added so that the step has been taken when the face is read.
func untilStep(d, tenthsBelow time.Duration) time.Duration {
	const past = 2 * time.Millisecond
	unit := time.Second
	if max(d, -d) < tenthsBelow {
		unit = 100 * time.Millisecond
	}
	if d < 0 { // an overstepped time grows away from zero
		return unit - (-d)%unit + past
	}
	return d%unit + past
}

// Face returns what the face shows.
func (c *ClockFace) Face() app.ClockFace { return c.face }

// Text returns the digits on show.
func (c *ClockFace) Text() string { return c.digits.Text }

// Info returns the line under the digits on show: the delay left, the
// move counter and period, paused.
func (c *ClockFace) Info() string { return c.info.Text }

// SetTenthsBelow sets below which reading tenths of a second are shown.
func (c *ClockFace) SetTenthsBelow(d time.Duration) {
	c.tenthsBelow = d
	c.Refresh()
}

// SetShowCounter shows or hides the move counter and period.
func (c *ClockFace) SetShowCounter(on bool) {
	c.showCounter = on
	c.Refresh()
}

// Tapped is part of fyne.Tappable: the player presses his clock.
func (c *ClockFace) Tapped(*fyne.PointEvent) {
	if c.OnTapped != nil {
		c.OnTapped()
	}
}

// CreateRenderer is part of fyne.Widget.
func (c *ClockFace) CreateRenderer() fyne.WidgetRenderer {
	// The digits name the theme's monospaced font as their source: Fyne
	// then loads that one font, where the Monospace style loads it with a
	// second copy of the 4 MB emoji font and a system monospaced font as
	// fallbacks (a glyph missing from it still falls back to the system's
	// fonts). Nothing else in the first frame is monospaced, so that saves
	// 6 MB of heap (startupprof: 28.8 → 22.6 MB in use at 5 s) and ~45 ms
	// before the window shows (measuring "0:00:00" first: 4 ms against 49
	// in the quietest of three runs); the digits are pixel for pixel the
	// same.
	c.digits.FontSource = c.Theme().Font(c.digits.TextStyle)
	r := &clockRenderer{c: c, objs: []fyne.CanvasObject{c.bg, c.digits, c.info}}
	r.Refresh()
	return r
}

type clockRenderer struct {
	c    *ClockFace
	objs []fyne.CanvasObject
}

func (r *clockRenderer) Layout(s fyne.Size) {
	c := r.c
	c.bg.Resize(s)
	dm := c.digits.MinSize()
	im := c.info.MinSize()
	c.digits.Resize(fyne.NewSize(s.Width, dm.Height))
	c.digits.Move(fyne.NewPos(0, (s.Height-dm.Height-im.Height)/2))
	c.info.Resize(fyne.NewSize(s.Width, im.Height))
	c.info.Move(fyne.NewPos(0, c.digits.Position().Y+dm.Height))
}

func (r *clockRenderer) MinSize() fyne.Size {
	d := r.c.digits
	dm := (&canvas.Text{Text: "0:00:00", TextSize: d.TextSize, TextStyle: d.TextStyle, FontSource: d.FontSource}).MinSize()
	im := r.c.info.MinSize()
	return fyne.NewSize(dm.Width+24, dm.Height+im.Height+12)
}

func (r *clockRenderer) Refresh() {
	c := r.c
	l := c.look()
	c.drawn = l
	c.paints++
	c.digits.Text, c.info.Text = l.digits, l.info
	c.bg.FillColor = l.bg
	c.digits.Color, c.info.Color = l.fg, l.infoFg
	c.bg.Refresh()
	c.digits.Refresh()
	c.info.Refresh()
}

// look is what a face draws, decided by look.
type look struct {
	digits, info   string
	bg, fg, infoFg color.Color
}

// look returns what the face draws now: the digits and the line under
// them, in the colours of a stopped, running, low or fallen clock.
func (c *ClockFace) look() look {
	f := c.face
	fg := theme.Color(theme.ColorNameForeground)
	var l look
	switch {
	case !c.shown:
		l.bg = color.Transparent
	default:
		l.digits = clock.FormatDisplay(f.Time, c.tenthsBelow)
		info := ""
		if f.DelayLeft > 0 {
			info = lang.L("delay {{.Time}}", map[string]any{"Time": clock.FormatDisplay(f.DelayLeft, time.Hour)})
		}
		if c.showCounter && f.Live {
			if info != "" {
				info += " · "
			}
			info += lang.N("{{.Count}} moves", f.Moves, map[string]any{"Count": f.Moves})
			if f.Period > 0 {
				info += " · " + lang.L("period {{.Number}}", map[string]any{"Number": f.Period + 1})
			}
		}
		switch {
		case f.Flag:
			l.digits = "⚑ " + l.digits
			l.bg = color.NRGBA{R: 170, G: 30, B: 30, A: 255}
			fg = color.White
		case f.Running && !f.Paused:
			stopped := contrast.Over(theme.Color(theme.ColorNameInputBackground), theme.Color(theme.ColorNameBackground))
			l.bg, fg = RunningFace(stopped, f.Time < lowTime)
		default:
			l.bg = theme.Color(theme.ColorNameInputBackground)
			if f.Paused {
				info = lang.L("paused") + " · " + info
			}
		}
		l.info = info
	}
	l.fg, l.infoFg = fg, fg
	if fg == theme.Color(theme.ColorNameForeground) {
		l.infoFg = theme.Color(theme.ColorNamePlaceHolder)
	}
	return l
}

func (r *clockRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *clockRenderer) Destroy()                     {}

// RunningFace returns the background and the digits' colour of a running
// clock, which must stand out from a stopped one, whose face is stopped
// (the theme's input background): a light face with dark digits on a dark
// theme, a dark one with light digits on a light theme, red when the time
// is low. ui/theme_test.go checks the contrast of both in both variants.
func RunningFace(stopped color.Color, low bool) (bg, fg color.NRGBA) {
	light := contrast.Luminance(stopped) > 0.5
	switch {
	case light && low:
		return color.NRGBA{R: 196, G: 24, B: 24, A: 255}, color.NRGBA{R: 255, G: 255, B: 255, A: 255}
	case light:
		return color.NRGBA{R: 38, G: 50, B: 56, A: 255}, color.NRGBA{R: 250, G: 250, B: 250, A: 255}
	case low:
		return color.NRGBA{R: 255, G: 205, B: 200, A: 255}, color.NRGBA{R: 180, G: 0, B: 0, A: 255}
	}
	return color.NRGBA{R: 245, G: 245, B: 240, A: 255}, color.NRGBA{R: 20, G: 20, B: 20, A: 255}
}
