package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"touchmove/app"
	"touchmove/app/broadcast"
	apphall "touchmove/app/hall"
	"touchmove/app/pairings"
	"touchmove/app/store"
)

// hallBoard is one board of a hall: its recorder (session, e-board and
// journal of its own) and its number in the round.
type hallBoard struct {
	n       int
	r       *recorder
	journal *store.Journal
	jdir    string // the journal's folder
}

// hall records a round: every board its own game, published as it changes
// (app/hall's Round, as the window's View › Hall publishes it).
type hall struct {
	boards []*hallBoard
	round  *apphall.Round
	dir    string
	stdout io.Writer
	stderr io.Writer
}

// recordHall records several boards at once (or one, served over HTTP):
// every board its own session and journal, the round written to the folder
// ra.out (games.pgn and game-N.pgn) as moves are recognised, served over
// HTTP with -serve, until every game has ended or ctx is done.
func recordHall(ctx context.Context, ra recordArgs, stdout, stderr io.Writer, ro recordOptions) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "touchmove record: %v\n", err)
		return 1
	}
	seats, err := hallSeats(ra)
	if err != nil {
		return fail(err)
	}
	dir := ra.out
	if dir == "" {
		dir = "round-" + time.Now().Format("20060102-150405")
	}
	h := &hall{dir: dir, stdout: stdout, stderr: stderr}
	po := apphall.PublishOptions{Dir: dir, Delay: ra.delay, Serve: ra.serve, PushURL: ra.push, OnPush: h.pushed()}
	if ra.push != "" {
		if po.Token, err = readToken(ra.token); err != nil {
			return fail(err)
		}
	}
	if h.round, err = apphall.Publish(po); err != nil {
		return fail(err)
	}
	defer h.round.Close()
	if a := h.round.Addr(); a != nil {
		fmt.Fprintf(stdout, "Serving the round at http://%s/%s and /game-N.pgn.\n", a, broadcast.AllFile)
	}
	if ra.push != "" {
		fmt.Fprintf(stdout, "Pushing the round to %s.\n", ra.push)
	}
	calls := make(chan func(), 4096)
	for i, seat := range seats {
		b, err := h.newBoard(seat, ra, ro, calls)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(b.r.stdout, "Recording from %s; set up the start position to begin.\n", ra.boards[i])
		h.boards = append(h.boards, b)
	}
	defer func() {
		for _, b := range h.boards {
			b.r.e.Close()
		}
	}()
	for _, b := range h.boards {
		b.r.e.Connect()
	}
	fmt.Fprintf(stdout, "The round is written to %s (%s, and game-N.pgn a board).\n", dir, broadcast.AllFile)
	return h.run(ctx, calls)
}

// seat is a board's number and players.
type seat struct {
	n    int
	opts app.NewGameOptions
}

// hallSeats numbers the boards: board N is the N-th -board, unless the
// pairing list numbers them (its N-th line is the N-th -board's).
func hallSeats(ra recordArgs) ([]seat, error) {
	var ps []pairings.Pairing
	if ra.pairings != "" {
		var err error
		if ps, err = pairings.ReadFile(ra.pairings); err != nil {
			return nil, err
		}
		if len(ps) < len(ra.boards) {
			return nil, fmt.Errorf("%s: %d pairings for %d boards", ra.pairings, len(ps), len(ra.boards))
		}
	}
	out := make([]seat, len(ra.boards))
	for i := range ra.boards {
		out[i].n, out[i].opts = apphall.Seating(ra.opts, i, ps)
	}
	return out, nil
}

// newBoard sets up board s: its journal in the round's folder, its game
// back from the journal a crash left there, its recorder.
func (h *hall) newBoard(s seat, ra recordArgs, ro recordOptions, calls chan func()) (*hallBoard, error) {
	jdir := apphall.BoardJournals(filepath.Join(h.dir, ".journal"), s.n)
	if ro.journals != "" {
		jdir = apphall.BoardJournals(ro.journals, s.n)
	}
	js := store.NewJournals(jdir)
	orphans, errs := app.Orphans(js)
	for _, err := range errs {
		fmt.Fprintf(h.stderr, "touchmove record: board %d: %v\n", s.n, err)
	}
	out := &prefixWriter{w: h.stdout, prefix: fmt.Sprintf("board %d: ", s.n)}
	j, err := js.Create()
	if err != nil {
		fmt.Fprintf(h.stderr, "touchmove record: board %d: %v (recording without a journal)\n", s.n, err)
		j = nil
	}
	var sopts []app.SessionOption
	if j != nil {
		sopts = append(sopts, app.WithJournal(j))
	}
	r := &recorder{s: app.NewSession(sopts...), opts: s.opts, stdout: out, stderr: h.stderr}
	if plies, ok, err := apphall.Resume(r.s, orphans); err != nil {
		fmt.Fprintf(h.stderr, "touchmove record: board %d: %v\n", s.n, err)
	} else if ok {
		r.started = r.s.Phase() != app.Browsing
		r.printed = plies
		fmt.Fprintf(r.stdout, "The game is back from its journal, after %d moves.\n", plies)
	}
	b := &hallBoard{n: s.n, r: r, journal: j, jdir: jdir}
	r.e = app.NewEBoard(r.s, ra.boards[len(h.boards)], app.EBoardOptions{
		Do:     func(f func()) { calls <- f },
		Device: ro.device,
		OnStart: func() {
			if !r.started || r.s.Game().PlyCount() == 0 {
				r.begin()
			}
		},
	})
	return b, nil
}

