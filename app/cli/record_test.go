package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/device/dgt"
	"touchmove/device/dgt/dgtsim"
)

// syncBuffer is a bytes.Buffer the test reads while record writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	for i := 0; !strings.Contains(out.String(), want); i++ {
		if i > 1000 {
			t.Fatalf("no %q in:\n%s", want, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// playOn plays moves (SAN) on the simulated board, as hands do.
func playOn(t *testing.T, sim *dgtsim.Board, p *chess.Position, moves ...string) {
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
		time.Sleep(300 * time.Millisecond)
	}
}

// recordEnded waits for the recording to end by itself, with exit 0.
func recordEnded(t *testing.T, done chan int, stdout, stderr *syncBuffer) {
	t.Helper()
	var code int
	select {
	case code = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("record did not end:\n%s", stdout.String())
	}
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
}

func startRecording(t *testing.T, ctx context.Context, args ...string) (*dgtsim.Board, *syncBuffer, *syncBuffer, chan int) {
	t.Helper()
	start := chess.StartPosition()
	sim, err := dgtsim.New(filepath.Join(t.TempDir(), "ttyDGT"), start.Board(), false)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err) // no pseudo-terminal for the simulated board here
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- record(ctx, append([]string{"-board", sim.Path()}, args...), &stdout, &stderr,
			recordOptions{device: dgt.Options{Retry: 20 * time.Millisecond}, journals: filepath.Join(t.TempDir(), "journals")})
	}()
	waitFor(t, &stdout, "The game begins.")
	for !sim.Updating() {
		time.Sleep(10 * time.Millisecond)
	}
	return sim, &stdout, &stderr, done
}

// A game to its end: each move printed with its clock, the PGN written
// with [%clk], exit 0.
func TestRecordGame(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.pgn")
	sim, stdout, stderr, done := startRecording(t, context.Background(), "-tc", "180+2", "-white", "Ann", "-black", "Bob", "-o", out)
	p := chess.StartPosition()
	playOn(t, sim, &p, "f3", "e5", "g4", "Qh4#")
	recordEnded(t, done, stdout, stderr)
	for _, want := range []string{"1. f3  0:03:0", "1... e5", "2... Qh4#", "0-1", out} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[White "Ann"]`, `[Black "Bob"]`, `[TimeControl "180+2"]`, `[Result "0-1"]`, "2. g4 { [%clk ", "Qh4#"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("PGN lacks %q:\n%s", want, data)
		}
	}
	if path, err := exec.LookPath("/usr/games/pgn-extract"); err == nil {
		if msg, err := exec.Command(path, "-s", "-r", out).CombinedOutput(); err != nil || len(bytes.TrimSpace(msg)) > 0 {
			t.Errorf("pgn-extract -r: %v\n%s", err, msg)
		}
	}
}

// SIGINT mid-game (a cancelled context here) writes the game unfinished.
func TestRecordInterrupted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.pgn")
	ctx, cancel := context.WithCancel(context.Background())
	sim, stdout, _, done := startRecording(t, ctx, "-mode", "casual", "-o", out)
	p := chess.StartPosition()
	playOn(t, sim, &p, "e4", "c5")
	waitFor(t, stdout, "1... c5")
	cancel()
	if code := <-done; code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "1. e4 c5 *") {
		t.Errorf("PGN:\n%s", data)
	}
}

func TestRecordUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-board", "/dev/null", "-tc", "fast"}, {"-board", "/dev/null", "-mode", "blitz"}, {"-board", "x", "y"}} {
		var stdout, stderr bytes.Buffer
		if code := record(context.Background(), args, &stdout, &stderr, recordOptions{}); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// A touch-move breach on the board (the knight lifted, a pawn moved) is
// recorded, printed and noted in the PGN, and the game goes on to its end
// (issue 45, point 2): record stopped at the first one.
func TestRecordTouchMoveBreach(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.pgn")
	sim, stdout, stderr, done := startRecording(t, context.Background(), "-o", out)
	p := chess.StartPosition()
	sim.Set(chess.G1, chess.NoPiece) // the knight lifted and put back
	time.Sleep(50 * time.Millisecond)
	sim.Set(chess.G1, chess.WhiteKnight)
	time.Sleep(50 * time.Millisecond)
	playOn(t, sim, &p, "f3", "e5", "g4", "Qh4#")
	recordEnded(t, done, stdout, stderr)
	const note = "knight g1 touched, f3 played: Art. 4.3.1 — a claim for Black"
	if !strings.Contains(stdout.String(), note) {
		t.Errorf("stdout does not say %q:\n%s", note, stdout.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if flat := strings.Join(strings.Fields(string(data)), " "); !strings.Contains(flat, "1. f3 { "+note+" } 1... e5") || !strings.Contains(flat, "Qh4#") {
		t.Errorf("PGN:\n%s", data)
	}
}

// A -board path that is no device is refused at once, with why, rather
// than waited for as a board that is away.
func TestRecordNoDevice(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "board.txt")
	if err := os.WriteFile(plain, []byte("not a board\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(dir, "nonexistent"), "no such device"},
		{plain, "not a serial device (it is a regular file)"},
		{dir, "not a serial device (it is a folder)"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		var stdout, stderr bytes.Buffer
		code := record(ctx, []string{"-board", tt.path, "-o", filepath.Join(dir, "game.pgn")}, &stdout, &stderr,
			recordOptions{device: dgt.Options{Retry: 20 * time.Millisecond}, journals: filepath.Join(dir, "journals")})
		cancel()
		if want := "touchmove record: " + tt.path + ": " + tt.want + "\n"; code != 1 || stderr.String() != want || stdout.Len() > 0 {
			t.Errorf("%s: exit %d, stderr %q, want %q; stdout %q", tt.path, code, stderr.String(), want, stdout.String())
		}
	}
}

// The kings placed on the centre squares end the recording with the
// result they show, and are no moves of the PGN (issue 48).
func TestRecordKingsResult(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.pgn")
	sim, stdout, stderr, done := startRecording(t, context.Background(), "-o", out)
	p := chess.StartPosition()
	playOn(t, sim, &p, "e4", "e5")
	for _, u := range []struct {
		sq chess.Square
		p  chess.Piece
	}{{chess.E8, chess.NoPiece}, {chess.E5, chess.BlackKing}, {chess.E1, chess.NoPiece}, {chess.D4, chess.WhiteKing}} {
		sim.Set(u.sq, u.p)
		time.Sleep(100 * time.Millisecond)
	}
	recordEnded(t, done, stdout, stderr)
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(data)), " ")
	if !strings.Contains(flat, `[Result "0-1"]`) || !strings.Contains(flat, "1. e4 e5 { Result 0-1 shown with the kings on the centre squares } 0-1") {
		t.Errorf("PGN:\n%s", data)
	}
}
