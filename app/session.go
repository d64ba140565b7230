package app

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// BoardState is what the board shows, computed by the session: ui draws it
// and decides nothing.
type BoardState struct {
	Pieces      [64]chess.Piece
	Flipped     bool
	Selected    chess.Square   // NoSquare if none
	Touched     chess.Square   // a piece bound by touch-move, NoSquare if none
	Dests       chess.Bitboard // where the selected piece may go
	LastFrom    chess.Square
	LastTo      chess.Square
	Check       chess.Square      // the king in check, NoSquare if none
	Arrows      []game.Arrow      // [%cal] of the current node
	Marks       []game.SquareMark // [%csl] of the current node
	Interactive bool
	// Promotion is set while a pawn waits on its last rank for the choice.
	Promotion *PromotionPrompt
}

// PromotionPrompt asks which piece a pawn becomes.
type PromotionPrompt struct {
	Color       chess.Color
	From, To    chess.Square
	Cancellable bool
}

// Feedback is the session's answer to a gesture.
type Feedback struct {
	Moved         bool   // a move was made
	NeedPromotion bool   // the pawn waits for the promotion choice
	Refused       string // why the gesture was refused, in words; empty if not
}

// Status describes the game for the status line and the game menu.
type Status struct {
	Turn      chess.Color
	InCheck   bool
	Over      bool
	Result    string // "1-0", "0-1", "1/2-1/2" or "*"
	Reason    string // why the game ended, in words
	Claimable *chess.Outcome
	Live      bool   // a game is being played (moves go to the end of the main line)
	Message   string // the last refusal or notice
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
	// Mode is how strictly the over-the-board rules apply (rules.md §0).
	Mode arbiter.Mode
	// Rules are the event rules: penalty time, which illegal move loses,
	// when a draw may be agreed. The category comes from the clocks.
	Rules arbiter.Settings
	// Armageddon makes a draw count as a win for Black.
	Armageddon bool
}

// Session is the game on the board: the game tree, the node shown, the
// selection and a pending promotion. Gestures from ui arrive as calls; after
// every change the session notifies its listeners, and ui redraws from Board
// and Status. It is not safe for concurrent use: ui calls it on its goroutine.
type Session struct {
	game      *game.Game
	cur       *game.Node
	live      bool
	flipped   bool
	selected  chess.Square
	promo     *PromotionPrompt
	message   string
	dirty     bool
	path      string // the file the game came from or was saved to
	gameIndex int    // which game of that file (0-based)
	listeners []func()
	now       func() time.Time
	rand      func(n int) int
	journal   *Journal
	version   int     // counts changes of the game tree, for redraws
	timing    *timing // the clocks of a timed game, nil when untimed
	otb       *otb    // the arbiter of a live game, nil when not live
	rules     arbiter.Settings
	// armageddon: a drawn game counts as a win for Black (an event rule,
	// clocks.md §2 note 5).
	armageddon bool
}

// SessionOption configures a new Session.
type SessionOption func(*Session)

// WithClock sets the time source (tests pass a fake).
func WithClock(now func() time.Time) SessionOption { return func(s *Session) { s.now = now } }

// WithRandom sets the random source used for Chess960 starts (tests pass a fixed one).
func WithRandom(intn func(n int) int) SessionOption { return func(s *Session) { s.rand = intn } }

// WithJournal makes the session journal the game after every change.
func WithJournal(j *Journal) SessionOption { return func(s *Session) { s.journal = j } }

// NewSession returns a session holding a new standard game, ready to play.
func NewSession(opts ...SessionOption) *Session {
	s := &Session{now: time.Now, selected: chess.NoSquare}
	for _, o := range opts {
		o(s)
	}
	if s.rand == nil {
		s.rand = func(n int) int { return int(s.now().UnixNano() % int64(n)) }
	}
	_ = s.NewGame(NewGameOptions{})
	s.dirty = false
	return s
}

// OnChange registers f to run after every change of the session.
func (s *Session) OnChange(f func()) { s.listeners = append(s.listeners, f) }

// TreeVersion changes whenever the game tree changes (a move added or
// deleted, a game loaded); navigation leaves it alone.
func (s *Session) TreeVersion() int { return s.version }

func (s *Session) changed() {
	if s.journal != nil {
		s.journal.Record(s)
	}
	for _, f := range s.listeners {
		f()
	}
}

// Game returns the game tree.
func (s *Session) Game() *game.Game { return s.game }

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

