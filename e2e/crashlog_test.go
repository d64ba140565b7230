//go:build e2e

package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPanicIsLogged starts a binary built with the crashtest tag, which
// panics a second after its first frame, on the window's goroutine or on a
// goroutine of its own: the process ends with the panic and its stack in
// the log file that the user's guide names (~/.config/touchmove/touchmove.log),
// and the next start says so in the window (issue 45, point 3: no exit is
// silent).
func TestPanicIsLogged(t *testing.T) {
	crash := filepath.Join(t.TempDir(), "touchmove-crashtest")
	build := exec.Command("go", "build", "-tags", "no_emoji,no_animations,crashtest", "-o", crash, "..")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal("build:", err)
	}
	d := startXvfb(t)
	for _, where := range []string{"ui", "goroutine"} {
		t.Run(where, func(t *testing.T) {
			home := t.TempDir()
			logPath := filepath.Join(home, ".config", "touchmove", "touchmove.log")
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, crash)
			cmd.Env = append(d.env(home), "TOUCHMOVE_CRASH_TEST="+where)
			out, err := cmd.CombinedOutput()
			if err == nil || ctx.Err() != nil {
				t.Fatalf("the crash test binary did not crash (%v, %v):\n%s", err, ctx.Err(), out)
			}
			data, err := os.ReadFile(logPath)
			if err != nil {
				t.Fatal(err)
			}
			logged := string(data)
			for _, want := range []string{"touchmove: started", "panic: touchmove crash test", "goroutine ", "ui.crashTest"} {
				if !strings.Contains(logged, want) {
					t.Errorf("the log lacks %q:\n%s", want, logged)
				}
			}
			// The next start tells, in the window; Return closes the notice.
			a := startApp(t, d, home)
			deadline := time.Now().Add(20 * time.Second)
			for {
				data, _ = os.ReadFile(logPath)
				if strings.Contains(string(data), "told the user that the last run crashed") {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the next start did not tell of the crash:\n%s", data)
				}
				time.Sleep(200 * time.Millisecond)
			}
			d.screenshot(t, "90-crash-notice-"+where)
			d.xdotool(t, "key", "Return")
			time.Sleep(600 * time.Millisecond)
			a.locate(t, "91-after-crash-notice-"+where)
		})
	}
}
