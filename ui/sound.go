package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"touchmove/audio"
)

// soundSettings is the View menu's choice of sounds and the player they go to.
type soundSettings struct {
	on     bool        // play sounds at all
	clock  bool        // the clock's warnings too (off by default, clocks.md §6.4)
	volume float64     // 0 to 1
	player soundPlayer // nil: the window is silent (tests)
}

// soundPlayer is what plays the sounds: an *audio.Player, or a test's fake.
type soundPlayer interface {
	Play(k audio.Kind, volume float64)
	Err() error
}

// soundVolumes are the View menu's volume steps.
var soundVolumes = []float64{0.25, 0.5, 0.75, 1}

// WithSounds plays the window's sounds on p, which the app's windows share
// (the sound device opens once per process). Without it the window is silent.
// When the device turns out to be missing (it opens on the first sound),
// the Sounds menu says "(no sound device)" and the message line why.
func WithSounds(p *audio.Player) WindowOption {
	return func(w *Window) {
		if p != nil {
			w.sound.player = p
			w.watchSound()
		}
	}
}

// watchSound has the player, when it can, tell the window that it went
// silent.
func (w *Window) watchSound() {
	if p, ok := w.sound.player.(interface{ OnFail(func(error)) }); ok {
		p.OnFail(func(error) { fyne.Do(w.soundFailed) })
	}
}

// soundFailed tells that the sound device is missing: in the Sounds menu
// and on the message line.
func (w *Window) soundFailed() {
	if w.win == nil || w.life.Err() != nil {
		return // not built yet (the menu will say it), or closed
	}
	w.win.SetMainMenu(w.mainMenu())
	w.status.noticeAside(lang.L("No sound device was found: sounds are off. They come back at the next start once one is there."))
}

// loadSoundPrefs reads the sound settings kept in prefs.
func (w *Window) loadSoundPrefs(prefs fyne.Preferences) {
	w.sound.on = settingKeys().sounds.get(prefs)
	w.sound.clock = settingKeys().clockSounds.get(prefs)
	w.sound.volume = settingKeys().soundVolume.get(prefs)
}

// playSound plays sound k when sounds are on (and, for the clock's LowTime
// warning, clock warnings too). It never blocks; with no sound device it
// does nothing.
func (w *Window) playSound(k audio.Kind) {
	if !w.sound.on || w.sound.player == nil || (k == audio.LowTime && !w.sound.clock) {
		return
	}
	w.sound.player.Play(k, w.sound.volume)
}

// soundMenu returns the View menu's Sounds item: on or off, the clock's
// warnings, and the volume.
func (w *Window) soundMenu() *fyne.MenuItem {
	set := func(s soundSettings) {
		w.sound = s
		prefs := w.app.Preferences()
		settingKeys().sounds.set(prefs, s.on)
		settingKeys().clockSounds.set(prefs, s.clock)
		settingKeys().soundVolume.set(prefs, s.volume)
		w.win.SetMainMenu(w.mainMenu())
		w.playSound(audio.Move) // a sample at the new volume
	}
	onOff := fyne.NewMenuItem(lang.L("Play sounds"), func() { s := w.sound; s.on = !s.on; set(s) })
	onOff.Checked = w.sound.on
	clock := fyne.NewMenuItem(lang.L("Clock warnings (10 s and the last 5 s)"), func() { s := w.sound; s.clock = !s.clock; set(s) })
	clock.Checked = w.sound.clock
	clock.Disabled = !w.sound.on
	items := []*fyne.MenuItem{onOff, clock, fyne.NewMenuItemSeparator()}
	for _, v := range soundVolumes {
		it := fyne.NewMenuItem(lang.L("Volume {{.Percent}}%", map[string]any{"Percent": int(v * 100)}), func() { s := w.sound; s.on, s.volume = true, v; set(s) })
		it.Checked = w.sound.on && w.sound.volume == v
		items = append(items, it)
	}
	label := lang.L("Sounds")
	if w.sound.player != nil && w.sound.player.Err() != nil {
		label = lang.L("Sounds (no sound device)")
	}
	sound := fyne.NewMenuItem(label, nil)
	sound.ChildMenu = fyne.NewMenu("", items...)
	return sound
}

// beepDue reports whether a running clock that went from prev to now whole
// seconds should beep: at 10 seconds left and at each of the last five, as
// a DGT 2010 does (clocks.md §6.4).
func beepDue(prev, now int) bool {
	if now >= prev {
		return false
	}
	return now == 10 || (now >= 0 && now < 5)
}
