package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachConsole gives a command typed in a console (touchmove.exe perft 5)
// the console to write to. touchmove.exe is a GUI program, which Windows
// starts with no console and no output: unless its output goes to a file
// or a pipe already, it attaches to the console of the program that
// started it (cmd.exe, PowerShell) and writes there.
func attachConsole() {
	if usable(os.Stdout) {
		return // a file, a pipe or a console already
	}
	attach := windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")
	const parentProcess = ^uintptr(0) // ATTACH_PARENT_PROCESS
	if r, _, _ := attach.Call(parentProcess); r == 0 {
		return // started from no console: from the Start menu, or a file's icon
	}
	if out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
		os.Stdout, os.Stderr = out, out
	}
	if usable(os.Stdin) {
		return
	}
	if in, err := os.OpenFile("CONIN$", os.O_RDONLY, 0); err == nil {
		os.Stdin = in
	}
}

// usable reports whether f is a handle that can be read or written: a GUI
// program's standard handles are none unless its starter gave them.
func usable(f *os.File) bool {
	if f == nil {
		return false
	}
	_, err := windows.GetFileType(windows.Handle(f.Fd()))
	return err == nil
}
