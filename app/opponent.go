package app

import (
	"path/filepath"
	"strconv"
	"strings"

	"touchmove/app/opponent"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/core/game"
	"touchmove/core/msg"
	"touchmove/core/uci"
)

// EngineSeat is an engine playing one side of a game played here, as the
// journal keeps it (design.md §8).
type EngineSeat struct {
	Path string `json:"path"`
	// Name is the engine's own name ("Stockfish 15.1"), once it has started.
	Name string `json:"name,omitempty"`
	// Level is 1 to 10; Elo, when set instead, is given to UCI_Elo as it is.
	Level int    `json:"level,omitempty"`
	Elo   int    `json:"elo,omitempty"`
	Seed  uint64 `json:"seed,omitempty"`
}

// Strength returns the seat's level or Elo.
func (e EngineSeat) Strength() opponent.Strength {
	if e.Elo > 0 {
		return opponent.Strength{Elo: e.Elo}
	}
	return opponent.Strength{Level: e.Level}
}

// Label returns the seat's name for the PGN: "Stockfish 15.1 (level 3)".
func (e EngineSeat) Label() string {
	name := e.Name
	if name == "" {
		name = filepath.Base(e.Path)
	}
	return opponent.Label(name, e.Strength())
}

// Opponents says who plays each side of the game played here: a person
// (nil) or an engine, and how the engine answers offers.
type Opponents struct {
	White *EngineSeat `json:"white,omitempty"`
	Black *EngineSeat `json:"black,omitempty"`
	// ResignWhenLost: the engine resigns a lost game (opponent.Resigns).
	ResignWhenLost bool `json:"resignWhenLost,omitempty"`
	// AcceptDraws: the engine accepts a draw offered in a level position
	// (opponent.AcceptsDraw); otherwise it declines every offer.
	AcceptDraws bool `json:"acceptDraws,omitempty"`
}

// Seat returns the engine playing c, or nil for a person.
func (o Opponents) Seat(c chess.Color) *EngineSeat {
	switch c {
	case chess.White:
		return o.White
	case chess.Black:
		return o.Black
	}
	return nil
}

// Any reports whether an engine plays a side.
func (o Opponents) Any() bool { return o.White != nil || o.Black != nil }

// EngineDefaults are what the engines of a continued game are played with
// (Session.Load): the engine to start for a side whose tag names one by its
// label, and how they answer offers and lost games.
type EngineDefaults struct {
	Path                        string // "" when no engine is at hand
	ResignWhenLost, AcceptDraws bool
}

// WithEngineDefaults sets where a continued game's engines come from; the
// window reads them from its preferences when a game is loaded.
func WithEngineDefaults(f func() EngineDefaults) SessionOption {
	return func(s *Session) { s.engines = f }
}

// SeatFromLabel reads an engine's seat from a White or Black tag written by
// EngineSeat.Label: "Stockfish 15.1 (level 3)", "Stockfish (Elo 1500)".
func SeatFromLabel(v string) (EngineSeat, bool) {
	open := strings.LastIndex(v, " (")
	if open <= 0 || !strings.HasSuffix(v, ")") {
		return EngineSeat{}, false
	}
	name, inner := v[:open], v[open+2:len(v)-1]
	var seat EngineSeat
	if n, ok := strings.CutPrefix(inner, "level "); ok {
		lv, err := strconv.Atoi(n)
		if err != nil || lv < opponent.MinLevel || lv > opponent.MaxLevel {
			return EngineSeat{}, false
		}
		seat.Level = lv
	} else if n, ok := strings.CutPrefix(inner, "Elo "); ok {
		elo, err := strconv.Atoi(n)
		if err != nil || elo <= 0 {
			return EngineSeat{}, false
		}
		seat.Elo = elo
	} else {
		return EngineSeat{}, false
	}
	seat.Name = name
	return seat, true
}

