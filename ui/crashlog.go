package ui

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime/debug"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
)

// The log file (the user's guide names it in its introduction): what
// Touchmove logs (fyne.LogError, log.Printf) goes to it as well as to
// stderr, and so does the runtime's report of a crash, whichever goroutine
// panicked (debug.SetCrashOutput),
// so that no exit is silent for a user who started Touchmove from the
// desktop, where stderr goes nowhere. Each start writes startMark; the
// next start looks for a crash report after the last one and, finding
// one, says so in the window.

// logName is the log file's name in Touchmove's configuration folder.
const logName = "touchmove.log"

// startMark begins the line each start writes in the log.
const startMark = "touchmove: started"

// maxLog is the size above which a start moves the log to logName.1.
const maxLog = 1 << 20

// openLog opens the log file in dir, sends the log package's output and
// the runtime's crash report to it too, and writes the start's line. It
// returns the log's path and whether the run before ended in a crash.
func openLog(dir string) (path string, crashed bool, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", false, fmt.Errorf("log: %w", err)
	}
	path = filepath.Join(dir, logName)
	if data, err := os.ReadFile(path); err == nil {
		crashed = crashedSinceStart(data)
		if len(data) > maxLog {
			if err := os.Rename(path, path+".1"); err != nil {
				return "", false, fmt.Errorf("log: %w", err)
			}
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return "", false, fmt.Errorf("log: %w", err)
	}
	log.SetOutput(io.MultiWriter(os.Stderr, f))
	if err := debug.SetCrashOutput(f, debug.CrashOptions{}); err != nil {
		log.Printf("log: the crash report goes to stderr only: %v", err)
	}
	// f stays open for as long as the process runs: the log writes to it.
	log.Printf("%s (version %s, pid %d)", startMark, app.Version, os.Getpid())
	return path, crashed, nil
}

// crashedSinceStart reports whether the log holds a crash report (a panic
// or a fatal error of the runtime) after its last start's line.
func crashedSinceStart(data []byte) bool {
	if i := bytes.LastIndex(data, []byte(startMark)); i >= 0 {
		data = data[i:]
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("panic: ")) || bytes.HasPrefix(line, []byte("fatal error: ")) {
			return true
		}
	}
	return false
}

// tellCrash says that the last run ended in a crash, written in the log at
// path, and then runs then.
func (w *Window) tellCrash(path string, then func()) {
	log.Printf("told the user that the last run crashed (see above)")
	w.dlg.showNotice(dlgCrashed, dialog.NewInformation(lang.L("Touchmove stopped"),
		lang.L("Touchmove stopped because of an error the last time it ran. What happened is written in {{.Path}}: please send that file with a bug report.", map[string]any{"Path": path}),
		w.win), then)
}
