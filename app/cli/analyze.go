package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"touchmove/app/analysis"
	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/pgn"
	"touchmove/core/uci"
)

const analyzeUsage = "usage: touchmove analyze [-engine PATH] [-depth N | -movetime DURATION | -nodes N] [-lines N] [-threads N] [-recheck=false] [-timeout DURATION] [-o OUT] FILE.pgn..."

// Analyze runs `touchmove analyze` (args exclude "analyze") and returns the
// exit code. It annotates every game of the files with a UCI engine as
// analysis.Game does and writes them as PGN to stdout or to -o OUT, with a
// line of progress per game on stderr. Without -depth, -movetime or -nodes
// it uses analysis.DefaultSettings; with one of them, every position is
// searched so and the moves near a threshold again with 6 more plies, 8
// times the nodes or 4 times the time. Games that cannot be read are
// reported as `pgn check` reports them and copied unchanged, and so are
// games the engine failed on (the engine is then restarted); either makes
// the exit code 1. -recheck=false skips the second search. OUT is replaced
// atomically once every game is written, so it may be one of the files
// read, and an interrupted run (Ctrl+C) writes the games analysed so far
// and copies the rest; a write error ends the run at once. Usage errors
// exit 2.
func Analyze(args []string, stdout, stderr io.Writer) int {
	aa, problem := parseAnalyzeArgs(args)
	if problem != "" {
		return usageError(stderr, analyzeUsage, problem)
	}
	if aa.engine == "" {
		p, err := analysis.FindEngine()
		if err != nil {
			fmt.Fprintf(stderr, "touchmove analyze: %v\n", err)
			return 1
		}
		aa.engine = p
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &engineRun{ctx: ctx, settings: aa.settings, stderr: stderr, cfg: analysis.EngineConfig{
		Engine:  uci.Config{Path: aa.engine, SearchTimeout: aa.timeout, Log: func(m string) {}},
		Options: map[string]string{"Threads": fmt.Sprint(aa.threads)}}}
	defer a.close()
	if err := a.start(); err != nil {
		fmt.Fprintf(stderr, "touchmove analyze: %v\n", err)
		return 1
	}
	problems, err := a.analyzeFiles(aa.files, aa.out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "touchmove analyze: %v\n", err)
		problems++
	}
	if a.gaveUp != nil {
		fmt.Fprintf(stderr, "touchmove analyze: %v; the games after it were copied unchanged\n", a.gaveUp)
		problems++
	}
	return exitCode(problems)
}

// analyzeArgs is the command line of `touchmove analyze`.
type analyzeArgs struct {
	files    []string
	settings analysis.Settings
	engine   string // "": the one FindEngine finds
	threads  int
	timeout  time.Duration
	out      string // "": stdout
}

// parseAnalyzeArgs reads analyze's command line; problem, when not "", is
// what is wrong with it.
func parseAnalyzeArgs(args []string) (aa analyzeArgs, problem string) {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	enginePath := fs.String("engine", "", "the UCI engine (default: "+analysis.EngineSearch+")")
	depth := fs.Int("depth", 0, "search depth per position")
	movetime := fs.Duration("movetime", 0, "search time per position")
	nodes := fs.Int64("nodes", 0, "nodes per position")
	lines := fs.Int("lines", 1, "engine lines (MultiPV) added after a marked move")
	threads := fs.Int("threads", 1, "engine threads")
	recheck := fs.Bool("recheck", true, "search the moves near a threshold again, deeper")
	timeout := fs.Duration("timeout", 0, "stop a search of -depth or -nodes after this long (default: derived from the limit)")
	outName := fs.String("o", "", "output file (default stdout)")
	if err := fs.Parse(args); err != nil {
		return aa, err.Error()
	}
	files := fs.Args()
	if len(files) == 0 {
		return aa, "analyze needs at least one FILE"
	}
	s, problem := searchSettings(*depth, *movetime, *nodes)
	switch {
	case problem != "":
		return aa, problem
	case *lines < 1 || *lines > 5:
		return aa, "-lines takes a number from 1 to 5"
	case *threads < 1:
		return aa, "-threads takes a positive number"
	case *timeout < 0:
		return aa, "-timeout takes a positive duration"
	}
	s.Lines = *lines
	if !*recheck {
		s.Recheck = uci.Limits{}
	}
	return analyzeArgs{files: files, settings: s, engine: *enginePath, threads: *threads, timeout: *timeout, out: *outName}, ""
}

// searchSettings returns the settings of a search to -depth, for
// -movetime or of -nodes (the defaults when none is given), each with its
// deeper recheck; problem, when not "", says what is wrong with them.
func searchSettings(depth int, movetime time.Duration, nodes int64) (s analysis.Settings, problem string) {
	s = analysis.DefaultSettings()
	set := 0
	if depth != 0 {
		if depth < 1 || depth > 100 {
			return s, "-depth takes a number from 1 to 100"
		}
		s.Limits, s.Recheck = uci.Limits{Depth: depth}, uci.Limits{Depth: depth + 6}
		set++
	}
	if movetime != 0 {
		if movetime < time.Millisecond {
			return s, "-movetime takes a duration of at least 1ms"
		}
		s.Limits, s.Recheck = uci.Limits{MoveTime: movetime}, uci.Limits{MoveTime: 4 * movetime}
		set++
	}
	if nodes != 0 {
		if nodes < 1 {
			return s, "-nodes takes a positive number"
		}
		s.Limits, s.Recheck = uci.Limits{Nodes: nodes}, uci.Limits{Nodes: 8 * nodes}
		set++
	}
	if set > 1 {
		return s, "give only one of -depth, -movetime and -nodes"
	}
	return s, ""
}

