//go:build !unix && !windows

package uci

import "os/exec"

// setProcessGroup does nothing where there are no process groups.
func setProcessGroup(*exec.Cmd) {}

// processGroup is the started engine alone: there are no process groups.
type processGroup struct{ cmd *exec.Cmd }

// startedGroup returns the group of cmd, started.
func startedGroup(cmd *exec.Cmd) *processGroup { return &processGroup{cmd: cmd} }

// kill kills the engine process.
func (g *processGroup) kill() { g.cmd.Process.Kill() }
