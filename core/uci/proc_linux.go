package uci

import "syscall"

// setDeathSignal has the kernel kill the engine when Touchmove dies, even by
// SIGKILL, so that no engine outlives the app.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
