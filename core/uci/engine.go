package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"touchmove/core/chess"
)

// Errors of an engine. The errors returned wrap them with the engine's name
// and what was going on.
var (
	// ErrExited: the engine process has ended (crashed or quit).
	ErrExited = errors.New("uci: the engine has exited")
	// ErrTimeout: the engine did not answer in time and was stopped.
	ErrTimeout = errors.New("uci: the engine did not answer in time")
	// ErrOverrun: a search ran past its deadline (see Limits.Deadline) and
	// was stopped; the engine obeyed stop and is still usable, and the
	// Result holds what it had found.
	ErrOverrun = errors.New("uci: the engine did not finish its search in time")
	// ErrClosed: Close was called.
	ErrClosed = errors.New("uci: the engine was closed")
	// ErrProtocol: the engine answered something that breaks the protocol,
	// such as an illegal best move.
	ErrProtocol = errors.New("uci: protocol error")
	// ErrOption: an option the engine does not declare, or a bad value.
	ErrOption = errors.New("uci: bad option")
)

// Default deadlines of a Config.
const (
	DefaultTimeout     = 10 * time.Second
	DefaultStopTimeout = 5 * time.Second
	quitGrace          = 300 * time.Millisecond
	maxLine            = 64 << 10
	stderrTail         = 2 << 10
)

// Config says how to start an engine.
type Config struct {
	Path string   // the engine's executable, looked up on PATH if it has no slash
	Args []string // its arguments
	Env  []string // its environment; nil for the current one
	Dir  string   // its working directory; "" for the current one
	// Timeout bounds the uci and isready handshakes (DefaultTimeout if 0).
	Timeout time.Duration
	// StopTimeout is how long the engine may take to send bestmove after
	// stop, or after a movetime has run out (DefaultStopTimeout if 0).
	StopTimeout time.Duration
	// SearchTimeout, when not 0, bounds every search by depth or nodes in
	// place of the deadline derived from its limit (see Limits.Deadline).
	SearchTimeout time.Duration
	// Log receives what the engine did wrong without failing: junk lines,
	// dropped PVs, options it declared badly. Nil discards it.
	Log func(msg string)
}

// Engine is a running UCI engine.
type Engine struct {
	cfg      Config
	name     string
	author   string
	options  []Option
	chess960 bool // the value of UCI_Chess960 last sent

	cmd    *exec.Cmd
	group  *processGroup // the engine and the processes it starts
	stdin  io.WriteCloser
	stdout *os.File
	lines  chan string
	quit   chan struct{} // closed by Close: the reader stops sending
	exited chan struct{} // closed once the process is reaped
	exit   error         // the process's exit status, once exited is closed
	tail   tailBuffer
	// tailDone is closed once the engine's standard error has ended: its
	// last words are in tail (a crash's message came after the exit was
	// seen, once in five runs under Wine).
	tailDone chan struct{}

	writeMu   sync.Mutex
	closeOnce sync.Once
	mu        sync.Mutex
	failed    error // the first fatal error; the engine is unusable after it
}

