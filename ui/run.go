package ui

import (
	"log"
	"os"
	"path/filepath"

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
		w.Open(path)
	}
	w.OfferRestore()
	w.StartTicker()
	w.Window().ShowAndRun()
	return 0
}
