//go:build e2e

package e2e

import (
	"fmt"
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

// hallCommand starts `touchmove record` of the boards sims into dir.
func hallCommand(t *testing.T, sims []*dgtsim.Board, dir string, extra ...string) (*exec.Cmd, *os.File) {
	t.Helper()
	args := []string{"record"}
	for _, s := range sims {
		args = append(args, "-board", s.Path())
	}
	args = append(append(args, "-o", dir), extra...)
	out, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir())
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd, out
}

// waitText waits until the file at path holds want.
func waitText(t *testing.T, path, want string) {
	t.Helper()
	for i := 0; ; i++ {
		data, _ := os.ReadFile(path)
		if strings.Contains(strings.Join(strings.Fields(string(data)), " "), want) {
			return
		}
		if i > 1000 {
			t.Fatalf("%s lacks %q:\n%s", path, want, data)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The real binary records four boards; killed (kill -9) mid-round it loses
// no move of any board: started again, it takes every game back from its
// journal and records on; SIGTERM then writes every game where it stands
// (issue 48).
func TestRecordHallKilled(t *testing.T) {
	start := chess.StartPosition()
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "round")
	var sims []*dgtsim.Board
	pos := make([]chess.Position, 4)
	for i := range pos {
		sim, err := dgtsim.New(filepath.Join(tmp, fmt.Sprintf("ttyDGT%d", i+1)), start.Board(), false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sim.Close() })
		sims = append(sims, sim)
		pos[i] = chess.StartPosition()
	}
	cmd, out := hallCommand(t, sims, dir)
	for i := 0; ; i++ {
		printed, _ := os.ReadFile(out.Name())
		if strings.Count(string(printed), "The game begins.") == 4 {
			break
		}
		if i > 1000 {
			t.Fatalf("not every game began:\n%s", printed)
		}
		time.Sleep(10 * time.Millisecond)
	}
	openings := [][]string{{"e4", "e5"}, {"d4", "d5"}, {"c4", "e5"}, {"Nf3", "Nf6"}}
	for i, o := range openings {
		handPlay(t, sims[i], &pos[i], o...)
	}
	for i, o := range openings {
		waitText(t, filepath.Join(dir, fmt.Sprintf("game-%d.pgn", i+1)), "1. "+o[0]+" "+o[1]+" *")
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	cmd, out = hallCommand(t, sims, dir)
	for i := 0; ; i++ {
		printed, _ := os.ReadFile(out.Name())
		if strings.Count(string(printed), "The game is back from its journal, after 2 moves.") == 4 {
			break
		}
		if i > 1000 {
			t.Fatalf("not every game came back:\n%s", printed)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for i := range sims {
		for !sims[i].Updating() {
			time.Sleep(10 * time.Millisecond)
		}
	}
	time.Sleep(300 * time.Millisecond)
	handPlay(t, sims[0], &pos[0], "Nf3")
	handPlay(t, sims[3], &pos[3], "g3")
	waitText(t, filepath.Join(dir, "game-1.pgn"), "1. e4 e5 2. Nf3 *")
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Error("exit 0 with every game unfinished, want 1")
	}
	want := []string{"1. e4 e5 2. Nf3 *", "1. d4 d5 *", "1. c4 e5 *", "1. Nf3 Nf6 2. g3 *"}
	for _, w := range want {
		waitText(t, filepath.Join(dir, "games.pgn"), w)
	}
	printed, _ := os.ReadFile(out.Name())
	if !strings.Contains(string(printed), "games.pgn game-1.pgn game-2.pgn game-3.pgn game-4.pgn") {
		t.Errorf("output:\n%s", printed)
	}
}
