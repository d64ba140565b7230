package uci

import (
	"os/exec"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// setProcessGroup does nothing before the start: Windows has no process
// groups, the engine joins a job object once it runs (startedGroup).
func setProcessGroup(*exec.Cmd) {}

// processGroup is the started engine with what it starts: a job object
// that the engine's process belongs to, and with it every process it
// starts. The job kills them all when it is terminated or its last handle
// closes, so they die with Touchmove too, however it ends.
type processGroup struct {
	cmd  *exec.Cmd
	job  windows.Handle // 0 when no job could be made: kill reaches the engine alone
	once sync.Once
}

// startedGroup puts the started cmd into a new job object. A process the
// engine starts in the moment before is not in it.
func startedGroup(cmd *exec.Cmd) *processGroup {
	g := &processGroup{cmd: cmd}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return g
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	_, err = windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	if err == nil {
		var p windows.Handle
		p, err = windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(cmd.Process.Pid))
		if err == nil {
			err = windows.AssignProcessToJobObject(job, p)
			windows.CloseHandle(p)
		}
	}
	if err != nil {
		windows.CloseHandle(job)
		return g
	}
	g.job = job
	return g
}

// kill terminates the job, the engine and what it started, once.
func (g *processGroup) kill() {
	g.once.Do(func() {
		if g.job != 0 {
			windows.TerminateJobObject(g.job, 1)
			windows.CloseHandle(g.job)
		}
	})
	g.cmd.Process.Kill()
}
