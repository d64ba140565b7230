package reftools

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Path returns the path of the program name, found on the PATH or in
// /usr/games; pkg is the Debian package that has it, for the failure's
// message.
func Path(t testing.TB, name, pkg string) string {
	t.Helper()
	for _, p := range []string{name, filepath.Join("/usr/games", name)} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if runtime.GOOS == "windows" {
		t.Skipf("no %s.exe on the PATH: Windows ships none, and make windows-test, which runs this test under Wine, installs none (Debian's is a Linux program)", name)
	}
	t.Fatalf("%s is not installed (Debian package %s; make test installs it)", name, pkg)
	return ""
}

// Stockfish returns the path of stockfish, the engine the tests play
// against.
func Stockfish(t testing.TB) string { return Path(t, "stockfish", "stockfish") }