// seatsFromTags returns the engines of a continued game: a side whose tag
// names an engine by its label is played by the default engine at that
// level (issue 45, point 5); none without a default engine.
func (s *Session) seatsFromTags() Opponents {
	var o Opponents
	if s.engines == nil {
		return o
	}
	d := s.engines()
	if d.Path == "" {
		return o
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		seat, ok := SeatFromLabel(s.game.Tags.Value(title(c.String())))
		if !ok {
			continue
		}
		seat.Path = d.Path
		if c == chess.White {
			o.White = &seat
		} else {
			o.Black = &seat
		}
	}
	if o.Any() {
		o.ResignWhenLost, o.AcceptDraws = d.ResignWhenLost, d.AcceptDraws
	}
	return o
}

// opponentState is the seats of a live game: who plays each side, and
// whether the engine's own move is being made. The live game owns it: a new
// game, a loaded one or a game let go to browsing has none.
type opponentState struct {
	players Opponents
	moving  bool // the engine's own move or answer is being made
	// declined is the engine's refusal of a draw offer, said again after
	// the move that comes with it.
	declined msg.Text
}

// seats returns the seats of the live game; outside one, none (and what is
// written to them goes nowhere).
func (s *Session) seats() *opponentState {
	if g := s.live(); g != nil {
		return &g.opp
	}
	return &opponentState{}
}

// seatFromJournal seats the engines the journal names in a game restored
// while it was played; a finished game has nobody left to move.
func (s *Session) seatFromJournal(o *Opponents) {
	*s.seats() = opponentState{}
	if g := s.playing(); g != nil && o != nil {
		g.opp.players = *o
	}
}

// SetOpponents says who plays each side of the game played here, and names
// the engines in the White and Black tags. A game whose clocks wait for
// Black's press starts them when Black is the engine. Outside live play it
// does nothing.
func (s *Session) SetOpponents(o Opponents) {
	g := s.playing()
	if g == nil {
		return
	}
	s.seats().players = o
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if e := o.Seat(c); e != nil {
			s.game.Tags.Set(title(c.String()), e.Label())
		}
	}
	if t := g.clock; t != nil && o.Black != nil && !t.clk.Started() {
		if _, err := t.clk.Start(); err != nil {
			s.outOfStep(err)
		}
	}
	s.changed()
}

// Opponents returns who plays each side of the game played here.
func (s *Session) Opponents() Opponents { return s.seats().players }

// NameEngine records the name engine c gave itself, for the tags.
func (s *Session) NameEngine(c chess.Color, name string) {
	e := s.seats().players.Seat(c)
	if e == nil || e.Name == name {
		return
	}
	seat := *e
	seat.Name = name
	if c == chess.White {
		s.seats().players.White = &seat
	} else {
		s.seats().players.Black = &seat
	}
	if s.playing() != nil {
		s.game.Tags.Set(title(c.String()), seat.Label())
	}
	s.changed()
}

// DropEngine takes engine c out of the game, which goes on with a person
// playing that side; why (the engine's failure) is told on the message
// line.
func (s *Session) DropEngine(c chess.Color, why error) {
	e := s.seats().players.Seat(c)
	if e == nil {
		return
	}
	if c == chess.White {
		s.seats().players.White = nil
	} else {
		s.seats().players.Black = nil
	}
	s.message = text(mEngineDropped, msg.Color("Side", c), msg.String("Engine", e.Label()), msg.Nested("Error", msg.Plain(why.Error())))
	if s.playing() == nil {
		s.changed()
		return
	}
	// The tags still name the engine: the score says from which move on it
	// no longer plays, why, and who does (issue 45, point 10c).
	left := text(mEngineLeft, msg.Color("Side", c), msg.String("Engine", e.Label()), msg.Nested("Error", msg.Plain(why.Error())))
	end := s.game.End()
	s.change(func() {
		end.AppendRecord(game.Record{Comment: left.String(), Text: left})
		s.treeChanged()
		s.markTurn()
	})
}

// SeatKind is who moves for one side of a game played here: the seats are
// the live game's (design.md §9).
type SeatKind uint8

const (
	// SeatPerson is a person at the laptop: the screen, the keyboard.
	SeatPerson SeatKind = iota
	// SeatEngine is an engine at a level (Opponents): it moves, answers
	// the draw offered to it and resigns by itself, through its driver.
	SeatEngine
	// SeatBoard is the electronic board, which moves for both sides: the
	// players' moves are read from it (Session.ConnectEBoard).
	SeatBoard
	// SeatNone: no game is played here; nobody moves for either side.
	SeatNone
)

