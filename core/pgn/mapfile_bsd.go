//go:build unix && !linux

package pgn

import "syscall"

// adviseMapping tells the kernel how the file mapped at m is read: here,
// nothing.
func adviseMapping(m []byte) {}

// releaseMapping unmaps m.
func releaseMapping(m []byte) { syscall.Munmap(m) }
