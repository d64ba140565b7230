//go:build linux

// Command clockcpu measures the processor time Touchmove's window takes
// while a game's clock runs (issue 45: a laptop on battery through a long
// game), beside the same window with no game, and beside floors: bare Fyne
// windows of Touchmove's default size that repaint as often as a running
// clock does, to show what any Fyne window pays for a repaint under the
// same X server (clocks.md §10.1). Run it from the repository root with
// an X server in DISPLAY:
//
//	Xvfb :84 -screen 0 1400x900x24 -nolisten tcp &
//	DISPLAY=:84 go run ./tools/clockcpu -secs 60 -runs 2
//
// It builds Touchmove as the Makefile does (or takes -app) and measures, in
// turn and in reverse order every other round, each of these over -secs:
//
//   - touchmove idle: the window with no game;
//   - touchmove clock: a FIDE Blitz 3+2 game begun (Ctrl+N, Return), its
//     clock running with White to move, and the board clicked;
//   - touchmove clock, move box: the same with the move box focused (/),
//     as a player who types the moves keeps it;
//   - floor still: a bare Fyne window with a label that never changes;
//   - floor label: the label changes once a second, as a clock face does;
//   - floor rect: the same over a rectangle that fills the window, so that
//     every pixel is painted at each repaint, as the board and the panels
//     of Touchmove's window nearly all are.
//
// The floors are this program again, started with -floor. Each program
// starts with a fresh HOME (measure.FreshEnv); the processor time is
// utime+stime of the whole process (all its threads: with software GL the
// painting is done on Mesa's threads) from /proc/PID/stat, as a percentage
// of one core. Before measuring a clock it checks that the window's pixels
// change: a game that did not begin would be measured as idle. It reads
// /proc and drives X: it is built on Linux only.
package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"touchmove/tools/internal/measure"
)

// appID is Touchmove's application ID: its preferences are under
// $HOME/.config/fyne/appID.
const appID = "io.github.touchmove.Touchmove"

// prefs are the preferences a measured Touchmove starts with: FIDE rules
// and Blitz 3+2, so that Ctrl+N and Return begin a timed game. The tenths
// keep their default (shown under 10 s): the clock changes once a second.
const prefs = `{"rulesMode":1,"timePreset":"Blitz 3+2"}`

