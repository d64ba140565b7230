package ui

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/theme"

	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/app/training"
	"touchmove/assets"
	"touchmove/audio"
)

// Run opens Touchmove's window, with the PGN file at path when it is not
// empty, and returns when the window closes. A game left by a crash is
// offered for restoring. firstFrame, when not nil, is called on the UI
// goroutine once the window's first frame is drawn (start-up traces, see
// atFirstTick).
func Run(path string, firstFrame func()) int {
	logPath, crashed := "", false
	if dir, err := os.UserConfigDir(); err == nil {
		if logPath, crashed, err = openLog(filepath.Join(dir, "touchmove")); err != nil {
			log.Print(err)
		}
	}
	a := fyneapp.NewWithID(AppID)
	if err := setUpLanguage(a.Preferences()); err != nil {
		fyne.LogError("translations", err)
	}
	a.SetIcon(assets.Icon())
	a.Settings().SetTheme(NewTheme())
	textLoaded, fontsLoaded := loadFontsAside(theme.TextSize())
	opts := []WindowOption{WithFontsAside(textLoaded), WithSounds(audio.NewPlayer(log.Printf))}
	if dir, err := os.UserConfigDir(); err == nil {
		opts = append(opts, WithJournals(store.NewJournals(filepath.Join(dir, "touchmove"))))
	}
	if path, err := training.DefaultPath(); err == nil {
		opts = append(opts, WithTrainingDeck(path))
	}
	if dir := library.IndexCacheDir(); dir != "" {
		opts = append(opts, WithIndexCache(dir)) // the one the commands use
	}
	w, err := newWindowOrNoDisplay(a, opts...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "touchmove: cannot open a window on %s (%v).\n"+
			"The window needs a desktop (X11, or Wayland with XWayland); the commands\n"+
			"(touchmove pgn check, analyze, scoresheet, …) need none: touchmove -h lists them.\n", displayName(), err)
		return 1
	}
	if path != "" {
		w.files.open(path)
	}
	// Nothing of these shows in the first frame: the clocks' ticker and
	// the question about a game left by a crash wait until it is drawn.
	if firstFrame != nil {
		atFirstTick(firstFrame).Start()
	}
	afterFirstFrame(func() {
		w.checkLayoutAhead()
		w.clocks.startTicker()
		if crashed {
			w.tellCrash(logPath, w.OfferRestore)
		} else {
			w.OfferRestore()
		}
		w.eboard.reconnect()
		crashTest()
	}).Start()
	fontsLoaded()
	w.Window().ShowAndRun()
	return 0
}

// newWindowOrNoDisplay is NewWindow, with the failure to start the GL
// driver as an error: with no display to open (no DISPLAY, an X server that
// refuses), GLFW cannot start and Fyne panics with its error. Any other
// panic goes on.
func newWindowOrNoDisplay(a fyne.App, opts ...WindowOption) (w *Window, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok || !glfwStartError(e) {
				panic(r)
			}
			err = e
		}
	}()
	return NewWindow(a, opts...), nil
}

// displayName names the display the window was to open on.
func displayName() string {
	if d := os.Getenv("DISPLAY"); d != "" {
		return "display " + d
	}
	return "any display: DISPLAY is not set"
}

// glfwStartError reports whether err is GLFW's when it cannot start: the
// driver panics with "NotInitialized: …" after "PlatformError: X11: …".
func glfwStartError(err error) bool {
	msg := err.Error()
	return strings.HasPrefix(msg, "NotInitialized:") || strings.HasPrefix(msg, "PlatformError:") || strings.HasPrefix(msg, "APIUnavailable:")
}

// afterFirstFrame returns an animation that runs f on the Fyne goroutine
// once, after the window's first frame: the driver ticks animations just
// before it paints each frame, so the second tick comes after the first
// frame. Should the animation end at its first tick (a start so slow that
// its second has passed), f runs then.
func afterFirstFrame(f func()) *fyne.Animation { return atTick(2, 10*time.Second, f) }

// atFirstTick returns an animation that runs f on the Fyne goroutine at
// its first tick. Started before ShowAndRun, that is the end of the first
// frame: Fyne's Show maps the window and paints it before the driver's loop
// starts, and the loop ticks the animations before each later paint.
func atFirstTick(f func()) *fyne.Animation { return atTick(1, time.Second, f) }

// atTick returns an animation of duration d that runs f once, at its n-th
// tick or at its last one if that comes first, and then stops.
func atTick(n int, d time.Duration, f func()) *fyne.Animation {
	ticks := 0
	a := &fyne.Animation{Duration: d}
	a.Tick = func(done float32) {
		ticks++
		if ticks == n || (ticks < n && done >= 1) {
			a.Stop()
			f()
		}
	}
	return a
}

// loadFontsAside loads the text styles on goroutines of their own, and
// returns the waits for the regular and bold styles (buttons and headings
// are bold) and for all. Fyne parses a style's fonts, with a system
// fallback (and its 4 MB emoji font, unless built with no_emoji as the
// Makefile builds), the first time a text of it is measured: with the emoji
// font, the regular style took 35–55 ms of the UI goroutine before the
// window was created, the bold and the italic 6–18 ms each; aside, they
// overlap GLFW's start (~25 ms). Call it after the app's theme is set; wait
// for text before text is measured (WithFontsAside), for all before the
// window shows.
func loadFontsAside(size float32) (text, all func()) {
	var regular, bold, italic sync.WaitGroup
	regular.Add(1)
	bold.Add(1)
	italic.Add(1)
	go func() {
		fyne.MeasureText("Mg", size, fyne.TextStyle{})
		regular.Done()
		fyne.MeasureText("Mg", size, fyne.TextStyle{Italic: true})
		italic.Done()
	}()
	go func() {
		fyne.MeasureText("Mg", size, fyne.TextStyle{Bold: true})
		bold.Done()
	}()
	text = func() { regular.Wait(); bold.Wait() }
	return text, func() { text(); italic.Wait() }
}
