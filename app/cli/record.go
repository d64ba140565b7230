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
	"strings"
	"syscall"
	"time"

	"touchmove/app"
	apphall "touchmove/app/hall"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/device/dgt"
)

const recordUsage = "usage: touchmove record -board PORT [-board PORT]... [-tc TC] [-white NAME -black NAME] [-mode casual|fide|arbiter]\n" +
	"                        [-pairings FILE.csv] [-round N] [-event NAME] [-site PLACE] [-serve ADDR] [-delay D]\n" +
	"                        [-push URL -token-file FILE] [-o OUT.pgn | -o DIR]"

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
//
// With several -board (a hall), or -serve, it records every board at once,
// each its own game, session and journal (recordhall.go): -o names the
// round's folder, which receives games.pgn and game-N.pgn as moves are
// made; -pairings names the players, -serve serves the round over HTTP,
// -push pushes it to a broadcast endpoint (lichess's push API) and -delay
// publishes it as it stood that long ago.
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
	ra, problem := parseRecordArgs(args)
	if problem != "" {
		return usageError(stderr, recordUsage, problem)
	}
	for _, port := range ra.boards {
		if err := checkBoard(port); err != nil {
			fmt.Fprintf(stderr, "touchmove record: %v\n", err)
			return 1
		}
	}
	if ra.hall() {
		return recordHall(ctx, ra, stdout, stderr, ro)
	}
	path := ra.out
	if path == "" {
		path = "game-" + time.Now().Format("20060102-150405") + ".pgn"
	}
	journal := recordJournal(ro.journals, stderr)
	var sopts []app.SessionOption
	if journal != nil {
		sopts = append(sopts, app.WithJournal(journal))
	}
	r := &recorder{s: app.NewSession(sopts...), opts: ra.opts, stdout: stdout, stderr: stderr}
	calls := make(chan func(), 1024)
	r.e = app.NewEBoard(r.s, ra.port, app.EBoardOptions{
		Do:     func(f func()) { calls <- f },
		Device: ro.device,
		OnStart: func() {
			if !r.started || r.s.Game().PlyCount() == 0 {
				r.begin()
			}
		},
	})
	fmt.Fprintf(stdout, "Recording from %s; set up the start position to begin.\n", ra.port)
	r.e.Connect()
	defer r.e.Close()
	return r.run(ctx, calls, func() int { return saveRecorded(r.s, journal, path, stdout, stderr) })
}

// recordArgs is the command line of `touchmove record`.
type recordArgs struct {
	port   string   // the first board
	boards []string // every -board, in order
	out    string   // the PGN file (the round's folder in a hall); "": one named for the date and time
	opts   app.NewGameOptions
	// A hall's: the pairing list, the address to serve the round on, the
	// delay of what is published.
	pairings string
	serve    string
	delay    time.Duration
	// push is the broadcast round's push endpoint, token the file of its
	// bearer token.
	push, token string
}

// hall reports whether the command records a hall: more than one board,
// or the round served over HTTP.
func (ra recordArgs) hall() bool { return len(ra.boards) > 1 || ra.serve != "" }

// parseRecordArgs reads record's command line; problem, when not "", is
// what is wrong with it.
func parseRecordArgs(args []string) (ra recordArgs, problem string) {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var boards []string
	fs.Func("board", "a board's serial port, e.g. "+dgt.PortExample+" (again for each board of a hall)", func(v string) error {
		if v == "" {
			return fmt.Errorf("an empty port")
		}
		boards = append(boards, v)
		return nil
	})
	tc := fs.String("tc", "-", "the time control as PGN writes it: 180+2, 40/5400+30:1800+30; - for none")
	white := fs.String("white", "", "White's name")
	black := fs.String("black", "", "Black's name")
	modeName := fs.String("mode", "fide", "the rules: casual, fide (touch-move) or arbiter")
	out := fs.String("o", "", "the PGN file the game is appended to; for several boards or -serve, the round's folder")
	pairingFile := fs.String("pairings", "", "a hall's pairing list: board,white,black[,whiteElo,blackElo,whiteFideId,blackFideId]")
	round := fs.String("round", "", "the round, for the Round tag")
	event := fs.String("event", "", "the event, for the Event tag")
	site := fs.String("site", "", "the place, for the Site tag")
	serve := fs.String("serve", "", "serve the round's PGN over HTTP at this address, e.g. 127.0.0.1:8080")
	delay := fs.Duration("delay", 0, "publish the round as it stood this long ago, e.g. 15m")
	push := fs.String("push", "", "push the round to this broadcast endpoint, e.g. https://lichess.org/api/broadcast/round/ID/push")
	token := fs.String("token-file", "", "the file holding -push's bearer token")
	if err := fs.Parse(args); err != nil {
		return ra, err.Error()
	}
	if fs.NArg() > 0 {
		return ra, fmt.Sprintf("unexpected %q", fs.Arg(0))
	}
	if len(boards) == 0 {
		return ra, "record needs -board PORT"
	}
	if *delay < 0 {
		return ra, fmt.Sprintf("-delay %v: a delay of zero or more", *delay)
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
		return ra, fmt.Sprintf("-mode %q: casual, fide or arbiter", *modeName)
	}
	if (*push == "") != (*token == "") {
		return ra, "-push and -token-file go together"
	}
	if *push != "" && !strings.HasPrefix(*push, "https://") && !strings.HasPrefix(*push, "http://") {
		return ra, fmt.Sprintf("-push %q: an http:// or https:// URL", *push)
	}
	ra = recordArgs{port: boards[0], boards: boards, out: *out, pairings: *pairingFile, serve: *serve, delay: *delay,
		push: *push, token: *token,
		opts: app.NewGameOptions{White: *white, Black: *black, Rules: mode, Round: *round, Event: *event, Site: *site}}
	if ra.hall() && (*white != "" || *black != "") {
		return ra, "-white and -black name one board's players: give a hall's in -pairings"
	}
	if !ra.hall() && (*pairingFile != "" || *delay != 0 || *push != "") {
		return ra, "-pairings, -delay and -push are for a hall: several -board, or -serve"
	}
	if *tc != "-" {
		ctl, err := apphall.Control(*tc)
		if err != nil {
			return ra, fmt.Sprintf("-tc %q: %v", *tc, err)
		}
		ra.opts.Time = &app.TimeSettings{White: ctl, Black: ctl}
	}
	return ra, ""
}

