package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/app/training"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
	"touchmove/core/srs"
)

// ErrDrillLive is StartDrill's error during a game played here; the
// message line says it already.
var ErrDrillLive = errors.New("training is not available during a game played here")

// DrillCard is a position to drill: one the user got wrong in a game.
type DrillCard struct {
	// Key names the card (the position); FEN is the position.
	Key, FEN string
	// Best is the better move in SAN ("" if none is known) and Line the
	// better line from it.
	Best string
	Line []string
	// Wrong are the moves played here in the games, in SAN: they never
	// pass.
	Wrong []string
	// Context is the game's moves before the position, in SAN from the
	// standard start, and White, Black, Date and Event its tags.
	Context                   []string
	White, Black, Date, Event string
	// Times is how often the mistake was made.
	Times int
	// Repertoire is set for a move of the user's repertoire: only its
	// move passes, and a wrong move shows it at once with its line.
	Repertoire bool
}

// DrillCheck judges a move of a drill that is neither the card's best
// move nor one played in the games: it calls done, on the session's
// goroutine, with whether the move is within the threshold of the engine's
// best. Nil: only the best move passes.
type DrillCheck func(before chess.Position, m chess.Move, done func(pass bool))

// DrillStep is where a drill's question is.
type DrillStep uint8

// The steps of a drill's question.
const (
	DrillAsking   DrillStep = iota // waiting for the user's move
	DrillChecking                  // a move is with the engine
	DrillPassed                    // the user found a move that passes
	DrillSolved                    // the solution was shown
)

// DrillState is what the window shows of a drill.
type DrillState struct {
	Card DrillCard
	Step DrillStep
	// Side is the side the user plays; Tries the moves tried; Hint is
	// set once the piece to move was shown.
	Side  chess.Color
	Tries int
	Hint  bool
	// Began is when the question was asked, Took how long the answer
	// took (once passed or solved).
	Began time.Time
	Took  time.Duration
	// Limit is the time to answer in a timed drill, 0 for none; TimedOut
	// is set once it ran out (the answer is then Again).
	Limit    time.Duration
	TimedOut bool
}

// Answer returns the answer as the scheduler grades it (srs.GradeOf).
func (d DrillState) Answer() srs.Answer {
	return srs.Answer{Tries: max(d.Tries, 1), Hint: d.Hint, Solved: d.Step == DrillSolved, Took: d.Took}
}

// drill is the training mode (design.md §9): a board of its own showing
// the position of a card, from the side of the user, over the game's
// moves before it. A move made there is the answer: the best move, or one
// the engine finds within the threshold of it, passes; another is "Not
// that", and a second wrong move shows the piece to move, a third the
// solution. Once answered, the board browses the drill's game freely.
// The game of the file stays as it was, and comes back when the drill is
// left (LeaveDrill).
type drill struct {
	browseMode
	prev    mode       // the mode before the drill, back after it
	file    *game.Game // the game of the file, unchanged
	fileCur *game.Node
	flipped bool // the board's side before the drill
	// hist is the file game's undo history, put aside: nothing of the
	// drill's game is undone, and it comes back with the game.
	hist  history
	at    *game.Node
	best  chess.Move // chess.NullMove when the card names none
	st    DrillState
	check DrillCheck
	next  DrillNext // the line's continuation (drillline.go), nil: none
}

// drilling returns the drill under way, nil if none.
func (s *Session) drilling() *drill {
	d, _ := s.mode.(*drill)
	return d
}

// Drill returns the state of the drill under way; ok is false when none
// is.
func (s *Session) Drill() (st DrillState, ok bool) {
	d := s.drilling()
	if d == nil {
		return DrillState{}, false
	}
	return d.st, true
}

// StartDrill shows the card's position to drill, from the side to move,
// over a game of its own made of the game's moves before it (the
// position set up from its FEN when they do not lead there). The game of
// the file stays as it was. It is refused during a game played here once
// a move is made (a new game not begun waits for the drill to end).
func (s *Session) StartDrill(c DrillCard, check DrillCheck) error {
	if s.mode.plays() && s.game.Root().Next() != nil {
		s.refuse(text(mDrillLive))
		return fmt.Errorf("start a drill: %w", ErrDrillLive)
	}
	g, at, err := drillGame(c)
	if err != nil {
		return fmt.Errorf("start a drill: %w", err)
	}
	s.change(func() {
		if s.exploring() != nil {
			s.backToFile()
		}
		d := &drill{prev: s.mode, file: s.game, fileCur: s.cur, flipped: s.flipped, hist: s.hist, check: check, best: chess.NullMove}
		if old := s.drilling(); old != nil {
			d.prev, d.file, d.fileCur, d.flipped, d.hist, d.next = old.prev, old.file, old.fileCur, old.flipped, old.hist, old.next
		}
		s.hist = history{}
		p := at.Position()
		if m, err := p.ParseSAN(c.Best); c.Best != "" && err == nil {
			d.best = m
		}
		d.at = at
		d.st = DrillState{Card: c, Side: p.Turn(), Began: s.now()}
		s.mode, s.game, s.cur = d, g, at
		s.flipped = p.Turn() == chess.Black
		s.resetGesture()
		s.message = text(mDrillAsk, msg.SAN("Move", strings.Join(c.Wrong, ", ")))
		switch {
		case c.Repertoire:
			s.message = text(mDrillRepertoire)
		case c.Times > 1:
			s.message = text(mDrillAskTimes, msg.SAN("Move", strings.Join(c.Wrong, ", ")), msg.Number("Times", c.Times))
		}
		s.exploredChanged()
	})
	return nil
}

