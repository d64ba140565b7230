package dgt

import (
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Ports come in their numbers' order: COM2 before COM10.
func TestComparePorts(t *testing.T) {
	got := []string{"COM10", "COM3", "/dev/ttyUSB10", "COM2", "/dev/ttyUSB9", "COM03"}
	slices.SortFunc(got, comparePorts)
	want := []string{"/dev/ttyUSB9", "/dev/ttyUSB10", "COM2", "COM03", "COM3", "COM10"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %q, want %q", got, want)
	}
}

// The ports listed are the system's names for them: COMn on Windows, a
// device under /dev elsewhere, each once.
func TestPortsAreTheSystemsNames(t *testing.T) {
	ports := Ports()
	t.Logf("ports: %q", ports)
	for i, p := range ports {
		ok := strings.HasPrefix(p, "/dev/")
		if runtime.GOOS == "windows" {
			ok = strings.HasPrefix(p, "COM") && strings.Trim(p[3:], "0123456789") == "" && len(p) > 3
		}
		if !ok {
			t.Errorf("port %q is no %s serial port", p, runtime.GOOS)
		}
		if slices.Contains(ports[i+1:], p) {
			t.Errorf("port %q is listed twice", p)
		}
	}
}
