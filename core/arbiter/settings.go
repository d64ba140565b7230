package arbiter

import (
	"fmt"
	"time"

	"touchmove/core/clock"
)

// Rules are the over-the-board rules a game is played under, as the user
// chooses them (rules.md §0): Casual, FIDE or Arbiter. Settings are the
// event's figures within them (penalties, when a draw may be agreed).
type Rules uint8

// The rules.
const (
	// RulesCasual: no touch-move, takebacks allowed, the app presses the
	// clock after every move, no penalties.
	RulesCasual Rules = iota
	// RulesFIDE is "FIDE mode": touch-move [T], draw claims with
	// penalties for wrong ones, no takebacks. Illegal drops are refused.
	RulesFIDE
	// RulesArbiter is RulesFIDE plus [R]: an illegal drop stands
	// provisionally, the clock press completes it and it is penalised; the
	// arbiter may pause, correct the clocks, declare results and cancel
	// accidental touches.
	RulesArbiter
)

var rulesNames = [...]string{
	RulesCasual: "casual", RulesFIDE: "tournament", RulesArbiter: "arbiter",
}

// String returns "casual", "tournament" (FIDE) or "arbiter".
func (m Rules) String() string { return enumName(rulesNames[:], m, "Rules") }

func (m Rules) valid() bool { return m <= RulesArbiter }

// touchMove reports whether touch-move [T] is enforced.
func (m Rules) touchMove() bool { return m != RulesCasual }

// Settings are the event rules an Arbiter applies. The zero value gives the
// 2023 FIDE defaults for a Standard game.
type Settings struct {
	// Category is the game's time category, which decides the default
	// penalty (clocks.md §8). Untimed games are Standard.
	Category clock.Category
	// Penalty is the time the opponent receives for a completed illegal
	// move or a wrong draw claim; 0 means Category.Penalty() (2:00 in
	// Standard, 1:00 in Rapid and Blitz) [7.5.5, 9.5.3, A.3, B.3].
	Penalty time.Duration
	// LosingIllegalMove is the number of the completed illegal move that
	// loses the game; 0 means 2 (the 2023 rule). 3 is the Standard rule
	// before July 2014 (rules.md §6.2).
	LosingIllegalMove int
	// AgreementAfterMoves is how many moves each player must have completed
	// in this game before a draw may be agreed; 0 means 1, that is both
	// players have moved [5.2.3, 9.1.1]. An event forbidding agreements
	// before move 30 sets 30.
	AgreementAfterMoves int
	// FlagsMustBeClaimed is the casual option of rules.md §3.11.1: a flag is
	// shown and counts only when the opponent claims it (ClaimFlag). Only
	// RulesCasual accepts it.
	FlagsMustBeClaimed bool
}

// normalize checks s for mode and fills in the defaults.
func (s Settings) normalize(mode Rules) (Settings, error) {
	switch {
	case s.Category > clock.Blitz:
		return s, fmt.Errorf("arbiter: unknown time category %d", uint8(s.Category))
	case s.Penalty < 0:
		return s, fmt.Errorf("arbiter: negative penalty %v", s.Penalty)
	case s.LosingIllegalMove < 0:
		return s, fmt.Errorf("arbiter: negative losing illegal move number %d", s.LosingIllegalMove)
	case s.AgreementAfterMoves < 0:
		return s, fmt.Errorf("arbiter: negative move count %d for draw agreements", s.AgreementAfterMoves)
	case s.FlagsMustBeClaimed && mode != RulesCasual:
		return s, fmt.Errorf("arbiter: flags must be claimed only in casual games, not in %v mode", mode)
	}
	if s.Penalty == 0 {
		s.Penalty = s.Category.Penalty()
	}
	if s.LosingIllegalMove == 0 {
		s.LosingIllegalMove = 2
	}
	if s.AgreementAfterMoves == 0 {
		s.AgreementAfterMoves = 1
	}
	return s, nil
}

// penaltyArticle cites the penalty rule of the category.
func (s Settings) penaltyArticle(base string) string {
	switch s.Category {
	case clock.Rapid:
		return base + ", A.3"
	case clock.Blitz:
		return base + ", B.3"
	}
	return base
}
