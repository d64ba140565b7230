package audio

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// fakeDevice records what it plays and fails when told to.
type fakeDevice struct {
	mu     sync.Mutex
	played [][]byte
	err    error
}

func (d *fakeDevice) play(pcm []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.played = append(d.played, pcm)
	return d.err
}

// logRecorder counts log lines.
type logRecorder struct {
	mu    sync.Mutex
	lines []string
}

func (l *logRecorder) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logRecorder) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.lines)
}

// waitFor polls cond for up to ten seconds: the Player works in a goroutine.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestPlayerPlays(t *testing.T) {
	d := &fakeDevice{}
	var log logRecorder
	p := newPlayer(func() (device, error) { return d, nil }, log.logf)
	p.Play(Move, 1)
	waitFor(t, "the move sound", func() bool { d.mu.Lock(); defer d.mu.Unlock(); return len(d.played) == 1 })
	p.Play(Check, 0) // silent: not sent
	p.Play(Kind(99), 1)
	p.Play(Capture, 0.5)
	waitFor(t, "the capture sound", func() bool { d.mu.Lock(); defer d.mu.Unlock(); return len(d.played) == 2 })
	if got, want := len(d.played[1]), len(PCM(Capture, 1)); got != want {
		t.Errorf("second sound has %d bytes, want the capture's %d", got, want)
	}
	if p.Err() != nil || log.count() != 0 {
		t.Errorf("Err = %v, log %v; want neither", p.Err(), log.lines)
	}
}

func TestPlayerOpensLazily(t *testing.T) {
	// Making a Player touches no device and starts no goroutine: the app's
	// start-up pays nothing for sound until the first one plays.
	opened := make(chan struct{}, 1)
	p := newPlayer(func() (device, error) { opened <- struct{}{}; return &fakeDevice{}, nil }, nil)
	p.Play(Move, 0) // silent: still nothing to open for
	select {
	case <-opened:
		t.Fatal("the device was opened before a sound was played")
	default:
	}
	if p.queue != nil {
		t.Fatal("the player started before a sound was played")
	}
	p.Play(Move, 1)
	waitFor(t, "the device to open", func() bool { return len(opened) == 1 })
}

func TestPlayerFailsSoft(t *testing.T) {
	errNoDevice := errors.New("no sound card")
	tests := []struct {
		name string
		open func() (device, error)
	}{
		{"open fails", func() (device, error) { return nil, errNoDevice }},
		{"play fails", func() (device, error) { return &fakeDevice{err: errNoDevice}, nil }},
		{"open returns a nil device and an error", func() (device, error) { return (*fakeDevice)(nil), errNoDevice }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log logRecorder
			p := newPlayer(tc.open, log.logf)
			told := make(chan error, 2)
			p.OnFail(func(err error) { told <- err }) // a window that says so
			p.Play(Move, 1)
			waitFor(t, "the failure", func() bool { return p.Err() != nil })
			select {
			case err := <-told:
				if !errors.Is(err, errNoDevice) {
					t.Errorf("OnFail got %v", err)
				}
			case <-time.After(5 * time.Second):
				t.Error("OnFail was not called")
			}
			// A window opened later learns it at once.
			p.OnFail(func(err error) { told <- err })
			if len(told) != 1 {
				t.Error("OnFail after the failure was not called at once")
			}
			for _, k := range Kinds() {
				p.Play(k, 1)
			}
			if !errors.Is(p.Err(), errNoDevice) {
				t.Errorf("Err = %v, want %v", p.Err(), errNoDevice)
			}
			if log.count() != 1 {
				t.Errorf("logged %q, want one line", log.lines)
			}
		})
	}
}

func TestPlayerNeverBlocks(t *testing.T) {
	// A device that never finishes opening (a hung sound server): every
	// Play still returns, and the sounds beyond the queue are dropped.
	hang := make(chan struct{})
	defer close(hang)
	p := newPlayer(func() (device, error) { <-hang; return nil, errors.New("closed") }, nil)
	for range 100 {
		p.Play(LowTime, 1)
	}
	p.mu.Lock()
	dropped := p.dropped
	p.mu.Unlock()
	if dropped < 90 {
		t.Errorf("dropped %d of 100 sounds while the device hangs, want all but the queue's", dropped)
	}
}

func TestPlayerRealDevice(t *testing.T) {
	// The real oto backend on whatever this machine has (on CI and under
	// Xvfb: no sound card). It must neither panic nor block; quietly.
	var log logRecorder
	p := NewPlayer(log.logf)
	for _, k := range Kinds() {
		p.Play(k, 0.01)
	}
	for start := time.Now(); p.Err() == nil && time.Since(start) < 2*time.Second; {
		time.Sleep(10 * time.Millisecond)
	}
	if n := log.count(); n > 1 {
		t.Errorf("logged %d lines, want at most one: %q", n, log.lines)
	}
	t.Logf("device: err %v", p.Err())
}
