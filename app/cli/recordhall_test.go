//go:build linux

// Linux only: these tests play on the board simulator, a Linux
// pseudo-terminal (device/dgt/dgtsim).

package cli

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
)

// hallRig is `touchmove record` of several simulated boards.
type hallRig struct {
	t      *testing.T
	sims   []*dgtsim.Board
	pos    []chess.Position
	dir    string
	stdout syncBuffer
	stderr syncBuffer
	done   chan int
	cancel context.CancelFunc
	code   int
	ended  bool
}

// stop interrupts the recording (Ctrl+C) and returns its exit code.
func (h *hallRig) stop() int {
	if !h.ended {
		h.cancel()
		h.code, h.ended = <-h.done, true
	}
	return h.code
}

// startHall records n simulated boards into a new folder, with args.
func startHall(t *testing.T, n int, args ...string) *hallRig {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	h := &hallRig{t: t, dir: filepath.Join(t.TempDir(), "round"), done: make(chan int, 1), cancel: cancel}
	start := chess.StartPosition()
	tmp := t.TempDir()
	var boards []string
	for i := range n {
		sim, err := dgtsim.New(filepath.Join(tmp, fmt.Sprintf("ttyDGT%d", i+1)), start.Board(), i%2 == 1)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sim.Close() })
		h.sims = append(h.sims, sim)
		h.pos = append(h.pos, chess.StartPosition())
		boards = append(boards, "-board", sim.Path())
	}
	go func() {
		h.done <- record(ctx, append(append(boards, "-o", h.dir), args...), &h.stdout, &h.stderr,
			recordOptions{device: dgt.Options{Retry: 20 * time.Millisecond}})
	}()
	t.Cleanup(func() { h.stop() })
	for i := 0; strings.Count(h.stdout.String(), "The game begins.") < n; i++ {
		if i > 1000 {
			t.Fatalf("not every game began:\n%s", h.stdout.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, sim := range h.sims {
		for !sim.Updating() {
			time.Sleep(10 * time.Millisecond)
		}
	}
	return h
}

// play plays moves on board i (from 0), as hands do, one board after another.
func (h *hallRig) play(i int, moves ...string) {
	h.t.Helper()
	playOn(h.t, h.sims[i], &h.pos[i], moves...)
}

// file waits until the round's file name holds every one of want.
func (h *hallRig) file(name string, want ...string) string {
	h.t.Helper()
	var data []byte
	for i := 0; i < 500; i++ {
		data, _ = os.ReadFile(filepath.Join(h.dir, name))
		if containsAll(string(data), want) {
			return string(data)
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("%s lacks one of %q:\n%s\nstdout:\n%s\nstderr:\n%s", name, want, data, h.stdout.String(), h.stderr.String())
	return ""
}

func containsAll(s string, want []string) bool {
	flat := strings.Join(strings.Fields(s), " ")
	for _, w := range want {
		if !strings.Contains(flat, w) {
			return false
		}
	}
	return true
}

// Four boards at once, each its own game: the round's folder holds
// games.pgn in board order and game-N.pgn, current within a second of each
// move; the pairing list names the players; a board's pulled cable and
// another's junk bytes touch no other board; Ctrl+C writes every game
// where it stands (issue 48).
func TestRecordHall(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "round.csv")
	if err := os.WriteFile(csv, []byte("board,white,black,whiteElo,blackElo\n11,Ann,Bob,2100,2050\n12,Cy,Dee\n13,Eve,Fay\n14,Gus,Hal\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := startHall(t, 4, "-pairings", csv, "-round", "3", "-event", "Club championship")
	h.play(0, "e4")
	h.file("game-11.pgn", `[White "Ann"]`, `[WhiteElo "2100"]`, `[Round "3"]`, `[Board "11"]`, "1. e4 *")
	h.sims[2].Unplug() // board 13's cable pulled
	h.sims[1].SendGarbage([]byte{0x01, 0x7f, 0x8e, 0x00, 0x33})
	h.play(1, "d4", "d5")
	h.play(3, "c4")
	h.play(0, "e5")
	waitFor(t, &h.stdout, "board 13: "+h.sims[2].Path()+": not connected") // its loss said
	h.file("game-12.pgn", `[White "Cy"]`, "1. d4 d5 *")
	if err := h.sims[2].Plug(); err != nil {
		t.Fatal(err)
	}
	h.play(2, "Nf3")
	all := h.file("games.pgn", "1. e4 e5 *", "1. d4 d5 *", "1. Nf3 *", "1. c4 *")
	if i, j := strings.Index(all, `[Board "11"]`), strings.Index(all, `[Board "14"]`); i < 0 || j < i {
		t.Errorf("games.pgn not in board order:\n%s", all)
	}
	if code := h.stop(); code != 1 {
		t.Errorf("exit %d, want 1 (interrupted)", code)
	}
	for n, moves := range map[int]string{11: "1. e4 e5 *", 12: "1. d4 d5 *", 13: "1. Nf3 *", 14: "1. c4 *"} {
		h.file(fmt.Sprintf("game-%d.pgn", n), moves, `[Event "Club championship"]`)
	}
	if _, err := os.Stat(filepath.Join(h.dir, ".journal")); !os.IsNotExist(err) {
		t.Errorf("the journals are left after the round was written: %v", err)
	}
}

// The round served over HTTP: /games.pgn and /game-N.pgn, within a second
// of a move; a delay serves the round as it stood that long ago.
func TestRecordHallServe(t *testing.T) {
	h := startHall(t, 4, "-serve", "127.0.0.1:0", "-delay", "2s")
	m := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/games\.pgn`).FindStringSubmatch(h.stdout.String())
	if m == nil {
		t.Fatalf("no address said:\n%s", h.stdout.String())
	}
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + m[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			playOn(t, h.sims[i], &h.pos[i], "e4")
		}()
	}
	wg.Wait()
	moved := time.Now()
	// Held back by the delay, then served.
	if _, body := get("/game-3.pgn"); strings.Contains(body, "1. e4") {
		t.Errorf("served before the delay:\n%s", body)
	}
	for {
		code, body := get("/game-3.pgn")
		if code == 200 && strings.Contains(body, "1. e4 *") {
			break
		}
		if time.Since(moved) > 4*time.Second {
			t.Fatalf("not served 4 s after the move: %d\n%s", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if d := time.Since(moved); d < 1500*time.Millisecond {
		t.Errorf("served %v after the move, before the 2 s delay", d)
	}
	// The round as it stood 2 s before: the boards' moves were recognised
	// one after another (board 3's is not the last), so the others may
	// come a moment later.
	for {
		code, body := get("/games.pgn")
		if code == 200 && strings.Count(body, "1. e4 *") == 4 {
			break
		}
		if time.Since(moved) > 4*time.Second {
			t.Fatalf("games.pgn 4 s after the moves: %d\n%s", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code, _ := get("/game-9.pgn"); code != 404 {
		t.Errorf("a board that is not: %d", code)
	}
}

func TestRecordHallUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-board", "a", "-board", "b", "-white", "Ann"}, "-white and -black name one board's players"},
		{[]string{"-board", "a", "-pairings", "x.csv"}, "-pairings, -delay and -push are for a hall"},
		{[]string{"-board", "a", "-push", "https://x/push"}, "-push and -token-file go together"},
		{[]string{"-board", "a", "-push", "x/push", "-token-file", "t"}, `-push "x/push": an http:// or https:// URL`},
		{[]string{"-board", "a", "-serve", "127.0.0.1:0", "-delay", "-1s"}, "-delay -1s: a delay of zero or more"},
	} {
		var stdout, stderr syncBuffer
		if code := record(context.Background(), tt.args, &stdout, &stderr, recordOptions{}); code != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

// -push pushes the round to a broadcast endpoint speaking lichess's push
// API (a local fake here): the PGN as text with the bearer token, tried
// again while the endpoint fails, the recording never waiting for it.
func TestRecordHallPush(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	fails := 1
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path != "/api/broadcast/round/r1/push" || r.Header.Get("Authorization") != "Bearer lip_token" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		if fails > 0 {
			fails--
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		b, _ := io.ReadAll(r.Body)
		bodies = append(bodies, string(b))
		fmt.Fprint(w, `{"games":[]}`)
	}))
	defer srv.Close()
	token := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(token, []byte("lip_token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := startHall(t, 4, "-push", srv.URL+"/api/broadcast/round/r1/push", "-token-file", token)
	h.play(2, "e4")
	for i := 0; ; i++ {
		mu.Lock()
		last := ""
		if len(bodies) > 0 {
			last = bodies[len(bodies)-1]
		}
		mu.Unlock()
		if strings.Contains(last, "1. e4 *") && strings.Count(last, "[Board ") == 4 {
			break
		}
		if i > 500 {
			t.Fatalf("not pushed: %q\n%s", bodies, h.stdout.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	waitFor(t, &h.stdout, "Push failed: broadcast: push: HTTP 503: busy (trying again in 1s).")
}

// Twenty boards at once, each making a move at the same time: every move
// is in the served PGN within a second of the piece being set down (the
// reader's settle of 250 ms included) (issue 48).
func TestRecordHallTwentyBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("twenty boards")
	}
	const n = 20
	h := startHall(t, n, "-serve", "127.0.0.1:0")
	m := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/games\.pgn`).FindStringSubmatch(h.stdout.String())
	if m == nil {
		t.Fatalf("no address said:\n%s", h.stdout.String())
	}
	var wg sync.WaitGroup
	lat := make([]time.Duration, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := h.pos[i]
			mv, _ := p.ParseSAN("e4")
			for _, u := range dgtsim.MoveUpdates(p, mv, dgtsim.OwnFirst) {
				h.sims[i].Set(u.Square, u.Piece)
				time.Sleep(20 * time.Millisecond)
			}
			placed := time.Now()
			url := fmt.Sprintf("http://%s/game-%d.pgn", m[1], i+1)
			for time.Since(placed) < 3*time.Second {
				resp, err := http.Get(url)
				if err == nil {
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if strings.Contains(string(b), "1. e4 *") {
						lat[i] = time.Since(placed)
						return
					}
				}
				time.Sleep(10 * time.Millisecond)
			}
			lat[i] = -1
		}()
	}
	wg.Wait()
	worst := time.Duration(0)
	for i, d := range lat {
		if d < 0 {
			t.Errorf("board %d: not served 3 s after the move", i+1)
		}
		worst = max(worst, d)
	}
	t.Logf("twenty boards: the slowest move served %v after it was set down", worst)
	if worst > time.Second {
		t.Errorf("the slowest move served %v after it was set down, want under 1 s", worst)
	}
}