// NewGame replaces the game with a new one, ready to be played.
func (s *Session) NewGame(o NewGameOptions) error {
	var start chess.Position
	var err error
	switch {
	case o.FEN != "":
		start, err = chess.FromFEN(o.FEN)
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
	set("Event", o.Event, "Casual game")
	set("Site", o.Site, "?")
	set("Date", s.now().Format("2006.01.02"), "")
	set("Round", "-", "")
	set("White", o.White, "White")
	set("Black", o.Black, "Black")
	g.Tags.Set("Result", "*")
	s.game, s.cur = g, g.Root()
	s.live = true
	s.version++
	if err := s.startClocks(o.Time); err != nil {
		return err
	}
	s.rules = o.Rules
	s.armageddon = o.Armageddon
	if o.Armageddon {
		g.Tags.Set("Event", g.Tags.Value("Event")+" (Armageddon)")
	}
	if err := s.startArbiter(o.Mode); err != nil {
		return err
	}
	s.path, s.gameIndex = "", 0
	s.resetGesture()
	s.message = ""
	s.dirty = true
	s.changed()
	return nil
}

// Load shows g, read from path (game index i), for browsing and analysis.
// A game whose result is "*" and that is not over can be continued.
func (s *Session) Load(g *game.Game, path string, i int) {
	s.game, s.cur = g, g.Root()
	s.path, s.gameIndex = path, i
	s.version++
	s.timing = nil
	s.otb = nil
	s.armageddon = false
	s.live = false
	if s.resumeFromTags() && s.startArbiter(arbiter.ModeCasual) == nil {
		s.message = "The game's clocks are restored, paused: resume them to play on."
	} else {
		s.message = ""
	}
	s.resetGesture()
	s.dirty = false
	s.changed()
}

// SetSaved records that the game was saved to path as game i.
func (s *Session) SetSaved(path string, i int) {
	s.path, s.gameIndex = path, i
	s.dirty = false
	s.changed()
}

func (s *Session) resetGesture() {
	s.selected = chess.NoSquare
	s.promo = nil
}

// position returns the position at the current node.
func (s *Session) position() chess.Position { return s.cur.Position() }

// canMoveHere reports whether a move may be made at the current node: in a
// live game only at the end of the main line.
func (s *Session) canMoveHere() bool {
	if s.clockBlocksMove() != "" {
		return false
	}
	if s.over() && s.cur == s.game.End() {
		return false
	}
	if s.live {
		return s.cur == s.game.End()
	}
	return true
}

// Board returns what the board shows.
func (s *Session) Board() BoardState {
	p := s.position()
	b := BoardState{
		Pieces:      p.Board(),
		Flipped:     s.flipped,
		Selected:    s.selected,
		Touched:     chess.NoSquare,
		LastFrom:    chess.NoSquare,
		LastTo:      chess.NoSquare,
		Check:       chess.NoSquare,
		Interactive: s.canMoveHere(),
		Promotion:   s.promo,
	}
	if m := s.cur.Move(); m != chess.NoMove && m != chess.NullMove {
		b.LastFrom, b.LastTo = m.From(), m.KingTo()
		if m.IsCastling() {
			b.LastTo = m.KingTo()
		}
	}
	if p.InCheck() {
		b.Check = p.KingSquare(p.Turn())
	}
	if s.otb != nil && s.live && s.cur == s.game.End() {
		b.Pieces = s.otb.arb.Board()
		b.Touched = s.otb.bound
		b.Dests = s.otb.dests
	} else if s.selected != chess.NoSquare {
		b.Dests = s.dests(&p, s.selected)
	}
	b.Arrows = s.cur.Arrows()
	b.Marks = s.cur.Squares()
	return b
}

// dests returns the squares the piece on from may move to, castling shown
// both on the king's destination and on its rook.
func (s *Session) dests(p *chess.Position, from chess.Square) chess.Bitboard {
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	var d chess.Bitboard
	for _, m := range ml.Slice() {
		if m.From() != from {
			continue
		}
		d |= m.To().Bit()
		if m.IsCastling() {
			d |= m.KingTo().Bit()
		}
	}
	return d &^ from.Bit()
}

// Press is a pointer-down on sq (a touch): it selects one's own piece, or
// completes a click-click move when a piece is already selected.
func (s *Session) Press(sq chess.Square) Feedback {
	if !s.canMoveHere() {
		return s.refuse(s.browseReason())
	}
	if s.promo != nil {
		return s.refuse("Choose the piece to promote to first.")
	}
	if s.otb != nil && s.live {
		return s.otbTouch(sq)
	}
	p := s.position()
	pc := p.PieceAt(sq)
	if pc != chess.NoPiece && pc.Color() == p.Turn() {
		s.selected = sq
		s.message = ""
		s.changed()
		return Feedback{}
	}
	if s.selected != chess.NoSquare {
		return s.Drop(s.selected, sq)
	}
	if pc == chess.NoPiece {
		return Feedback{}
	}
	return s.refuse(fmt.Sprintf("It is %s's move.", p.Turn()))
}

func (s *Session) browseReason() string {
	if why := s.clockBlocksMove(); why != "" {
		return why
	}
	if s.over() {
		return "The game is over: " + s.Status().Reason + "."
	}
	return "You are looking at an earlier move: go to the last move (End) to play on."
}

// Drop is the release of the piece from from on to (or the second click).
func (s *Session) Drop(from, to chess.Square) Feedback {
	if !s.canMoveHere() {
		return s.refuse(s.browseReason())
	}
	if s.otb != nil && s.live {
		return s.otbRelease(from, to)
	}
	if from == to {
		s.changed()
		return Feedback{}
	}
	p := s.position()
	pc := p.PieceAt(from)
	if pc == chess.NoPiece || pc.Color() != p.Turn() {
		s.selected = chess.NoSquare
		return s.refuse(fmt.Sprintf("It is %s's move.", p.Turn()))
	}
	var candidates []chess.Move
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if m.From() != from {
			continue
		}
		// Castling: the king dropped on its destination or onto its own rook.
		if m.To() == to || (m.IsCastling() && m.KingTo() == to) {
			candidates = append(candidates, m)
		}
	}
	if len(candidates) > 1 && candidates[0].Kind() != chess.Promotion {
		// A one-square king move that is also a Chess960 castling square:
		// the plain move; castle by dropping on the rook.
		for _, m := range candidates {
			if !m.IsCastling() {
				candidates = []chess.Move{m}
				break
			}
		}
	}
	switch {
	case len(candidates) == 0:
		s.selected = chess.NoSquare
		return s.refuse(fmt.Sprintf("%s%s–%s is not a legal move.", pieceName(pc), from, to))
	case candidates[0].Kind() == chess.Promotion:
		s.promo = &PromotionPrompt{Color: p.Turn(), From: from, To: to, Cancellable: true}
		s.selected = chess.NoSquare
		s.message = ""
		s.changed()
		return Feedback{NeedPromotion: true}
	}
	return s.play(candidates[0])
}