// Start starts the engine and runs the uci handshake, then isready. It
// gives up after cfg.Timeout or when ctx ends, whichever comes first, and
// then kills the engine.
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.StopTimeout <= 0 {
		cfg.StopTimeout = DefaultStopTimeout
	}
	e := &Engine{
		cfg:      cfg,
		name:     filepath.Base(cfg.Path),
		lines:    make(chan string, 256),
		quit:     make(chan struct{}),
		exited:   make(chan struct{}),
		tailDone: make(chan struct{}),
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Env, cmd.Dir = cfg.Env, cfg.Dir
	setProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("uci: start %s: %w", cfg.Path, err)
	}
	// Our own pipes, not cmd's: cmd.Wait would wait for the engine's
	// children to close theirs, and would close ours under the reader.
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("uci: start %s: %w", cfg.Path, err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("uci: start %s: %w", cfg.Path, err)
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("uci: start engine %s: %w", cfg.Path, err)
	}
	e.cmd, e.stdin, e.stdout = cmd, stdin, outR
	e.group = startedGroup(cmd)
	go e.readLines(outR)
	go e.readStderr(errR)
	go func() {
		e.exit = cmd.Wait()
		close(e.exited)
	}()
	if err := e.handshake(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Name returns the engine's name from "id name", or its file name.
func (e *Engine) Name() string { return e.name }

// Author returns the engine's author from "id author".
func (e *Engine) Author() string { return e.author }

// Options returns the options the engine declared, in its order. The slice
// must not be modified.
func (e *Engine) Options() []Option { return e.options }

// Option returns the declared option called name (case-insensitive, as UCI
// says) and whether there is one.
func (e *Engine) Option(name string) (Option, bool) {
	for _, o := range e.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// Err returns the error that made the engine unusable, or nil.
func (e *Engine) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.failed
}

// fail records err as fatal (the first one wins), kills the engine and
// returns the recorded error.
func (e *Engine) fail(err error) error {
	e.mu.Lock()
	if e.failed == nil {
		e.failed = err
	}
	err = e.failed
	e.mu.Unlock()
	e.kill()
	return err
}

func (e *Engine) logf(format string, args ...any) {
	if e.cfg.Log != nil {
		e.cfg.Log(e.name + ": " + fmt.Sprintf(format, args...))
	}
}

// readLines sends the engine's output lines to e.lines until EOF, then
// closes it. Over-long lines are cut.
func (e *Engine) readLines(r *os.File) {
	defer close(e.lines)
	br := bufio.NewReaderSize(r, 16<<10)
	var long []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if len(long) < maxLine {
				long = append(long, chunk...)
			}
			continue
		}
		if len(long) > 0 {
			chunk = append(long, chunk...)
			long = long[:0]
		}
		if len(chunk) > 0 {
			if len(chunk) > maxLine {
				chunk = chunk[:maxLine]
			}
			line := strings.TrimRight(string(chunk), "\r\n")
			select {
			case e.lines <- line:
			case <-e.quit:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// readStderr keeps the end of the engine's standard error for messages.
func (e *Engine) readStderr(r *os.File) {
	defer close(e.tailDone)
	defer r.Close()
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		e.tail.write(buf[:n])
		if err != nil {
			return
		}
	}
}

// send writes one command line to the engine.
func (e *Engine) send(cmd string) error {
	e.writeMu.Lock()
	_, err := io.WriteString(e.stdin, cmd+"\n")
	e.writeMu.Unlock()
	if err != nil {
		return e.fail(e.deadError("receiving " + firstWord(cmd)))
	}
	return nil
}

func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// deadError describes why the engine's output ended: closed by us, or
// exited with a status and what it wrote on standard error.
func (e *Engine) deadError(doing string) error {
	select {
	case <-e.quit:
		return fmt.Errorf("uci: engine %s: %w", e.name, ErrClosed)
	default:
	}
	wait := time.After(time.Second) // for the exit and the last words both
	for _, c := range []chan struct{}{e.exited, e.tailDone} {
		select {
		case <-c:
			continue
		case <-wait:
		}
		break
	}
	status := "its output closed"
	select {
	case <-e.exited:
		if e.exit != nil {
			status = e.exit.Error()
		} else {
			status = "exit status 0"
		}
	default:
	}
	msg := fmt.Sprintf("uci: engine %s exited while %s (%s)", e.name, doing, status)
	if t := e.tail.String(); t != "" {
		msg += "; it said: " + t
	}
	return fmt.Errorf("%s: %w", msg, ErrExited)
}

// readLine returns the engine's next line, or an error when ctx ends or
// the engine's output does.
func (e *Engine) readLine(ctx context.Context, doing string) (string, error) {
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", e.fail(e.deadError(doing))
		}
		return l, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// waitFor reads lines until one equal to want, passing the others to other
// (or logging them when other is nil). It gives up after the configured
// Timeout: the engine is then taken as hung and killed.
func (e *Engine) waitFor(parent context.Context, want string, other func(string)) error {
	ctx, cancel := context.WithTimeout(parent, e.cfg.Timeout)
	defer cancel()
	for {
		l, err := e.readLine(ctx, "answering "+want)
		if err != nil {
			if parent.Err() != nil {
				return parent.Err() // the caller gave up: the engine is not to blame
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return e.fail(fmt.Errorf("uci: engine %s: no %s within %v: %w", e.name, want, e.cfg.Timeout, ErrTimeout))
			}
			return err
		}
		switch {
		case strings.TrimSpace(l) == want:
			return nil
		case other != nil:
			other(l)
		default:
			e.skip(l)
		}
	}
}

// skip logs a line that is not expected at this point, unless it is empty
// or an info line other than "info string" (engines may print those at any
// time).
func (e *Engine) skip(l string) {
	l = strings.TrimSpace(l)
	if text, ok := strings.CutPrefix(l, "info string "); ok {
		e.logf("says %q", clip(text))
		return
	}
	if l == "" || strings.HasPrefix(l, "info") || strings.HasPrefix(l, "bestmove") {
		return
	}
	e.logf("ignored %q", clip(l))
}

func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	err := e.waitFor(ctx, "uciok", func(l string) {
		f := strings.Fields(l)
		switch {
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			e.name = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "id" && f[1] == "author":
			e.author = strings.Join(f[2:], " ")
		case len(f) > 0 && f[0] == "option":
			o, err := ParseOption(l)
			if err != nil {
				e.logf("%v", err)
				return
			}
			e.options = append(e.options, o)
		default:
			e.skip(l)
		}
	})
	if err != nil {
		return err
	}
	return e.IsReady(ctx)
}

// usable returns the fatal error, if any.
func (e *Engine) usable() error { return e.Err() }

// IsReady sends isready and waits for readyok, with the configured Timeout.
func (e *Engine) IsReady(ctx context.Context) error {
	if err := e.usable(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := e.send("isready"); err != nil {
		return err
	}
	return e.waitFor(ctx, "readyok", nil)
}

// SetOption sets a declared option; value is ignored for a button. The
// engine applies it before answering the next isready.
func (e *Engine) SetOption(name, value string) error {
	if err := e.usable(); err != nil {
		return err
	}
	o, ok := e.Option(name)
	if !ok {
		return fmt.Errorf("uci: engine %s has no option %q: %w", e.name, name, ErrOption)
	}
	if o.Type == Button {
		value = ""
	}
	if err := o.Check(value); err != nil {
		return fmt.Errorf("%w: %w", err, ErrOption)
	}
	cmd := "setoption name " + o.Name
	if o.Type != Button {
		if value == "" && o.Type == String {
			value = "<empty>"
		}
		cmd += " value " + value
	}
	if strings.EqualFold(o.Name, "UCI_Chess960") {
		e.chess960 = value == "true"
	}
	return e.send(cmd)
}

// NewGame tells the engine that the next search is from another game, and
// waits until it is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.usable(); err != nil {
		return err
	}
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.IsReady(ctx)
}

