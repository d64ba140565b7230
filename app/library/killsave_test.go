//go:build unix

package library_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"touchmove/app/library"
	"touchmove/app/library/librarytest"
	"touchmove/app/store"
)

// killSaveEnv names, in the environment of a child process of
// TestKillDuringSaveLeavesOldOrNew, the file it saves into again and again.
const killSaveEnv = "TOUCHMOVE_KILL_SAVE_FILE"

// TestKillDuringSaveLeavesOldOrNew saves a game read from a big file back
// into it again and again, as the window does, in a child process and kills it with SIGKILL at random instants:
// every time the file is exactly one of the versions a save writes, never
// a mix or a cut, and the next opening of the file leaves no temporary
// file behind.
func TestKillDuringSaveLeavesOldOrNew(t *testing.T) {
	path, _ := writeEqualGames(t, "big.pgn", 20000)
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The two versions the child writes by turns, made here on copies.
	versions := [][]byte{orig}
	for k := range 2 {
		cp := filepath.Join(t.TempDir(), "big.pgn")
		if err := os.WriteFile(cp, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := killSaveJob(t, k).Replace(originOf(t, cp, 5)); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(cp)
		versions = append(versions, data)
	}
	// How long a save takes: the kills fall within a few of them.
	cp := filepath.Join(t.TempDir(), "big.pgn")
	if err := os.WriteFile(cp, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	o := originOf(t, cp, 5)
	start := time.Now()
	if _, err := killSaveJob(t, 0).Replace(o); err != nil {
		t.Fatal(err)
	}
	one := time.Since(start)
	rng := rand.New(rand.NewPCG(21, 21))
	littered, kills := 0, 0
	// At least 10 kills, and 3 that fall inside a save (leaving a
	// temporary file), within 40.
	for k := 0; k < 40 && (k < 10 || littered < 3); k++ {
		kills++
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillSaveChild$")
		cmd.Env = append(os.Environ(), killSaveEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ready := make([]byte, 1)
		if _, err := io.ReadFull(out, ready); err != nil { // the child is about to save
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(2*one) + 1)))
		cmd.Process.Kill()
		cmd.Wait()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		if !bytes.Equal(data, versions[0]) && !bytes.Equal(data, versions[1]) && !bytes.Equal(data, versions[2]) {
			t.Fatalf("kill %d: the file is neither old nor new (%d bytes)", k, len(data))
		}
		if len(tempFiles(t, path)) > 0 {
			littered++
		}
		lib, err := library.Open(t.Context(), path, library.Options{Spawn: func(func()) {}})
		if err != nil {
			t.Fatal(err)
		}
		lib.Cancel()
		if m := tempFiles(t, path); len(m) != 0 {
			t.Fatalf("kill %d: after opening the file again, temporary files are left: %v", k, m)
		}
	}
	if littered == 0 {
		t.Fatalf("none of %d kills fell inside a save: nothing was shown", kills)
	}
	t.Logf("a save takes %v; %d of %d kills left a temporary file, removed at the next opening", one, littered, kills)
}

// killSaveJob is the save of game 6 with an Annotator tag of version k.
func killSaveJob(t *testing.T, k int) store.SaveJob {
	t.Helper()
	f, err := store.DecodeGames(strings.NewReader(equalGame(5)))
	if err != nil || len(f) != 1 {
		t.Fatal(err)
	}
	f[0].Tags.Set("Annotator", "Version "+strconv.Itoa(k))
	job, err := store.NewSaveJob(f[0])
	if err != nil {
		t.Fatal(err)
	}
	return job
}

// originOf reads game i of the file at path from its list, as the window
// does, and returns its origin.
func originOf(t *testing.T, path string, i int) store.Origin {
	t.Helper()
	_, o, err := librarytest.Open(t, path, library.Options{}).Read(i)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestKillSaveChild is the child process of
// TestKillDuringSaveLeavesOldOrNew: it saves until it is killed.
func TestKillSaveChild(t *testing.T) {
	path := os.Getenv(killSaveEnv)
	if path == "" {
		t.Skip("runs only as the child process of TestKillDuringSaveLeavesOldOrNew")
	}
	jobs := []store.SaveJob{killSaveJob(t, 0), killSaveJob(t, 1)}
	o := originOf(t, path, 5)
	os.Stdout.Write([]byte{'.'})
	for k := 0; ; k++ {
		var err error
		if o, err = jobs[k%2].Replace(o); err != nil {
			t.Fatal(err)
		}
	}
}
