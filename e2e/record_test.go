//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt/dgtsim"
)

// handPlay plays moves (SAN) on the simulated board as hands do.
func handPlay(t *testing.T, sim *dgtsim.Board, p *chess.Position, moves ...string) {
	t.Helper()
	for _, san := range moves {
		m, err := p.ParseSAN(san)
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		for _, u := range dgtsim.MoveUpdates(*p, m, dgtsim.OwnFirst) {
			sim.Set(u.Square, u.Piece)
			time.Sleep(20 * time.Millisecond)
		}
		p.Play(m)
		time.Sleep(400 * time.Millisecond)
	}
}

func startRecord(t *testing.T, args ...string) (*dgtsim.Board, *exec.Cmd, *os.File) {
	t.Helper()
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "ttyDGT"), start.Board(), true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	out, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, append([]string{"record", "-board", sim.Path()}, args...)...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir())
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	for i := 0; !sim.Updating(); i++ {
		if i > 500 {
			t.Fatal("record never put the board in update mode")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	return sim, cmd, out
}

// The real binary records a game from a board turned round to its mate.
func TestRecordCommand(t *testing.T) {
	pgnPath := filepath.Join(t.TempDir(), "game.pgn")
	sim, cmd, out := startRecord(t, "-tc", "300+3", "-white", "Ann", "-black", "Bob", "-o", pgnPath)
	p := chess.StartPosition()
	handPlay(t, sim, &p, "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("record: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("record did not end at the mate")
	}
	printed, _ := os.ReadFile(out.Name())
	for _, want := range []string{"4. Qxf7#", "1-0"} {
		if !strings.Contains(string(printed), want) {
			t.Errorf("output lacks %q:\n%s", want, printed)
		}
	}
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "4. Qxf7# { [%clk") || !strings.Contains(string(data), `[Result "1-0"]`) {
		t.Errorf("PGN:\n%s", data)
	}
}

// SIGTERM mid-game writes the game so far and exits 1.
func TestRecordCommandTerminated(t *testing.T) {
	pgnPath := filepath.Join(t.TempDir(), "game.pgn")
	sim, cmd, _ := startRecord(t, "-mode", "casual", "-o", pgnPath)
	p := chess.StartPosition()
	handPlay(t, sim, &p, "d4", "d5")
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("exit: %v, want code 1", err)
	}
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "1. d4 d5 *") {
		t.Errorf("PGN:\n%s", data)
	}
}