// Promote completes a pending promotion with piece type t.
func (s *Session) Promote(t chess.PieceType) Feedback {
	if s.promo == nil {
		return s.refuse("No pawn is waiting to promote.")
	}
	if s.otb != nil && s.live {
		return s.afterRelease(s.promo.Color, s.otb.arb.Promote(t))
	}
	m := chess.NewPromotion(s.promo.From, s.promo.To, t)
	p := s.position()
	if !p.IsLegal(m) {
		return s.refuse("A pawn promotes to a queen, rook, bishop or knight.")
	}
	s.promo = nil
	return s.play(m)
}

// CancelPromotion puts the pawn back, where the mode allows it.
func (s *Session) CancelPromotion() {
	if s.promo != nil && s.promo.Cancellable {
		if s.otb != nil && s.live {
			if d := s.otb.arb.CancelPromotion(); d.Kind == arbiter.Refused {
				return
			}
		}
		s.promo = nil
		s.changed()
	}
}

// PlayMove plays a legal move at the current node, as a drop would.
func (s *Session) PlayMove(m chess.Move) Feedback {
	if !s.canMoveHere() {
		return s.refuse(s.browseReason())
	}
	p := s.position()
	if !p.IsLegal(m) {
		return s.refuse("That move is illegal.")
	}
	if s.otb != nil && s.live {
		to := m.To()
		fb := s.otbRelease(m.From(), to)
		if fb.NeedPromotion {
			return s.Promote(m.Promotion())
		}
		return fb
	}
	return s.play(m)
}

func (s *Session) play(m chess.Move) Feedback {
	next, err := s.cur.AddMove(m)
	if err != nil {
		return s.refuse(err.Error())
	}
	s.cur = next
	s.version++
	s.resetGesture()
	s.message = ""
	s.dirty = true
	if s.live {
		s.finishIfOver()
	}
	s.changed()
	return Feedback{Moved: true}
}

// finishIfOver records an automatic end of the game (rules.md §3 N1).
func (s *Session) finishIfOver() {
	p := s.position()
	o, ok := p.Outcome(s.history(s.cur))
	if !ok {
		return
	}
	s.end(o.Result(), outcomeText(o, p.Turn()), "normal")
}

// end records the result and stops live play.
func (s *Session) end(result, reason, termination string) {
	if s.armageddon && result == "1/2-1/2" {
		result = "0-1"
		reason += "; Armageddon: a draw counts as a win for Black"
	}
	s.game.Tags.Set("Result", result)
	s.game.Tags.Set("Termination", termination)
	s.game.SetEndComment(reason)
	s.live = false
	s.dirty = true
	s.version++
}

