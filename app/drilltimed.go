package app

import (
	"strings"
	"time"

	"touchmove/core/msg"
)

// DrillTimeLeft returns the time left to answer the open question of a
// timed drill (DrillOptions.Limit), never below zero; ok is false when no
// timed question is open.
func (s *Session) DrillTimeLeft() (left time.Duration, ok bool) {
	d := s.drilling()
	if d == nil || d.st.Limit <= 0 || d.st.Step != DrillAsking {
		return 0, false
	}
	return max(d.st.Limit-s.now().Sub(d.st.Began), 0), true
}

// DrillTimeout ends the open question of a timed drill once its time has
// run out: the solution is shown, and the answer counts as failed (Again,
// as one solved: srs.GradeOf). Before the time is out it does nothing.
func (s *Session) DrillTimeout() {
	left, ok := s.DrillTimeLeft()
	if !ok || left > 0 {
		return
	}
	d := s.drilling()
	s.change(func() {
		d.st.TimedOut = true
		d.solve(s, s.now())
		s.message = text(mDrillTimeout, msg.SAN("Line", strings.Join(d.st.Card.Line, " ")))
		s.resetGesture()
	})
}
