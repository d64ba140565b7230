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

// The window's clocks: the ticker that repaints them, the stall check, the
// presses (the faces, the Shift keys, the Game menu) and the pause.

// StartTicker repaints the clocks ten times a second until the window
// closes. The times come from the clock's monotonic arithmetic; the ticks
// only repaint. A gap of more than two seconds between ticks (a suspended
// laptop, a stalled machine) pauses the clocks and asks.
func (w *Window) StartTicker() {
	done := make(chan struct{})
	w.win.SetOnClosed(func() { close(done) })
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-t.C:
				fyne.Do(func() { w.tick(now) })
			}
		}
	}()
}

func (w *Window) tick(now time.Time) {
	gap := now.Sub(w.lastTick)
	first := w.lastTick.IsZero()
	w.lastTick = now
	s := w.session
	if !first && gap > 2*time.Second && s.Timed() && s.Status().Live && !s.ClocksPaused() {
		if _, running := s.NextFlagAt(); running {
			// The clocks stop as of the last tick: the stall is charged to nobody.
			w.report(s.PauseClocksAt(now.Add(-gap + 100*time.Millisecond)))
			w.stallDialog(gap)
		}
	}
	s.Tick()
	w.players.showClocks(s)
	if w.players.lowTime(s) {
		w.playSound(audio.LowTime)
	}
}

func (w *Window) stallDialog(gap time.Duration) {
	if w.stalled {
		return
	}
	w.stalled = true
	answer, show := w.dlg.dialogKeys(func(ok bool) {
		w.stalled = false
		// The players may have resumed them meanwhile (Ctrl+P).
		if ok && w.session.ClocksPaused() {
			w.report(w.session.ResumeClocks())
		}
	})
	show(dialog.NewConfirm(lang.L("Clocks paused"),
		lang.L("The clocks did not tick for {{.Gap}} (the computer may have slept or the program was stopped).\nThey were paused at the last tick, so that time counts against nobody.\nResume them now?", map[string]any{"Gap": clock.FormatDisplay(gap, clock.TenthsNever)}),
		answer, w.win))
}

// pressFace presses the clock of the player whose face was tapped.
func (w *Window) pressFace(top bool) {
	c := chess.White
	if top != w.session.Flipped() {
		c = chess.Black
	}
	w.pressClock(c)
}

func (w *Window) pressClock(c chess.Color) {
	if w.session.Can(app.ActionPressClock).Enabled {
		w.report(w.session.PressClock(c))
	}
}

// keyDown and keyUp handle the clock keys: left Shift for the player on the
// left of the laptop, right Shift for the one on the right. The clock is
// pressed when the Shift key comes up having been pressed alone: the Shift
// of a shortcut never presses it (clockKeys).
func (w *Window) keyDown(ev *fyne.KeyEvent) { w.clockKeys.down(ev.Name) }

func (w *Window) keyUp(ev *fyne.KeyEvent) {
	switch w.clockKeys.up(ev.Name) {
	case desktop.KeyShiftLeft:
		if w.whiteLeft {
			w.pressClock(chess.White)
		} else {
			w.pressClock(chess.Black)
		}
	case desktop.KeyShiftRight:
		if w.whiteLeft {
			w.pressClock(chess.Black)
		} else {
			w.pressClock(chess.White)
		}
	}
}

// togglePause pauses or resumes the clocks.
func (w *Window) togglePause() {
	s := w.session
	var err error
	switch {
	case !s.Can(app.ActionPause).Enabled:
		w.notice(w.words.say(s.Can(app.ActionPause).Why))
		return
	case s.Rules() == arbiter.RulesArbiter:
		err = s.ArbiterPause() // the arbiter's pause is logged in the score
	case s.ClocksPaused():
		err = s.ResumeClocks()
	default:
		err = s.PauseClocks()
	}
	w.report(err)
}

func (w *Window) setTenths(d time.Duration) {
	w.players.setTenths(d)
	w.app.Preferences().SetInt("tenthsBelowMs", int(d/time.Millisecond))
	w.win.SetMainMenu(w.mainMenu())
}
