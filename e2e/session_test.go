//go:build e2e

package e2e

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// journalEntry is the part of a window's journal these tests read.
type journalEntry struct {
	Written time.Time `json:"written"`
	PGN     string    `json:"pgn"`
	Dirty   bool      `json:"dirty"`
	Mode    int       `json:"sessionMode"`
	Clock   *struct {
		Remaining [2]time.Duration
	} `json:"clock"`
	Arbiter *struct {
		Turn struct{ Touches []byte } // squares, 0 = a1
	} `json:"arbiter"`
}

func (a *app) journal(t *testing.T) journalEntry {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(a.home, ".config", "touchmove", "journal-*.json"))
	if len(names) == 0 {
		t.Fatal("no journal of a running window")
	}
	data, err := os.ReadFile(names[len(names)-1])
	if err != nil {
		t.Fatal(err)
	}
	var e journalEntry
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// fidePrefs makes the new-game dialog offer FIDE rules at Blitz 3+2.
func fidePrefs(t *testing.T, home string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "fyne", "io.github.touchmove.Touchmove")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "preferences.json"), []byte(`{"rulesMode":1,"timePreset":"Blitz 3+2"}`), 0o644); err != nil {
		t.Fatal(err)
	}
}

// newFIDEGame starts a FIDE 3+2 game from the new-game dialog (Return
// starts it).
func (a *app) newFIDEGame(t *testing.T) {
	t.Helper()
	a.d.xdotool(t, "key", "ctrl+n")
	time.Sleep(800 * time.Millisecond)
	a.d.xdotool(t, "key", "Return")
	time.Sleep(600 * time.Millisecond)
}

// startFIDEGame starts the app on a display of its own in a new home with
// a FIDE 3+2 game begun, and finds its board (screenshot shot).
func startFIDEGame(t *testing.T, shot string) *app {
	t.Helper()
	d := startXvfb(t)
	home := t.TempDir()
	fidePrefs(t, home)
	a := startApp(t, d, home)
	a.newFIDEGame(t)
	a.locate(t, shot)
	return a
}

// Take back in a stored game, in a side line, changes nothing: no move,
// result or comment is lost, and the game is not made live.
func TestStoredGameTakebackChangesNothing(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	path := filepath.Join(home, "club.pgn")
	game := "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n" +
		"1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3) 2... Nc6 3. Bb5 a6 4. Ba4 {White keeps the bishop.} 1-0 {Black resigns}\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, d, home, path)
	a.locate(t, "30-stored-game")
	for _, k := range []string{"Home", "Right", "Right", "Right", "Down"} { // into the side line 2. f4
		d.xdotool(t, "key", k)
		time.Sleep(150 * time.Millisecond)
	}
	d.xdotool(t, "key", "ctrl+BackSpace") // Take back
	time.Sleep(300 * time.Millisecond)
	d.xdotool(t, "key", "ctrl+z")
	time.Sleep(300 * time.Millisecond)
	d.screenshot(t, "31-takeback-refused")
	e := a.journal(t)
	for _, want := range []string{"4. Ba4 { White keeps the bishop. } 1-0", "( 2. f4 exf4 3. Nf3 )"} {
		if !strings.Contains(strings.Join(strings.Fields(e.PGN), " "), want) {
			t.Errorf("after take back and undo the game lacks %q:\n%s", want, e.PGN)
		}
	}
	if e.Dirty || e.Mode != 0 {
		t.Errorf("after take back: dirty %v, mode %d (want a clean stored game)", e.Dirty, e.Mode)
	}
	// The keys reached the side line: Delete from here removes it, as an edit.
	d.xdotool(t, "key", "ctrl+Delete")
	time.Sleep(300 * time.Millisecond)
	if e := a.journal(t); strings.Contains(e.PGN, "f4") || !strings.Contains(e.PGN, "4. Ba4") {
		t.Fatalf("delete from here in the side line:\n%s", e.PGN)
	}
	d.xdotool(t, "key", "ctrl+z")
	time.Sleep(300 * time.Millisecond)
	if e := a.journal(t); !strings.Contains(e.PGN, "( 2. f4 exf4 3. Nf3 )") {
		t.Fatalf("undo of delete from here:\n%s", e.PGN)
	}
}

// A FIDE game drawn by a threefold claim: Take back is refused, the score,
// the board and the end of the game stay as they were, and no move can be
// played after the end.
func TestFIDEClaimedDrawKeepsTakebackRefused(t *testing.T) {
	a := startFIDEGame(t, "40-fide-game")
	d := a.d
	for range 2 {
		for _, m := range [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}} {
			a.drag(t, m[0], m[1])
		}
	}
	d.xdotool(t, "key", "ctrl+shift+d") // claim the threefold
	time.Sleep(600 * time.Millisecond)
	d.screenshot(t, "41-claimed")
	d.xdotool(t, "key", "Return") // closes the game-over notice
	time.Sleep(300 * time.Millisecond)
	before := a.journal(t)
	if !strings.Contains(before.PGN, "1/2-1/2") || before.Mode != 2 {
		t.Fatalf("after the claim: mode %d\n%s", before.Mode, before.PGN)
	}
	d.xdotool(t, "key", "ctrl+BackSpace") // Take back: refused
	time.Sleep(300 * time.Millisecond)
	a.drag(t, "g1", "f3") // the game is over: refused
	d.screenshot(t, "42-takeback-refused")
	after := a.journal(t)
	if after.PGN != before.PGN || after.Mode != 2 {
		t.Fatalf("the finished game changed: mode %d\n%s\nwas\n%s", after.Mode, after.PGN, before.PGN)
	}
}