// subject is one thing measured: a program, how to tell its window, and
// what to do in it before measuring.
type subject struct {
	name  string
	bin   string
	args  []string
	title string // a regular expression for xdotool search --name
	drive func(id string) error
	ticks bool // its pixels must change while it is measured
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("clockcpu: ")
	floor := flag.String("floor", "", "run a floor window instead of measuring: still, label or rect")
	secs := flag.Duration("secs", 60*time.Second, "how long each measure lasts")
	runs := flag.Int("runs", 2, "rounds of measures")
	appBin := flag.String("app", "", "Touchmove binary (default: build the module's main package as the Makefile does)")
	settle := flag.Duration("settle", 4*time.Second, "wait after the window shows, and after driving it, before measuring")
	timeout := flag.Duration("timeout", 30*time.Second, "longest wait for a window")
	only := flag.String("only", "", "measure only the subjects whose names contain this")
	keep := flag.Bool("keep", false, "keep the temporary folder with the binary and the HOMEs")
	retries := flag.Int("retries", 2, "times a run whose program exits before its window shows is run again")
	flag.Parse()
	if *floor != "" {
		if err := floorWindow(*floor); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := measure.NeedX("xdotool", "import"); err != nil {
		log.Fatalf("%v (xdotool and ImageMagick's import are needed)", err)
	}
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	tmp, cleanup, err := measure.Workdir("touchmove-clockcpu-", *keep)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()
	if *appBin, err = measure.App(*appBin, tmp); err != nil {
		log.Fatal(err)
	}
	tick, err := clockTick()
	if err != nil {
		log.Fatal(err)
	}
	var subjects []subject
	for _, s := range subjectsFor(*appBin, self) {
		if strings.Contains(s.name, *only) {
			subjects = append(subjects, s)
		}
	}
	if len(subjects) == 0 {
		log.Fatalf("-only %q matches no subject", *only)
	}
	fmt.Printf("load average before: %s\n", measure.LoadAverage())
	results := make([][]float64, len(subjects))
	for round := range *runs {
		order := make([]int, len(subjects))
		for i := range order {
			order[i] = i
		}
		if round%2 == 1 { // a drift in the machine's load hits all alike
			slices.Reverse(order)
		}
		for _, i := range order {
			pct, err := measureOne(subjects[i], tmp, tick, *secs, *settle, *timeout)
			for try := 1; errors.Is(err, errNoWindow) && try <= *retries; try++ {
				// Now and then GLFW cannot open the display (as
				// tools/startup sees): that run measured nothing.
				first, _, _ := strings.Cut(err.Error(), "\n")
				log.Printf("%s, round %d, failed (try %d of %d): %s", subjects[i].name, round+1, try, *retries+1, first)
				pct, err = measureOne(subjects[i], tmp, tick, *secs, *settle, *timeout)
			}
			if err != nil {
				log.Fatalf("%s, round %d: %v", subjects[i].name, round+1, err)
			}
			results[i] = append(results[i], pct)
			fmt.Printf("round %d  %-26s %5.2f %% of a core over %v\n", round+1, subjects[i].name, pct, *secs)
		}
	}
	fmt.Printf("load average after: %s\n", measure.LoadAverage())
	for i, s := range subjects {
		r := results[i]
		fmt.Printf("%-26s median %5.2f %% (%.2f–%.2f, %d runs)\n", s.name, measure.Median(r), slices.Min(r), slices.Max(r), len(r))
	}
}

// subjectsFor returns what is measured: Touchmove in bin, the floors in
// self.
func subjectsFor(bin, self string) []subject {
	const tm, fl = "Touchmove$", "^Clock floor$"
	return []subject{
		{name: "touchmove idle", bin: bin, title: tm},
		{name: "touchmove clock", bin: bin, title: tm, ticks: true, drive: func(id string) error {
			if err := newGame(id); err != nil {
				return err
			}
			return xdotool("mousemove", "--window", id, "300", "300", "click", "1") // an empty square
		}},
		{name: "touchmove clock, move box", bin: bin, title: tm, ticks: true, drive: func(id string) error {
			if err := newGame(id); err != nil {
				return err
			}
			return xdotool("key", "--window", id, "slash")
		}},
		{name: "floor still", bin: self, args: []string{"-floor", "still"}, title: fl},
		{name: "floor label", bin: self, args: []string{"-floor", "label"}, title: fl, ticks: true},
		{name: "floor rect", bin: self, args: []string{"-floor", "rect"}, title: fl, ticks: true},
	}
}

// newGame begins the game of prefs in window id: Ctrl+N, then Return in
// the new game's dialog.
func newGame(id string) error {
	// Under a bare Xvfb no window manager activates windows: focus it.
	if err := xdotool("windowfocus", "--sync", id); err != nil {
		return err
	}
	if err := xdotool("key", "--window", id, "ctrl+n"); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	if err := xdotool("key", "--window", id, "Return"); err != nil {
		return err
	}
	time.Sleep(time.Second)
	return nil
}

func xdotool(args ...string) error {
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("xdotool %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return nil
}

// measureOne starts s with a fresh HOME under tmp, drives it, and returns
// the share of one core it took over secs.
func measureOne(s subject, tmp string, tick int, secs, settle, timeout time.Duration) (float64, error) {
	home, err := os.MkdirTemp(tmp, "home-")
	if err != nil {
		return 0, err
	}
	dir := filepath.Join(home, ".config", "fyne", appID)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "preferences.json"), []byte(prefs), 0o644); err != nil {
		return 0, err
	}
	cmd := exec.Command(s.bin, s.args...)
	cmd.Env = measure.FreshEnv(home)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
	}()
	id, err := waitWindow(s.title, timeout, exited)
	if err != nil {
		return 0, fmt.Errorf("%w; output: %s", err, strings.TrimSpace(out.String()))
	}
	time.Sleep(settle)
	if s.drive != nil {
		if err := s.drive(id); err != nil {
			return 0, err
		}
		time.Sleep(settle)
	}
	if s.ticks {
		if err := changes(id); err != nil {
			return 0, err
		}
	}
	t0, err := cpuTicks(cmd.Process.Pid)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	time.Sleep(secs)
	t1, err := cpuTicks(cmd.Process.Pid)
	if err != nil {
		return 0, err
	}
	used := time.Duration(t1-t0) * time.Second / time.Duration(tick)
	return 100 * used.Seconds() / time.Since(start).Seconds(), nil
}

