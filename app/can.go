package app

import (
	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// Action names something the user can do to the session from a menu, a
// button or a key. Session.Can says whether it can be done now.
type Action uint8

// The actions whose availability depends on the session's state.
const (
	ActionUndo          Action = iota // undo the last change
	ActionRedo                        // redo the last undone change
	ActionTakeback                    // take back the last move of a casual game played here
	ActionDeleteFrom                  // delete the move shown and what follows (an edit)
	ActionAnnotate                    // comments, NAGs, arrows, variations
	ActionOfferDraw                   // offer a draw
	ActionAnswerOffer                 // accept or decline the pending offer
	ActionClaimDraw                   // claim a draw (threefold, 50 moves)
	ActionResign                      // resign
	ActionAdjust                      // j'adoube
	ActionPressClock                  // press a clock by hand
	ActionPause                       // pause or resume the clocks
	ActionConfirmResult               // a player confirms the result
	ActionArbiter                     // the arbiter's rulings: declare a result, cancel a touch
	ActionArbiterTime                 // the arbiter's clock corrections
	ActionRetract                     // take back a provisional illegal move (arbiter mode)
	ActionEngine                      // ask a chess engine: live analysis, analyse game
	numActions
)

// ActionState is whether an action can be taken now and, when not, why.
type ActionState struct {
	Enabled bool
	// Why says in words why the action is refused now ("" when enabled).
	Why string
	// Label is the menu label where it depends on the state ("Undo comment").
	Label string
}

func yes() ActionState          { return ActionState{Enabled: true} }
func no(why string) ActionState { return ActionState{Why: why} }
func when(ok bool, why string) ActionState {
	if ok {
		return yes()
	}
	return no(why)
}

// Can answers whether action a can be taken now. It is the one place that
// decides: the window enables its buttons and menu items from it, and every
// action refuses with the same reason when called anyway.
func (s *Session) Can(a Action) ActionState {
	const (
		notLive    = "No game is being played here."
		noTakeback = "No takebacks under FIDE rules: a move made stands [Article 4.7]."
	)
	live := s.mode == Playing
	var arb *arbiter.Arbiter
	if s.otb != nil {
		arb = s.otb.arb
	}
	switch a {
	case ActionUndo:
		return s.undoState(s.hist.undo, "Undo")
	case ActionRedo:
		return s.undoState(s.hist.redo, "Redo")
	case ActionTakeback:
		switch {
		case s.mode == Browsing:
			return no("Take back is for games played here; in a stored game, Delete from here (Ctrl+Delete) removes moves.")
		case arb.Mode() != arbiter.ModeCasual:
			return no(noTakeback)
		case s.takebackDepth() == 0:
			return no("There is no move to take back.")
		}
		return yes()
	case ActionDeleteFrom:
		switch {
		case live:
			return no("The moves of a game being played cannot be deleted; a casual game allows takebacks.")
		case s.cur.IsRoot():
			return no("The start position stays: choose a move to delete from.")
		}
		return yes()
	case ActionAnnotate:
		return when(!live, "Annotations are available after the game [Article 11.3].")
	case ActionOfferDraw:
		switch {
		case !live:
			return no(notLive)
		case arb.Offer() != chess.NoColor:
			return no("A draw offer is pending: accept or decline it.")
		}
		return yes()
	case ActionAnswerOffer:
		return when(live && arb.Offer() != chess.NoColor, "No draw offer is pending.")
	case ActionClaimDraw, ActionResign:
		return when(live, notLive)
	case ActionAdjust:
		switch {
		case !live:
			return no(notLive)
		case arb.Mode() == arbiter.ModeCasual:
			return no("Casual games have no touch-move: adjust freely.")
		}
		return yes()
	case ActionPressClock:
		switch {
		case !live || s.timing == nil:
			return no("No clock is running.")
		case s.timing.clk.Started() && s.autoPress():
			return no("In this game the move presses the clock.")
		case s.timing.clk.Paused():
			// A press now would complete the move in the arbiter's
			// eyes but not on the paused clock.
			return no(whyPaused)
		}
		return yes()
	case ActionPause:
		return when(live && s.timing != nil, "No clock is running.")
	case ActionConfirmResult:
		switch {
		case s.mode != Finished:
			return no("The result is confirmed after a game played here.")
		case arb.Confirmed():
			return no("Both players confirmed the result.")
		}
		return yes()
	case ActionEngine:
		if live && arb.Mode() != arbiter.ModeCasual {
			return no("No engine during a game under FIDE rules: players may not use electronic advice [Article 11.3].")
		}
		return yes()
	case ActionArbiter, ActionArbiterTime, ActionRetract:
		switch {
		case !live:
			return no(notLive)
		case arb.Mode() != arbiter.ModeArbiter:
			return no("Arbiter actions are for games in arbiter mode.")
		case a == ActionArbiterTime && s.timing == nil:
			return no("The game has no clocks.")
		case a == ActionRetract && arb.ProvisionalMove() == chess.NoMove:
			return no("No provisional illegal move stands on the board.")
		}
		return yes()
	}
	return no("Unknown action.")
}
