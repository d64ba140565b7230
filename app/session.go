package app

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"touchmove/app/boardview"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// PromotionPrompt asks which piece a pawn becomes.
type PromotionPrompt struct {
	Color       chess.Color
	From, To    chess.Square
	Cancellable bool
}

// Feedback is the session's answer to a gesture.
type Feedback struct {
	Moved         bool     // a move was made
	NeedPromotion bool     // the pawn waits for the promotion choice
	Refused       msg.Text // why the gesture was refused; zero if not
	// Err is a failure to carry the gesture's decision out (it wraps
	// ErrOutOfStep; Session.Err keeps the first): a bug, nil normally.
	Err error
}

// Status describes the game for the status line and the game menu.
type Status struct {
	Phase     Phase
	Turn      chess.Color
	InCheck   bool
	Over      bool
	Result    chess.Result
	Reason    msg.Text // why the game ended
	Claimable *chess.Outcome
	Live      bool     // a game is being played (Phase is Playing)
	Message   msg.Text // the last refusal or notice; it lasts until the next gesture
}

// NewGameOptions configures Session.NewGame.
type NewGameOptions struct {
	White, Black, Event, Site string
	// Chess960 selects a Chess960 start: Number in 0–959, or random when Random is set.
	Chess960 bool
	Number   int
	Random   bool
	// FEN starts from a set-up position when not empty.
	FEN string
	// Time sets the clocks; nil plays without clocks.
	Time *TimeSettings
	// Rules are the over-the-board rules the game is played under:
	// Casual, FIDE or Arbiter (rules.md §0).
	Rules arbiter.Rules
	// Settings are the event's figures within those rules: penalty time,
	// which illegal move loses, when a draw may be agreed. The category
	// comes from the clocks.
	Settings arbiter.Settings
	// Armageddon makes a draw count as a win for Black.
	Armageddon bool
	// Round is the Round tag ("-" when empty).
	Round string
	// Tags are more tags for the game, written after the roster in the
	// order of their names: a hall's Board, the players' Elo and FIDE ids.
	Tags map[string]string
}

// Session is the game on the board: the game tree, the node shown, the
// mode (browsing a stored game, playing a live one, a live game finished),
// the selection and a pending promotion, and one history of every change.
//
// Every change goes one way: a gesture or action asks the mode what it
// means (mode.go) and Can whether it is allowed (can.go); the change is
// recorded for undo where the rules allow it, marks the game unsaved,
// journals it and notifies the listeners, and ui redraws from Board and
// Status. It is not safe for concurrent use: ui calls it on its goroutine.
type Session struct {
	game      *game.Game
	cur       *game.Node
	flipped   bool
	selected  chess.Square
	promo     *PromotionPrompt
	message   msg.Text
	endReason msg.Text // why the game played here ended, as said
	dirty     bool
	path      string // the file the game came from or was saved to
	gameIndex int    // which game of that file (0-based)
	// origin is where the game's bytes were read, or last written, for a
	// save to check before it replaces them; nil when unknown.
	origin    *store.Origin
	listeners []func()
	now       func() time.Time
	rand      func(n int) int
	journal   *store.Journal
	journaled time.Time // when the journal was last written
	// stamp is when the move being played was made, while PlayMoveAt
	// plays it; zero otherwise (the clocks read now).
	stamp   time.Time
	version int // counts changes of the game tree, for redraws
	hist    history
	// step is the change under way (step.go).
	step step
	// turnBase is the state at the start of the turn of a casual game
	// played here: a takeback of the turn's move returns to it.
	turnBase *playState

	// mode is what the session is doing with its game: browsing it,
	// exploring over it, or a live game with its arbiter and clocks
	// (mode.go). The phase is the mode's, and held nowhere else.
	mode mode
	// rules are the event rules of the last new game, which a game
	// resumed from its tags is played under too.
	rules arbiter.Settings
	// fault is the first failure to carry out a decision of the arbiter
	// (Err); nil in a healthy session.
	fault error
	// engines says which engine a continued game's engines are started
	// from, and how they answer (WithEngineDefaults); nil: none.
	engines func() EngineDefaults
	// eboard is the electronic board the game is read from (eboardseat.go).
	eboard eboardSeat
	// analysis is the engine analysing the node shown (liveanalysis.go).
	analysis LiveAnalysis
}

// SessionOption configures a new Session.
type SessionOption func(*Session)

// WithClock sets the time source (tests pass a fake).
func WithClock(now func() time.Time) SessionOption { return func(s *Session) { s.now = now } }