// analyzeFiles analyses the games of the files and writes them to the file
// outName, or to stdout when it is "". It returns the number of games that
// could not be read or analysed, and the error that ended the writing.
func (a *engineRun) analyzeFiles(names []string, outName string, stdout io.Writer) (problems int, err error) {
	run := func(dst io.Writer) error {
		out := bufio.NewWriterSize(dst, 64<<10)
		for _, name := range names {
			// After an interrupt the games left are copied as they are,
			// the files not reached too: OUT may be one of them.
			n, err := a.file(name, out)
			problems += n
			if err != nil {
				return err
			}
		}
		return out.Flush()
	}
	if outName == "" {
		err = run(stdout)
	} else {
		// OUT is written whole or not at all, and may be one of the files
		// read: it is replaced only once every game is written.
		err = store.WriteAtomic(outName, run)
	}
	return problems, err
}

// engineRun holds the engine of an analyze run.
type engineRun struct {
	ctx      context.Context
	settings analysis.Settings
	cfg      analysis.EngineConfig
	eng      *uci.Engine
	stderr   io.Writer
	// gaveUp is why the run stopped analysing: an engine that did not
	// stop a search. The games left are copied unchanged.
	gaveUp error
}

// start starts (or restarts) the engine.
func (a *engineRun) start() error {
	a.close()
	e, err := analysis.StartEngine(a.ctx, a.cfg)
	if err != nil {
		return err
	}
	a.eng = e
	return nil
}

func (a *engineRun) close() {
	if a.eng != nil {
		a.eng.Close()
		a.eng = nil
	}
}

// readText returns the PGN text of the file name as store.OpenText reads
// it: a FIFO or a device is refused rather than waited on, a gzip or
// UTF-16 file is decoded, a compressed one is refused with how to extract it.
func readText(name string) ([]byte, error) {
	src, err := store.OpenText(name, nil, charset.Unknown)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return io.ReadAll(src)
}

// file annotates the games of one file into out and returns the number of
// problems, and the error of a write to out, which ends the run.
func (a *engineRun) file(name string, out *bufio.Writer) (problems int, err error) {
	data, err := readText(name)
	if err != nil {
		fmt.Fprintf(a.stderr, "%s: %v\n", name, err)
		return 1, nil
	}
	r := pgn.NewReader(bytes.NewReader(data))
	b := pgn.NewGameBuilder()
	w := pgn.NewWriter(out)
	for games := 1; ; games++ {
		from := r.InputOffset()
		err := r.ReadGame(b)
		if err == io.EOF {
			return problems, nil
		}
		raw := bytes.TrimSpace(data[from:r.InputOffset()])
		// A write error sticks in out: the Flush after each game reports it.
		copyRaw := func() {
			out.Write(raw)
			out.WriteString("\n\n")
		}
		var list pgn.ErrorList
		if err != nil && !errors.As(err, &list) {
			fmt.Fprintf(a.stderr, "%s: %v\n", name, err)
			return problems + 1, nil
		}
		if len(list) > 0 {
			for _, e := range list {
				fmt.Fprintf(a.stderr, "%s:%d:%d: game %d: %s\n", name, e.Line, e.Column, e.Game, e.Message())
			}
			problems += len(list)
			copyRaw()
			continue
		}
		if a.ctx.Err() != nil || a.gaveUp != nil {
			copyRaw()
			continue
		}
		g := b.Game()
		begin := time.Now()
		rep, err := analysis.Game(a.ctx, a.eng, g, a.settings, nil)
		if err != nil {
			pos := b.Pos()
			fmt.Fprintf(a.stderr, "%s:%d:%d: game %d: %v\n", name, pos.Line, pos.Column, games, err)
			problems++
			copyRaw()
			if errors.Is(err, uci.ErrTimeout) && a.ctx.Err() == nil {
				// Hung, not crashed: a new one would hang on the next
				// game too.
				a.gaveUp = fmt.Errorf("engine %s stopped answering", a.eng.Name())
				continue
			}
			if a.eng.Err() != nil && a.ctx.Err() == nil {
				if err := a.start(); err != nil {
					fmt.Fprintf(a.stderr, "touchmove analyze: %v\n", err)
					return problems + 1, nil
				}
			}
			continue
		}
		if err := w.WriteGame(g); err != nil {
			pos := b.Pos()
			fmt.Fprintf(a.stderr, "%s:%d:%d: game %d: %s\n", name, pos.Line, pos.Column, games, trimPGN(err.Error()))
			problems++
			copyRaw()
			continue
		}
		// A game at a time: the output follows the progress, and a full
		// disk ends the run rather than hours of analysis later.
		if err := out.Flush(); err != nil {
			return problems, err
		}
		for _, o := range rep.Overruns {
			fmt.Fprintf(a.stderr, "%s: game %d: warning: %v\n", name, games, o)
		}
		fmt.Fprintf(a.stderr, "%s: game %d: %d moves in %.1fs; accuracy White %.0f%%, Black %.0f%%; ?! ? ?? White %d %d %d, Black %d %d %d\n",
			name, games, rep.Moves[0]+rep.Moves[1], time.Since(begin).Seconds(), rep.Accuracy[0], rep.Accuracy[1],
			rep.Marks[0][analysis.Inaccuracy], rep.Marks[0][analysis.Mistake], rep.Marks[0][analysis.Blunder],
			rep.Marks[1][analysis.Inaccuracy], rep.Marks[1][analysis.Mistake], rep.Marks[1][analysis.Blunder])
	}
}
