// Command startup measures Touchmove's start-up beside a bare Fyne window:
// the time from exec to a visible window and the resident memory once idle
// (design.md §6, the budget "window start to first frame, idle memory").
// Run it from the repository root with an X server in DISPLAY:
//
//	Xvfb :83 -screen 0 1600x1000x24 -nolisten tcp &
//	DISPLAY=:83 go run ./tools/startup -runs 6
//
// Then, with -frames, it watches the window's pixels (ImageMagick's import,
// every capture hashed) until they have not changed for -still: the first
// frame is the first capture that is not one colour, the settled frame the
// first capture of the pixels that stay. This is what the user sees: a
// window that maps at once but keeps repainting for half a second has not
// started yet.
//
// With -trace, it asks each program when its first frame was drawn instead
// of looking: Touchmove built with -tags startupprof and the bare window
// both write "startup: first frame at N ms" (from exec, given in
// TOUCHMOVE_T0) at the first tick of an animation, which Fyne runs after
// Show has painted the first frame: measured alike in both and to the
// millisecond, with nothing polling the X server. Both programs draw their
// whole first frame at once (the first frame that is not one colour is the
// settled one, -frames shows), so this is the settled frame too.
//
// It builds the two programs (or takes -app and -bare), then starts them
// in turn, ABBA order, each with a fresh HOME, LANG=C.UTF-8 and
// GSETTINGS_BACKEND=memory. The time to visible is from exec until
// `xdotool search --onlyvisible --name TITLE` finds the window (polled every
// -poll); the memory is VmRSS in /proc/PID/status -settle after exec. It
// prints every run, then the median and range of each, their ratio and
// difference, and the load average before and after.
//
// The bare reference is a Fyne v2.7.1 window with a label that imports
// github.com/sqweek/dialog, built outside the repository from a copy of
// go.mod (same versions, same replace of go-locale), so that both pay the
// same GTK initialisation.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"touchmove/tools/internal/measure"
)

// bareSource is the reference program: one window of Touchmove's default
// size with a label, and sqweek/dialog linked in (its init runs GTK).
const bareSource = `package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
	"github.com/sqweek/dialog"
)

func main() {
	a := app.NewWithID("io.github.touchmove.Bare")
	w := a.NewWindow("Bare Fyne")
	_ = dialog.File().Title("unused") // a builder only: nothing opens
	w.SetContent(widget.NewLabel("Hello"))
	w.Resize(fyne.NewSize(1100, 720))
	if t0, err := strconv.ParseInt(os.Getenv("TOUCHMOVE_T0"), 10, 64); err == nil {
		// As Touchmove's startupprof build reports it (ui.atFirstTick):
		// Show paints the first frame before the driver's loop starts, and
		// the loop's first tick of the animations comes after it.
		reported := false
		an := &fyne.Animation{Duration: time.Second}
		an.Tick = func(float32) {
			if !reported {
				reported = true
				an.Stop()
				fmt.Fprintf(os.Stderr, "startup: first frame at %.1f ms\n", float64(time.Now().UnixNano()-t0)/1e6)
			}
		}
		an.Start()
	}
	w.ShowAndRun()
}
`

// publishedDialogSum is go.sum's entry for sqweek/dialog as published, at
// the version go.mod requires: the repository's go.sum has none, as go.mod
// replaces the module with third_party/dialog.
const publishedDialogSum = `github.com/sqweek/dialog v0.0.0-20260123140253-64c163d53aac h1:/QqP+ajFMma4hNWQyBDVaQQhz9Z1kDyXScNWMO3owx0=
github.com/sqweek/dialog v0.0.0-20260123140253-64c163d53aac/go.mod h1:/qNPSY91qTz/8TgHEMioAUc6q7+3SOybeKczHMXFcXw=
`

// program is one of the two programs measured.
type program struct {
	name  string // in the report
	bin   string
	title string // a regular expression for xdotool --name
	// shaders is the folder of Mesa's shader cache the program keeps from
	// run to run; "" gives each run a new one, in its fresh HOME.
	shaders string
}

