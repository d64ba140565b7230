package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/device/dgt"
)

const recordUsage = "usage: touchmove record -board PORT [-tc TC] [-white NAME -black NAME] [-mode casual|fide|arbiter] [-o OUT.pgn]"

// Record runs `touchmove record -board PORT [-tc TC] [-white NAME -black
// NAME] [-mode casual|fide|arbiter] [-o OUT.pgn]` (args exclude
// "record"): it records one game from the DGT board on PORT, headless,
// through the window's recognition, clocks, arbiter and journal. The game
// begins when the board shows the start position; each move is printed as
// it is recognised, with its clock; the PGN (with [%clk]) is appended to
// OUT (default game-DATE-TIME.pgn) at the game's end, or on SIGINT or
// SIGTERM. It exits 0 at a finished game, 1 when it was interrupted first,
// PORT names no serial device (nothing there, a file) or the PGN cannot be
// written, 2 for usage errors.
func Record(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return record(ctx, args, stdout, stderr, recordOptions{})
}

// recordOptions are what the tests change.
type recordOptions struct {
	device   dgt.Options
	journals string // the journals' folder; "" for the user's
}

func record(ctx context.Context, args []string, stdout, stderr io.Writer, ro recordOptions) int {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	port := fs.String("board", "", "the board's serial port, e.g. /dev/ttyUSB0 or /dev/rfcomm0")
	tc := fs.String("tc", "-", "the time control as PGN writes it: 180+2, 40/5400+30:1800+30; - for none")
	white := fs.String("white", "", "White's name")
	black := fs.String("black", "", "Black's name")
	modeName := fs.String("mode", "fide", "the rules: casual, fide (touch-move) or arbiter")
	out := fs.String("o", "", "the PGN file the game is appended to")
	if err := fs.Parse(args); err != nil {
		return usageError(stderr, recordUsage, err.Error())
	}
	if fs.NArg() > 0 {
		return usageError(stderr, recordUsage, fmt.Sprintf("unexpected %q", fs.Arg(0)))
	}
	if *port == "" {
		return usageError(stderr, recordUsage, "record needs -board PORT")
	}
	var mode arbiter.Rules
	switch *modeName {
	case "casual":
		mode = arbiter.RulesCasual
	case "fide":
		mode = arbiter.RulesFIDE
	case "arbiter":
		mode = arbiter.RulesArbiter
	default:
		return usageError(stderr, recordUsage, fmt.Sprintf("-mode %q: casual, fide or arbiter", *modeName))
	}
	opts := app.NewGameOptions{White: *white, Black: *black, Rules: mode}
	if *tc != "-" {
		t, err := clock.ParseTimeControl(*tc)
		if err == nil && t.Kind != clock.TimeControlPeriods && t.Kind != clock.TimeControlSandglass {
			err = fmt.Errorf("not a time control of the clocks")
		}
		var ctl clock.Control
		if err == nil {
			ctl, err = t.Control()
		}
		if err != nil {
			return usageError(stderr, recordUsage, fmt.Sprintf("-tc %q: %v", *tc, err))
		}
		opts.Time = &app.TimeSettings{White: ctl, Black: ctl}
	}
	if err := checkBoard(*port); err != nil {
		fmt.Fprintf(stderr, "touchmove record: %v\n", err)
		return 1
	}
	path := *out
	if path == "" {
		path = "game-" + time.Now().Format("20060102-150405") + ".pgn"
	}

	var sopts []app.SessionOption
	dir := ro.journals
	if dir == "" {
		if d, err := os.UserConfigDir(); err == nil {
			dir = filepath.Join(d, "touchmove")
		}
	}
	var journal *store.Journal
	if dir != "" {
		j, err := store.NewJournals(dir).Create()
		if err != nil {
			fmt.Fprintf(stderr, "touchmove record: %v (recording without a journal)\n", err)
		} else {
			journal = j
			sopts = append(sopts, app.WithJournal(j))
		}
	}
	s := app.NewSession(sopts...)
	calls := make(chan func(), 1024)
	started := false
	begin := func() {
		if err := s.NewGame(opts); err != nil {
			fmt.Fprintf(stderr, "touchmove record: %v\n", err)
			return
		}
		started = true
		fmt.Fprintln(stdout, "The game begins.")
	}
	var e *app.EBoard
	var lastNotice, lastMessage string
	printed := 0
	report := func() {
		st := e.State()
		if n := st.Notice.String(); n != lastNotice {
			lastNotice = n
			if n != "" {
				fmt.Fprintln(stdout, n)
			}
		}
		if !started {
			if st.Connected && st.Diff == 0 && s.Game().PlyCount() == 0 {
				begin()
			}
			return
		}
		if m := s.Status().Message.String(); m != lastMessage {
			lastMessage = m
			if m != "" {
				fmt.Fprintln(stdout, m)
			}
		}
		g := s.Game()
		for n := range g.MainLine() {
			if n.IsRoot() || n.Ply() <= printed {
				continue
			}
			printed = n.Ply()
			line := fmt.Sprintf("%d. %s", n.MoveNumber(), n.SAN())
			if n.Mover() == chess.Black {
				line = fmt.Sprintf("%d... %s", n.MoveNumber(), n.SAN())
			}
			if d, ok := n.Clock(); ok {
				line += "  " + clock.FormatPGNClock(d)
			}
			fmt.Fprintln(stdout, line)
		}
	}
	e = app.NewEBoard(s, *port, app.EBoardOptions{
		Do:     func(f func()) { calls <- f },
		Device: ro.device,
		OnStart: func() {
			if !started || s.Game().PlyCount() == 0 {
				begin()
			}
		},
	})
	fmt.Fprintf(stdout, "Recording from %s; set up the start position to begin.\n", *port)
	e.Connect()
	defer e.Close()
	connected := false
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case f := <-calls:
			f()
		case <-tick.C:
			s.Tick()
		case <-ctx.Done():
			if !started {
				fmt.Fprintln(stdout, "Interrupted before the game began: nothing to save.")
				return 1
			}
			fmt.Fprintln(stdout, "Interrupted: the game is saved unfinished.")
			if code := saveRecorded(s, journal, path, stdout, stderr); code != 0 {
				return code
			}
			return 1
		}
		if st := e.State(); st.Connected != connected {
			connected = st.Connected
			fmt.Fprintln(stdout, st.String())
		}
		report()
		if started && s.Status().Over {
			st := s.Status()
			fmt.Fprintf(stdout, "%s %s\n", st.Result, st.Reason.String())
			return saveRecorded(s, journal, path, stdout, stderr)
		}
	}
}

// checkBoard refuses a -board path that names no serial device: nothing
// there, or a file or folder, which no board will ever answer on. A board
// unplugged later is waited for; one never plugged in is a typo.
func checkBoard(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such device", path)
	case err != nil:
		return err
	case fi.Mode()&fs.ModeCharDevice == 0:
		return fmt.Errorf("%s: not a serial device (it is %s)", path, store.KindOf(fi.Mode()))
	}
	return nil
}

// saveRecorded appends the game to path and, once it is written, clears
// the journal.
func saveRecorded(s *app.Session, j *store.Journal, path string, stdout, stderr io.Writer) int {
	s.StampClock()
	job, err := store.NewSaveJob(s.Game())
	if err == nil {
		_, err = job.Write(path, -1)
	}
	if err != nil {
		fmt.Fprintf(stderr, "touchmove record: %v (the journal keeps the game)\n", err)
		return 1
	}
	fmt.Fprintln(stdout, path)
	if j != nil {
		j.Flush()
		if err := j.Clear(); err != nil {
			fmt.Fprintf(stderr, "touchmove record: %v\n", err)
		}
	}
	return 0
}
