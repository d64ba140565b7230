//go:build e2e

package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The window lays its content out before GLFW creates it (ui's
// layOutAhead), at the size Fyne then gives it, menu bar and padding
// taken off, in English and in Russian; when it misses, the app says so,
// as it does for a window asked smaller than the content, which Fyne
// enlarges.
func TestContentLaidOutAhead(t *testing.T) {
	d := startXvfb(t)
	for _, tc := range []struct {
		name, locale, prefs string
		miss                bool
	}{
		{"en", "en_US.UTF-8", "", false},
		{"ru", "ru_RU.UTF-8", "", false},
		{"large", "en_US.UTF-8", `{"windowWidth": 1500, "windowHeight": 950}`, false},
		{"too small", "en_US.UTF-8", `{"windowWidth": 300, "windowHeight": 200}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			if tc.prefs != "" {
				dir := filepath.Join(home, ".config", "fyne", "io.github.touchmove.Touchmove")
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "preferences.json"), []byte(tc.prefs), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(binary)
			cmd.Env = append(d.env(home), "LANG="+tc.locale)
			var logs bytes.Buffer
			cmd.Stdout, cmd.Stderr = &logs, &logs
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			d.xdotool(t, "search", "--sync", "--onlyvisible", "--name", "Touchmove")
			time.Sleep(time.Second) // the first frame, and the check after it
			cmd.Process.Kill()
			cmd.Wait()
			if got := strings.Contains(logs.String(), "laid out ahead"); got != tc.miss {
				t.Errorf("a layout missed: %v, want %v; output:\n%s", got, tc.miss, logs.String())
			}
		})
	}
}