// WithRandom sets the random source used for Chess960 starts (tests pass a fixed one).
func WithRandom(intn func(n int) int) SessionOption { return func(s *Session) { s.rand = intn } }

// WithJournal makes the session journal the game after every change.
func WithJournal(j *store.Journal) SessionOption { return func(s *Session) { s.journal = j } }

// NewSession returns a session holding a new standard game, ready to play.
func NewSession(opts ...SessionOption) *Session {
	s := &Session{now: time.Now, selected: chess.NoSquare, mode: browseMode{}}
	for _, o := range opts {
		o(s)
	}
	if s.rand == nil {
		s.rand = func(n int) int { return int(s.now().UnixNano() % int64(n)) }
	}
	if err := s.NewGame(NewGameOptions{}); err != nil {
		// The standard start is built from constants: only a bug gets here.
		panic(fmt.Sprintf("app: the standard new game failed: %v", err))
	}
	s.setDirty(false) // journal the new game as unchanged
	return s
}

// OnChange registers f to run after every change of the session.
func (s *Session) OnChange(f func()) { s.listeners = append(s.listeners, f) }

// TreeVersion changes whenever the game tree changes (a move added or
// deleted, a game loaded); navigation leaves it alone.
func (s *Session) TreeVersion() int { return s.version }

// Phase returns what the session is doing with its game: browsing it,
// playing it, or done playing it here.
func (s *Session) Phase() Phase { return s.mode.phase() }

// Game returns the game tree: while exploring, the game of the file, which
// the exploration leaves as it was (Shown is the game on the board).
func (s *Session) Game() *game.Game {
	g, _ := s.mode.fileGame(s)
	return g
}

// Current returns the node shown on the board.
func (s *Session) Current() *game.Node { return s.cur }

// Dirty reports whether the game has changes that are not saved.
func (s *Session) Dirty() bool { return s.dirty }

// Path returns the file of the game ("" if never saved) and its index there.
func (s *Session) Path() (string, int) { return s.path, s.gameIndex }

// Flipped reports whether Black is at the bottom.
func (s *Session) Flipped() bool { return s.flipped }

// Flip turns the board.
func (s *Session) Flip() {
	s.flipped = !s.flipped
	s.changed()
}

// startWarning says a warning of game.StartFromFEN in words.
func startWarning(err error) msg.Text {
	var t msg.Text
	if errors.Is(err, game.ErrCastlingRepaired) {
		t = text(mCastlingDropped)
	}
	var pe *chess.PositionError
	if errors.As(err, &pe) {
		t = t.Then(positionText(pe, nil)).Then(text(mPosUnreachable))
	}
	return t
}

// NewGame replaces the game with a new one, ready to be played.
func (s *Session) NewGame(o NewGameOptions) error {
	var start chess.Position
	var err error
	var warning msg.Text
	switch {
	case o.FEN != "":
		// Read as a PGN file's FEN is: castling rights the position
		// cannot have are dropped, and a position no game can reach but
		// that can be played (more than 8 pawns or 16 pieces of a side) is played,
		// each with a warning.
		start, err = game.StartFromFEN(o.FEN, false)
		if game.IsStartWarning(err) {
			warning, err = startWarning(err), nil
		}
	case o.Chess960:
		n := o.Number
		if o.Random {
			n = s.rand(960)
		}
		start, err = chess.Chess960Start(n)
	default:
		start = chess.StartPosition()
	}
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	g := game.NewFromPosition(start)
	g.Tags.FillRoster()
	set := func(name, v, def string) {
		if v == "" {
			v = def
		}
		g.Tags.Set(name, v)
	}
	set("Event", o.Event, DefaultEvent(o.Rules))
	set("Site", o.Site, "?")
	set("Date", s.now().Format("2006.01.02"), "")
	set("Round", o.Round, "-")
	set("White", o.White, "White")
	set("Black", o.Black, "Black")
	set("Rules", "", RulesTag(o.Rules))
	for _, name := range slices.Sorted(maps.Keys(o.Tags)) {
		if v := o.Tags[name]; v != "" {
			g.Tags.Set(name, v)
		}
	}
	g.SetResult(chess.Unfinished)
	if o.Armageddon {
		g.Tags.Set("Event", g.Tags.Value("Event")+" (Armageddon)")
	}
	// Build the live game aside, so that a failure leaves the session as it was.
	t, err := s.newClocks(g, o.Time)
	if err != nil {
		return err
	}
	live, err := s.newLiveGameOf(g, o.Rules, o.Settings, t, o.Armageddon)
	if err != nil {
		return err
	}
	s.game, s.cur, s.mode, s.rules = g, g.Root(), live, o.Settings
	s.fault = nil
	s.path, s.gameIndex, s.origin = "", 0, nil
	s.change(func() {
		s.hist.clear()
		s.turnBase = nil
		s.resetGesture()
		s.message = warning
		s.treeChanged()
	})
	return nil
}

