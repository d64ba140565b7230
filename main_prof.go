//go:build startupprof

package main

// Built with -tags startupprof, the program profiles its own start-up
// (docs/toolchain.md, "Start-up and memory"): a CPU profile of its first
// TOUCHMOVE_PROF_CPU (default 2s; 0 for none) into startup-cpu.pprof, and
// the heap in use after TOUCHMOVE_PROF_HEAP (default 5s) into
// startup-heap.pprof, both in TOUCHMOVE_PROF_DIR (default the current
// folder). With TOUCHMOVE_T0, the Unix time in nanoseconds of its exec, it
// also writes "startup: first frame at N ms" to the standard error once the
// window's first frame is drawn (tools/startup -trace).

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"time"

	"touchmove/ui"
)

// openWindow runs the desktop app and reports its first frame.
func openWindow(path string) int {
	t0, err := strconv.ParseInt(os.Getenv("TOUCHMOVE_T0"), 10, 64)
	if err != nil {
		return ui.Run(path, nil)
	}
	return ui.Run(path, func() {
		fmt.Fprintf(os.Stderr, "startup: first frame at %.1f ms\n", float64(time.Now().UnixNano()-t0)/1e6)
	})
}

func init() {
	dir := os.Getenv("TOUCHMOVE_PROF_DIR")
	cpuFor, heapAt := envDuration("TOUCHMOVE_PROF_CPU", 2*time.Second), envDuration("TOUCHMOVE_PROF_HEAP", 5*time.Second)
	if cpuFor > 0 {
		cpu, err := os.Create(filepath.Join(dir, "startup-cpu.pprof"))
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			log.Fatal(err)
		}
		time.AfterFunc(cpuFor, func() {
			pprof.StopCPUProfile()
			cpu.Close()
		})
	}
	time.AfterFunc(heapAt, func() {
		runtime.GC()
		f, err := os.Create(filepath.Join(dir, "startup-heap.pprof"))
		if err != nil {
			log.Print(err)
			return
		}
		defer f.Close()
		if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
			log.Print(err)
		}
		log.Print("startupprof: profiles written")
	})
}

// envDuration reads a duration from the environment variable name.
func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}
