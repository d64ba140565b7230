//go:build !windows

package main

// attachConsole does nothing here: a command's output goes where it was
// started from.
func attachConsole() {}
