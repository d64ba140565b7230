package app

import "touchmove/core/arbiter"

// The Event tag of a game begun here without one, by the rules it is
// played under, and the Rules tag that names those rules. Both are English
// data of the PGN; the scoresheet and the window print them in the
// players' language with these values as keys.
const (
	EventCasual  = "Casual game"
	EventFIDE    = "Game under FIDE rules"
	EventArbiter = "Game under FIDE rules with an arbiter"

	RulesCasual  = "Casual"
	RulesFIDE    = "FIDE"
	RulesArbiter = "FIDE, arbiter"
)

// DefaultEvent returns the Event tag of a new game under mode that names
// no event.
func DefaultEvent(mode arbiter.Rules) string { return rulesNames(mode)[0] }

// RulesTag returns the value of the Rules tag of a game played under mode.
func RulesTag(mode arbiter.Rules) string { return rulesNames(mode)[1] }

// rulesNames returns the default event and the Rules tag of mode.
func rulesNames(mode arbiter.Rules) [2]string {
	switch mode {
	case arbiter.RulesFIDE:
		return [2]string{EventFIDE, RulesFIDE}
	case arbiter.RulesArbiter:
		return [2]string{EventArbiter, RulesArbiter}
	}
	return [2]string{EventCasual, RulesCasual}
}

// RulesOfTag returns the rules a Rules tag names (RulesTag's inverse):
// Casual for a missing or unknown value.
func RulesOfTag(v string) arbiter.Rules {
	for _, mode := range []arbiter.Rules{arbiter.RulesFIDE, arbiter.RulesArbiter} {
		if v == RulesTag(mode) {
			return mode
		}
	}
	return arbiter.RulesCasual
}
