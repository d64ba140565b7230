package ui

import "testing"

func TestCrashedSinceStart(t *testing.T) {
	for _, tc := range []struct {
		name, log string
		want      bool
	}{
		{"empty", "", false},
		{"clean runs", "2026/12/06 touchmove: started (pid 1)\n2026/12/06 Fyne error: x\n2026/12/06 touchmove: started (pid 2)\n", false},
		{"panic in the last run", "2026/12/06 touchmove: started (pid 1)\npanic: boom\n\ngoroutine 1 [running]:\n", true},
		{"fatal error in the last run", "2026/12/06 touchmove: started (pid 1)\nfatal error: concurrent map writes\n", true},
		{"panic told already", "touchmove: started (pid 1)\npanic: boom\ntouchmove: started (pid 2)\n", false},
		{"a log from before the marks", "panic: boom\n", true},
		{"a panic quoted in a line", "touchmove: started (pid 1)\n2026/12/06 engine said panic: no\n", false},
	} {
		if got := crashedSinceStart([]byte(tc.log)); got != tc.want {
			t.Errorf("%s: crashedSinceStart = %v, want %v", tc.name, got, tc.want)
		}
	}
}