// Load shows g, read from path (game index i), for browsing and analysis.
// An unfinished timed game saved by Touchmove (it has a Clock tag) comes
// back as a live game with its clocks paused, under the rules its Rules tag
// names and with the engines its White and Black tags name (seatsFromTags).
func (s *Session) Load(g *game.Game, path string, i int) {
	s.game, s.cur, s.mode = g, g.Root(), browseMode{}
	s.path, s.gameIndex, s.origin = path, i, nil
	s.message = msg.Text{}
	if t := s.resumeFromTags(); t != nil {
		// It goes on as it was played: under the rules of its Rules tag,
		// an Armageddon still one, its engines seated again (issue 45, point 5).
		armageddon := strings.HasSuffix(g.Tags.Value("Event"), " (Armageddon)")
		if live, err := s.newLiveGameOf(g, RulesOfTag(g.Tags.Value("Rules")), s.rules, t, armageddon); err == nil {
			s.mode, s.cur = live, g.End()
			s.fault = nil
			live.opp.players = s.seatsFromTags()
			s.message = text(mClocksRestored)
		}
	}
	s.change(func() {
		s.hist.clear()
		s.turnBase = nil
		s.resetGesture()
		s.treeChanged()
		s.setDirty(false)
	})
}

// SetOrigin records where the game shown was read from, or saved to.
func (s *Session) SetOrigin(o store.Origin) {
	s.origin = &o
	s.changed()
}

// Origin returns where the game shown was read from or saved to, if that is
// known and is game i of the file at path.
func (s *Session) Origin(path string, i int) (store.Origin, bool) {
	if s.origin == nil || s.origin.Path != path || s.origin.Index != i {
		return store.Origin{}, false
	}
	return *s.origin, true
}

// SetSaved records that the game was saved to path as game i.
func (s *Session) SetSaved(path string, i int) {
	s.path, s.gameIndex = path, i
	s.setDirty(false)
}

func (s *Session) resetGesture() {
	s.selected = chess.NoSquare
	s.promo = nil
}

// position returns the position at the current node.
func (s *Session) position() chess.Position { return s.cur.Position() }

// Board returns what the board shows: the position at the node shown (in
// a live game, the arbiter's board), the highlights of the gesture under
// way, and the node's marked squares and arrows.
func (s *Session) Board() boardview.View {
	p := s.position()
	m := s.gestures()
	b := boardview.New()
	b.Pieces = p.Board()
	b.Flipped = s.flipped
	b.Selected = s.selected
	b.Interactive = m.mayMove()
	if mv := s.cur.Move(); mv != chess.NoMove && mv != chess.NullMove {
		b.LastFrom, b.LastTo = mv.From(), mv.KingTo()
	}
	if p.InCheck() {
		b.Check = p.KingSquare(p.Turn())
	}
	m.decorate(&b)
	for _, a := range s.cur.Arrows() {
		b.Arrows = append(b.Arrows, boardview.Arrow{From: a.From, To: a.To, Color: markColor(a.Color)})
	}
	for _, sq := range s.cur.Squares() {
		b.Marks = append(b.Marks, boardview.SquareMark{Square: sq.Square, Color: markColor(sq.Color)})
	}
	return b
}

// Promotion returns the question of the pawn waiting on its last rank for
// the piece it becomes, nil when none waits.
func (s *Session) Promotion() *PromotionPrompt { return s.promo }

// markColor is the board's colour of a PGN mark colour; the colours the
// board does not draw (orange, cyan) show as green.
func markColor(c game.MarkColor) boardview.MarkColor {
	switch c {
	case game.Red:
		return boardview.Red
	case game.Blue:
		return boardview.Blue
	case game.Yellow:
		return boardview.Yellow
	}
	return boardview.Green
}

// gesture runs one gesture of the board: the last refusal no longer
// applies, and in a live game the change is one step of the history.
func (s *Session) gesture(name string, f func() Feedback) Feedback {
	s.message = msg.Text{}
	var fb Feedback
	s.play(name, func() { fb = f() })
	return fb
}

