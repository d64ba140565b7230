package app

import (
	"fmt"

	"touchmove/app/boardview"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
)

// Phase is what the session is doing with its game: browsing it, playing
// it, or done playing it here. Each phase owns what a gesture on the board
// means (its gestures type below) and which actions can be taken
// (Session.Can). It is the phase of the session's mode (mode.phase).
// The rules a game is played under are another thing: arbiter.Rules.
type Phase uint8

const (
	// Browsing is a stored game, or a position set up for analysis: the
	// user navigates, annotates and adds variations, every change an
	// undoable edit. Nothing runs.
	Browsing Phase = iota
	// Playing is a live game: moves go to the end of the main line through
	// the arbiter, and the clocks run.
	Playing
	// Finished is a live game that ended here: the result stands, the
	// players confirm it, and the game can be browsed and annotated. A
	// casual game may be reopened by a takeback.
	Finished
)

// String names the phase.
func (m Phase) String() string {
	switch m {
	case Browsing:
		return "browsing"
	case Playing:
		return "playing"
	case Finished:
		return "finished"
	}
	return fmt.Sprintf("Phase(%d)", uint8(m))
}

// gestures is what a mode makes of the board's gestures. The session
// passes every gesture to the gestures of its mode.
type gestures interface {
	press(sq chess.Square) Feedback
	drop(from, to chess.Square) Feedback
	promote(t chess.PieceType) Feedback
	cancelPromotion()
	playMove(m chess.Move) Feedback
	// decorate adds what the mode shows on the board.
	decorate(b *boardview.View)
	// canMove reports why no move may be made at the node shown, "" if one
	// may; a final flag fallen is ruled on first.
	canMove() msg.Text
	// mayMove reports whether a move may be made at the node shown, as the
	// board shows it; it changes nothing.
	mayMove() bool
}

// mode is what the session is doing with its game, held as one value
// (Session.mode): browsing a game (browseMode), exploring over a game of
// the file (*exploration, explore.go), or a live game played or finished
// here (*liveGame, otb.go). Each mode owns its gestures, what it allows
// and what it shows; the rest of the session asks the mode and never which
// mode it is (design.md §9).
type mode interface {
	// phase is what the mode is doing with the game, as the window shows it.
	phase() Phase
	// gestures returns what the mode makes of the board's gestures.
	gestures(s *Session) gestures
	// can answers Session.Can for the actions of play.
	can(s *Session, a Action) ActionState
	// editable reports whether an edit of the game tree may be made now:
	// live is whether it is an edit of live play (Edit.Live).
	editable(live bool) bool
	// plays reports whether moves are being played under the rules, each
	// step of play recorded for a takeback.
	plays() bool
	// takesBack reports whether a step of play can be taken back: a casual
	// game played here.
	takesBack() bool
	// status fills in what the mode shows in the status line.
	status(s *Session, st *Status)
	// fileGame returns the game of the file and the node of it the board
	// stands for.
	fileGame(s *Session) (*game.Game, *game.Node)
	// addMove plays m at the node shown outside live play: an existing
	// continuation is followed, else the move is added.
	addMove(s *Session, m chess.Move) Feedback
	// afterEdit is told that an edit changed the game tree.
	afterEdit(s *Session)
	// snapshot adds the mode's state to the journal's play state.
	snapshot(st *playState)
}

// gestures returns the gestures of the session's mode.
func (s *Session) gestures() gestures { return s.mode.gestures(s) }

// browseMode is a stored game, or a position set up for analysis: the
// user navigates, annotates and adds variations, every change an undoable
// edit. Nothing runs. The exploration (explore.go) is one too, over a copy.
type browseMode struct{}

func (browseMode) phase() Phase                         { return Browsing }
func (browseMode) gestures(s *Session) gestures         { return browsing{s} }
func (browseMode) can(_ *Session, a Action) ActionState { return canBrowsing(a) }
func (browseMode) editable(bool) bool                   { return true }
func (browseMode) plays() bool                          { return false }
func (browseMode) takesBack() bool                      { return false }
func (browseMode) afterEdit(*Session)                   {}
func (browseMode) snapshot(*playState)                  {}
func (browseMode) status(*Session, *Status)             {}

func (browseMode) fileGame(s *Session) (*game.Game, *game.Node) { return s.game, s.cur }

func (browseMode) addMove(s *Session, m chess.Move) Feedback { return s.addVariation(m) }

// canBrowsing answers Can for the actions of play when no game is played
// here: none can be taken but asking an engine.
func canBrowsing(a Action) ActionState {
	switch a {
	case ActionTakeback:
		return no(mTakebackStored)
	case ActionAnswerOffer:
		return no(mNoOffer)
	case ActionOfferDraw, ActionClaimDraw, ActionResign, ActionAdjust, ActionArbiter, ActionArbiterTime, ActionRetract:
		return no(mNotLive)
	case ActionPressClock, ActionPause:
		return no(mNoClock)
	case ActionConfirmResult:
		return no(mConfirmAfter)
	case ActionEngine:
		return yes()
	}
	return no(mUnknownAction)
}

// browsing is the gestures of Browsing and Finished: a move made on the
// board follows an existing continuation or adds one, as an undoable edit.
type browsing struct{ s *Session }

func (b browsing) canMove() msg.Text {
	s := b.s
	if s.over() && s.cur == s.game.End() {
		return text(mGameOverReason, msg.Nested("Reason", s.Status().Reason))
	}
	return msg.Text{}
}

func (b browsing) mayMove() bool { return b.canMove().IsZero() }

