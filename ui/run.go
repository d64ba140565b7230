package ui

import (
	"log"
	"os"
	"path/filepath"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/theme"

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
	fontsLoaded := loadFontsAside(theme.TextSize())
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
	fontsLoaded()
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

// loadFontsAside loads the bold and the italic text styles on a goroutine
// of their own while NewWindow builds the window (and loads the regular
// style), and returns the wait for it. Fyne parses a style's fonts, with
// the emoji font and a system fallback, the first time a text of it is
// measured: 6–18 ms a style on the UI goroutine, before the first frame.
// Call it after the app's theme is set; the wait must come before the
// window shows.
func loadFontsAside(size float32) (wait func()) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fyne.MeasureText("Mg", size, fyne.TextStyle{Bold: true})
		fyne.MeasureText("Mg", size, fyne.TextStyle{Italic: true})
	}()
	return wg.Wait
}
