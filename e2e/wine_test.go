//go:build e2e && wine

package e2e

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/pgn"
	"touchmove/device/dgt/dgtsim"
)

// The Windows release under Wine (make windows-test, which builds it and
// makes a fresh Wine prefix; packaging/windows/wine-test.sh): the installer
// installs silently, the installed touchmove.exe answers commands, and its
// window opens a file of games, takes a dragged move and saves it in place
// with Ctrl+S while the game list holds the file open, as Windows
// refuses to let a file be replaced that is open.

// wineBox is a Wine prefix on an Xvfb display.
type wineBox struct {
	d      *display
	prefix string
	home   string
}

// env is the environment of the Wine programs: the display, the prefix,
// no Wine debugging chatter, and no offer to install Mono or Gecko.
func (w *wineBox) env() []string {
	return append(w.d.env(w.home), "WINEPREFIX="+w.prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=")
}

// command returns wine running the Windows program exe with args.
func (w *wineBox) command(ctx context.Context, exe string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "wine", append([]string{exe}, args...)...)
	cmd.Env = w.env()
	return cmd
}

// run runs exe with args to its end, in at most two minutes, and returns
// its standard output and exit code.
func (w *wineBox) run(t *testing.T, exe string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := w.command(ctx, exe, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return out.String(), ee.ExitCode()
	case err != nil:
		t.Fatalf("wine %s %v: %v\n%s", exe, args, err, errb.String())
	}
	return out.String(), 0
}

