//go:build !crashtest

package ui

// crashTest does nothing but in a binary built with the crashtest tag
// (crashtest_on.go).
func crashTest() {}
