package dialog

import (
	"os"
	"testing"
)

// TestGTKStartsWithTheFirstDialog checks that linking the package does not
// initialise GTK: a program that never shows a dialog never pays for it.
// It needs an X server (the Makefile runs it under xvfb-run); without one it
// fails rather than pass without looking.
func TestGTKStartsWithTheFirstDialog(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("DISPLAY is not set: run the test under xvfb-run")
	}
	if gtkDisplayOpen() {
		t.Fatal("GTK opened its display when the package was initialised")
	}
	if !gtkReady() {
		t.Fatal("gtk_init_check failed with DISPLAY set")
	}
	if !gtkDisplayOpen() {
		t.Fatal("GTK has no display after its initialisation")
	}
}
