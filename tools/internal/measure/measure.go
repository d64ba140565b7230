// Package measure holds what the measuring tools (tools/startup,
// tools/clockcpu) share: building Touchmove as the Makefile does, the
// environment of a first start, the machine's load and the median of the
// runs.
package measure

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Tags are the build tags the Makefile builds Touchmove with.
const Tags = "no_emoji,no_animations"

// GoBuild builds the main package in dir into out with Tags and any extra
// tags, its output on standard error.
func GoBuild(dir, out string, extra ...string) error {
	tags := strings.Join(append([]string{Tags}, extra...), ",")
	cmd := exec.Command("go", "build", "-tags="+tags, "-o", out, ".")
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build in %s: %w", dir, err)
	}
	return nil
}

// FreshEnv returns the environment of a program started as on a new
// user's first start: this process's, with HOME and the XDG folders in
// home, the C locale in UTF-8 and GSettings kept in memory.
func FreshEnv(home string) []string {
	return append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "XDG_DATA_HOME="+filepath.Join(home, ".local/share"),
		"LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "GSETTINGS_BACKEND=memory")
}

// LoadAverage returns the first three fields of /proc/loadavg.
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// Median returns the middle of xs (the mean of the middle two for an even
// count); xs must not be empty.
func Median[T time.Duration | int | float64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// NeedX reports an error unless an X server is named in DISPLAY and each
// of tools is on the PATH.
func NeedX(tools ...string) error {
	if os.Getenv("DISPLAY") == "" {
		return errors.New("DISPLAY is not set: start Xvfb and set DISPLAY")
	}
	for _, t := range tools {
		if _, err := exec.LookPath(t); err != nil {
			return err
		}
	}
	return nil
}

// Workdir makes a temporary folder named for prefix and returns it with
// what removes it when the measure ends: nothing when keep.
func Workdir(prefix string, keep bool) (string, func(), error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", nil, err
	}
	if keep {
		return dir, func() {}, nil
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// App returns bin, or when bin is "" the module's main package built into
// dir with GoBuild and the extra tags.
func App(bin, dir string, extra ...string) (string, error) {
	if bin != "" {
		return bin, nil
	}
	bin = filepath.Join(dir, "touchmove")
	return bin, GoBuild(".", bin, extra...)
}