// Limits bound a search. Zero fields are unset; with none set the search is
// infinite and ends when the caller's ctx does.
type Limits struct {
	Depth    int
	Nodes    int64
	MoveTime time.Duration
	// WTime and BTime are the sides' clock readings, WInc and BInc their
	// increments, MovesToGo the moves to the next time control (0: sudden
	// death): "go wtime … btime … winc … binc … movestogo …", sent when
	// WTime or BTime is set. The engine then decides how long to think.
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
}

// Deadline returns how long a search within l may take before it is
// stopped: the movetime plus stopTimeout; for a depth, a generous minute
// and a quarter per ply (two plies more take a strong engine about twice
// as long, and a depth of 20 about a second to a minute on one thread); for
// nodes, a minute plus a second per 20,000 nodes (a slow engine's speed).
// With several limits the shortest wins; 0 for an infinite search, which
// only its context ends.
func (l Limits) Deadline(stopTimeout time.Duration) time.Duration {
	var d time.Duration
	shorter := func(x time.Duration) {
		if d == 0 || x < d {
			d = x
		}
	}
	if l.MoveTime > 0 {
		shorter(l.MoveTime + stopTimeout)
	}
	if l.Depth > 0 {
		shorter(time.Minute + time.Duration(l.Depth)*15*time.Second)
	}
	if l.Nodes > 0 {
		shorter(time.Minute + time.Duration(l.Nodes/20000)*time.Second)
	}
	return d
}