// recordJournal creates the recording's journal in dir, or in the user's
// folder when dir is ""; without one (it is told on stderr) the game is
// recorded all the same, and it returns nil.
func recordJournal(dir string, stderr io.Writer) *store.Journal {
	if dir == "" {
		if d, err := os.UserConfigDir(); err == nil {
			dir = filepath.Join(d, "touchmove")
		}
	}
	if dir == "" {
		return nil
	}
	j, err := store.NewJournals(dir).Create()
	if err != nil {
		fmt.Fprintf(stderr, "touchmove record: %v (recording without a journal)\n", err)
		return nil
	}
	return j
}

// recorder is a game being recorded from the board: its session, and what
// has been printed of it.
type recorder struct {
	s              *app.Session
	e              *app.EBoard
	opts           app.NewGameOptions
	stdout, stderr io.Writer
	started        bool // the game has begun
	connected      bool // the board, as last printed
	lastNotice     string
	lastMessage    string
	printed        int // the plies printed
}

// begin starts the game, once the board shows the start position.
func (r *recorder) begin() {
	if err := r.s.NewGame(r.opts); err != nil {
		fmt.Fprintf(r.stderr, "touchmove record: %v\n", err)
		return
	}
	r.started = true
	fmt.Fprintln(r.stdout, "The game begins.")
}

// run runs the session's calls and ticks until the game ends or ctx is
// done; save writes the game and returns the exit code it makes.
func (r *recorder) run(ctx context.Context, calls <-chan func(), save func() int) int {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case f := <-calls:
			f()
		case <-tick.C:
			r.s.Tick()
		case <-ctx.Done():
			if !r.started {
				fmt.Fprintln(r.stdout, "Interrupted before the game began: nothing to save.")
				return 1
			}
			fmt.Fprintln(r.stdout, "Interrupted: the game is saved unfinished.")
			if code := save(); code != 0 {
				return code
			}
			return 1
		}
		if st := r.e.State(); st.Connected != r.connected {
			r.connected = st.Connected
			fmt.Fprintln(r.stdout, st.String())
		}
		r.report()
		if r.started && r.s.Status().Over {
			st := r.s.Status()
			fmt.Fprintf(r.stdout, "%s %s\n", st.Result, st.Reason.String())
			return save()
		}
	}
}

// report prints what is new: the board's notice, and once the game has
// begun, the session's message and the moves made; before, it begins the
// game when the board shows the start position.
func (r *recorder) report() {
	st := r.e.State()
	if n := st.Notice.String(); n != r.lastNotice {
		r.lastNotice = n
		if n != "" {
			fmt.Fprintln(r.stdout, n)
		}
	}
	if !r.started {
		if st.Connected && st.Diff == 0 && r.s.Game().PlyCount() == 0 {
			r.begin()
		}
		return
	}
	if m := r.s.Status().Message.String(); m != r.lastMessage {
		r.lastMessage = m
		if m != "" {
			fmt.Fprintln(r.stdout, m)
		}
	}
	r.printMoves()
}

// printMoves prints each move of the main line not printed yet, with its
// clock.
func (r *recorder) printMoves() {
	for n := range r.s.Game().MainLine() {
		if n.IsRoot() || n.Ply() <= r.printed {
			continue
		}
		r.printed = n.Ply()
		line := fmt.Sprintf("%d. %s", n.MoveNumber(), n.SAN())
		if n.Mover() == chess.Black {
			line = fmt.Sprintf("%d... %s", n.MoveNumber(), n.SAN())
		}
		if d, ok := n.Clock(); ok {
			line += "  " + clock.FormatPGNClock(d)
		}
		fmt.Fprintln(r.stdout, line)
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