// drillGame makes the drill's game: the context's moves from the start,
// with the game's tags, or the position alone when they do not reach it.
func drillGame(c DrillCard) (*game.Game, *game.Node, error) {
	g := game.New()
	for k, v := range map[string]string{"White": c.White, "Black": c.Black, "Date": c.Date, "Event": c.Event} {
		if v != "" {
			g.Tags.Set(k, v)
		}
	}
	n := g.Root()
	for _, san := range c.Context {
		next, err := n.AddSAN(san)
		if err != nil {
			n = nil
			break
		}
		n = next
	}
	if n != nil {
		if p := n.Position(); positionKey(p.FEN()) == positionKey(c.FEN) {
			return g, n, nil
		}
	}
	setup, err := chess.ParseFEN(c.FEN)
	if err != nil {
		return nil, nil, err
	}
	p, err := setup.Position()
	if err != nil {
		return nil, nil, err
	}
	g = game.New()
	if err := g.SetStart(p); err != nil {
		return nil, nil, err
	}
	return g, g.Root(), nil
}

// positionKey is the first four fields of a FEN: the position.
func positionKey(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(4, len(f))], " ")
}

// LeaveDrill ends the drill (Esc): the game of the file comes back as it
// was, at the move it was shown at, in the mode it was in (a new game not
// begun is one still), the board turned as it was.
func (s *Session) LeaveDrill() {
	d := s.drilling()
	if d == nil {
		return
	}
	s.change(func() {
		s.mode, s.game, s.cur, s.flipped, s.hist = d.prev, d.file, d.fileCur, d.flipped, d.hist
		s.resetGesture()
		s.message = text(mDrillLeft)
		s.exploredChanged()
	})
}

// DrillHint shows the piece to move, unless the question is answered.
func (s *Session) DrillHint() {
	d := s.drilling()
	if d == nil || d.st.Step != DrillAsking || d.best == chess.NullMove {
		return
	}
	s.change(func() {
		d.st.Hint = true
		s.message = text(mDrillHint)
		s.changed()
	})
}

// DrillSolution shows the solution: an arrow for the best move, its line
// after the position, and the board at the position still.
func (s *Session) DrillSolution() {
	d := s.drilling()
	if d == nil || d.st.Step == DrillPassed || d.st.Step == DrillSolved {
		return
	}
	s.change(func() { d.solve(s, s.now()) })
}

func (d *drill) solve(s *Session, now time.Time) {
	d.st.Step, d.st.Took = DrillSolved, now.Sub(d.st.Began)
	d.addLine(d.st.Card.Line)
	s.cur = d.at
	s.message = text(mDrillSolution, msg.SAN("Line", strings.Join(d.st.Card.Line, " ")))
	if d.st.Card.Repertoire {
		s.message = text(mDrillRepertoireMove, msg.SAN("Line", strings.Join(d.st.Card.Line, " ")))
	}
	if len(d.st.Card.Line) == 0 {
		s.message = text(mDrillNoSolution)
	}
	s.exploredChanged()
}

// addLine adds the moves of line (SAN) after the question's position, as
// far as they are legal.
func (d *drill) addLine(line []string) {
	n := d.at
	for _, san := range line {
		p := n.Position()
		m, err := p.ParseSAN(san)
		if err != nil {
			return
		}
		if c := n.ChildFor(m); c != nil {
			n = c
			continue
		}
		if n, err = n.AddMove(m); err != nil {
			return
		}
	}
}

// snapshot keeps the mode the drill returns to, as the journal's phase,
// and the drill itself.
func (d *drill) snapshot(st *playState) {
	st.Phase = d.prev.phase()
	d.prev.snapshot(st)
	text, err := store.EncodeSaved(d.at.Game())
	if err != nil {
		return // the file's game is journaled still; the drill starts again
	}
	ds := drillSnapshot{PGN: string(text), At: pathOf(d.at), Cursor: pathOf(d.at), State: d.st, FileFlipped: d.flipped}
	st.Drill = &ds // the node shown: Session.snapshot
}

// fileGame is the game of the file, which the drill leaves as it was.
func (d *drill) fileGame(*Session) (*game.Game, *game.Node) { return d.file, d.fileCur }

// editable: the drill's game is not the file's, and the file's edits are
// not undone on it.
func (d *drill) editable(bool) bool { return false }

