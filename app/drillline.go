package app

import (
	"time"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// DrillNext continues the line of a repertoire drill once the user's move
// passed: given the answer just given (to record) and the position after
// the user's move, it returns the opponent's reply in SAN ("" for none)
// and the card then due in the position after the reply (ok false: none,
// the line stops there).
type DrillNext func(answered DrillState, after chess.Position) (reply string, next DrillCard, ok bool)

// DrillOptions are what a drill is given beside its cards: the engine's
// check of a move (nil: only the best passes), the continuation of a
// repertoire's line (nil: each card alone) and the time to answer (0:
// none).
type DrillOptions struct {
	Check DrillCheck
	Next  DrillNext
	Limit time.Duration
}

// SetDrillOptions gives the drill under way its options, for the question
// open and the next ones; without a drill it does nothing. A drill
// restored from the journal gets them again so.
func (s *Session) SetDrillOptions(o DrillOptions) {
	d := s.drilling()
	if d == nil {
		return
	}
	s.change(func() {
		d.check, d.next, d.st.Limit = o.Check, o.Next, o.Limit
		s.changed()
	})
}

// continueLine plays the user's passed move m and the opponent's reply
// chosen by the drill's next, and asks the card due after it, on the same
// board; it reports false when the line has no reply, and then plays
// nothing.
func (d *drill) continueLine(s *Session, m chess.Move) (Feedback, bool) {
	if d.next == nil || !d.st.Card.Repertoire {
		return Feedback{}, false
	}
	after := d.at.Position()
	after.Play(m)
	reply, card, ok := d.next(d.st, after)
	r, err := after.ParseSAN(reply)
	if reply == "" || err != nil {
		return Feedback{}, false
	}
	before := d.at.Position()
	san := before.SAN(m)
	fb := d.follow(s, m)
	d.follow(s, r)
	s.message = text(mDrillReplyEnd, msg.SAN("Move", san), msg.SAN("Reply", reply))
	if !ok {
		return fb, true
	}
	next := DrillState{Card: card, Side: d.st.Side, Began: s.now(), Limit: d.st.Limit}
	d.at, d.st, d.best = s.cur, next, chess.NullMove
	p := s.cur.Position()
	if bm, err := p.ParseSAN(card.Best); card.Best != "" && err == nil {
		d.best = bm
	}
	s.message = text(mDrillReply, msg.SAN("Move", san), msg.SAN("Reply", reply))
	return fb, true
}