// sample is one run's measurements.
type sample struct {
	visible time.Duration
	first   time.Duration // the first frame not of one colour (with -frames)
	settled time.Duration // the first frame of the pixels that stay (with -frames)
	traced  time.Duration // the first frame as the program reported it (with -trace)
	rssKB   int
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("startup: ")
	runs := flag.Int("runs", 6, "runs of each program")
	appBin := flag.String("app", "", "Touchmove binary (default: build the module's main package)")
	bareBin := flag.String("bare", "", "bare reference binary (default: build it)")
	settle := flag.Duration("settle", 5*time.Second, "time after exec when the resident memory is read")
	timeout := flag.Duration("timeout", 20*time.Second, "longest wait for a window")
	poll := flag.Duration("poll", 10*time.Millisecond, "interval between looks for the window")
	keep := flag.Bool("keep", false, "keep the temporary folder with the binaries and HOMEs")
	trace := flag.Bool("trace", false, "ask each program when it drew its first frame (builds Touchmove with -tags startupprof); with -frames, both, and how late the captures saw it")
	frames := flag.Bool("frames", false, "watch the window's pixels for the first and the settled frame (needs ImageMagick's import)")
	still := flag.Duration("still", 300*time.Millisecond, "with -frames, how long the pixels must stay unchanged")
	bareLazy := flag.Bool("bare-lazy-dialog", false, "build the bare window with Touchmove's copy of sqweek/dialog (GTK started by the first dialog) instead of the published package (GTK started before main)")
	retries := flag.Int("retries", 2, "times a run that fails (the window did not show) is run again before the tool gives up")
	shaders := flag.String("shaders", "fresh", "Mesa's shader cache: fresh (a new one every run, as at the first start after installing) or kept (each program keeps its own, filled by one unmeasured start, as at every later start)")
	flag.Parse()
	if *shaders != "fresh" && *shaders != "kept" {
		log.Fatalf("-shaders %q: want fresh or kept", *shaders)
	}
	if err := measure.NeedX("xdotool"); err != nil {
		log.Fatal(err)
	}
	tmp, cleanup, err := measure.Workdir("touchmove-startup-", *keep)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()
	var tags []string
	if *trace {
		tags = append(tags, "startupprof")
	}
	if *appBin, err = measure.App(*appBin, tmp, tags...); err != nil {
		log.Fatal(err)
	}
	if *bareBin == "" {
		*bareBin = filepath.Join(tmp, "bare")
		if err := buildBare(filepath.Join(tmp, "bare-src"), *bareBin, *bareLazy); err != nil {
			log.Fatal(err)
		}
	}
	progs := []program{
		{name: "bare", bin: *bareBin, title: "^Bare Fyne$"},
		{name: "touchmove", bin: *appBin, title: "Touchmove$"},
	}
	w := watch{settle: *settle, timeout: *timeout, poll: *poll, still: *still, frames: *frames, trace: *trace}
	fill := w
	fill.settle = 0
	if *shaders == "kept" {
		for i := range progs {
			progs[i].shaders = filepath.Join(tmp, "shaders-"+progs[i].name)
			_, err := measureRun(progs[i], tmp, fill)
			for try := 1; err != nil && try <= *retries; try++ {
				log.Printf("%s, filling its shader cache, failed (try %d of %d): %v", progs[i].name, try, *retries+1, err)
				_, err = measureRun(progs[i], tmp, fill)
			}
			if err != nil {
				log.Fatalf("%s, filling its shader cache: %v", progs[i].name, err)
			}
		}
	}
	fmt.Printf("shader cache: %s\n", *shaders)
	fmt.Printf("load average before: %s\n", measure.LoadAverage())
	results := make([][]sample, len(progs))
	failed := make([]int, len(progs))
	for i := range *runs {
		order := []int{0, 1}
		if i%2 == 1 { // ABBA: a drift in the machine's load hits both alike
			order = []int{1, 0}
		}
		for _, p := range order {
			s, err := measureRun(progs[p], tmp, w)
			for try := 1; err != nil && try <= *retries; try++ {
				// Under heavy polling Xlib now and then refuses a
				// connection and GLFW cannot start: that run says
				// nothing about start-up, so it is counted and run again.
				failed[p]++
				log.Printf("%s run %d failed (try %d of %d): %v", progs[p].name, i+1, try, *retries+1, err)
				s, err = measureRun(progs[p], tmp, w)
			}
			if err != nil {
				log.Fatalf("%s run %d: %v", progs[p].name, i+1, err)
			}
			results[p] = append(results[p], s)
			fmt.Printf("run %d %-9s visible %6.3f s  first frame %6.3f s  settled %6.3f s  reported %6.3f s  RSS %4d MB\n", i+1, progs[p].name,
				s.visible.Seconds(), s.first.Seconds(), s.settled.Seconds(), s.traced.Seconds(), s.rssKB/1024)
		}
	}
	fmt.Printf("load average after: %s\n", measure.LoadAverage())
	for p, prog := range progs {
		if failed[p] > 0 {
			fmt.Printf("%s: %d runs failed and were run again\n", prog.name, failed[p])
		}
	}
	var medT [2]time.Duration
	var medM [2]int
	for p, prog := range progs {
		ts, ms := durations(results[p]), rss(results[p])
		medT[p], medM[p] = measure.Median(ts), measure.Median(ms)
		fmt.Printf("%-9s %d runs: visible median %.3f s (%.3f–%.3f), RSS median %d MB (%d–%d)\n",
			prog.name, len(ts), medT[p].Seconds(), slices.Min(ts).Seconds(), slices.Max(ts).Seconds(),
			medM[p]/1024, slices.Min(ms)/1024, slices.Max(ms)/1024)
	}
	if *trace && !*frames { // nothing looked for the window
		fmt.Printf("touchmove/bare: RSS %+d MB\n", (medM[1]-medM[0])/1024)
	} else {
		fmt.Printf("touchmove/bare: time ×%.2f, RSS %+d MB\n", medT[1].Seconds()/medT[0].Seconds(), (medM[1]-medM[0])/1024)
	}
	if *trace {
		var rep [2]time.Duration
		for p, prog := range progs {
			r := pick(results[p], func(s sample) time.Duration { return s.traced })
			rep[p] = measure.Median(r)
			fmt.Printf("%-9s first frame as reported, median %.3f s (%.3f–%.3f)", prog.name, rep[p].Seconds(), slices.Min(r).Seconds(), slices.Max(r).Seconds())
			if *frames {
				lag := pick(results[p], func(s sample) time.Duration { return s.first - s.traced })
				fmt.Printf("; the captures saw it %+.0f ms later (median; %+.0f to %+.0f)", float64(measure.Median(lag))/1e6, float64(slices.Min(lag))/1e6, float64(slices.Max(lag))/1e6)
			}
			fmt.Println()
		}
		fmt.Printf("touchmove/bare: first frame as reported ×%.2f\n", rep[1].Seconds()/rep[0].Seconds())
	}
	if *frames {
		var first, settled [2]time.Duration
		for p, prog := range progs {
			f, st := pick(results[p], func(s sample) time.Duration { return s.first }), pick(results[p], func(s sample) time.Duration { return s.settled })
			first[p], settled[p] = measure.Median(f), measure.Median(st)
			fmt.Printf("%-9s first frame median %.3f s (%.3f–%.3f), settled median %.3f s (%.3f–%.3f)\n", prog.name,
				first[p].Seconds(), slices.Min(f).Seconds(), slices.Max(f).Seconds(), settled[p].Seconds(), slices.Min(st).Seconds(), slices.Max(st).Seconds())
		}
		fmt.Printf("touchmove/bare: first frame ×%.2f, settled ×%.2f\n", first[1].Seconds()/first[0].Seconds(), settled[1].Seconds()/settled[0].Seconds())
	}
}

