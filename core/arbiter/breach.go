package arbiter

import (
	"fmt"
	"slices"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// Breach is a touch-move breach read from an electronic board: a legal move
// made against the obligation of the pieces touched. The board cannot refuse
// what the hands did, so the move stands and the breach is noted in the
// score; it is the opponent's to claim until he touches a piece himself
// [4.8] (rules.md §5.13).
type Breach struct {
	// By is the player who broke the rule.
	By chess.Color
	// Move is the move he made.
	Move chess.Move
	// Ply is the number of completed moves once Move is completed.
	Ply int
	// Touches are his touches before the move, which bind again when a claim
	// is upheld.
	Touches []chess.Square
	// Article cites the rule broken, e.g. "4.4.2".
	Article string
}

// BreachToClaim returns the breach the player having the move may claim now,
// if any: the opponent's last move, made against touch-move, before any
// touch of his own.
func (a *Arbiter) BreachToClaim() (Breach, bool) {
	b := a.breach
	if b == nil || a.out.Over() || b.Ply != a.plies() || b.By == a.pos.Turn() || len(a.turn.touches) > 0 {
		return Breach{}, false
	}
	c := *b
	c.Touches = slices.Clone(b.Touches)
	return c, true
}

// BoardMove makes the legal move m that stands on an electronic board, as
// Release makes a move dropped on the screen, but never refuses it for the
// touches of the turn: a move that breaks touch-move is made all the same,
// the breach is logged with a comment for the score ("rook a8 touched before
// the king: castling not allowed, Art. 4.4.2 — a claim for White") and the
// opponent may claim it (ClaimBreach) until he touches a piece [4.8].
// An illegal m is refused.
func (a *Arbiter) BoardMove(m chess.Move) Decision {
	mark := len(a.log)
	us := a.pos.Turn()
	if a.out.Over() {
		return a.gameOver(mark, us)
	}
	if d, busy := a.busy(mark); busy {
		return d
	}
	if !contains(a.legalMoves(), m) {
		return a.refuse(mark, us, text(mIllegal), "3.10")
	}
	a.turn.adjusting, a.turn.adjustSq = false, chess.NoSquare
	ob := a.obligation()
	if !a.mode.touchMove() || contains(ob.Moves, m) {
		if a.mode.touchMove() {
			a.addTouch(m.From(), "")
		}
		return a.place(mark, m)
	}
	t, article := a.breachNote(m, ob)
	ev := a.event(EventBreach, us, article, comment(t))
	ev.Ply, ev.Move, ev.Comment, ev.Note = a.plies()+1, m, ev.Text, t
	a.logEvent(ev)
	b := &Breach{By: us, Move: m, Ply: a.plies() + 1, Touches: slices.Clone(a.turn.touches), Article: article}
	d := a.place(mark, m)
	a.breach = b
	d.Reason = t
	return d
}

// breachNote says how m breaks the obligation ob: the note for the score
// and the article broken.
func (a *Arbiter) breachNote(m chess.Move, ob Obligation) (msg.Text, string) {
	us := a.pos.Turn()
	claim := other(us.Other())
	if m.IsCastling() {
		// 4.4.2: the rook touched before the king.
		if i := slices.Index(a.turn.touches, m.From()); i > 0 && slices.Contains(a.turn.touches[:i], m.To()) {
			return text(mBreachCastle, msg.Piece("Piece", chess.Rook), msg.Square("Square", m.To()), claim), "4.4.2"
		}
	}
	sq := ob.Piece
	if ob.Kind == CaptureWith {
		sq = ob.With
	}
	article := ob.Article
	if article == "" {
		article = "4.3"
	}
	if p := a.pos.PieceAt(sq); sq.Valid() && p != chess.NoPiece {
		key := mBreachMove
		if p.Color() != us {
			key = mBreachCapture
		}
		return text(key, append(pieceAt(p, sq), msg.SAN("Move", a.pos.SAN(m)), msg.String("Article", article), claim)...), article
	}
	return text(mBreachOther, msg.SAN("Move", a.pos.SAN(m)), msg.String("Article", article), claim), article
}

// ClaimBreach is the claim by player by of the opponent's touch-move breach
// on the board (BreachToClaim). The claim is upheld: the move is taken back
// as an arbiter's correction, the touches bind again (the rook touched first
// must move), and the ruling is written in the score. The app turns the
// clocks back to the breaching player. A claim with nothing to claim, or
// after touching a piece, is refused [4.8].
func (a *Arbiter) ClaimBreach(by chess.Color) Decision {
	mark := len(a.log)
	if d, no := a.outOfPlay(mark, by); no {
		return d
	}
	b, ok := a.BreachToClaim()
	if !ok || by != b.By.Other() {
		return a.refuse(mark, by, text(mNoBreach, side(by.Other())), "4.8")
	}
	m := a.uncommit()
	a.turn.touches = b.Touches
	a.breach = nil
	san := a.pos.SAN(m)
	article := b.Article + ", 4.8"
	t := text(mBreachUpheld, side(by), msg.SAN("Move", san))
	ev := a.event(EventRuling, by, article, fmt.Sprintf("%s (%s)", comment(t), article))
	ev.Move, ev.Comment, ev.Note = m, comment(t), t
	a.logEvent(ev)
	ob := a.obligation()
	return a.finish(mark, Decision{Kind: Retracted, Move: m, SAN: san, Article: article, Reason: t.Then(ob.Reason)})
}