// Press is a pointer-down on sq (a touch): it selects one's own piece, or
// completes a click-click move when a piece is already selected.
func (s *Session) Press(sq chess.Square) Feedback {
	if s.promo != nil {
		return s.refuse(text(mPromoteFirst))
	}
	return s.gesture("move", func() Feedback { return s.gestures().press(sq) })
}

// Drop is the release of the piece from from on to (or the second click).
func (s *Session) Drop(from, to chess.Square) Feedback {
	if s.promo != nil {
		return s.refuse(text(mPromoteFirst))
	}
	return s.gesture("move", func() Feedback { return s.gestures().drop(from, to) })
}

// Promote completes a pending promotion with piece type t.
func (s *Session) Promote(t chess.PieceType) Feedback {
	if s.promo == nil {
		return s.refuse(text(mNoPromotion))
	}
	return s.gesture("move", func() Feedback { return s.gestures().promote(t) })
}

// CancelPromotion puts the pawn back, where the mode allows it.
func (s *Session) CancelPromotion() {
	if s.promo != nil && s.promo.Cancellable {
		s.message = msg.Text{}
		s.gestures().cancelPromotion()
	}
}

// PlayMove plays a legal move at the current node, as a drop would.
func (s *Session) PlayMove(m chess.Move) Feedback {
	if s.promo != nil {
		return s.refuse(text(mPromoteFirst))
	}
	return s.gesture("move", func() Feedback { return s.gestures().playMove(m) })
}

// PlayMoveAt is PlayMove of a move made at the instant at, in the past: a
// move read from an electronic board, stamped when it arrived on the port.
// The clocks charge the mover's time up to at, not up to now.
func (s *Session) PlayMoveAt(m chess.Move, at time.Time) Feedback {
	return s.stamped(at, func() Feedback { return s.PlayMove(m) })
}

// PromoteAt is Promote with the piece placed at the instant at, as
// PlayMoveAt.
func (s *Session) PromoteAt(t chess.PieceType, at time.Time) Feedback {
	return s.stamped(at, func() Feedback { return s.Promote(t) })
}

// stamped runs f with the clocks pressed as of at.
func (s *Session) stamped(at time.Time, f func() Feedback) Feedback {
	s.stamp = at
	defer func() { s.stamp = time.Time{} }()
	return f()
}

// addMove plays m at the node shown outside live play, as the mode takes
// it: a move made while exploring explores on.
func (s *Session) addMove(m chess.Move) Feedback { return s.mode.addMove(s, m) }