// watch is how measureRun watches a run.
type watch struct {
	settle, timeout, poll, still time.Duration
	frames, trace                bool
}

// firstFrameLine is what a program started with TOUCHMOVE_T0 writes once
// its first frame is drawn.
var firstFrameLine = regexp.MustCompile(`startup: first frame at ([0-9.]+) ms`)

// traced returns the first frame reported in a program's output.
func traced(out string) (time.Duration, bool) {
	m := firstFrameLine.FindStringSubmatch(out)
	if m == nil {
		return 0, false
	}
	ms, err := strconv.ParseFloat(m[1], 64)
	return time.Duration(ms * float64(time.Millisecond)), err == nil
}

// lockedBuffer is a bytes.Buffer for a child's output, read while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// measureRun runs p once with a fresh HOME under tmp.
func measureRun(p program, tmp string, o watch) (sample, error) {
	home, err := os.MkdirTemp(tmp, "home-")
	if err != nil {
		return sample{}, err
	}
	cmd := exec.Command(p.bin)
	cmd.Env = measure.FreshEnv(home)
	if p.shaders != "" {
		cmd.Env = append(cmd.Env, "MESA_SHADER_CACHE_DIR="+p.shaders)
	}
	if o.trace {
		cmd.Env = append(cmd.Env, "TOUCHMOVE_PROF_CPU=0", "TOUCHMOVE_PROF_DIR="+home)
	}
	var stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	start := time.Now()
	if o.trace {
		cmd.Env = append(cmd.Env, "TOUCHMOVE_T0="+strconv.FormatInt(start.UnixNano(), 10))
	}
	if err := cmd.Start(); err != nil {
		return sample{}, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
	}()
	var s sample
	var id string
	for {
		select {
		case err := <-exited:
			exited <- err // for the deferred wait
			return s, fmt.Errorf("exited (%v) before its window showed; output:\n%s", err, stderr.String())
		default:
		}
		if o.trace && !o.frames {
			if d, ok := traced(stderr.String()); ok {
				s.traced = d
				break
			}
		} else {
			out, _ := exec.Command("xdotool", "search", "--onlyvisible", "--name", p.title).Output()
			if f := strings.Fields(string(out)); len(f) > 0 {
				s.visible = time.Since(start)
				id = f[0]
				break
			}
		}
		if time.Since(start) > o.timeout {
			return s, fmt.Errorf("no window titled %q after %v; output:\n%s", p.title, o.timeout, stderr.String())
		}
		if o.trace && !o.frames {
			time.Sleep(time.Millisecond)
		} else {
			time.Sleep(o.poll)
		}
	}
	if o.frames {
		if s.first, s.settled, err = watchFrames(id, start, o.still, o.timeout); err != nil {
			return s, err
		}
		if o.trace {
			var ok bool
			if s.traced, ok = traced(stderr.String()); !ok {
				return s, fmt.Errorf("no first frame reported; output:\n%s", stderr.String())
			}
		}
	}
	time.Sleep(time.Until(start.Add(o.settle)))
	s.rssKB, err = residentKB(cmd.Process.Pid)
	return s, err
}