// outcomeText describes an automatic end in words, as the end comment.
func outcomeText(o chess.Outcome, toMove chess.Color) string {
	switch o.Reason {
	case chess.Checkmate:
		return fmt.Sprintf("%s checkmates", title(o.Winner.String()))
	case chess.Stalemate:
		return fmt.Sprintf("%s is stalemated", title(toMove.String()))
	case chess.DeadPosition:
		return "Dead position"
	case chess.FivefoldRepetition:
		return "Fivefold repetition"
	case chess.SeventyFiveMoves:
		return "75-move rule"
	case chess.ThreefoldRepetition:
		return "Threefold repetition claimed"
	case chess.FiftyMoves:
		return "50-move rule claimed"
	}
	return o.Reason.String()
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

func (s *Session) refuse(why string) Feedback {
	s.message = why
	s.changed()
	return Feedback{Refused: why}
}

func (s *Session) over() bool { return s.game.Result() != "*" }

// Status describes the game at the current node.
func (s *Session) Status() Status {
	p := s.position()
	st := Status{
		Turn:    p.Turn(),
		InCheck: p.InCheck(),
		Result:  s.game.Result(),
		Live:    s.live,
		Message: s.message,
	}
	if st.Result != "*" {
		st.Over = true
		st.Reason = game.CommentText(s.game.EndComment())
		if st.Reason == "" {
			st.Reason = s.game.Tags.Value("Termination")
		}
	}
	if s.otb != nil && s.live && !st.Over {
		ap := s.otb.arb.Position()
		if o, ok := ap.ClaimableDraw(s.otb.arb.History()); ok {
			st.Claimable = &o
		}
	} else if s.canMoveHere() && !st.Over {
		if o, ok := p.ClaimableDraw(s.history(s.cur)); ok {
			st.Claimable = &o
		}
	}
	return st
}

// ClaimDraw ends the game by a correct claim of threefold repetition or the
// 50-move rule made by the player on move.
func (s *Session) ClaimDraw() error {
	if s.otb != nil && s.live {
		return s.ClaimDrawWith(chess.NoMove)
	}
	st := s.Status()
	if st.Claimable == nil {
		return errors.New("no draw can be claimed in this position")
	}
	p := s.position()
	s.end("1/2-1/2", fmt.Sprintf("%s claimed by %s: correct", title(st.Claimable.Reason.String()), title(p.Turn().String())), "normal")
	s.changed()
	return nil
}

// Resign ends the game: color loses, or draws if the opponent cannot mate
// by any legal series of moves (rules.md §3.2).
func (s *Session) Resign(color chess.Color) {
	if s.over() {
		return
	}
	if s.otb != nil && s.live {
		s.decide(func(a *arbiter.Arbiter) arbiter.Decision { return a.Resign(color) })
		return
	}
	p := s.game.End().Position()
	if p.CannotMate(color.Other()) {
		s.end("1/2-1/2", fmt.Sprintf("%s resigns; %s cannot mate: draw", title(color.String()), color.Other()), "normal")
	} else {
		r := "1-0"
		if color == chess.White {
			r = "0-1"
		}
		s.end(r, fmt.Sprintf("%s resigns", title(color.String())), "normal")
	}
	s.changed()
}

// Takeback removes the last move of the main line (casual play without clocks).
func (s *Session) Takeback() error {
	if s.timing != nil && s.live {
		return errors.New("no takebacks in a game with clocks")
	}
	if s.otb != nil && s.live {
		a := s.otb.arb
		before := len(a.Moves())
		d := a.Takeback()
		if d.Kind == arbiter.Refused {
			return errors.New(d.Reason)
		}
		if len(a.Moves()) < before {
			if end := s.game.End(); !end.IsRoot() {
				s.cur = end.Parent()
				end.Delete()
			}
		}
		s.resetGesture()
		s.version++
		s.dirty = true
		s.changed()
		return nil
	}
	end := s.game.End()
	if end.IsRoot() {
		return errors.New("no move to take back")
	}
	parent := end.Parent()
	end.Delete()
	if s.over() {
		s.game.Tags.Set("Result", "*")
		s.game.Tags.Delete("Termination")
		s.game.SetEndComment("")
	}
	s.live = true
	s.cur = parent
	s.version++
	s.resetGesture()
	s.dirty = true
	s.changed()
	return nil
}

// GoTo shows node n.
func (s *Session) GoTo(n *game.Node) {
	if n == nil || n.Game() != s.game {
		return
	}
	s.cur = n
	s.resetGesture()
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

// Select clears the selection, as a press on an empty square or Escape does.
func (s *Session) Select(sq chess.Square) {
	s.selected = sq
	s.changed()
}

// MarkDirty records that the game has unsaved changes (a pasted game).
func (s *Session) MarkDirty() {
	s.dirty = true
	s.changed()
}
