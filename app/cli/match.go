package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/opponent"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

const matchUsage = "usage: touchmove match [-engine1 PATH] [-level1 N | -elo1 N] [-engine2 PATH] [-level2 N | -elo2 N] [-games N] [-tc 10+0.1] [-openings FILE.pgn] [-concurrency N] [-o OUT.pgn]"

// MatchPlayer is one side of a match: an engine at a strength.
type MatchPlayer struct {
	Path     string
	Strength opponent.Strength
}

// MatchConfig is a match between two engines.
type MatchConfig struct {
	Players [2]MatchPlayer
	Games   int
	Control clock.Control
	// Openings are the lines the games start from, in turn, each played
	// twice with the colours swapped; the built-in book when empty.
	Openings    [][]chess.Move
	Concurrency int
	// Seed seeds the choices of weakened levels (game i gets Seed+i).
	Seed uint64
	// Progress, if set, is told of every game as it ends, one at a time:
	// finished, failed, not played, or abandoned when the match is
	// interrupted (Err is then the context's).
	Progress func(i int, g MatchGame)
}

// ErrNotPlayed says a game was not played: an engine could not be
// started before its clocks ran. It does not count, and is not written.
var ErrNotPlayed = errors.New("not played")

// MatchGame is a game of a match: the game and how it ended for player 1.
type MatchGame struct {
	PGN []byte
	// Score is player 1's points (1, 0.5, 0); Err is why the game could not
	// be played to its end (an engine failed), or wraps ErrNotPlayed when
	// it was not begun: it does not count.
	Score float64
	Err   error
	// P1White reports whether player 1 had White.
	P1White bool
	Result  chess.Result
	Reason  string
	// White and Black are the players' names, as the PGN has them.
	White, Black string
}

// MatchResult sums up a match for player 1.
type MatchResult struct {
	Games               []MatchGame
	Wins, Draws, Losses int
	Failed              int
	// NotPlayed counts the games not begun (ErrNotPlayed); they are not
	// in Games.
	NotPlayed int
}