// command returns the "go …" command for l.
func (l Limits) command() string {
	s := "go"
	if l.Depth > 0 {
		s += fmt.Sprintf(" depth %d", l.Depth)
	}
	if l.Nodes > 0 {
		s += fmt.Sprintf(" nodes %d", l.Nodes)
	}
	if l.MoveTime > 0 {
		ms := l.MoveTime.Milliseconds()
		if ms < 1 {
			ms = 1
		}
		s += fmt.Sprintf(" movetime %d", ms)
	}
	if l.WTime > 0 || l.BTime > 0 {
		s += fmt.Sprintf(" wtime %d btime %d", max(1, l.WTime.Milliseconds()), max(1, l.BTime.Milliseconds()))
		if l.WInc > 0 || l.BInc > 0 {
			s += fmt.Sprintf(" winc %d binc %d", l.WInc.Milliseconds(), l.BInc.Milliseconds())
		}
		if l.MovesToGo > 0 {
			s += fmt.Sprintf(" movestogo %d", l.MovesToGo)
		}
	}
	if s == "go" {
		s = "go infinite"
	}
	return s
}

// String describes l for messages: "a search of depth 12", "a search of
// 1000 nodes", "a search of 2s", "an infinite search".
func (l Limits) String() string {
	var parts []string
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", l.Nodes))
	}
	if l.MoveTime > 0 {
		parts = append(parts, l.MoveTime.String())
	}
	if len(parts) == 0 {
		return "an infinite search"
	}
	return "a search of " + strings.Join(parts, ", ")
}

// Result is the outcome of a search.
type Result struct {
	// BestMove is the engine's move, chess.NoMove when it has none (the
	// side to move is mated or stalemated). Ponder is the reply it expects,
	// or chess.NoMove.
	BestMove, Ponder chess.Move
	// Lines holds the last info with a score and a legal PV for each
	// MultiPV rank, best first.
	Lines []Info
}

// Search searches pos within lim and returns when the engine sends
// bestmove. Every info line with a legal PV (or with none) goes to onInfo,
// if not nil, on the caller's goroutine; an info with an illegal PV is
// dropped and logged. When ctx ends, the search is stopped: Search then
// returns what the engine found with ctx's error. A search that runs past
// its deadline (Config.SearchTimeout, or Limits.Deadline) is stopped too,
// and returns what the engine found with an error wrapping ErrOverrun: an
// engine that floods info lines, or never sends bestmove, cannot hold its
// caller forever. An engine that exits, or that does not send bestmove
// within StopTimeout of stop, is killed and reported as the error.
func (e *Engine) Search(ctx context.Context, pos Position, lim Limits, onInfo func(Info)) (Result, error) {
	var res Result
	if err := e.usable(); err != nil {
		return res, err
	}
	if pos.Chess960() != e.chess960 {
		if _, ok := e.Option("UCI_Chess960"); ok {
			if err := e.SetOption("UCI_Chess960", fmt.Sprint(pos.Chess960())); err != nil {
				return res, err
			}
		} else if pos.Chess960() {
			return res, fmt.Errorf("uci: engine %s does not play Chess960: %w", e.name, ErrOption)
		}
	}
	if err := e.IsReady(ctx); err != nil {
		return res, err
	}
	cur := pos.Current()
	if err := e.send(pos.Command()); err != nil {
		return res, err
	}
	if err := e.send(lim.command()); err != nil {
		return res, err
	}
	done := ctx.Done()
	var overrun, stopped <-chan time.Time
	deadline := lim.Deadline(e.cfg.StopTimeout)
	if e.cfg.SearchTimeout > 0 && (lim.Depth > 0 || lim.Nodes > 0) && lim.MoveTime == 0 {
		deadline = e.cfg.SearchTimeout
	}
	if deadline > 0 {
		t := time.NewTimer(deadline)
		defer t.Stop()
		overrun = t.C
	}
	var overran error // set when the deadline stopped the search
	stop := func() error {
		done, overrun = nil, nil
		stopped = time.NewTimer(e.cfg.StopTimeout).C
		return e.send("stop")
	}
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return res, e.fail(e.deadError("searching"))
			}
			if strings.HasPrefix(l, "bestmove") {
				res, err := e.bestMove(ctx, l, cur, res)
				if err == nil && overran != nil {
					err = overran
				}
				return res, err
			}
			if !strings.HasPrefix(l, "info") {
				e.skip(l)
				continue
			}
			in, err := ParseInfo(l)
			if err != nil {
				e.logf("%v", err)
				continue
			}
			if len(in.PV) > 0 {
				in.Moves, in.SAN, err = ReadPV(cur, in.PV)
				if err != nil {
					e.logf("dropped info: %v", err)
					continue
				}
				if in.Has&HasScore != 0 && in.MultiPV >= 1 && in.MultiPV <= 256 {
					for len(res.Lines) < in.MultiPV {
						res.Lines = append(res.Lines, Info{})
					}
					res.Lines[in.MultiPV-1] = in
				}
			}
			if onInfo != nil {
				onInfo(in)
			}
		case <-done:
			if err := stop(); err != nil {
				return res, err
			}
		case <-overrun:
			e.logf("still searching %v after %s; sending stop", deadline, lim)
			overran = fmt.Errorf("uci: engine %s did not finish %s within %v and was stopped: %w", e.name, lim, deadline, ErrOverrun)
			if err := stop(); err != nil {
				return res, err
			}
		case <-stopped:
			if overran != nil {
				return res, e.fail(fmt.Errorf("uci: engine %s did not finish %s within %v, nor stop within %v: %w", e.name, lim, deadline, e.cfg.StopTimeout, ErrTimeout))
			}
			return res, e.fail(fmt.Errorf("uci: engine %s did not stop within %v: %w", e.name, e.cfg.StopTimeout, ErrTimeout))
		}
	}
}

