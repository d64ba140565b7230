//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// display is an Xvfb server for one test.
type display struct {
	name string
	xvfb *exec.Cmd
}

func startXvfb(t *testing.T) *display {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Skip("Xvfb not installed")
	}
	// A server that does not answer (seen once on a loaded machine) is
	// stopped and another one started.
	var problems []string
	for range 3 {
		d, err := tryXvfb(t)
		if err == nil {
			return d
		}
		problems = append(problems, err.Error())
		t.Log(err)
	}
	t.Fatalf("no Xvfb display:\n%s", strings.Join(problems, "\n"))
	return nil
}

// tryXvfb starts Xvfb on a free display and waits until it answers.
func tryXvfb(t *testing.T) (*display, error) {
	t.Helper()
	// -displayfd makes Xvfb pick a free display and write its number to fd 3.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	d := &display{}
	var stderr bytes.Buffer
	d.xvfb = exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp")
	d.xvfb.ExtraFiles = []*os.File{w}
	d.xvfb.Stderr = &stderr
	if err := d.xvfb.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	exited := make(chan struct{})
	go func() { d.xvfb.Wait(); close(exited) }()
	stop := func() {
		// SIGTERM lets Xvfb remove its lock file and socket for the next one.
		d.xvfb.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			d.xvfb.Process.Kill()
			<-exited
		}
	}
	// Read the number up to its line end, and keep the pipe open while
	// Xvfb runs: it may write the number and the line end apart, and dies
	// if the pipe is closed in between.
	t.Cleanup(func() { r.Close() })
	var num []byte
	r.SetReadDeadline(time.Now().Add(20 * time.Second))
	for !bytes.HasSuffix(num, []byte("\n")) {
		buf := make([]byte, 16)
		n, err := r.Read(buf)
		num = append(num, buf[:n]...)
		if err != nil {
			stop()
			return nil, fmt.Errorf("Xvfb did not say its display (%q, %v): %s", num, err, stderr.String())
		}
	}
	d.name = ":" + strings.TrimSpace(string(num))
	// Wait until the server answers.
	deadline := time.Now().Add(30 * time.Second)
	for {
		cmd := exec.Command("xdotool", "getdisplaygeometry")
		cmd.Env = d.env(os.TempDir())
		out, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			stop()
			return nil, fmt.Errorf("Xvfb on %s does not answer: %v %s; Xvfb says: %s", d.name, err, out, stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Cleanup(stop)
	return d, nil
}

func (d *display) env(home string) []string {
	return append(os.Environ(), "DISPLAY="+d.name, "HOME="+home, "GSETTINGS_BACKEND=memory", "LANG=en_US.UTF-8",
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
}

func (d *display) xdotool(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = d.env(os.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// screenshot saves the screen as e2e/shots/name.png and returns it.
func (d *display) screenshot(t *testing.T, name string) image.Image {
	t.Helper()
	os.MkdirAll("shots", 0o755)
	path := filepath.Join("shots", name+".png")
	cmd := exec.Command("import", "-window", "root", path)
	cmd.Env = d.env(os.TempDir())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// boardRect finds the board on the screen by its square colours (the
// default "Wood" theme) and returns its top-left corner and square size.
func boardRect(t *testing.T, img image.Image) (x0, y0, sq float64) {
	t.Helper()
	x0, y0, sq, err := findBoard(img)
	if err != nil {
		t.Fatal(err)
	}
	return x0, y0, sq
}

// findBoard is boardRect that reports a board not found as an error.
func findBoard(img image.Image) (x0, y0, sq float64, err error) {
	return findBoardIn(img, color.RGBA{240, 217, 181, 255}, color.RGBA{181, 136, 99, 255})
}

// findBoardIn finds the board whose squares are light and dark, as
// findBoard finds one of the default colours.
func findBoardIn(img image.Image, light, dark color.RGBA) (x0, y0, sq float64, err error) {
	is := func(r, g, b uint32, c color.RGBA) bool {
		return r == uint32(c.R) && g == uint32(c.G) && b == uint32(c.B)
	}
	b := img.Bounds()
	minX, minY, maxX, maxY := b.Max.X, b.Max.Y, -1, -1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if is(r, g, bl, light) || is(r, g, bl, dark) {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	if maxX < 0 {
		return 0, 0, 0, errors.New("no board on the screen")
	}
	w, h := maxX-minX+1, maxY-minY+1
	if d := w - h; d > 3 || d < -3 {
		return 0, 0, 0, fmt.Errorf("board is not square: %dx%d", w, h)
	}
	return float64(minX), float64(minY), float64(w) / 8, nil
}

type app struct {
	cmd  *exec.Cmd
	home string
	d    *display
	x0   float64
	y0   float64
	sq   float64
}

func startApp(t *testing.T, d *display, home string, args ...string) *app {
	t.Helper()
	return startAppIn(t, d, home, "en_US.UTF-8", args...)
}

// startAppIn is startApp with the locale LANG set to locale.
func startAppIn(t *testing.T, d *display, home, locale string, args ...string) *app {
	t.Helper()
	a := &app{home: home, d: d}
	a.cmd = exec.Command(binary, args...)
	a.cmd.Env = append(d.env(home), "LANG="+locale) // the last LANG counts
	var logs bytes.Buffer
	a.cmd.Stdout, a.cmd.Stderr = &logs, &logs
	if err := a.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a.cmd.Process.Kill()
		a.cmd.Wait()
		if t.Failed() {
			t.Logf("app output:\n%s", logs.String())
		}
	})
	id := d.xdotool(t, "search", "--sync", "--onlyvisible", "--name", "Touchmove")
	d.xdotool(t, "windowfocus", "--sync", strings.Fields(id)[0])
	time.Sleep(800 * time.Millisecond)
	return a
}

// startFresh starts the app on a display of its own in a new home and
// finds its board (screenshot shot).
func startFresh(t *testing.T, shot string) *app {
	t.Helper()
	a := startApp(t, startXvfb(t), t.TempDir())
	a.locate(t, shot)
	return a
}

// locate finds the board on the screen. A window that has just appeared,
// or been resized, may not be drawn yet (or drawn at its old size) on a
// loaded machine: it looks until two looks in a row agree.
func (a *app) locate(t *testing.T, shot string) {
	t.Helper()
	var err error
	found := false
	for range 30 {
		x0, y0, sq, e := findBoard(a.d.screenshot(t, shot))
		if err = e; e == nil {
			if found && x0 == a.x0 && y0 == a.y0 && sq == a.sq {
				return
			}
			a.x0, a.y0, a.sq, found = x0, y0, sq, true
		}
		time.Sleep(300 * time.Millisecond)
	}
	if err == nil {
		return // found, though it kept changing: use the last look
	}
	t.Fatal(err)
}

// center returns the screen point of a square, White at the bottom.
func (a *app) center(sq string) (int, int) {
	f := float64(sq[0] - 'a')
	r := float64(sq[1] - '1')
	return int(a.x0 + (f+0.5)*a.sq), int(a.y0 + (7-r+0.5)*a.sq)
}

// drag moves a piece the way a hand does: press, several moves, release.
func (a *app) drag(t *testing.T, from, to string) {
	fx, fy := a.center(from)
	tx, ty := a.center(to)
	args := []string{"mousemove", fmt.Sprint(fx), fmt.Sprint(fy), "mousedown", "1"}
	for i := 1; i <= 6; i++ {
		args = append(args, "sleep", "0.03", "mousemove", fmt.Sprint(fx+(tx-fx)*i/6), fmt.Sprint(fy+(ty-fy)*i/6))
	}
	args = append(args, "sleep", "0.05", "mouseup", "1")
	a.d.xdotool(t, args...)
	time.Sleep(400 * time.Millisecond)
}

func (a *app) click(t *testing.T, sq string) {
	x, y := a.center(sq)
	a.d.xdotool(t, "mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1")
	time.Sleep(300 * time.Millisecond)
}

// saveWithChooser saves with Ctrl+S through the native file chooser,
// typing the path out, and returns the file once it is written. The
// chooser is shot as shot.
func (a *app) saveWithChooser(t *testing.T, out, shot string) []byte {
	t.Helper()
	d := a.d
	d.xdotool(t, "key", "ctrl+s")
	chooser := strings.Fields(d.xdotool(t, "search", "--sync", "--onlyvisible", "--name", "Save File"))[0]
	time.Sleep(500 * time.Millisecond)
	d.screenshot(t, shot)
	// Without a window manager keys go to the focused window: focus the chooser.
	d.xdotool(t, "windowfocus", "--sync", chooser)
	d.xdotool(t, "key", "ctrl+a") // the name field has the focus: replace it with a full path
	d.xdotool(t, "type", "--delay", "20", out)
	time.Sleep(300 * time.Millisecond)
	d.xdotool(t, "key", "Return")
	var saved []byte
	for i := 0; i < 50 && saved == nil; i++ {
		time.Sleep(200 * time.Millisecond)
		saved, _ = os.ReadFile(out)
	}
	return saved
}

// waitJournal returns the game the app journaled last, once it holds want
// or after three seconds: a loaded machine may draw and journal late.
func (a *app) waitJournal(t *testing.T, want string) string {
	t.Helper()
	pgn := a.journalPGN(t)
	for i := 0; i < 30 && !strings.Contains(pgn, want); i++ {
		time.Sleep(100 * time.Millisecond)
		pgn = a.journalPGN(t)
	}
	return pgn
}

// journalPGN returns the game the app journaled last.
func (a *app) journalPGN(t *testing.T) string {
	t.Helper()
	return a.journal(t).PGN
}

func TestWindowPlaysAndSaves(t *testing.T) {
	a := startFresh(t, "01-start")
	d, home := a.d, a.home

	a.drag(t, "e2", "e4") // drag and drop
	a.click(t, "e7")      // click-click
	a.click(t, "e5")      //
	a.drag(t, "g1", "f3") //
	a.drag(t, "d8", "d5") // illegal: must snap back, nothing recorded
	a.drag(t, "b8", "b8") // dropped on its own square: nothing
	a.drag(t, "b8", "c6") //
	d.screenshot(t, "02-after-moves")
	pgn := a.journalPGN(t)
	if !strings.Contains(pgn, "1. e4 e5 2. Nf3 Nc6 *") {
		t.Fatalf("journal after the moves:\n%s", pgn)
	}

	out := filepath.Join(home, "saved.pgn")
	saved := a.saveWithChooser(t, out, "03-save-dialog")
	if !bytes.Contains(saved, []byte("1. e4 e5 2. Nf3 Nc6 *")) {
		t.Fatalf("saved file %s:\n%s", out, saved)
	}
	time.Sleep(500 * time.Millisecond)
	d.screenshot(t, "04-saved")

	// Small and large windows: the board stays square and visible.
	id := strings.Fields(d.xdotool(t, "search", "--onlyvisible", "--name", "Touchmove"))[0]
	d.xdotool(t, "windowsize", id, "800", "600")
	time.Sleep(800 * time.Millisecond)
	a.locate(t, "05-800x600")
	d.xdotool(t, "windowsize", id, "1920", "1080")
	time.Sleep(800 * time.Millisecond)
	a.locate(t, "06-1920x1080")
	a.drag(t, "f1", "c4")
	if pgn := a.waitJournal(t, "3. Bc4 *"); !strings.Contains(pgn, "3. Bc4 *") {
		t.Fatalf("journal after a move in the large window:\n%s", pgn)
	}
}

func TestCrashRecovery(t *testing.T) {
	a := startFresh(t, "10-before-crash")
	d, home := a.d, a.home
	a.drag(t, "d2", "d4")
	a.drag(t, "g8", "f6")
	// Kill it: no chance to clean up.
	a.cmd.Process.Kill()
	a.cmd.Wait()
	b := startApp(t, d, home)
	d.screenshot(t, "11-restore-offer")
	// The dialog's default button restores.
	d.xdotool(t, "key", "Return")
	time.Sleep(600 * time.Millisecond)
	b.locate(t, "12-restored")
	b.drag(t, "c2", "c4")
	if pgn := b.journalPGN(t); !strings.Contains(pgn, "1. d4 Nf6 2. c4 *") {
		t.Fatalf("journal after restore and a move:\n%s", pgn)
	}
}

// libraryGames are the games of the file TestLibraryAnnotateAndSave opens;
// the first and the last are written in a way Touchmove's writer would
// not, to see that saving the second keeps their bytes.
var libraryGames = []string{
	"[Event \"One\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1.e4   e5 {odd   spacing kept} 2.Nf3 1-0\n\n",
	"[Event \"Two\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n[Result \"*\"]\n\n1. d4 {[%clk 0:05:00]} d5 {[%clk 0:04:59] [%eval 0.20]} 2. c4 *\n\n",
	"[Event \"Three\"]\n[White \"Eve\"]\n[Black \"Fay\"]\n[Result \"0-1\"]\n\n1. c4 $1 e5   0-1\n",
}

// A coach opens a file of several games, goes to the second from the board,
// comments its last move in place, marks it "!" and saves: the file holds
// the comment beside the clock and eval commands, and the other games keep
// their bytes.
func TestLibraryAnnotateAndSave(t *testing.T) {
	d := startXvfb(t)
	home := t.TempDir()
	path := filepath.Join(home, "lesson.pgn")
	orig := strings.Join(libraryGames, "")
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	startApp(t, d, home, path)
	time.Sleep(500 * time.Millisecond)
	d.screenshot(t, "20-game-list")
	d.xdotool(t, "key", "ctrl+Down") // the next game in the list
	time.Sleep(400 * time.Millisecond)
	d.xdotool(t, "key", "End")
	time.Sleep(200 * time.Millisecond)
	d.xdotool(t, "key", "ctrl+k") // comment after the move, in place
	time.Sleep(400 * time.Millisecond)
	d.xdotool(t, "type", "--delay", "30", "Ambitious 1")
	d.screenshot(t, "21-comment-in-place")
	d.xdotool(t, "key", "Return")
	time.Sleep(300 * time.Millisecond)
	d.xdotool(t, "key", "1") // "!": the keys are the board's again
	time.Sleep(300 * time.Millisecond)
	d.xdotool(t, "key", "ctrl+s")
	var saved []byte
	for i := 0; i < 50; i++ {
		time.Sleep(200 * time.Millisecond)
		if saved, _ = os.ReadFile(path); string(saved) != orig {
			break
		}
	}
	d.screenshot(t, "22-saved")
	got := string(saved)
	if !strings.HasPrefix(got, libraryGames[0]) || !strings.HasSuffix(got, libraryGames[2]) {
		t.Fatalf("the other games changed:\n%s", got)
	}
	second := strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimPrefix(got, libraryGames[0]), libraryGames[2])), " ")
	for _, want := range []string{"[Event \"Two\"]", "2. c4 $1 { Ambitious 1 } *", "[%clk 0:04:59]", "[%eval 0.20]"} {
		if !strings.Contains(second, want) {
			t.Errorf("the saved game lacks %q:\n%s", want, second)
		}
	}
}

// TestFocusedEntryStill: with the move box focused and nothing happening,
// the window does not repaint: Fyne's blinking cursor faded in and out by
// repainting the whole window, 12 frames a second, five times the CPU of a
// running clock for a player who types moves (issue 45). The Makefile
// builds with Fyne's no_animations tag: the cursor stays lit.
func TestFocusedEntryStill(t *testing.T) {
	a := startFresh(t, "still-start")
	a.d.xdotool(t, "key", "slash") // the move box (its hint says "/")
	time.Sleep(500 * time.Millisecond)
	first := a.d.screenshot(t, "still-0")
	for i := 1; i <= 8; i++ {
		time.Sleep(150 * time.Millisecond)
		img := a.d.screenshot(t, fmt.Sprintf("still-%d", i))
		if !sameImage(first, img) {
			t.Fatalf("the screen changed %d ms after the first look with nothing happening (still-0, still-%d): "+
				"is the binary built with -tags no_animations, as the Makefile builds?", i*150, i)
		}
	}
}

// sameImage reports whether a and b have the same pixels.
func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}
