package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/audio"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

// clockDesk is the window's side of the clocks: the ticker that repaints
// them, the stall check, the presses (the faces, the Shift keys, the Game
// menu), the pause and the tenths. The window has one (Window.clocks).
type clockDesk struct {
	w         *Window
	whiteLeft bool      // White sits on the left of the laptop: left Shift is White's clock
	clockKeys clockKeys // a Shift pressed alone, a clock key, told from a shortcut's
	lastTick  time.Time // wall time of the last clock tick, to notice a suspend
	stalled   bool      // a stall dialog is open
}

// tickIdle is the longest wait between two ticks of the clocks: the wait
// while no clock runs, and the most a running one waits for its next step.
const tickIdle = 500 * time.Millisecond

// startTicker repaints the clocks until the window closes. A tick comes
// when a running face is next due to change (NextChange: once a second,
// ten times under the tenths), at least every tickIdle: each wakes the
// window's loop, which costs a laptop's battery through a long game
// (issue 45). The times come from the clock's monotonic arithmetic; the
// ticks only repaint. A gap of more than two seconds between ticks (a
// suspended laptop, a stalled machine) pauses the clocks and asks.
func (cd *clockDesk) startTicker() {
	done := make(chan struct{})
	cd.w.win.SetOnClosed(func() { close(done) })
	next := make(chan time.Duration, 1)
	go func() {
		t := time.NewTimer(tickIdle)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				fyne.Do(func() { next <- cd.tick(now) })
			case d := <-next:
				t.Reset(d)
			}
		}
	}()
}

// tick rules on the flags, repaints the faces and returns how long until
// the next tick.
func (cd *clockDesk) tick(now time.Time) time.Duration {
	gap := now.Sub(cd.lastTick)
	first := cd.lastTick.IsZero()
	cd.lastTick = now
	s := cd.w.session
	if !first && gap > 2*time.Second && s.Timed() && s.Status().Live && !s.ClocksPaused() {
		if _, running := s.NextFlagAt(); running {
			// The clocks stop as of the last tick: the stall is charged to nobody.
			cd.w.report(s.PauseClocksAt(now.Add(-gap + 100*time.Millisecond)))
			cd.stallDialog(gap)
		}
	}
	s.Tick()
	cd.w.players.showClocks(s)
	if cd.w.players.lowTime(s) {
		cd.w.playSound(audio.LowTime)
	}
	return cd.w.players.nextChange(tickIdle)
}

func (cd *clockDesk) stallDialog(gap time.Duration) {
	if cd.stalled {
		return
	}
	cd.stalled = true
	answer, show := cd.w.dlg.dialogKeys(dlgClockStall, func(ok bool) {
		cd.stalled = false
		// The players may have resumed them meanwhile (Ctrl+P).
		if ok && cd.w.session.ClocksPaused() {
			cd.w.report(cd.w.session.ResumeClocks())
		}
	})
	show(dialog.NewConfirm(lang.L("Clocks paused"),
		lang.L("The clocks did not tick for {{.Gap}} (the computer may have slept or the program was stopped).\nThey were paused at the last tick, so that time counts against nobody.\nResume them now?", map[string]any{"Gap": clock.FormatDisplay(gap, clock.TenthsNever)}),
		answer, cd.w.win))
}

// pressFace presses the clock of the player whose face was tapped.
func (cd *clockDesk) pressFace(top bool) {
	c := chess.White
	if top != cd.w.session.Flipped() {
		c = chess.Black
	}
	cd.pressClock(c)
}

func (cd *clockDesk) pressClock(c chess.Color) {
	if cd.w.session.Can(app.ActionPressClock).Enabled {
		cd.w.report(cd.w.session.PressClock(c))
	}
}

// keyDown and keyUp handle the clock keys: left Shift for the player on the
// left of the laptop, right Shift for the one on the right. The clock is
// pressed when the Shift key comes up having been pressed alone: the Shift
// of a shortcut never presses it (clockKeys).
func (cd *clockDesk) keyDown(ev *fyne.KeyEvent) { cd.clockKeys.down(ev.Name) }

func (cd *clockDesk) keyUp(ev *fyne.KeyEvent) {
	switch cd.clockKeys.up(ev.Name) {
	case desktop.KeyShiftLeft:
		if cd.whiteLeft {
			cd.pressClock(chess.White)
		} else {
			cd.pressClock(chess.Black)
		}
	case desktop.KeyShiftRight:
		if cd.whiteLeft {
			cd.pressClock(chess.Black)
		} else {
			cd.pressClock(chess.White)
		}
	}
}

// togglePause pauses or resumes the clocks.
func (cd *clockDesk) togglePause() {
	s := cd.w.session
	var err error
	switch {
	case !s.Can(app.ActionPause).Enabled:
		cd.w.notice(cd.w.words.say(s.Can(app.ActionPause).Why))
		return
	case s.Rules() == arbiter.RulesArbiter:
		err = s.ArbiterPause() // the arbiter's pause is logged in the score
	case s.ClocksPaused():
		err = s.ResumeClocks()
	default:
		err = s.PauseClocks()
	}
	cd.w.report(err)
}

func (cd *clockDesk) setTenths(d time.Duration) {
	cd.w.players.setTenths(d)
	settingKeys().tenthsBelowMs.set(cd.w.app.Preferences(), int(d/time.Millisecond))
	cd.w.win.SetMainMenu(cd.w.mainMenu())
}
