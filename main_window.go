//go:build !startupprof

package main

import "touchmove/ui"

// openWindow runs the desktop app.
func openWindow(path string) int { return ui.Run(path, nil) }
