package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"touchmove/app/analysis"
	"touchmove/core/chess"
	"touchmove/core/uci"
	"touchmove/internal/fakeengine"
	"touchmove/internal/reftools"
)

// stockfishProcesses counts the running processes named stockfish.
func stockfishProcesses(t *testing.T) int {
	t.Helper()
	dirs, _ := filepath.Glob("/proc/[0-9]*/comm")
	n := 0
	for _, d := range dirs {
		if b, err := os.ReadFile(d); err == nil && strings.TrimSpace(string(b)) == "stockfish" {
			n++
		}
	}
	return n
}

// The live analyzer follows the position shown: lines for the new
// position only after Show, several lines with MultiPV, and no engine left
// behind after Close.
func TestAnalyserFollowsThePosition(t *testing.T) {
	path := reftools.Stockfish(t)
	before := stockfishProcesses(t)
	updates := make(chan analysis.Live, 64)
	a := analysis.NewAnalyzer(analysis.LiveConfig{Engine: uci.Config{Path: path}, Lines: 3,
		Options: map[string]string{"Threads": "1", "Hash": "16"}}, func(l analysis.Live) {
		select {
		case updates <- l:
		default:
		}
	})
	wait := func(fen string) analysis.Live {
		t.Helper()
		deadline := time.After(20 * time.Second)
		for {
			select {
			case l := <-updates:
				if l.Err != nil {
					t.Fatal(l.Err)
				}
				if l.FEN == fen && l.Depth >= 8 && len(l.Lines) == 3 {
					return l
				}
			case <-deadline:
				t.Fatalf("no deep enough analysis of %s", fen)
			}
		}
	}
	start := chess.StartPosition()
	a.Show(uci.NewPosition(start))
	l := wait(start.FEN())
	if l.Lines[0].SAN[0] == "" || l.NPS == 0 {
		t.Fatalf("first line %+v, nps %d", l.Lines[0], l.NPS)
	}
	// A position where White mates at once: the best line says so.
	mate, _ := chess.FromFEN("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	a.Show(uci.NewPosition(mate))
	l = wait(mate.FEN())
	if best := l.Lines[0]; !best.Score.Mate || best.Score.Moves != 1 || best.SAN[0] != "Ra8#" || best.Score.String() != "#1" {
		t.Fatalf("best line in a mate in one: %+v (%s)", best, best.Score)
	}
	a.Close()
	deadline := time.Now().Add(5 * time.Second)
	for stockfishProcesses(t) > before && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := stockfishProcesses(t); n > before {
		t.Fatalf("%d stockfish processes left after Close (%d before)", n, before)
	}
}

// An engine that cannot be started is reported in words, not a panic.
func TestAnalyserReportsAMissingEngine(t *testing.T) {
	got := make(chan analysis.Live, 1)
	a := analysis.NewAnalyzer(analysis.LiveConfig{Engine: uci.Config{Path: "/nonexistent/engine"}}, func(l analysis.Live) { got <- l })
	defer a.Close()
	a.Show(uci.NewPosition(chess.StartPosition()))
	select {
	case l := <-got:
		if l.Err == nil || !strings.Contains(l.Err.Error(), "could not be started") {
			t.Fatalf("update %+v", l)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no word of the missing engine")
	}
}

// Close may be called from several goroutines at once (the window closing
// while an engine error turns the pane off): it used to close its channel
// twice and panic. (The old window was too narrow for this test to hit it
// reliably; it guards the sync.Once under -race.)
func TestAnalyserCloseConcurrently(t *testing.T) {
	for range 500 {
		a := analysis.NewAnalyzer(analysis.LiveConfig{Engine: fakeengine.Config(fakeengine.Good)}, func(analysis.Live) {})
		start := make(chan struct{})
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				a.Close()
			}()
		}
		close(start)
		wg.Wait()
	}
}

// StartEngine sets the options the engine declares and MultiPV, and skips
// the ones it does not declare.
func TestStartEngineSetsOptions(t *testing.T) {
	cfg := analysis.EngineConfig{Engine: fakeengine.Config(fakeengine.Good), Lines: 3,
		Options: map[string]string{"Threads": "2", "Hash": "32", "NoSuchOption": "x"}}
	e, err := analysis.StartEngine(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name() != "Fake good engine" {
		t.Errorf("name %q", e.Name())
	}
	bad := cfg
	bad.Options = map[string]string{"Threads": "0"} // below its minimum
	if e, err := analysis.StartEngine(context.Background(), bad); err == nil {
		e.Close()
		t.Error("an option out of range was accepted")
	}
	t.Setenv(fakeengine.Env, fakeengine.Good) // the engine started inherits it
	info, err := analysis.Probe(context.Background(), os.Args[0])
	if err != nil || info.Name != "Fake good engine" || len(info.Options) != 3 {
		t.Errorf("Probe = %+v, %v", info, err)
	}
}
