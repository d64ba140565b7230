package uci_test

import "golang.org/x/sys/windows"

// gone reports whether process pid has ended: it cannot be opened any
// more, or its exit code is set.
func gone(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return true
	}
	defer windows.CloseHandle(h)
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil {
		return true
	}
	return code != 259 // STILL_ACTIVE
}
