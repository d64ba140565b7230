//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"touchmove/core/chess"
)

// binary is the touchmove binary built for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "touchmove-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "touchmove")
	// The Windows checks (make windows-test sets TOUCHMOVE_WINE_SETUP,
	// wine_test.go) run the Windows release under Wine: they need no
	// Linux build, nor its packages.
	if os.Getenv("TOUCHMOVE_WINE_SETUP") == "" {
		build := exec.Command("go", "build", "-o", binary, "..")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "build:", err)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestPerftCommand(t *testing.T) {
	out, _, code := run(t, "", "perft", "4")
	if code != 0 || out != "Nodes searched: 197281\n" {
		t.Errorf("perft 4 = %q, %d", out, code)
	}
	out, _, code = run(t, "", "perft", "-divide", "2", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq", "-", "0", "1")
	if code != 0 || !strings.Contains(out, "e1g1: 43\n") || !strings.HasSuffix(out, "\nNodes searched: 2039\n") {
		t.Errorf("kiwipete divide:\n%s", out)
	}
	out, _, _ = run(t, "", "perft", "-divide", "1", "5k2/8/8/8/8/8/8/5K1R w H - 0 1")
	if !strings.Contains(out, "f1h1: 1\n") {
		t.Errorf("Chess960 castling is not king-onto-rook:\n%s", out)
	}
	out, _, _ = run(t, "", "perft", "-divide", "-960", "1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if !strings.Contains(out, "e1h1: 1\n") {
		t.Errorf("-960 castling is not king-onto-rook:\n%s", out)
	}
	for _, bad := range [][]string{{"perft"}, {"perft", "x"}, {"perft", "-nope", "1"}, {"perft", "1", "not a fen"}, {"nonsense"}, {"version", "extra"}} {
		if _, stderr, code := run(t, "", bad...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", bad, code, stderr)
		}
	}
	if out, _, code := run(t, "", "version"); code != 0 || !strings.HasPrefix(out, "touchmove ") {
		t.Errorf("version: %q %d", out, code)
	}
}

// TestPerftAgainstStockfish compares perft -divide with stockfish's on
// positions reached by random play from the start and from Chess960 starts.
func TestPerftAgainstStockfish(t *testing.T) {
	sf, err := exec.LookPath("stockfish")
	if err != nil {
		if sf, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			t.Skip("stockfish not installed")
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 24; i++ {
		p := chess.StartPosition()
		if i%3 == 2 {
			p, _ = chess.Chess960Start(rng.IntN(960))
		}
		for ply := rng.IntN(40); ply > 0; ply-- {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
		if !p.HasLegalMoves() {
			continue
		}
		fen := p.FEN()
		depth := 3
		args := []string{"perft", "-divide"}
		setup := ""
		if p.Chess960() {
			args = append(args, "-960")
			setup = "setoption name UCI_Chess960 value true\n"
		}
		args = append(args, fmt.Sprint(depth), fen)
		ours, _, code := run(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d", fen, code)
		}
		theirs := stockfishDivide(t, sf, setup, fen, depth)
		if normalize(ours) != normalize(theirs) {
			t.Errorf("%s: perft -divide %d differs\nours:\n%s\nstockfish:\n%s", fen, depth, ours, theirs)
		}
	}
}

func stockfishDivide(t *testing.T, sf, setup, fen string, depth int) string {
	t.Helper()
	cmd := exec.Command(sf)
	cmd.Stdin = strings.NewReader(fmt.Sprintf("uci\n%sposition fen %s\ngo perft %d\nquit\n", setup, fen, depth))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("stockfish: %v", err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if strings.Contains(l, ": ") && len(l) < 20 && !strings.HasPrefix(l, "info") || strings.HasPrefix(l, "Nodes searched") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// normalize sorts the divide lines so that the order does not matter.
func normalize(s string) string {
	var moves []string
	total := ""
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		switch {
		case strings.HasPrefix(l, "Nodes searched"):
			total = l
		case strings.TrimSpace(l) != "":
			moves = append(moves, l)
		}
	}
	sortStrings(moves)
	return strings.Join(moves, "\n") + "\n" + total
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

var _ = time.Second

// TestScoresheetCommand prints the two-page scoresheet of a 70-move game
// with the real binary and reads it back with pdftotext.
func TestScoresheetCommand(t *testing.T) {
	src, err := filepath.Abs("../app/scoresheet/testdata/game70.pgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "sheet.pdf")
	stdout, stderr, code := run(t, "", "scoresheet", "-game", "2", "-lang", "ru", "-paper", "letter", "-o", out, src)
	if code != 0 || stdout != out+"\n" {
		t.Fatalf("scoresheet: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	text, err := exec.Command("pdftotext", "-raw", out, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (poppler-utils): %v", err)
	}
	for _, want := range []string{"Иванов, Пётр", "Смирнова, Юлия", "Чемпионат Москвы", "Кc3", "Крa7", "1/2-1/2", "Страница 2 из 2"} { // -lang ru: every word of the sheet
		if !strings.Contains(string(text), want) {
			t.Errorf("%q is not in the PDF's text", want)
		}
	}
	if _, stderr, code := run(t, "", "scoresheet", "-game", "9", src); code != 1 || !strings.Contains(stderr, "has 2 games, not 9") {
		t.Errorf("a missing game: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := run(t, "", "scoresheet"); code != 2 || !strings.Contains(stderr, "usage: touchmove scoresheet") {
		t.Errorf("no FILE: exit %d, stderr %q", code, stderr)
	}
}

// The C locale, written C.UTF-8 as most containers and CI machines set it,
// is English and prints nothing at start-up (Fyne used to log "Error
// parsing user locale C" from its package initialisation on every command).
func TestNoLocaleErrorInTheCLocale(t *testing.T) {
	for _, lang := range []string{"C.UTF-8", "C", "POSIX"} {
		cmd := exec.Command(binary, "version")
		cmd.Env = append(os.Environ(), "LANG="+lang, "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Run(); err != nil || errb.Len() > 0 {
			t.Errorf("LANG=%s touchmove version: %v, stderr %q", lang, err, errb.String())
		}
	}
}

// Started with no display (a terminal over ssh), the window says why it
// cannot open and exits 1: no panic, no Go stack.
func TestWindowWithoutDisplay(t *testing.T) {
	cmd := exec.Command(binary)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &errb, &errb
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit %v, want 1; output:\n%s", err, errb.String())
	}
	out := errb.String()
	if !strings.Contains(out, "cannot open a window on any display: DISPLAY is not set") || strings.Contains(out, "goroutine ") {
		t.Errorf("output:\n%s", out)
	}
}