// readToken reads the bearer token from the file -token-file names.
func readToken(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("-token-file: %w", err)
	}
	tok := strings.TrimSpace(string(data))
	if tok == "" {
		return "", fmt.Errorf("-token-file %s: no token in it", file)
	}
	return tok, nil
}

// pushed returns what prints the pushes' outcomes: a failure, and the
// push that works again after one.
func (h *hall) pushed() func(broadcast.PushResult) {
	failing := false
	return func(r broadcast.PushResult) {
		switch {
		case r.Err != nil && r.Retry > 0:
			fmt.Fprintf(h.stdout, "Push failed: %v (trying again in %v).\n", r.Err, r.Retry)
		case r.Err != nil:
			fmt.Fprintf(h.stdout, "Push refused: %v (pushed again at the next move).\n", r.Err)
		case failing:
			fmt.Fprintf(h.stdout, "Pushed again: %d games.\n", r.Games)
		}
		for _, e := range r.GameErrors {
			fmt.Fprintf(h.stdout, "Push: %s.\n", e)
		}
		failing = r.Err != nil
	}
}

// run runs the boards' calls and the clocks until every game has ended or
// ctx is done, publishing the round as it changes.
func (h *hall) run(ctx context.Context, calls <-chan func()) int {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case f := <-calls:
			f()
		case <-tick.C:
			for _, b := range h.boards {
				b.r.s.Tick()
			}
			h.round.Tick() // what a delay held back
		case <-ctx.Done():
			fmt.Fprintln(h.stdout, "Interrupted: every game is written where it stands.")
			if code := h.end(); code != 0 {
				return code
			}
			return 1
		}
		h.step()
		if h.over() {
			fmt.Fprintln(h.stdout, "Every game has ended.")
			return h.end()
		}
	}
}

// step prints what is new on each board and publishes the boards whose
// game changed.
func (h *hall) step() {
	seats := make([]apphall.Seat, len(h.boards))
	for i, b := range h.boards {
		r := b.r
		if st := r.e.State(); st.Connected != r.connected {
			r.connected = st.Connected
			fmt.Fprintln(r.stdout, st.String())
		}
		over := r.started && r.s.Status().Over
		r.report()
		if r.started && r.s.Status().Over && !over {
			st := r.s.Status()
			fmt.Fprintf(r.stdout, "%s %s\n", st.Result, st.Reason.String())
		}
		seats[i] = apphall.Seat{Number: b.n, Session: r.s, Started: r.started}
	}
	if err := h.round.Update(seats); err != nil {
		fmt.Fprintf(h.stderr, "touchmove record: %v\n", err)
	}
}

// over reports whether every board's game has begun and ended.
func (h *hall) over() bool {
	for _, b := range h.boards {
		if !b.r.started || !b.r.s.Status().Over {
			return false
		}
	}
	return true
}

// end writes every game where it stands, whatever the delay, and clears
// the journals once it is written; it returns the exit code.
func (h *hall) end() int {
	for _, b := range h.boards {
		if b.r.started {
			b.r.s.StampClock()
		}
	}
	h.round.Stale()
	h.step()
	if err := h.round.Final(); err != nil {
		fmt.Fprintf(h.stderr, "touchmove record: %v (the journals keep the games)\n", err)
		return 1
	}
	for _, b := range h.boards {
		if b.journal != nil {
			b.journal.Flush()
			if err := b.journal.Clear(); err != nil {
				fmt.Fprintf(h.stderr, "touchmove record: board %d: %v\n", b.n, err)
			}
			_ = os.Remove(b.jdir) // gone when empty
		}
	}
	_ = os.Remove(filepath.Join(h.dir, ".journal"))
	names := h.round.Files()
	if len(names) == 0 {
		fmt.Fprintln(h.stdout, "No game began: nothing written.")
		return 1
	}
	fmt.Fprintf(h.stdout, "%s: %s %s\n", h.dir, broadcast.AllFile, strings.Join(names, " "))
	return 0
}

// prefixWriter writes each line with a prefix: a board's lines in the
// hall's output.
type prefixWriter struct {
	w      io.Writer
	prefix string
	mid    bool // within a line
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	var out bytes.Buffer
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if !p.mid {
			out.WriteString(p.prefix)
		}
		out.Write(line)
		p.mid = line[len(line)-1] != '\n'
	}
	if _, err := p.w.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(b), nil
}
