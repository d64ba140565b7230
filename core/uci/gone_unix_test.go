//go:build unix

package uci_test

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// gone reports whether process pid has ended (or is a zombie, which is its
// parent's to reap: ours are reaped by Close).
func gone(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) != nil
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(f) > 0 && f[0] == "Z"
}