// bestMove reads a bestmove line in cur and completes res.
func (e *Engine) bestMove(ctx context.Context, line string, cur chess.Position, res Result) (Result, error) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		return res, fmt.Errorf("uci: engine %s sent %q: %w", e.name, clip(line), ErrProtocol)
	}
	res.Lines = compactLines(res.Lines)
	if f[1] == "(none)" || f[1] == "0000" {
		return res, ctx.Err()
	}
	m, err := cur.ParseUCI(f[1])
	if err != nil || m == chess.NullMove {
		return res, fmt.Errorf("uci: engine %s: best move %q is not legal in %s: %w", e.name, f[1], cur.FEN(), ErrProtocol)
	}
	res.BestMove = m
	if len(f) >= 4 && f[2] == "ponder" {
		next := cur
		next.Play(m)
		if p, err := next.ParseUCI(f[3]); err == nil && p != chess.NullMove {
			res.Ponder = p
		} else {
			e.logf("dropped ponder move %q: not legal after %s", f[3], f[1])
		}
	}
	return res, ctx.Err()
}

// compactLines drops the ranks no info filled.
func compactLines(ls []Info) []Info {
	out := ls[:0]
	for _, l := range ls {
		if l.Has != 0 {
			out = append(out, l)
		}
	}
	return out
}

// Close stops the engine: quit, then after a short grace the whole process
// group is killed, and the process is reaped. It may be called from any
// goroutine, more than once.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		e.mu.Lock()
		if e.failed == nil {
			e.failed = fmt.Errorf("uci: engine %s: %w", e.name, ErrClosed)
		}
		e.mu.Unlock()
		e.writeMu.Lock()
		io.WriteString(e.stdin, "quit\n")
		e.writeMu.Unlock()
		select {
		case <-e.exited:
		case <-time.After(quitGrace):
		}
		close(e.quit)
		e.kill()
		<-e.exited
		e.stdout.Close()
	})
	return nil
}

// kill kills the engine's process group.
func (e *Engine) kill() { e.group.kill() }

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) write(p []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > stderrTail {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-stderrTail:]...)
	}
}

// String returns the kept bytes on one line.
func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.buf)), " ")
}