// Score returns player 1's share of the points, 0 to 1.
func (r MatchResult) Score() float64 {
	n := r.Wins + r.Draws + r.Losses
	if n == 0 {
		return 0.5
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(n)
}

// eloOf returns the Elo difference that scores p: ±Inf for a whitewash.
func eloOf(p float64) float64 {
	return -400 * math.Log10(1/p-1)
}

// Elo returns player 1's Elo difference over player 2 and its 95% error
// bar, from the score and its standard error over the games (as Cute
// Chess computes them).
func (r MatchResult) Elo() (diff, margin float64) {
	n := float64(r.Wins + r.Draws + r.Losses)
	if n == 0 {
		return 0, 0
	}
	p := r.Score()
	v := (float64(r.Wins)*(1-p)*(1-p) + float64(r.Draws)*(0.5-p)*(0.5-p) + float64(r.Losses)*p*p) / n
	se := math.Sqrt(v / n)
	if p-1.96*se <= 0 || p+1.96*se >= 1 {
		// The interval reaches a whitewash, which no finite difference
		// scores: the bar is unbounded.
		return eloOf(p), math.Inf(1)
	}
	lo, hi := eloOf(p-1.96*se), eloOf(p+1.96*se)
	return eloOf(p), (hi - lo) / 2
}

// bookLines are the built-in openings: common first moves of both sides,
// in SAN, each a few moves deep, so that games between the same engines
// differ.
func bookLines() []string {
	return []string{
		"e4 e5 Nf3 Nc6 Bb5 a6",
		"e4 e5 Nf3 Nc6 Bc4 Bc5",
		"e4 c5 Nf3 d6 d4 cxd4",
		"e4 c5 Nc3 Nc6 g3 g6",
		"e4 e6 d4 d5 Nc3 Nf6",
		"e4 c6 d4 d5 e5 Bf5",
		"d4 d5 c4 e6 Nc3 Nf6",
		"d4 d5 c4 c6 Nf3 Nf6",
		"d4 Nf6 c4 g6 Nc3 Bg7",
		"d4 Nf6 c4 e6 Nc3 Bb4",
		"c4 e5 Nc3 Nf6 Nf3 Nc6",
		"Nf3 d5 g3 Nf6 Bg2 c6",
	}
}

// BookOpenings returns the built-in openings as moves.
func BookOpenings() [][]chess.Move {
	var out [][]chess.Move
	for _, l := range bookLines() {
		p := chess.StartPosition()
		var ms []chess.Move
		for _, san := range strings.Fields(l) {
			m, err := p.ParseSAN(san)
			if err != nil {
				panic(fmt.Sprintf("cli: the built-in opening %q: %v", l, err)) // constants: only a bug gets here
			}
			ms = append(ms, m)
			p.Play(m)
		}
		out = append(out, ms)
	}
	return out
}

// readOpenings returns the main lines of the games of a PGN file, from the
// standard start.
func readOpenings(name string) ([][]chess.Move, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	games, err := store.DecodeGames(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var out [][]chess.Move
	for i, g := range games {
		if start := g.Start(); start.FEN() != chess.StartFEN {
			return nil, fmt.Errorf("%s: game %d does not start from the standard position", name, i+1)
		}
		var ms []chess.Move
		for n := g.Root().Next(); n != nil; n = n.Next() {
			ms = append(ms, n.Move())
		}
		out = append(out, ms)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no games", name)
	}
	return out, nil
}

// PlayMatch plays the match: the games in order of their number, n at a
// time, through app.Session and its clocks, the engines driven by
// app.Driver as in the window. It returns when every game is done or ctx
// ends (the games under way are then abandoned, not counted).
func PlayMatch(ctx context.Context, cfg MatchConfig) MatchResult {
	if len(cfg.Openings) == 0 {
		cfg.Openings = BookOpenings()
	}
	cfg.Concurrency = max(cfg.Concurrency, 1)
	games := make([]MatchGame, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range min(cfg.Concurrency, max(cfg.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g := playGame(ctx, cfg, i)
				mu.Lock()
				games[i] = g
				if cfg.Progress != nil && (g.PGN != nil || g.Err != nil && ctx.Err() == nil) {
					cfg.Progress(i, g)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range cfg.Games {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	var r MatchResult
	for _, g := range games {
		if errors.Is(g.Err, ErrNotPlayed) {
			r.NotPlayed++
			continue
		}
		if g.PGN == nil {
			continue
		}
		r.Games = append(r.Games, g)
		switch {
		case g.Err != nil:
			r.Failed++
		case g.Score == 1:
			r.Wins++
		case g.Score == 0:
			r.Losses++
		default:
			r.Draws++
		}
	}
	return r
}

// playGame plays game i of the match: opening i/2, player 1 White in the
// even games.
func playGame(ctx context.Context, cfg MatchConfig, i int) MatchGame {
	p1White := i%2 == 0
	white, black := cfg.Players[0], cfg.Players[1]
	if !p1White {
		white, black = black, white
	}
	g := MatchGame{P1White: p1White}
	s := app.NewSession()
	seat := func(p MatchPlayer) *app.EngineSeat {
		return &app.EngineSeat{Path: p.Path, Level: p.Strength.Level, Elo: p.Strength.Elo, Seed: cfg.Seed + uint64(i)}
	}
	opps := app.Opponents{White: seat(white), Black: seat(black)}
	tasks := make(chan func(), 4)
	post := func(f func()) {
		select {
		case tasks <- f:
		case <-ctx.Done():
		}
	}
	d := app.NewDriver(s, post, app.DriverConfig{Options: map[string]string{"Threads": "1", "Hash": "16"}})
	defer d.Close()
	// The engines start before the game and its clocks: one slow or hung
	// in its handshake would otherwise lose on time, and the game count
	// for the other.
	if err := d.StartEngines(ctx, opps); err != nil {
		if ctx.Err() == nil {
			err = fmt.Errorf("game %d %w: %w", i+1, ErrNotPlayed, err)
		}
		g.Err = err
		return g
	}
	err := s.NewGame(app.NewGameOptions{Event: "Touchmove match", Site: "?",
		Time: &app.TimeSettings{White: cfg.Control, Black: cfg.Control}, Rules: arbiter.RulesCasual})
	if err != nil {
		g.Err = err
		return g
	}
	s.Game().Tags.Set("Round", strconv.Itoa(i+1))
	for _, m := range cfg.Openings[(i/2)%len(cfg.Openings)] {
		if fb := s.PlayMove(m); !fb.Moved {
			g.Err = fmt.Errorf("game %d: the opening move %v is refused: %s", i+1, m, fb.Refused.String())
			return g
		}
	}
	s.SetOpponents(opps)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	d.Update()
	for !s.Status().Over {
		o := s.Opponents()
		if o.White == nil || o.Black == nil {
			g.Err = fmt.Errorf("game %d: %s", i+1, s.Status().Message.String())
			break
		}
		select {
		case f := <-tasks:
			f()
		case <-tick.C:
			s.Tick()
		case <-ctx.Done():
			g.Err = ctx.Err()
		}
		if g.Err != nil {
			break
		}
		d.Update()
	}
	st := s.Status()
	g.Result, g.Reason = st.Result, st.Reason.String()
	g.White, g.Black = s.Game().Tags.Value("White"), s.Game().Tags.Value("Black")
	switch w := st.Result.Winner(); {
	case !st.Result.Over():
	case w == chess.NoColor:
		g.Score = 0.5
	case (w == chess.White) == p1White:
		g.Score = 1
	}
	s.StampClock()
	pgnText, err := store.EncodeGame(s.Game())
	if err != nil && g.Err == nil {
		g.Err = err
	}
	g.PGN = pgnText
	if g.PGN == nil {
		g.PGN = []byte{}
	}
	return g
}

// parseStrength reads -levelN and -eloN: one of them, level 10 by default.
func parseStrength(level, elo int, n int) (opponent.Strength, error) {
	switch {
	case level != 0 && elo != 0:
		return opponent.Strength{}, fmt.Errorf("give only one of -level%d and -elo%d", n, n)
	case elo != 0:
		if elo < 1 {
			return opponent.Strength{}, fmt.Errorf("-elo%d takes a positive number", n)
		}
		return opponent.Strength{Elo: elo}, nil
	case level == 0:
		level = opponent.MaxLevel
	}
	if level < opponent.MinLevel || level > opponent.MaxLevel {
		return opponent.Strength{}, fmt.Errorf("-level%d takes a number from %d to %d", n, opponent.MinLevel, opponent.MaxLevel)
	}
	return opponent.Strength{Level: level}, nil
}

// Match runs `touchmove match` (args exclude "match") and returns the exit
// code: engine-vs-engine games through the session and clocks of the
// window, colours alternating, from the openings of -openings (or a small
// built-in book); the score and the Elo difference with its error bar on
// stdout, a line per game on stderr, each game appended to -o OUT.pgn with
// [%clk] as it ends (OUT is opened before the first game: one that cannot
// be written ends the run at once). A game an engine failed in is
// reported, written, not counted, and makes the exit code 1; so does a
// game not played because an engine could not be started (before the
// clocks run), which is not written. SIGINT or SIGTERM ends the match,
// the games under way written unfinished, exit code 1. Usage errors exit 2.
func Match(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return match(ctx, args, stdout, stderr)
}

func match(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	ma, problem := parseMatchArgs(args)
	if problem != "" {
		return usageError(stderr, matchUsage, problem)
	}
	out, err := ma.prepare()
	if err != nil {
		fmt.Fprintf(stderr, "touchmove match: %v\n", err)
		return 1
	}
	if out != nil {
		defer out.close()
	}
	cfg := ma.cfg
	names := [2]string{opponent.Label(baseName(ma.engine1), cfg.Players[0].Strength), opponent.Label(baseName(ma.engine2), cfg.Players[1].Strength)}
	cfg.Progress = func(i int, g MatchGame) { reportMatchGame(stderr, out, &names, i, g) }
	r := PlayMatch(ctx, cfg)
	if r.NotPlayed == cfg.Games {
		fmt.Fprintf(stdout, "No game was played: the engines could not be started\n")
		return 1
	}
	code := reportMatch(stdout, r, names)
	if out != nil {
		if err := out.close(); err != nil {
			if out.err == nil { // a write error is said already
				fmt.Fprintf(stderr, "touchmove match: %v\n", err)
			}
			code = 1
		}
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return 1
	}
	return code
}

// matchArgs is the command line of `touchmove match`.
type matchArgs struct {
	cfg              MatchConfig // without its engines' paths and openings
	engine1, engine2 string      // "": stockfish, and engine 1
	openings         string      // the PGN file of openings; "": the built-in book
	out              string      // the PGN file the games are written to; "": none
}

// parseMatchArgs reads match's command line; problem, when not "", is what
// is wrong with it.
func parseMatchArgs(args []string) (ma matchArgs, problem string) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	engine1 := fs.String("engine1", "", "engine 1 (default: "+analysis.EngineSearch+")")
	engine2 := fs.String("engine2", "", "engine 2 (default: engine 1)")
	level1 := fs.Int("level1", 0, "level of engine 1, 1 to 10 (default 10)")
	level2 := fs.Int("level2", 0, "level of engine 2, 1 to 10 (default 10)")
	elo1 := fs.Int("elo1", 0, "UCI_Elo of engine 1 instead of a level")
	elo2 := fs.Int("elo2", 0, "UCI_Elo of engine 2 instead of a level")
	games := fs.Int("games", 10, "number of games")
	tc := fs.String("tc", "10+0.1", "time control, as a PGN TimeControl (seconds+increment)")
	openings := fs.String("openings", "", "PGN file of openings")
	conc := fs.Int("concurrency", 1, "games played at once")
	seed := fs.Uint64("seed", 1, "seed of the weakened levels' choices")
	outName := fs.String("o", "", "PGN file the games are written to")
	if err := fs.Parse(args); err != nil {
		return ma, err.Error()
	}
	if fs.NArg() > 0 {
		return ma, "match takes no arguments besides its flags"
	}
	cfg := &ma.cfg
	var err error
	if cfg.Players[0].Strength, err = parseStrength(*level1, *elo1, 1); err != nil {
		return ma, err.Error()
	}
	if cfg.Players[1].Strength, err = parseStrength(*level2, *elo2, 2); err != nil {
		return ma, err.Error()
	}
	if *games < 1 {
		return ma, "-games takes a positive number"
	}
	if *conc < 1 {
		return ma, "-concurrency takes a positive number"
	}
	if cfg.Control, err = matchControl(*tc); err != nil {
		return ma, fmt.Sprintf("-tc %q: %v", *tc, err)
	}
	cfg.Games, cfg.Concurrency, cfg.Seed = *games, *conc, *seed
	ma.engine1, ma.engine2, ma.openings, ma.out = *engine1, *engine2, *openings, *outName
	return ma, ""
}

// matchControl reads the time control of -tc; one with no time at all is
// refused.
func matchControl(tc string) (clock.Control, error) {
	t, err := clock.ParseTimeControl(tc)
	if err != nil {
		return clock.Control{}, err
	}
	c, err := t.Control()
	if err == nil {
		err = c.Validate()
	}
	if err == nil && noTime(c) {
		err = errors.New("no time on the clock: every game would be lost on time before a move; give a time, as 10+0.1")
	}
	return c, err
}

// prepare finds the engines, reads the openings and opens the games'
// file, before the first game: a folder that does not exist is said now,
// not once every game is played.
func (ma *matchArgs) prepare() (*gameFile, error) {
	var err error
	if ma.engine1 == "" {
		if ma.engine1, err = analysis.FindEngine(); err != nil {
			return nil, err
		}
	}
	if ma.engine2 == "" {
		ma.engine2 = ma.engine1
	}
	ma.cfg.Players[0].Path, ma.cfg.Players[1].Path = ma.engine1, ma.engine2
	if ma.openings != "" {
		if ma.cfg.Openings, err = readOpenings(ma.openings); err != nil {
			return nil, err
		}
	}
	if ma.out == "" {
		return nil, nil
	}
	return openGameFile(ma.out)
}

// reportMatchGame tells of game i as it ends, on stderr, and appends it to
// out; names become the engines' own, as the game's tags give them.
func reportMatchGame(stderr io.Writer, out *gameFile, names *[2]string, i int, g MatchGame) {
	if errors.Is(g.Err, ErrNotPlayed) {
		fmt.Fprintf(stderr, "game %d: %v\n", i+1, strings.TrimPrefix(g.Err.Error(), fmt.Sprintf("game %d ", i+1)))
		return
	}
	if out != nil && g.PGN != nil {
		// As it ends: a crash later loses no game already played.
		if err := out.write(g.PGN); err != nil {
			fmt.Fprintf(stderr, "touchmove match: %v\n", err)
		}
	}
	if g.White != "" && g.Black != "" {
		*names = [2]string{g.White, g.Black}
		if !g.P1White {
			*names = [2]string{g.Black, g.White}
		}
	}
	line := fmt.Sprintf("game %d: %s - %s: %s", i+1, g.White, g.Black, g.Result)
	if g.Reason != "" {
		line += " (" + g.Reason + ")"
	}
	if g.Err != nil {
		line += ": " + g.Err.Error()
	}
	fmt.Fprintln(stderr, line)
}

// reportMatch prints the match's score and Elo difference, and the games
// that failed or were not played; it returns the exit code they make.
func reportMatch(stdout io.Writer, r MatchResult, names [2]string) int {
	diff, margin := r.Elo()
	fmt.Fprintf(stdout, "Score of %s vs %s: %d - %d - %d [%.3f] %d\n", names[0], names[1], r.Wins, r.Losses, r.Draws, r.Score(), r.Wins+r.Losses+r.Draws)
	fmt.Fprintf(stdout, "Elo difference: %+.1f +/- %.1f\n", diff, margin)
	code := 0
	if r.Failed > 0 {
		fmt.Fprintf(stdout, "%d games failed and do not count\n", r.Failed)
		code = 1
	}
	if r.NotPlayed > 0 {
		fmt.Fprintf(stdout, "%d games were not played: an engine could not be started\n", r.NotPlayed)
		code = 1
	}
	return code
}

// noTime reports whether a control gives no time at all before the first
// move (0+0): the side to move would lose on time at once.
func noTime(c clock.Control) bool {
	p := c.Periods[0]
	return p.Time+p.Increment+p.Delay <= 0
}

// gameFile is the PGN file a match appends its games to, each as it ends.
type gameFile struct {
	f       *os.File
	path    string
	created bool   // the match made it: nothing written, it is removed
	wrote   bool   // a game was written
	sep     []byte // what goes before the next game: the blank line between games
	err     error  // the first write error; nothing more is written
}

// openGameFile opens the file at path to append games to, made if need
// be, and refuses one that is not a regular file (a FIFO is not waited
// on).
func openGameFile(path string) (*gameFile, error) {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s: not a regular file (it is %s)", path, store.KindOf(fi.Mode()))
	}
	var tail []byte
	if err == nil && fi.Size() > 0 {
		tail = make([]byte, min(fi.Size(), 2))
		_, err = f.ReadAt(tail, fi.Size()-int64(len(tail)))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	g := &gameFile{f: f, path: path, created: errors.Is(statErr, fs.ErrNotExist)}
	g.sep = separator(tail)
	return g, nil
}

// separator returns what goes after text ending in tail before a game:
// nothing at the start of a file, else enough newlines for a blank line.
func separator(tail []byte) []byte {
	switch {
	case len(tail) == 0 || bytes.HasSuffix(tail, []byte("\n\n")):
		return nil
	case bytes.HasSuffix(tail, []byte("\n")):
		return []byte("\n")
	}
	return []byte("\n\n")
}

// write appends the game text and syncs it to the disk.
func (g *gameFile) write(text []byte) error {
	if g.err != nil {
		return nil // said once
	}
	_, err := g.f.Write(append(append([]byte(nil), g.sep...), text...))
	if err == nil {
		err = g.f.Sync()
	}
	if err != nil {
		g.err = fmt.Errorf("write %s: %w; the games after it are not written", g.path, err)
		return g.err
	}
	g.wrote = true
	g.sep = separator(text[max(len(text)-2, 0):])
	return nil
}

// close closes the file, removes it when the match made it and wrote no
// game into it, and returns the first write error.
func (g *gameFile) close() error {
	if g.f == nil {
		return g.err
	}
	err := g.f.Close()
	g.f = nil
	if g.created && !g.wrote {
		os.Remove(g.path)
	}
	if g.err != nil {
		return g.err
	}
	return err
}

// baseName returns an engine's name before it has said its own: its file's.
func baseName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}
