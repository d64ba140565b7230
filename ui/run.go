package ui

import (
	"log"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"touchmove/app"
	"touchmove/assets"
	"touchmove/audio"
)

// Run opens Touchmove's window, with the PGN file at path when it is not
// empty, and returns when the window closes. A game left by a crash is
// offered for restoring.
func Run(path string) int {
	a := fyneapp.NewWithID(AppID)
	if err := setUpLanguage(a.Preferences()); err != nil {
		fyne.LogError("translations", err)
	}
	a.SetIcon(assets.Icon())
	a.Settings().SetTheme(NewTheme())
	opts := []WindowOption{WithSounds(audio.NewPlayer(log.Printf))}
	if dir, err := os.UserConfigDir(); err == nil {
		opts = append(opts, WithJournals(app.NewJournals(filepath.Join(dir, "touchmove"))))
	}
	if dir, err := os.UserCacheDir(); err == nil {
		opts = append(opts, WithIndexCache(filepath.Join(dir, "touchmove", "index")))
	}
	w := NewWindow(a, opts...)
	if path != "" {
		w.files.open(path)
	}
	// Nothing of these shows in the first frame: the clocks' ticker and
	// the question about a game left by a crash wait until it is drawn.
	afterFirstFrame(func() {
		w.clocks.startTicker()
		w.OfferRestore()
		w.eboard.reconnect()
	}).Start()
	w.Window().ShowAndRun()
	return 0
}

// afterFirstFrame returns an animation that runs f on the Fyne goroutine
// once, after the window's first frame: the driver ticks animations just
// before it paints each frame, so the second tick comes after the first
// frame. Should the animation end at its first tick (a start so slow that
// its second has passed), f runs then.
func afterFirstFrame(f func()) *fyne.Animation {
	ticks := 0
	a := &fyne.Animation{Duration: 10 * time.Second}
	a.Tick = func(done float32) {
		ticks++
		if ticks == 2 || (ticks == 1 && done >= 1) {
			a.Stop()
			f()
		}
	}
	return a
}