// drive returns the Linux path of C:\path in the prefix.
func (w *wineBox) drive(path string) string {
	return filepath.Join(w.prefix, "drive_c", filepath.FromSlash(strings.ReplaceAll(strings.TrimPrefix(path, `C:\`), `\`, "/")))
}

// winPath is the Windows name of the Linux path p: Wine's Z: is /.
func winPath(p string) string { return `Z:` + strings.ReplaceAll(p, "/", `\`) }

// step runs one stage of the test and logs its time.
func step(t *testing.T, name string, f func()) {
	t.Helper()
	start := time.Now()
	f()
	t.Logf("%s: %.1f s", name, time.Since(start).Seconds())
}

const installedExe = `C:\Program Files\Touchmove\touchmove.exe`

func TestWineRelease(t *testing.T) {
	setup, prefix := os.Getenv("TOUCHMOVE_WINE_SETUP"), os.Getenv("WINEPREFIX")
	if setup == "" || prefix == "" {
		t.Skip("run by make windows-test, which sets TOUCHMOVE_WINE_SETUP and a fresh WINEPREFIX")
	}
	w := &wineBox{d: startXvfb(t), prefix: prefix, home: t.TempDir()}
	t.Cleanup(func() {
		cmd := exec.Command("wineserver", "-k")
		cmd.Env = w.env()
		cmd.Run()
	})
	step(t, "silent install", func() { w.install(t, setup) })
	step(t, "perft 5", func() {
		if out, code := w.run(t, installedExe, "perft", "5"); code != 0 || out != "Nodes searched: 4865609\n" {
			t.Errorf("touchmove.exe perft 5 = %q, exit %d", out, code)
		}
	})
	step(t, "pgn check", func() { w.pgnCheck(t) })
	step(t, "window: open, drag, save", func() { w.window(t) })
	step(t, "record from a simulated board on COM9", func() { w.record(t) })
	step(t, "silent uninstall", func() { w.uninstall(t) })
}

// uninstall runs the uninstaller silently: the program, its Start menu
// entry, the .pgn association and the Apps entry go. The uninstaller runs
// a copy of itself and returns at once, so what it removes is waited for.
func (w *wineBox) uninstall(t *testing.T) {
	t.Helper()
	if out, code := w.run(t, `C:\Program Files\Touchmove\uninstall.exe`, "/S"); code != 0 {
		t.Fatalf("uninstall.exe /S: exit %d\n%s", code, out)
	}
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(w.drive(installedExe)); errors.Is(err, os.ErrNotExist) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	wait := exec.Command("wineserver", "-w") // until nothing of it runs any more
	wait.Env = w.env()
	wait.Run()
	for _, p := range []string{installedExe, `C:\ProgramData\Microsoft\Windows\Start Menu\Programs\Touchmove.lnk`} {
		if _, err := os.Stat(w.drive(p)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("left after uninstalling: %s (%v)", p, err)
		}
	}
	for _, key := range []string{`HKLM\Software\Classes\Touchmove.pgn`, `HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Touchmove`} {
		if out, code := w.run(t, "reg", "query", key); code == 0 {
			t.Errorf("left after uninstalling: %s\n%s", key, out)
		}
	}
	if out, _ := w.run(t, "reg", "query", `HKLM\Software\Classes\.pgn`); strings.Contains(out, "Touchmove.pgn") {
		t.Errorf(".pgn still opens with Touchmove:\n%s", out)
	}
}

// record records a game from the simulated DGT board, reached as COM9:
// Wine's COM ports are links in the prefix's dosdevices folder to Linux
// serial devices, and the simulator's pseudo-terminal is one. The game
// ends at the mate, and its file holds the moves with their clocks.
func (w *wineBox) record(t *testing.T) {
	t.Helper()
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(w.home, "ttyDGT"), start.Board(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	com := filepath.Join(w.prefix, "dosdevices", "com9")
	os.Remove(com)
	if err := os.Symlink(sim.Path(), com); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(com)
	pgnPath := filepath.Join(w.home, "recorded.pgn")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := w.command(ctx, installedExe, "record", "-board", "COM9", "-tc", "300+3", "-white", "Ann", "-black", "Bob", "-o", winPath(pgnPath))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for i := 0; !sim.Updating(); i++ {
		if i > 1500 {
			cancel()
			<-done
			t.Fatalf("touchmove.exe record never put the board in update mode:\n%s", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	p := chess.StartPosition()
	handPlay(t, sim, &p, "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("touchmove.exe record: %v\n%s", err, out.String())
		}
	case <-time.After(30 * time.Second):
		cancel()
		<-done
		t.Fatalf("touchmove.exe record did not end at the mate:\n%s", out.String())
	}
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if games := readGames(t, data); len(games) != 1 || games[0] != "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#" {
		t.Errorf("recorded %q; the file:\n%s", games, data)
	}
	if !strings.Contains(string(data), `[Result "1-0"]`) || !strings.Contains(string(data), "Qxf7# { [%clk") {
		t.Errorf("the recorded file:\n%s", data)
	}
	t.Logf("touchmove.exe record said:\n%s", out.String())
}

// install runs the installer silently, and checks what it installed: the
// program and its uninstaller, the Start menu entry, the .pgn association
// with the program's icon, and the entry of Settings › Apps.
func (w *wineBox) install(t *testing.T, setup string) {
	t.Helper()
	if out, code := w.run(t, setup, "/S"); code != 0 {
		t.Fatalf("%s /S: exit %d\n%s", setup, code, out)
	}
	for _, p := range []string{installedExe, `C:\Program Files\Touchmove\uninstall.exe`, `C:\Program Files\Touchmove\README.txt`,
		`C:\ProgramData\Microsoft\Windows\Start Menu\Programs\Touchmove.lnk`} {
		if _, err := os.Stat(w.drive(p)); err != nil {
			t.Errorf("not installed: %s (%v)", p, err)
		}
	}
	for key, want := range map[string]string{
		`HKLM\Software\Classes\.pgn`:                                         "Touchmove.pgn",
		`HKLM\Software\Classes\Touchmove.pgn\DefaultIcon`:                    `C:\Program Files\Touchmove\touchmove.exe,0`,
		`HKLM\Software\Classes\Touchmove.pgn\shell\open\command`:             `"C:\Program Files\Touchmove\touchmove.exe" "%1"`,
		`HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Touchmove`: "",
	} {
		out, code := w.run(t, "reg", "query", key)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("registry %s: exit %d, want %q in\n%s", key, code, want, out)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
}

// pgnCheck checks a good file and a bad one: the bad one's problem is
// said with its place.
func (w *wineBox) pgnCheck(t *testing.T) {
	t.Helper()
	good := filepath.Join(w.home, "good.pgn")
	bad := filepath.Join(w.home, "bad.pgn")
	os.WriteFile(good, []byte(strings.Join(libraryGames, "")), 0o644)
	os.WriteFile(bad, []byte("[Event \"Bad\"]\n\n1. e4 e9 *\n"), 0o644)
	if out, code := w.run(t, installedExe, "pgn", "check", winPath(good)); code != 0 || !strings.Contains(out, "3 games, 0 errors") {
		t.Errorf("pgn check on a good file: exit %d\n%s", code, out)
	}
	if out, code := w.run(t, installedExe, "pgn", "check", winPath(bad)); code != 1 || !strings.Contains(out, `bad.pgn:3:7: game 1: bad move: invalid move notation "e9"`) {
		t.Errorf("pgn check on a bad file: exit %d\n%s", code, out)
	}
}

// window opens a file of three games in the installed program's window,
// goes to the second game's end, drags a move, saves with Ctrl+S, and
// reads the file back with Touchmove's PGN reader. The journal of the
// running window is in the user's AppData.
func (w *wineBox) window(t *testing.T) {
	t.Helper()
	path := filepath.Join(w.home, "lesson.pgn")
	orig := strings.Join(libraryGames, "")
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	// A window killed by an earlier run in this prefix left its journal,
	// whose game the window would offer to restore first.
	old, _ := filepath.Glob(filepath.Join(w.drive(`C:\users`), "*", "AppData", "Roaming", "touchmove", "journal-*"))
	for _, j := range old {
		os.Remove(j)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := w.command(ctx, installedExe, winPath(path))
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { // the window goes with this step: the uninstaller removes no running program
		cancel()
		cmd.Wait()
		if t.Failed() {
			t.Logf("touchmove.exe said:\n%s", logs.String())
		}
	}()
	a := &app{cmd: cmd, home: w.home, d: w.d}
	id := w.d.xdotool(t, "search", "--sync", "--onlyvisible", "--name", "Touchmove")
	w.d.xdotool(t, "windowfocus", "--sync", strings.Fields(id)[0])
	a.locate(t, "wine-01-game-list")
	w.d.xdotool(t, "key", "ctrl+Down") // the second game
	time.Sleep(600 * time.Millisecond)
	w.d.xdotool(t, "key", "End")
	time.Sleep(400 * time.Millisecond)
	a.locate(t, "wine-02-second-game")
	a.drag(t, "e7", "e6") // 2... e6
	w.d.screenshot(t, "wine-03-moved")
	journals, _ := filepath.Glob(filepath.Join(w.drive(`C:\users`), "*", "AppData", "Roaming", "touchmove", "journal-*.json"))
	if len(journals) == 0 {
		t.Errorf("no journal of the running window in AppData\\Roaming\\touchmove")
	}
	w.d.xdotool(t, "key", "ctrl+s")
	var saved []byte
	for i := 0; i < 50; i++ {
		time.Sleep(200 * time.Millisecond)
		if saved, _ = os.ReadFile(path); string(saved) != orig {
			break
		}
	}
	w.d.screenshot(t, "wine-04-saved")
	games := readGames(t, saved)
	if len(games) != 3 {
		t.Fatalf("the saved file has %d games:\n%s", len(games), saved)
	}
	if games[1] != "d4 d5 c4 e6" {
		t.Errorf("the second game's moves are %q, want d4 d5 c4 e6; the file:\n%s", games[1], saved)
	}
	if !strings.HasPrefix(string(saved), libraryGames[0]) || !strings.HasSuffix(string(saved), libraryGames[2]) {
		t.Errorf("the other games changed:\n%s", saved)
	}
}

// readGames reads the games of data with Touchmove's reader and returns
// each one's main line in SAN.
func readGames(t *testing.T, data []byte) []string {
	t.Helper()
	r := pgn.NewReader(bytes.NewReader(data))
	var games []string
	for {
		b := pgn.NewGameBuilder()
		err := r.ReadGame(b)
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("reading the saved file: %v\n%s", err, data)
		}
		var moves []string
		for n := range b.Game().MainLine() {
			if n.SAN() != "" {
				moves = append(moves, n.SAN())
			}
		}
		games = append(games, strings.Join(moves, " "))
	}
}
