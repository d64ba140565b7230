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
	host      clockDeskHost
	whiteLeft bool      // White sits on the left of the laptop: left Shift is White's clock
	clockKeys clockKeys // a Shift pressed alone, a clock key, told from a shortcut's
	lastTick  time.Time // wall time of the last clock tick, to notice a suspend
	stalled   bool      // a stall dialog is open
}

// clockDeskHost is what the clocks ask of their window (*Window,
// hosts.go): the session that keeps them, the players' panels that show
// them, the window (its closing, its dialogs' parent, its menu), the
// window's dialogs, the message line in the players' words, the low-time
// sound and the preferences.
type clockDeskHost interface {
	gameSession() *app.Session
	playerPanels() *playersPanel
	Window() fyne.Window
	mainMenu() *fyne.MainMenu
	windowDialogs() *dialogs
	report(err error)
	notice(text string)
	playerWords() *words
	playSound(k audio.Kind)
	preferences() fyne.Preferences
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
	cd.host.Window().SetOnClosed(func() { close(done) })
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
	s := cd.host.gameSession()
	if !first && gap > 2*time.Second && s.Timed() && s.Status().Live && !s.ClocksPaused() {
		if _, running := s.NextFlagAt(); running {
			// The clocks stop as of the last tick: the stall is charged to nobody.
			cd.host.report(s.PauseClocksAt(now.Add(-gap + 100*time.Millisecond)))
			cd.stallDialog(gap)
		}
	}
	s.Tick()
	s.DrillTimeout() // a timed drill's question whose time ran out
	cd.host.playerPanels().showClocks(s)
	if cd.host.playerPanels().lowTime(s) {
		cd.host.playSound(audio.LowTime)
	}
	return cd.host.playerPanels().nextChange(tickIdle)
}

func (cd *clockDesk) stallDialog(gap time.Duration) {
	if cd.stalled {
		return
	}
	cd.stalled = true
	answer, show := cd.host.windowDialogs().dialogKeys(dlgClockStall, func(ok bool) {
		cd.stalled = false
		// The players may have resumed them meanwhile (Ctrl+P).
		if ok && cd.host.gameSession().ClocksPaused() {
			cd.host.report(cd.host.gameSession().ResumeClocks())
		}
	})
	show(dialog.NewConfirm(lang.L("Clocks paused"),
		lang.L("The clocks did not tick for {{.Gap}} (the computer may have slept or the program was stopped).\nThey were paused at the last tick, so that time counts against nobody.\nResume them now?", map[string]any{"Gap": clock.FormatDisplay(gap, clock.TenthsNever)}),
		answer, cd.host.Window()))
}

// pressFace presses the clock of the player whose face was tapped.
func (cd *clockDesk) pressFace(top bool) {
	c := chess.White
	if top != cd.host.gameSession().Flipped() {
		c = chess.Black
	}
	cd.pressClock(c)
}

func (cd *clockDesk) pressClock(c chess.Color) {
	if cd.host.gameSession().Can(app.ActionPressClock).Enabled {
		cd.host.report(cd.host.gameSession().PressClock(c))
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
	s := cd.host.gameSession()
	var err error
	switch {
	case !s.Can(app.ActionPause).Enabled:
		cd.host.notice(cd.host.playerWords().say(s.Can(app.ActionPause).Why))
		return
	case s.Rules() == arbiter.RulesArbiter:
		err = s.ArbiterPause() // the arbiter's pause is logged in the score
	case s.ClocksPaused():
		err = s.ResumeClocks()
	default:
		err = s.PauseClocks()
	}
	cd.host.report(err)
}

func (cd *clockDesk) setTenths(d time.Duration) {
	cd.host.playerPanels().setTenths(d)
	settingKeys().tenthsBelowMs.set(cd.host.preferences(), int(d/time.Millisecond))
	cd.host.Window().SetMainMenu(cd.host.mainMenu())
}