func (b browsing) decorate(bs *boardview.View) {
	s := b.s
	if s.selected != chess.NoSquare {
		p := s.position()
		bs.Dests = dests(&p, s.selected)
	}
}

func (b browsing) press(sq chess.Square) Feedback {
	s := b.s
	if why := b.canMove(); !why.IsZero() {
		return s.refuse(why)
	}
	p := s.position()
	pc := p.PieceAt(sq)
	if pc != chess.NoPiece && pc.Color() == p.Turn() {
		s.selected = sq
		s.changed()
		return Feedback{}
	}
	if s.selected != chess.NoSquare {
		return b.drop(s.selected, sq)
	}
	if pc == chess.NoPiece {
		s.changed()
		return Feedback{}
	}
	return s.refuse(text(mTheirMove, side(p.Turn())))
}

func (b browsing) drop(from, to chess.Square) Feedback {
	s := b.s
	if why := b.canMove(); !why.IsZero() {
		return s.refuse(why)
	}
	if from == to {
		s.changed()
		return Feedback{}
	}
	p := s.position()
	pc := p.PieceAt(from)
	if pc == chess.NoPiece || pc.Color() != p.Turn() {
		s.selected = chess.NoSquare
		return s.refuse(text(mTheirMove, side(p.Turn())))
	}
	candidates := dropMoves(&p, from, to)
	switch {
	case len(candidates) == 0:
		s.selected = chess.NoSquare
		return s.refuse(notLegal(pc, from, to))
	case candidates[0].Kind() == chess.Promotion:
		s.promo = &PromotionPrompt{Color: p.Turn(), From: from, To: to, Cancellable: true}
		s.selected = chess.NoSquare
		s.changed()
		return Feedback{NeedPromotion: true}
	}
	return s.addMove(candidates[0])
}

func (b browsing) promote(t chess.PieceType) Feedback {
	s := b.s
	m := chess.NewPromotion(s.promo.From, s.promo.To, t)
	p := s.position()
	if !p.IsLegal(m) {
		return s.refuse(text(mPromotionPieces))
	}
	s.promo = nil
	return s.addMove(m)
}

func (b browsing) cancelPromotion() {
	b.s.promo = nil
	b.s.changed()
}

func (b browsing) playMove(m chess.Move) Feedback {
	if why := b.s.moveRefusal(b, m); !why.IsZero() {
		return b.s.refuse(why)
	}
	return b.s.addMove(m)
}

// playing is the gestures of a live game: touches, releases and promotions
// go to the arbiter, at the end of the main line only.
type playing struct {
	s *Session
	g *liveGame
}

func (g playing) canMove() msg.Text {
	s := g.s
	if why := s.clockBlocksMove(); !why.IsZero() {
		return why
	}
	if why := s.engineBlocks(); !why.IsZero() {
		return why
	}
	if s.cur != s.game.End() {
		return text(mEarlierMove)
	}
	return msg.Text{}
}

func (g playing) mayMove() bool { return g.g.clockAllowsMove() && g.s.cur == g.s.game.End() }

func (g playing) decorate(bs *boardview.View) {
	s := g.s
	if s.cur != s.game.End() {
		if s.selected != chess.NoSquare {
			p := s.position()
			bs.Dests = dests(&p, s.selected)
		}
		return
	}
	bs.Pieces = g.g.arb.Board()
	bs.Touched = g.g.bound
	bs.Dests = g.g.dests
}

func (g playing) press(sq chess.Square) Feedback {
	if why := g.canMove(); !why.IsZero() {
		return g.s.refuse(why)
	}
	return g.s.otbTouch(sq)
}

func (g playing) drop(from, to chess.Square) Feedback {
	if why := g.canMove(); !why.IsZero() {
		return g.s.refuse(why)
	}
	return g.s.otbRelease(from, to)
}

func (g playing) promote(t chess.PieceType) Feedback {
	s := g.s
	return s.afterRelease(s.promo.Color, g.g.arb.Promote(t))
}

func (g playing) cancelPromotion() {
	s := g.s
	if d := g.g.arb.CancelPromotion(); d.Kind == arbiter.Refused {
		return
	}
	s.promo = nil
	s.changed()
}

func (g playing) playMove(m chess.Move) Feedback {
	s := g.s
	if why := s.moveRefusal(g, m); !why.IsZero() {
		return s.refuse(why)
	}
	fb := s.otbRelease(m.From(), m.To())
	if fb.NeedPromotion {
		return s.Promote(m.Promotion())
	}
	return fb
}

// moveRefusal says why mode g refuses the move m given whole (typed, or
// from the engine's line) at the node shown, "" when it may be played.
func (s *Session) moveRefusal(g gestures, m chess.Move) msg.Text {
	if why := g.canMove(); !why.IsZero() {
		return why
	}
	if p := s.position(); !p.IsLegal(m) {
		return text(mIllegal)
	}
	return msg.Text{}
}

// dests returns the squares the piece on from may move to, castling shown
// both on the king's destination and on its rook.
func dests(p *chess.Position, from chess.Square) chess.Bitboard {
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

// notLegal says that the drop of piece pc from from to to is no legal move.
func notLegal(pc chess.Piece, from, to chess.Square) msg.Text {
	return text(mNotLegal, msg.SAN("Move", fmt.Sprintf("%s%s–%s", pieceName(pc), from, to)))
}

// dropMoves returns the legal moves a drop of the piece on from onto to may
// mean: one move, or the four promotions.
func dropMoves(p *chess.Position, from, to chess.Square) []chess.Move {
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
				return []chess.Move{m}
			}
		}
	}
	return candidates
}
