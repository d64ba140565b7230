//go:build crashtest

package ui

import (
	"os"
	"time"

	"fyne.io/fyne/v2"
)

// crashTest panics on purpose, for the end-to-end test of the log file
// (e2e/crashlog_test.go), in a binary built with the crashtest tag: a
// second after the first frame, on the window's goroutine when the
// environment's TOUCHMOVE_CRASH_TEST says "ui", on a goroutine of its own
// when it says "goroutine".
func crashTest() {
	switch os.Getenv("TOUCHMOVE_CRASH_TEST") {
	case "ui":
		go func() {
			time.Sleep(time.Second)
			fyne.Do(func() { panic("touchmove crash test on the window's goroutine") })
		}()
	case "goroutine":
		go func() {
			time.Sleep(time.Second)
			panic("touchmove crash test on a goroutine")
		}()
	}
}