// String names the seat.
func (k SeatKind) String() string {
	switch k {
	case SeatPerson:
		return "person"
	case SeatEngine:
		return "engine"
	case SeatBoard:
		return "board"
	case SeatNone:
		return "none"
	}
	return "SeatKind(" + strconv.Itoa(int(k)) + ")"
}

// Seat returns who moves for side c of the game played here: the engine
// seated there, else the electronic board while one is read, else a
// person; SeatNone when no game is played (browsing, exploring).
func (s *Session) Seat(c chess.Color) SeatKind {
	switch {
	case s.live() == nil:
		return SeatNone
	case s.seats().players.Seat(c) != nil:
		return SeatEngine
	case s.eboard.e != nil:
		return SeatBoard
	}
	return SeatPerson
}

// PersonColor returns the side a person plays against an engine: the one
// side no engine plays; ok is false when both or neither are engines.
func (s *Session) PersonColor() (chess.Color, bool) {
	o := s.seats().players
	switch {
	case o.White != nil && o.Black == nil:
		return chess.Black, true
	case o.Black != nil && o.White == nil:
		return chess.White, true
	}
	return chess.NoColor, false
}

// EngineMove is a request for an engine's move: the game as the engine is
// told it, and the clocks. Its answer is taken only while the game is at
// that same position (PlayEngineMove).
type EngineMove struct {
	Color    chess.Color
	Seat     EngineSeat
	Position uci.Position
	// Clock is the state of the clocks, nil in a game without them.
	Clock *opponent.Clock
	// Offer is the side that offered a draw still pending, or NoColor.
	Offer chess.Color
	ply   int
	key   uint64
}

// EngineTurn returns the request for the engine's move when it is an
// engine's turn in the game played here: live, not over, no promotion
// pending, and the clocks (if any) running.
func (s *Session) EngineTurn() (EngineMove, bool) {
	g := s.playing()
	if g == nil || s.over() || s.promo != nil {
		return EngineMove{}, false
	}
	a := g.arb
	turn := a.Turn()
	seat := s.seats().players.Seat(turn)
	if seat == nil || a.Placed() != chess.NoMove {
		return EngineMove{}, false
	}
	if t := g.clock; t != nil && (!t.clk.Started() || t.clk.Paused() || t.clk.Stopped()) {
		return EngineMove{}, false
	}
	if a.Rules() == arbiter.RulesArbiter && a.Paused() {
		return EngineMove{}, false
	}
	req := EngineMove{Color: turn, Seat: *seat, Position: s.enginePosition(), Offer: a.Offer(), ply: s.game.PlyCount()}
	pos := a.Position()
	req.key = pos.RepetitionKey()
	if g.timed() {
		c := s.engineClock()
		req.Clock = &c
	}
	return req, true
}

// enginePosition returns the game's main line as the engine is told it.
func (s *Session) enginePosition() uci.Position {
	pos := uci.NewPosition(s.game.Start())
	for n := s.game.Root().Next(); n != nil; n = n.Next() {
		pos.Moves = append(pos.Moves, n.Move())
	}
	return pos
}

// engineClock returns the state of the clocks for the engine: each side's
// time, the increment and delay of its period, and the moves to the next
// control (clocks.md §2).
func (s *Session) engineClock() opponent.Clock {
	clk := s.live().clock.clk
	var c opponent.Clock
	for _, col := range []chess.Color{chess.White, chess.Black} {
		side := clock.Side(col)
		ctl := clk.Control(side)
		c.Remaining[col] = clk.Remaining(side)
		per := ctl.PeriodAt(clk.Period(side))
		c.Increment[col], c.Delay[col] = per.Increment, per.Delay
		if ctl.Hourglass {
			continue
		}
		if p, in := ctl.PeriodOf(clk.Moves(side)); ctl.PeriodAt(p).Moves > 0 {
			c.MovesToGo[col] = ctl.PeriodAt(p).Moves - in
		}
	}
	return c
}