// errNoWindow is the error of a program that exited before its window
// showed.
var errNoWindow = errors.New("exited before its window showed")

// waitWindow returns the id of the visible window whose name matches
// title, once there is one.
func waitWindow(title string, timeout time.Duration, exited chan error) (string, error) {
	start := time.Now()
	for {
		select {
		case err := <-exited:
			exited <- err // for the deferred wait
			return "", fmt.Errorf("%w: exited (%v)", errNoWindow, err)
		default:
		}
		out, _ := exec.Command("xdotool", "search", "--onlyvisible", "--name", title).Output()
		if f := strings.Fields(string(out)); len(f) > 0 {
			return f[0], nil
		}
		if time.Since(start) > timeout {
			return "", fmt.Errorf("no window titled %q after %v", title, timeout)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// changes reports an error unless window id's pixels change within two
// seconds: a clock that runs changes a face every second.
func changes(id string) error {
	first, err := capture(id)
	if err != nil {
		return err
	}
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		now, err := capture(id)
		if err != nil {
			return err
		}
		if now != first {
			return nil
		}
	}
	return errors.New("the window did not change for 2 s: no clock runs in it")
}

func capture(id string) ([sha256.Size]byte, error) {
	out, err := exec.Command("import", "-window", id, "rgb:-").Output()
	if err != nil {
		return [sha256.Size]byte{}, fmt.Errorf("import -window %s: %w", id, err)
	}
	return sha256.Sum256(out), nil
}

// cpuTicks returns the process's utime+stime, all its threads, in clock
// ticks.
func cpuTicks(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command's name, which is in parentheses and may
	// hold spaces: state is the first, utime the 12th, stime the 13th.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	return u + s, nil
}

// clockTick returns the clock ticks a second that /proc counts in.
func clockTick() (int, error) {
	out, err := exec.Command("getconf", "CLK_TCK").Output()
	if err != nil {
		return 0, fmt.Errorf("getconf CLK_TCK: %w", err)
	}
	return strconv.Atoi(strings.TrimSpace(string(out)))
}

// floorWindow shows a bare Fyne window of Touchmove's default size with a
// clock's text in it: still, a label that never changes; label, one that
// counts down once a second; rect, the same over a rectangle that fills
// the window.
func floorWindow(kind string) error {
	if kind != "still" && kind != "label" && kind != "rect" {
		return fmt.Errorf("-floor %q: want still, label or rect", kind)
	}
	a := app.NewWithID("io.github.touchmove.ClockFloor")
	w := a.NewWindow("Clock floor")
	face := canvas.NewText("3:00", theme.Color(theme.ColorNameForeground))
	face.TextSize = 40
	var content fyne.CanvasObject = container.NewCenter(face)
	if kind == "rect" {
		content = container.NewStack(canvas.NewRectangle(theme.Color(theme.ColorNameButton)), content)
	}
	w.SetContent(content)
	w.Resize(fyne.NewSize(1100, 720))
	done := make(chan struct{})
	w.SetOnClosed(func() { close(done) })
	if kind != "still" {
		go func() {
			t := time.NewTicker(time.Second)
			defer t.Stop()
			for left := 180; ; left-- {
				select {
				case <-done:
					return
				case <-t.C:
					fyne.Do(func() {
						face.Text = fmt.Sprintf("%d:%02d", max(left, 0)/60, max(left, 0)%60)
						face.Refresh()
					})
				}
			}
		}()
	}
	w.ShowAndRun()
	return nil
}
