package uci_test

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// logSink gathers what an engine logs.
type logSink struct {
	mu   sync.Mutex
	msgs []string
}

func (l *logSink) log(m string) {
	l.mu.Lock()
	l.msgs = append(l.msgs, m)
	l.mu.Unlock()
}

func (l *logSink) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.msgs, "\n")
}

// startFake starts the test binary as a fake engine misbehaving as mode says.
func startFake(t *testing.T, mode string, cfg uci.Config) (*uci.Engine, *logSink, error) {
	t.Helper()
	sink := new(logSink)
	cfg.Path = os.Args[0]
	cfg.Env = append(os.Environ(), fakeEnv+"="+mode)
	cfg.Log = sink.log
	e, err := uci.Start(context.Background(), cfg)
	if e != nil {
		t.Cleanup(func() { e.Close() })
	}
	return e, sink, err
}

func startPos() uci.Position { return uci.NewPosition(chess.StartPosition()) }

func waitGone(t *testing.T, pid int) {
	t.Helper()
	for i := 0; i < 100 && !gone(pid); i++ {
		time.Sleep(20 * time.Millisecond)
	}
	if !gone(pid) {
		t.Errorf("process %d is still running", pid)
	}
}

func TestFakeEngineHandshakeAndOptions(t *testing.T) {
	e, sink, err := startFake(t, "good", uci.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Name() != "Fake Engine" || e.Author() != "Touchmove tests" {
		t.Errorf("id = %q by %q", e.Name(), e.Author())
	}
	want := map[string]uci.OptionType{"Hash": uci.Spin, "Ponder": uci.Check, "Style": uci.Combo, "Clear Hash": uci.Button, "Book File": uci.String, "UCI_Chess960": uci.Check}
	if len(e.Options()) != len(want) {
		t.Errorf("options = %+v, want %d of them", e.Options(), len(want))
	}
	for name, typ := range want {
		if o, ok := e.Option(strings.ToLower(name)); !ok || o.Type != typ {
			t.Errorf("option %q = %+v, %v", name, o, ok)
		}
	}
	if !strings.Contains(sink.String(), `"Broken"`) {
		t.Errorf("the spin option without bounds was not logged: %s", sink)
	}
	for _, c := range []struct {
		name, value string
		ok          bool
	}{
		{"Hash", "64", true}, {"hash", "0", false}, {"Hash", "big", false},
		{"Ponder", "true", true}, {"Ponder", "yes", false},
		{"Style", "risky", true}, {"Style", "Wild", false},
		{"Clear Hash", "", true}, {"Book File", "", true}, {"Book File", "a\nb", false},
		{"Nope", "1", false},
	} {
		err := e.SetOption(c.name, c.value)
		if (err == nil) != c.ok {
			t.Errorf("SetOption(%q, %q) = %v", c.name, c.value, err)
		}
		if err != nil && !errors.Is(err, uci.ErrOption) {
			t.Errorf("SetOption(%q, %q) = %v, not ErrOption", c.name, c.value, err)
		}
	}
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	var infos []uci.Info
	res, err := e.Search(context.Background(), startPos(), uci.Limits{Depth: 3}, func(in uci.Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != chess.NewMove(chess.E2, chess.E4) || res.Ponder != chess.NewMove(chess.E7, chess.E5) {
		t.Errorf("best %v ponder %v", res.BestMove, res.Ponder)
	}
	if len(infos) != 3 {
		t.Errorf("got %d infos, want 3", len(infos))
	}
	if len(res.Lines) != 1 || strings.Join(res.Lines[0].SAN, " ") != "e4 e5 Nf3" || !res.Lines[0].Score.Lower {
		t.Errorf("lines = %+v", res.Lines)
	}
}

func TestFakeEngineMisbehaves(t *testing.T) {
	// Short deadlines, yet long enough for the test binary to start on a
	// loaded machine under -race.
	fast := uci.Config{Timeout: 2 * time.Second}
	stopFast := uci.Config{StopTimeout: 500 * time.Millisecond}
	for _, c := range []struct {
		mode    string
		cfg     uci.Config
		startOK bool
		lim     uci.Limits
		cancel  time.Duration // cancel the search after this long
		err     error         // of the search; nil: it succeeds
		logs    []string
	}{
		{mode: "crash", startOK: true, lim: uci.Limits{Depth: 5}, err: uci.ErrExited},
		{mode: "nouciok", cfg: fast, err: uci.ErrTimeout},
		{mode: "hangready", cfg: fast, startOK: true, lim: uci.Limits{Depth: 5}, err: uci.ErrTimeout},
		{mode: "junk", startOK: true, lim: uci.Limits{Depth: 5}, logs: []string{"garbage", "bad depth"}},
		{mode: "slowstop", cfg: uci.Config{StopTimeout: 3 * time.Second}, startOK: true, cancel: 100 * time.Millisecond, err: context.Canceled},
		{mode: "nostop", cfg: stopFast, startOK: true, cancel: 100 * time.Millisecond, err: uci.ErrTimeout},
		{mode: "nostop", cfg: stopFast, startOK: true, lim: uci.Limits{MoveTime: 100 * time.Millisecond}, err: uci.ErrTimeout},
		// No bestmove to a depth: the search's deadline ends it.
		{mode: "nostop", cfg: uci.Config{StopTimeout: 500 * time.Millisecond, SearchTimeout: 300 * time.Millisecond}, startOK: true, lim: uci.Limits{Depth: 5}, err: uci.ErrTimeout},
		{mode: "flood", cfg: uci.Config{SearchTimeout: 300 * time.Millisecond}, startOK: true, lim: uci.Limits{Depth: 5}, err: uci.ErrOverrun},
		{mode: "illegalpv", startOK: true, lim: uci.Limits{Depth: 5}, logs: []string{`"e7e4", is not legal`, "bad pv (zz)", "bad score"}},
		{mode: "illegalbest", startOK: true, lim: uci.Limits{Depth: 5}, err: uci.ErrProtocol},
		{mode: "ignorequit", startOK: true, lim: uci.Limits{Depth: 5}},
	} {
		t.Run(c.mode, func(t *testing.T) {
			e, sink, err := startFake(t, c.mode, c.cfg)
			if !c.startOK {
				if err == nil || !errors.Is(err, c.err) {
					t.Fatalf("Start = %v, want %v", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if c.cancel > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.cancel)
				defer cancel()
			}
			res, err := e.Search(ctx, startPos(), c.lim, nil)
			if c.err == context.Canceled && errors.Is(err, context.DeadlineExceeded) {
				err = context.Canceled
			}
			if (c.err == nil) != (err == nil) || c.err != nil && !errors.Is(err, c.err) {
				t.Fatalf("Search = %v, want %v", err, c.err)
			}
			if c.err == uci.ErrExited && !strings.Contains(err.Error(), "simulated crash") {
				t.Errorf("the error does not quote the engine: %v", err)
			}
			if err == nil && len(res.Lines) != 1 {
				t.Errorf("lines = %+v", res.Lines)
			}
			for _, want := range c.logs {
				if !strings.Contains(sink.String(), want) {
					t.Errorf("log lacks %q:\n%s", want, sink)
				}
			}
			if (c.err == uci.ErrExited || c.err == uci.ErrTimeout) && e.Err() == nil {
				t.Errorf("the engine is still taken as usable after %v", err)
			}
			if c.err == uci.ErrOverrun {
				if e.Err() != nil || len(res.Lines) != 1 || !strings.Contains(err.Error(), "Fake Engine") || !strings.Contains(err.Error(), "depth 5") {
					t.Errorf("after an overrun: engine error %v, lines %+v, error %q", e.Err(), res.Lines, err)
				}
				if err := e.IsReady(context.Background()); err != nil {
					t.Errorf("the engine does not serve after an overrun: %v", err)
				}
			}
			start := time.Now()
			e.Close()
			if d := time.Since(start); d > 5*time.Second { // a hang, not a speed check
				t.Errorf("Close took %v", d)
			}
			if _, err := e.Search(context.Background(), startPos(), c.lim, nil); err == nil {
				t.Error("a closed engine searched")
			}
		})
	}
}

// Every search but an infinite one has a deadline, generous for a depth.
func TestLimitsDeadline(t *testing.T) {
	for _, c := range []struct {
		lim  uci.Limits
		want time.Duration
	}{
		{uci.Limits{}, 0},
		{uci.Limits{MoveTime: time.Second}, 6 * time.Second},
		{uci.Limits{Depth: 12}, 4 * time.Minute},
		{uci.Limits{Nodes: 1_200_000}, 2 * time.Minute},
		{uci.Limits{Depth: 12, MoveTime: time.Second}, 6 * time.Second},
	} {
		if got := c.lim.Deadline(5 * time.Second); got != c.want {
			t.Errorf("%s: deadline %v, want %v", c.lim, got, c.want)
		}
	}
}

func TestFakeEngineInfiniteStopsOnCancel(t *testing.T) {
	e, _, err := startFake(t, "good", uci.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	res, err := e.Search(ctx, startPos(), uci.Limits{}, func(uci.Info) { cancel() })
	if !errors.Is(err, context.Canceled) || res.BestMove == chess.NoMove {
		t.Errorf("Search = %+v, %v", res, err)
	}
	// A caller that gives up while waiting for readyok does not make the
	// engine unusable, and the engine still serves after a stopped search.
	if err := e.IsReady(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("IsReady with a cancelled ctx = %v", err)
	}
	if _, err := e.Search(context.Background(), startPos(), uci.Limits{Depth: 1}, nil); err != nil {
		t.Error(err)
	}
}

func TestCloseKillsTheProcessGroup(t *testing.T) {
	var pid int
	cfg := uci.Config{}
	e, sink, err := startFake(t, "child", cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The child's pid came as "info string child N" during the handshake.
	for _, l := range strings.Split(sink.String(), "\n") {
		if i := strings.Index(l, "child "); i >= 0 {
			pid, _ = strconv.Atoi(strings.Trim(l[i+6:], `"`))
			break
		}
	}
	if pid == 0 {
		t.Fatalf("no child pid in the log:\n%s", sink)
	}
	if gone(pid) {
		t.Fatalf("child %d is not running", pid)
	}
	e.Close()
	waitGone(t, pid)
}

func TestMissingEngine(t *testing.T) {
	_, err := uci.Start(context.Background(), uci.Config{Path: t.TempDir() + "/no-such-engine"})
	if err == nil || !strings.Contains(err.Error(), "no-such-engine") {
		t.Errorf("Start = %v", err)
	}
}