// addVariation plays m at the node shown outside live play: an existing
// continuation is followed, else the move is added as an undoable edit.
func (s *Session) addVariation(m chess.Move) Feedback {
	if c := s.cur.ChildFor(m); c != nil {
		s.GoTo(c)
		return Feedback{Moved: true}
	}
	s.resetGesture()
	e := addMoveEdit(pathOf(s.cur), m)
	e.Name = "add move"
	if err := s.Apply(e); err != nil {
		return s.refuse(msg.TextOf(err))
	}
	return Feedback{Moved: true}
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func pieceName(pc chess.Piece) string {
	if pc.Type() == chess.Pawn {
		return ""
	}
	return string(pc.Type().Letter())
}

// history returns the repetition keys of the positions before n, oldest first.
func (s *Session) history(n *game.Node) []uint64 {
	var nodes []*game.Node
	for x := n.Parent(); x != nil; x = x.Parent() {
		nodes = append(nodes, x)
	}
	keys := make([]uint64, len(nodes))
	if len(nodes) == 0 {
		return keys
	}
	// Replay once from the root instead of asking each node.
	root := nodes[len(nodes)-1]
	p := root.Position()
	keys[0] = p.RepetitionKey()
	for i := len(nodes) - 2; i >= 0; i-- {
		p.Play(nodes[i].Move())
		keys[len(nodes)-1-i] = p.RepetitionKey()
	}
	return keys
}

func (s *Session) refuse(why msg.Text) Feedback {
	s.message = why
	s.changed()
	return Feedback{Refused: why}
}

// refused returns the error for an action Can refuses, and shows it.
func (s *Session) refused(a Action) error {
	st := s.Can(a)
	if st.Enabled {
		return nil
	}
	s.message = st.Why
	s.changed()
	return refusal(a, st.Why)
}

func (s *Session) over() bool { return s.game.Result().Over() }

// Status describes the game at the current node.
func (s *Session) Status() Status {
	p := s.position()
	st := Status{
		Phase:   s.mode.phase(),
		Turn:    p.Turn(),
		InCheck: p.InCheck(),
		Result:  s.game.Result(),
		Message: s.message,
	}
	if st.Result.Over() {
		st.Over = true
		st.Reason = s.endText()
	}
	s.mode.status(s, &st)
	return st
}

// endText returns why the game ended: as said when it ended here and the
// score still says so, else the closing comment (or the Termination tag)
// as it is.
func (s *Session) endText() msg.Text {
	c := game.CommentText(s.game.EndComment())
	if c == "" {
		return s.terminationText()
	}
	if !s.endReason.IsZero() && c == game.CommentText(s.endReason.String()) {
		return s.endReason
	}
	return msg.Plain(c)
}

// terminationText says why a game with no closing comment ended, from its
// Termination tag: the standard values (pgn.md §3) as messages, with
// "normal" read from the final position (checkmate, stalemate, else the
// result says enough); any other value as it is.
func (s *Session) terminationText() msg.Text {
	v := s.game.Tags.Value("Termination")
	loser := s.game.Result().Winner().Other()
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "unterminated":
		return msg.Text{}
	case "normal":
		p := s.game.End().Position()
		switch o, _ := p.Outcome(nil); o.Reason {
		case chess.Checkmate:
			return text(mEndCheckmate)
		case chess.Stalemate:
			return text(mEndStalemate)
		}
		return msg.Text{}
	case "time forfeit":
		if loser == chess.White || loser == chess.Black {
			return text(mLostOnTime, side(loser))
		}
		return text(mEndTime)
	case "abandoned":
		return text(mEndAbandoned)
	case "adjudication":
		return text(mEndAdjudicated)
	case "rules infraction":
		return text(mEndInfraction)
	case "emergency":
		return text(mEndEmergency)
	case "death":
		return text(mEndDeath)
	}
	return msg.Plain(v)
}

// ClaimDraw ends the game by a correct claim of threefold repetition or the
// 50-move rule made by the player on move.
func (s *Session) ClaimDraw() error {
	return s.ClaimDrawWith(chess.NoMove)
}

// Resign ends the game: color loses, or draws if the opponent cannot mate
// by any legal series of moves (rules.md §3.2).
func (s *Session) Resign(color chess.Color) error {
	return s.decide(ActionResign, "resignation", func(a *arbiter.Arbiter) arbiter.Decision { return a.Resign(color) })
}

// takebackDepth returns how many changes Takeback undoes: those above the
// newest move of live play, and that move; 0 when none can be.
func (s *Session) takebackDepth() int {
	for i := len(s.hist.undo) - 1; i >= 0; i-- {
		r := s.hist.undo[i]
		if !r.live {
			return 0
		}
		if r.move {
			return len(s.hist.undo) - i
		}
	}
	return 0
}

// Takeback takes back the last move of a casual game played here: the
// board, the arbiter, the clocks (to the times they had at that position),
// the result of a game that move ended, all together; Redo plays it again.
func (s *Session) Takeback() error {
	if err := s.refused(ActionTakeback); err != nil {
		return err
	}
	for n := s.takebackDepth(); n > 0; n-- {
		if err := s.Undo(); err != nil {
			return err
		}
	}
	return nil
}

// GoTo shows node n.
func (s *Session) GoTo(n *game.Node) {
	if n == nil || n.Game() != s.game {
		return
	}
	s.cur = n
	s.resetGesture()
	s.message = msg.Text{}
	s.followExploration()
	s.changed()
}

// First shows the start position.
func (s *Session) First() { s.GoTo(s.game.Root()) }

// Last shows the end of the current line.
func (s *Session) Last() { s.GoTo(s.cur.End()) }

// Back shows the previous position.
func (s *Session) Back() {
	if p := s.cur.Parent(); p != nil {
		s.GoTo(p)
	}
}

// Forward shows the next position along the current line's main continuation.
func (s *Session) Forward() {
	if n := s.cur.Next(); n != nil {
		s.GoTo(n)
	}
}

// Select sets the selection (NoSquare clears it, as Escape does).
func (s *Session) Select(sq chess.Square) {
	s.selected = sq
	s.changed()
}

// MarkDirty records that the game has unsaved changes (a pasted game).
func (s *Session) MarkDirty() { s.setDirty(true) }
