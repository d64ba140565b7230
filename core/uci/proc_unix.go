//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts cmd in a process group of its own, so that
// processGroup.kill reaches the engine's children too.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(cmd.SysProcAttr)
}

// processGroup is the started engine with what it starts: its process group.
type processGroup struct{ cmd *exec.Cmd }

// startedGroup returns the group of cmd, started.
func startedGroup(cmd *exec.Cmd) *processGroup { return &processGroup{cmd: cmd} }

// kill kills the process group.
func (g *processGroup) kill() {
	syscall.Kill(-g.cmd.Process.Pid, syscall.SIGKILL)
	g.cmd.Process.Kill()
}
