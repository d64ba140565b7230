//go:build unix

// Unix only: FIFOs (mkfifo) are a POSIX facility; Windows has none.

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"touchmove/internal/fakeengine"
)

// A FIFO named as the PGN file held analyze and scoresheet for ever, in
// open, waiting for a writer; analyze had made its temporary output first
// and left it. They refuse it as `pgn check` does: not a regular file.
func TestCommandsRefuseAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	// Should a command open it for reading after all, a writer lets the
	// test end.
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	t.Setenv(fakeengine.Env, fakeengine.Good)
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		run  func(stdout, stderr *bytes.Buffer) int
	}{
		{"analyze", func(stdout, stderr *bytes.Buffer) int {
			return Analyze([]string{"-engine", os.Args[0], "-depth", "1", "-o", filepath.Join(out, "analysed.pgn"), fifo}, stdout, stderr)
		}},
		{"scoresheet", func(stdout, stderr *bytes.Buffer) int {
			return Scoresheet([]string{"-o", filepath.Join(out, "sheet.pdf"), fifo}, stdout, stderr)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- tc.run(&stdout, &stderr) }()
			var code int
			select {
			case code = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the command waits on the FIFO")
			}
			if code != 1 || !strings.Contains(stderr.String(), fifo+": not a regular file") {
				t.Errorf("exit %d, want 1; stderr:\n%s", code, stderr.String())
			}
			left, _ := filepath.Glob(filepath.Join(out, ".*"))
			if len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}