// current reports whether the game is still where req was asked.
func (s *Session) current(req EngineMove) bool {
	g := s.playing()
	if g == nil || s.game.PlyCount() != req.ply {
		return false
	}
	a := g.arb
	pos := a.Position()
	return a.Turn() == req.Color && pos.RepetitionKey() == req.key && s.seats().players.Seat(req.Color) != nil
}

// PlayEngineMove plays the engine's answer m to req, pressing its clock as
// the engine's hand would: the move goes through the arbiter like any
// other, at the end of the main line (the board shows it). An answer to a
// position the game has left (a takeback, a new game) is dropped:
// ErrStaleEngineMove.
func (s *Session) PlayEngineMove(req EngineMove, m chess.Move) (Feedback, error) {
	if !s.current(req) {
		return Feedback{}, ErrStaleEngineMove
	}
	s.seats().moving = true
	defer func() { s.seats().moving = false }()
	s.cur = s.game.End()
	s.resetGesture()
	fb := s.PlayMove(m)
	if fb.Moved && s.playing() != nil && s.AwaitingPress() == req.Color {
		if err := s.PressClock(req.Color); err != nil {
			return fb, err
		}
	}
	if said := s.seats().declined; !said.IsZero() {
		s.seats().declined = msg.Text{}
		if s.message.IsZero() && !s.over() {
			s.message = said
			s.changed()
		}
	}
	return fb, fb.Err
}

// EngineAnswerOffer is the engine's answer, for req, to the draw offered
// to it.
func (s *Session) EngineAnswerOffer(req EngineMove, accept bool) error {
	if !s.current(req) || s.PendingOffer() != req.Color.Other() {
		return ErrStaleEngineMove
	}
	s.seats().moving = true
	defer func() { s.seats().moving = false }()
	if accept {
		return s.AcceptDraw(req.Color)
	}
	if err := s.DeclineDraw(req.Color); err != nil {
		return err
	}
	// Said until the person's next gesture, over the engine's move that
	// follows (PlayEngineMove).
	s.seats().declined = s.message
	return nil
}

// EngineResign is the engine's resignation, for req.
func (s *Session) EngineResign(req EngineMove) error {
	if !s.current(req) {
		return ErrStaleEngineMove
	}
	return s.Resign(req.Color)
}

// engineBlocks says why a person cannot move now: the side to move is an
// engine's.
func (s *Session) engineBlocks() msg.Text {
	if s.seats().moving || s.live() == nil {
		return msg.Text{}
	}
	turn := s.live().arb.Turn()
	if e := s.seats().players.Seat(turn); e != nil {
		return text(mEngineToMove, side(turn))
	}
	return msg.Text{}
}

// TakebackVsEngine takes back the last move of a casual game and, when that
// leaves an engine to move with a person's move before it, that one too:
// the person is to move again.
func (s *Session) TakebackVsEngine() error {
	if err := s.Takeback(); err != nil {
		return err
	}
	if _, ok := s.PersonColor(); !ok {
		return nil
	}
	if s.live() != nil && s.seats().players.Seat(s.live().arb.Turn()) != nil && s.Can(ActionTakeback).Enabled {
		return s.Takeback()
	}
	return nil
}

// CanHint says whether a hint may be asked now: in a casual game against an
// engine, on the person's turn.
func (s *Session) CanHint() ActionState {
	switch {
	case s.playing() == nil || !s.seats().players.Any():
		return no(mHintNoEngine)
	case s.live().arb.Rules() != arbiter.RulesCasual:
		return no(mNoHint)
	case s.seats().players.Seat(s.live().arb.Turn()) != nil:
		return no(mHintWait)
	}
	return yes()
}

// RecordHint writes the engine's hint m, found for the position at the end
// of the main line, as a comment there ("Hint: Nf3", pgn.md §11).
func (s *Session) RecordHint(m chess.Move) {
	if !s.CanHint().Enabled {
		return
	}
	end := s.game.End()
	p := end.Position()
	if !p.IsLegal(m) {
		return
	}
	s.change(func() {
		t := text(mHintComment, msg.SAN("Move", p.SAN(m)))
		end.AppendRecord(game.Record{Comment: t.String(), Text: t}) // said in the players' language
		s.treeChanged()
		s.markTurn()
	})
}
