package app

import (
	"fmt"
	"time"

	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// TimeSettings chooses the clocks of a new game.
type TimeSettings struct {
	White, Black clock.Control
	// ManualPress: each player completes a move by pressing his clock (his
	// key or his clock face), as on a real clock; until then his time runs.
	// Otherwise the clock is pressed by the move itself.
	ManualPress bool
	// StartOnBlackPress: White's clock starts when Black presses his clock
	// (casual play); otherwise it starts with the game (rules.md §8.3).
	StartOnBlackPress bool
}

// ClockFace is what one clock face shows.
type ClockFace struct {
	Time      time.Duration // the reading (Bronstein: incl. the delay left)
	DelayLeft time.Duration // simple delay left in the running turn
	Running   bool
	Paused    bool
	Flag      bool // this side's flag fell
	Period    int  // 0-based
	Moves     int  // completed moves
	Live      bool // from the running clock; false: read from [%clk] comments
}

// timing is the session's clock state.
type timing struct {
	clk      *clock.Clock
	settings TimeSettings
}

// Timed reports whether the game has clocks.
func (s *Session) Timed() bool { return s.mode.phase() != Browsing && s.live().timed() }

// newClocks creates the clocks ts chooses for the new game g (nil: none,
// untimed) and, unless Black starts them, starts them; it writes their tags.
func (s *Session) newClocks(g *game.Game, ts *TimeSettings) (*timing, error) {
	if ts == nil {
		g.Tags.Set("TimeControl", "-")
		return nil, nil
	}
	clk, err := clock.New(ts.White, ts.Black, s.now)
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	setClockTags(g, ts.White, ts.Black)
	if !ts.StartOnBlackPress {
		// The side to move's clock starts: White's, unless the game starts from a set-up position with Black to move.
		p := g.Start()
		if _, err := clk.StartSide(clock.Side(p.Turn())); err != nil {
			return nil, fmt.Errorf("new game: %w", err)
		}
	}
	return &timing{clk: clk, settings: *ts}, nil
}

func setClockTags(g *game.Game, white, black clock.Control) {
	tags := clock.FormatTags(white, black)
	set := func(name, v string) {
		if v == "" {
			g.Tags.Delete(name)
		} else {
			g.Tags.Set(name, v)
		}
	}
	set("TimeControl", tags.TimeControl)
	set("WhiteTimeControl", tags.WhiteTimeControl)
	set("BlackTimeControl", tags.BlackTimeControl)
	set("WhiteClock", tags.WhiteClock)
	set("BlackClock", tags.BlackClock)
	set("AppClockMode", tags.AppClockMode)
	// Odds: the start settings differ from one control (pgn.md §3, §9.5).
	if tags.WhiteClock == "" && !white.Equal(black) {
		set("WhiteClock", clock.FormatPGNClock(white.Initial()))
		set("BlackClock", clock.FormatPGNClock(black.Initial()))
	}
}

// clockAllowsMove reports, changing nothing, whether the clocks allow a
// move now: not when a final flag has fallen (whether or not it is ruled on
// yet), nor before they start or while they are paused.
func (g *liveGame) clockAllowsMove() bool {
	if !g.timed() {
		return true
	}
	clk := g.clock.clk
	if f, ok := clk.Flag(); ok && f.Final {
		return false
	}
	return clk.Started() && !clk.Paused()
}

// clockBlocksMove returns why the clock does not allow a move now, or "".
// A final flag fallen ends the game first.
func (s *Session) clockBlocksMove() msg.Text {
	g := s.playing()
	if g == nil || !g.timed() {
		return msg.Text{}
	}
	t := g.clock
	if s.checkFlag() {
		return text(mFlagFallen, msg.Nested("Reason", s.endText()))
	}
	switch {
	case !t.clk.Started():
		return text(mNotStarted)
	case t.clk.Paused():
		return text(mClocksPaused)
	}
	return msg.Text{}
}

// PGN keeps whole seconds, truncated (clocks.md §7).
func recordPress(n *game.Node, ev clock.Event) {
	n.SetClock(max(0, ev.Remaining[ev.Side]).Truncate(time.Second))
	n.SetEmt(ev.Used.Truncate(time.Second))
}

// SetMoveClock sets the mover's clock after n's move ([%clk], whole
// seconds) to d, as a clock beside the board read it (a DGT 3000 through
// the electronic board); nothing changes when it says so already.
func (s *Session) SetMoveClock(n *game.Node, d time.Duration) {
	d = max(0, d).Truncate(time.Second)
	if old, ok := n.Clock(); ok && old == d {
		return
	}
	s.change(func() {
		n.SetClock(d)
		s.treeChanged()
	})
}

// PressClock is a clock press by color (his key, or a click on his face).
// It completes a placed move (manual press), starts White's clock when Black
// presses at the start, and is ignored otherwise.
func (s *Session) PressClock(color chess.Color) error {
	if err := s.refused(ActionPressClock); err != nil {
		return err
	}
	var err error
	s.play("move", func() {
		s.message = msg.Text{}
		if s.checkFlag() {
			s.changed()
			err = refusal(ActionPressClock, text(mFlagHasFallen))
			return
		}
		err = s.otbPress(color)
	})
	return err
}

// AwaitingPress returns the side that placed a move and must press its
// clock to complete it, or NoColor.
func (s *Session) AwaitingPress() chess.Color {
	g := s.playing()
	if g == nil || g.arb.Placed() == chess.NoMove {
		return chess.NoColor
	}
	return g.arb.Turn()
}

// PauseClocks stops both clocks (an arbiter's or the players' pause).
func (s *Session) PauseClocks() error { return s.pauseAction("pause", (*clock.Clock).Pause) }

// PauseClocksAt stops both clocks as of the instant at, in the past: a
// stall (a sleeping laptop, a stopped process) found at the next tick is
// not charged to the player whose clock ran (rules.md: a stall pauses).
func (s *Session) PauseClocksAt(at time.Time) error {
	return s.pauseAction("pause", func(clk *clock.Clock) (clock.Event, error) {
		side, running := clk.Running()
		stall := s.now().Sub(at)
		ev, err := clk.Pause()
		if err != nil || !running || stall <= 0 {
			return ev, err
		}
		return clk.AddTime(side, stall)
	})
}

// ResumeClocks restarts the side that was running.
func (s *Session) ResumeClocks() error { return s.pauseAction("resume", (*clock.Clock).Resume) }

// pauseAction makes the change do, named op, to the clocks when a pause or
// a resumption is allowed now, and tells the window.
func (s *Session) pauseAction(op string, do func(*clock.Clock) (clock.Event, error)) error {
	if err := s.refused(ActionPause); err != nil {
		return err
	}
	if _, err := do(s.live().clock.clk); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	s.changed()
	return nil
}

// clockPaused reports whether a game played here has paused clocks.
func (s *Session) clockPaused() bool { return s.mode.phase() == Playing && s.ClocksPaused() }

// ClocksPaused reports whether the clocks are paused.
func (s *Session) ClocksPaused() bool { return s.Timed() && s.live().clock.clk.Paused() }

// Tick is called by the UI several times a second: it records a flag fall
// and reports whether the game ended by it. The displayed times are computed
// from the monotonic clock at each call, never summed from ticks.
//
// While a clock runs, Tick also writes the journal at least once a second,
// so that after a crash the clocks come back within a second of the instant
// of the crash.
func (s *Session) Tick() bool {
	ended := false
	s.play("flag", func() {
		if s.checkFlag() {
			s.changed()
			ended = true
		}
	})
	if !ended && s.journal != nil && s.clockRunning() && s.now().Sub(s.journaled) >= time.Second {
		s.recordJournal(true)
		s.journaled = s.now()
	}
	return ended
}

// clockRunning reports whether a clock of a live game runs.
func (s *Session) clockRunning() bool {
	g := s.playing()
	if g == nil || !g.timed() {
		return false
	}
	_, running := g.clock.clk.Running()
	return running
}

// NextFlagAt returns when the running side's flag will fall, if it does not press.
func (s *Session) NextFlagAt() (time.Time, bool) {
	g := s.playing()
	if g == nil || !g.timed() {
		return time.Time{}, false
	}
	return g.clock.clk.NextFlagAt()
}

// checkFlag ends the game when a final flag has fallen (rules.md §3.11): a
// loss, or a draw when the opponent cannot mate by any legal series of moves.
// A mate, stalemate or other end made before the flag stands: the game is
// already over then and nothing changes.
func (s *Session) checkFlag() bool {
	g := s.playing()
	if g == nil || !g.timed() || s.over() {
		return false
	}
	t := g.clock
	f, ok := t.clk.Flag()
	if !ok || !f.Final {
		return false
	}
	if !t.clk.Stopped() {
		if _, err := t.clk.Stop(); err != nil {
			s.outOfStep(fmt.Errorf("%w: stop at the flag: %w", ErrOutOfStep, err))
			return true
		}
	}
	// A failure is kept for Err and told to the players (outOfStep).
	err := s.applyDecision(g.arb.Flag(chess.Color(f.Side), false))
	return s.over() || err != nil
}

// ClockFaces returns what the two faces show: the running clocks in a live
// game, else the readings of the last [%clk] of each side up to the node
// shown (ok is false when there is nothing to show).
func (s *Session) ClockFaces() (faces [2]ClockFace, ok bool) {
	if s.Timed() && (s.mode.phase() == Playing || s.cur == s.game.End()) {
		t := s.live().clock
		for c := chess.White; c <= chess.Black; c++ {
			f := t.clk.Display(clock.Side(c))
			faces[c] = ClockFace{Time: f.Time, DelayLeft: f.DelayLeft, Running: f.Running, Paused: f.Paused,
				Flag: f.Flag, Period: f.Period, Moves: f.Moves, Live: true}
		}
		return faces, true
	}
	var seen [2]bool
	for n := s.cur; n != nil && !n.IsRoot() && !(seen[0] && seen[1]); n = n.Parent() {
		c := n.Mover()
		if seen[c] {
			continue
		}
		if d, has := n.Clock(); has {
			faces[c] = ClockFace{Time: d}
			seen[c] = true
			ok = true
		}
	}
	if !ok {
		return faces, false
	}
	// A side without a [%clk] yet shows its start time from the control.
	white, black, err := clock.ParseTags(clock.Tags{TimeControl: s.game.Tags.Value("TimeControl"),
		WhiteTimeControl: s.game.Tags.Value("WhiteTimeControl"), BlackTimeControl: s.game.Tags.Value("BlackTimeControl"),
		AppClockMode: s.game.Tags.Value("AppClockMode")})
	if err == nil {
		for c, ctl := range []clock.Control{white, black} {
			if !seen[c] {
				faces[c] = ClockFace{Time: ctl.Initial()}
			}
		}
	}
	return faces, true
}

// clockSnapshot returns the running state of an unfinished timed game (the PGN
// Clock tag and both readings), so that it can resume.
func (s *Session) clockSnapshot() *clock.Snapshot {
	g := s.playing()
	if g == nil || !g.timed() {
		return nil
	}
	sn := g.clock.clk.Snapshot()
	return &sn
}

// restoreClocks resumes the clocks of an unfinished game from a snapshot;
// they come back paused.
func (s *Session) restoreClocks(ts TimeSettings, sn clock.Snapshot) (*timing, error) {
	clk, err := clock.Restore(ts.White, ts.Black, sn, s.now)
	if err != nil {
		return nil, fmt.Errorf("restore clocks: %w", err)
	}
	return &timing{clk: clk, settings: ts}, nil
}

// StampClock writes the Clock tag of an unfinished timed game (clocks.md §7:
// the running side and its reading), or removes it when the game is over or
// untimed. Saving calls it first.
func (s *Session) StampClock() {
	sn := s.clockSnapshot()
	if sn == nil || s.over() {
		s.game.Tags.Delete("Clock")
		return
	}
	p := s.game.End().Position()
	s.game.Tags.Set("Clock", sn.ClockTag(clock.Side(p.Turn())).String())
}

// resumeFromTags turns a loaded unfinished game with a Clock tag back into a
// live timed game: the running side's reading comes from the tag, the other
// side's from its last [%clk], the move counts from the main line. The clocks
// come back paused; nil when the game cannot resume.
func (s *Session) resumeFromTags() *timing {
	g := s.game
	if g.Result().Over() {
		return nil
	}
	ct, err := clock.ParseClockTag(g.Tags.Value("Clock"))
	if err != nil {
		return nil
	}
	white, black, err := clock.ParseTags(clock.Tags{TimeControl: g.Tags.Value("TimeControl"),
		WhiteTimeControl: g.Tags.Value("WhiteTimeControl"), BlackTimeControl: g.Tags.Value("BlackTimeControl"),
		AppClockMode: g.Tags.Value("AppClockMode")})
	if err != nil {
		return nil
	}
	var sn clock.Snapshot
	sn.Remaining = [2]time.Duration{white.Initial(), black.Initial()}
	for n := range g.MainLine() {
		if n.IsRoot() {
			continue
		}
		c := n.Mover()
		sn.Moves[c]++
		if d, ok := n.Clock(); ok {
			sn.Remaining[c] = d
		}
	}
	end := g.End().Position()
	sn.Turn = clock.Side(end.Turn())
	if ct.Side == clock.NoSide {
		sn.Turn = clock.NoSide
	} else {
		sn.Remaining[ct.Side] = ct.Time
	}
	t, err := s.restoreClocks(TimeSettings{White: white, Black: black}, sn)
	if err != nil {
		return nil
	}
	return t
}
