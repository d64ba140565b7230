//go:build unix && !linux

package uci

import "syscall"

// setDeathSignal does nothing where the kernel has no parent-death signal;
// Close and the process group still stop the engine.
func setDeathSignal(*syscall.SysProcAttr) {}
