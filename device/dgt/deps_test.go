package dgt_test

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestDeviceImports enforces design.md §1: device packages talk to devices
// in the types of core/chess, and know nothing of app, ui or Fyne.
func TestDeviceImports(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil && runtime.GOOS == "windows" {
		t.Skip("no go command here (a Windows test binary under Wine); the import rules are checked on Linux")
	}
	out, err := exec.Command("go", "list", "-deps", "touchmove/device/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "touchmove/") && !strings.HasPrefix(dep, "touchmove/device/") &&
			dep != "touchmove/core/chess" || strings.HasPrefix(dep, "fyne.io/") {
			t.Errorf("device depends on %s", dep)
		}
	}
}