// kill -9 during White's turn: the restored clock is within a second of
// the kill instant, and the piece White touched is still bound.
func TestKillRestoresClockAndTouch(t *testing.T) {
	a := startFIDEGame(t, "50-fide-game")
	d, home := a.d, a.home
	a.drag(t, "e2", "e4")
	a.drag(t, "e7", "e5")
	a.click(t, "g1") // White touches his knight
	start := a.journal(t).Clock.Remaining[0]
	time.Sleep(4 * time.Second)
	a.cmd.Process.Kill() // kill -9
	killed := time.Now()
	a.cmd.Wait()
	last := a.journal(t)
	b := startApp(t, d, home)
	d.screenshot(t, "51-restore-offer")
	d.xdotool(t, "key", "Return") // restore
	time.Sleep(800 * time.Millisecond)
	b.locate(t, "52-restored")
	r := b.journal(t)
	if r.Clock == nil || r.Arbiter == nil {
		t.Fatalf("the restored game has no clock or arbiter:\n%+v", r)
	}
	// The last heartbeat before the kill is at most a second old; its
	// reading is what comes back.
	lost := killed.Sub(last.Written)
	if lost > 1500*time.Millisecond {
		t.Errorf("the journal was written %v before the kill", lost)
	}
	got := r.Clock.Remaining[0]
	if used := start - got; math.Abs((used - 4*time.Second).Seconds()) > 1.5 {
		t.Errorf("White's clock: %v at the touch, %v restored: %v of 4 s counted", start, got, used)
	}
	if len(r.Arbiter.Turn.Touches) != 1 || r.Arbiter.Turn.Touches[0] != 6 {
		t.Fatalf("touched pieces after restore: %v, want g1", r.Arbiter.Turn.Touches)
	}
	d.xdotool(t, "key", "ctrl+p") // the clocks come back paused: resume
	time.Sleep(300 * time.Millisecond)
	b.drag(t, "d2", "d4") // refused: the knight was touched
	b.drag(t, "g1", "f3")
	d.screenshot(t, "53-after-restore")
	if pgn := b.journal(t).PGN; !strings.Contains(pgn, "2. Nf3") || strings.Contains(pgn, "d4") {
		t.Fatalf("after restore:\n%s", pgn)
	}
}

// A whole game typed with the keyboard: "/" gives the move box the keys,
// each move is typed and played with Return.
func TestKeyboardOnlyGame(t *testing.T) {
	a := startFresh(t, "60-keyboard-game")
	d := a.d
	d.xdotool(t, "key", "slash")
	time.Sleep(300 * time.Millisecond)
	for _, mv := range []string{"e4", "e5", "nf3", "Nc6", "Bc4", "nf6", "Ng5", "d5", "exd5", "Nxd5", "Nxf7", "Kxf7", "Qf3+", "Ke6", "Nc3", "Nb4", "O-O", "c6", "d4", "Kd7"} {
		d.xdotool(t, "type", "--delay", "40", mv)
		d.xdotool(t, "key", "Return")
		time.Sleep(150 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	d.screenshot(t, "61-keyboard-game")
	want := "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 Nb4 9. O-O c6 10. d4 Kd7 *"
	if pgn := strings.Join(strings.Fields(a.journal(t).PGN), " "); !strings.Contains(pgn, want) {
		t.Fatalf("typed game:\n%s", pgn)
	}
}

// childrenNamed returns the pids of pid's children called name.
func childrenNamed(pid int, name string) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, st := range stats {
		data, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …
		s := string(data)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open {
			continue
		}
		f := strings.Fields(s[close+1:])
		if s[open+1:close] == name && len(f) > 1 && f[1] == strconv.Itoa(pid) {
			p, _ := strconv.Atoi(strings.Fields(s)[0])
			out = append(out, p)
		}
	}
	return out
}

// Live analysis with the real engine: L turns it on, the engine runs as the
// app's child, and killing the app leaves no engine behind.
func TestEngineDiesWithTheApp(t *testing.T) {
	a := startFresh(t, "70-engine")
	d := a.d
	d.xdotool(t, "key", "l")
	var engines []int
	for range 50 {
		time.Sleep(200 * time.Millisecond)
		if engines = childrenNamed(a.cmd.Process.Pid, "stockfish"); len(engines) > 0 {
			break
		}
	}
	if len(engines) == 0 {
		t.Fatal("no engine started by L")
	}
	time.Sleep(1500 * time.Millisecond)
	d.screenshot(t, "71-engine-on")
	a.cmd.Process.Kill() // kill -9
	a.cmd.Wait()
	for range 50 {
		alive := 0
		for _, p := range engines {
			if _, err := os.Stat("/proc/" + strconv.Itoa(p)); err == nil {
				if data, _ := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat"); !strings.Contains(string(data), ") Z ") {
					alive++
				}
			}
		}
		if alive == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("engine processes %v outlived the app", engines)
}