// watchFrames captures window id until its pixels stay unchanged for
// still, and returns, from start, when the first capture not of one colour
// came and when the pixels that stay first showed.
func watchFrames(id string, start time.Time, still, timeout time.Duration) (first, settled time.Duration, err error) {
	var last [sha256.Size]byte
	var lastAt time.Time
	for time.Since(start) < timeout {
		at := time.Now()
		px, err := exec.Command("import", "-silent", "-window", id, "-depth", "8", "rgb:-").Output()
		if err != nil || len(px) < 3 {
			continue // the window may not be mapped yet
		}
		if first == 0 && !oneColour(px) {
			first = at.Sub(start)
		}
		sum := sha256.Sum256(px)
		switch {
		case lastAt.IsZero() || sum != last:
			last, lastAt = sum, at
		case first != 0 && at.Sub(lastAt) >= still:
			return first, lastAt.Sub(start), nil
		}
	}
	return first, 0, fmt.Errorf("the window's pixels did not stay for %v within %v", still, timeout)
}

// oneColour reports whether the RGB pixels px are all alike.
func oneColour(px []byte) bool {
	for i := 3; i+3 <= len(px); i += 3 {
		if px[i] != px[0] || px[i+1] != px[1] || px[i+2] != px[2] {
			return false
		}
	}
	return true
}

// pick returns f of each sample.
func pick(ss []sample, f func(sample) time.Duration) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

// residentKB reads VmRSS of process pid.
func residentKB(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	m := regexp.MustCompile(`(?m)^VmRSS:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0, errors.New("no VmRSS in /proc status")
	}
	return strconv.Atoi(string(m[1]))
}

// goBuild builds the main package in dir into out, with the startupprof
// tag when prof.
// buildBare writes the bare reference into dir, with the repository's
// go.mod and go.sum (module renamed, the replaces made absolute), and builds
// it into out. Unless lazyDialog, it links sqweek/dialog as published, not
// the repository's copy (third_party/dialog), which starts GTK later.
func buildBare(dir, out string, lazyDialog bool) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	text := strings.Replace(string(mod), "module touchmove", "module bare", 1)
	if !lazyDialog { // the reference of issue 27: the package as published, GTK started in its init
		text = strings.Replace(text, "replace github.com/sqweek/dialog => ./third_party/dialog\n", "", 1)
		sum = append(sum, publishedDialogSum...)
	}
	text = strings.ReplaceAll(text, "=> ./", "=> "+root+"/")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{"go.mod": []byte(text), "go.sum": sum, "main.go": []byte(bareSource)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return measure.GoBuild(dir, out)
}

// moduleRoot returns the folder of the current module's go.mod.
func moduleRoot() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside a Go module: run from the repository")
	}
	return filepath.Dir(gomod), nil
}

func durations(ss []sample) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = s.visible
	}
	return out
}

func rss(ss []sample) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = s.rssKB
	}
	return out
}