// can: no engine while a question is open, it would give the answer away.
func (d *drill) can(s *Session, a Action) ActionState {
	if a == ActionEngine && (d.st.Step == DrillAsking || d.st.Step == DrillChecking) {
		return no(mDrillNoEngine)
	}
	return canBrowsing(a)
}

// gestures: browsing's, with the hint and the solution drawn.
func (d *drill) gestures(s *Session) gestures { return drillGestures{browsing{s}, d} }

// drillGestures is the drill's gestures: browsing's, the board decorated.
type drillGestures struct {
	browsing
	d *drill
}

func (g drillGestures) decorate(bs *boardview.View) {
	g.browsing.decorate(bs)
	d := g.d
	if g.s.cur != d.at || d.best == chess.NullMove {
		return
	}
	if d.st.Hint && d.st.Step == DrillAsking {
		bs.Marks = append(bs.Marks, boardview.SquareMark{Square: d.best.From(), Color: boardview.Green})
	}
	if d.st.Step == DrillSolved {
		bs.Arrows = append(bs.Arrows, boardview.Arrow{From: d.best.From(), To: d.best.To(), Color: boardview.Engine})
	}
}

// addMove is the answer when the question is open: the best move passes,
// a move played in the games does not, another goes to the engine. Once
// answered, moves browse the drill's game.
func (d *drill) addMove(s *Session, m chess.Move) Feedback {
	if s.cur != d.at || d.st.Step == DrillPassed || d.st.Step == DrillSolved {
		return d.follow(s, m)
	}
	if d.st.Step == DrillChecking {
		return s.refuse(text(mDrillChecking))
	}
	p := s.position()
	san := p.SAN(m)
	d.st.Tries++
	switch {
	case m == d.best:
		return d.pass(s, m, s.now())
	case d.st.Card.Repertoire:
		d.solve(s, s.now()) // the repertoire's move, at once
		s.changed()
		return Feedback{Refused: s.message}
	case slices.Contains(d.st.Card.Wrong, san) || d.check == nil:
		return d.wrong(s)
	}
	d.st.Step = DrillChecking
	s.message = text(mDrillChecking)
	s.changed()
	d.check(p, m, func(pass bool) { s.drillVerdict(d, m, pass) })
	return Feedback{}
}

// drillVerdict takes the engine's verdict on the move m of drill d, if it
// is still the question shown.
func (s *Session) drillVerdict(d *drill, m chess.Move, pass bool) {
	if s.drilling() != d || d.st.Step != DrillChecking {
		return
	}
	s.change(func() {
		d.st.Step = DrillAsking
		if pass {
			d.pass(s, m, s.now())
			return
		}
		d.wrong(s)
	})
}

// pass takes the move m as the answer: it is played on the drill's board
// and the card's line follows it when m is the best move.
func (d *drill) pass(s *Session, m chess.Move, now time.Time) Feedback {
	d.st.Step, d.st.Took = DrillPassed, now.Sub(d.st.Began)
	if fb, ok := d.continueLine(s, m); ok {
		return fb
	}
	if m == d.best {
		d.addLine(d.st.Card.Line)
	}
	fb := d.follow(s, m)
	p := d.at.Position()
	s.message = text(mDrillRight, msg.SAN("Move", p.SAN(m)))
	return fb
}

// wrong refuses a move: "Not that", the hint at the second, the solution
// at the third.
func (d *drill) wrong(s *Session) Feedback {
	switch {
	case d.st.Tries >= 3:
		d.solve(s, s.now())
	case d.st.Tries == 2 && d.best != chess.NullMove:
		d.st.Hint = true
		s.message = text(mDrillHint)
	default:
		s.message = text(mDrillNotThat)
	}
	s.resetGesture()
	s.changed()
	return Feedback{Refused: s.message}
}

// follow plays m on the drill's board: an existing continuation is
// followed, else the move is added; the file's game is not touched.
func (d *drill) follow(s *Session, m chess.Move) Feedback {
	if c := s.cur.ChildFor(m); c != nil {
		s.GoTo(c)
		return Feedback{Moved: true}
	}
	n, err := s.cur.AddMove(m)
	if err != nil {
		return s.refuse(text(mIllegal))
	}
	s.resetGesture()
	s.cur = n
	s.exploredChanged()
	return Feedback{Moved: true}
}

// DrillCardOf returns the drill of a card of the user's deck: the context
// of the game where the mistake was made first.
func DrillCardOf(c *training.Card) DrillCard {
	d := DrillCard{Key: c.Key, FEN: c.FEN, Best: c.Best, Line: c.Line, Times: len(c.Seen), Repertoire: c.IsRepertoire()}
	for i, seen := range c.Seen {
		if seen.Played != "" && !slices.Contains(d.Wrong, seen.Played) {
			d.Wrong = append(d.Wrong, seen.Played)
		}
		if i == 0 {
			d.Context, d.White, d.Black, d.Date, d.Event = seen.Context, seen.White, seen.Black, seen.Date, seen.Event
		}
	}
	return d
}
