//go:build unix && !linux

package pgn

import "syscall"

// releaseMapping unmaps m.
func releaseMapping(m []byte) { syscall.Munmap(m) }
