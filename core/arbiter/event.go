package arbiter

import (
	"fmt"
	"time"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// EventKind names a logged event.
type EventKind uint8

// The kinds of events.
const (
	EventTouch       EventKind = iota // a touch that counts under Article 4
	EventAdjust                       // j'adoube announced, withdrawn or used
	EventRefusal                      // an action refused by the rules
	EventProvisional                  // an illegal move shown provisionally (RulesArbiter)
	EventRetract                      // a provisional move or a casual move taken back
	EventIllegalMove                  // a completed illegal move and its penalty
	EventOffer                        // a draw offer, "(=)"
	EventDecline                      // a draw offer declined
	EventOfferLapsed                  // a draw offer lapsed [9.1.2.3]
	EventAgreement                    // a draw agreed
	EventClaim                        // a draw claim and the ruling
	EventResign                       // a resignation
	EventFlag                         // a flag fall
	EventPause                        // the clock paused
	EventResume                       // the clock restarted
	EventClockAdjust                  // an arbiter's correction of times or move counters
	EventRuling                       // an arbiter's ruling: result, cancelled touch
	EventEnd                          // an automatic end: mate, stalemate, dead position, 5-fold, 75 moves
	EventConfirm                      // a player confirmed the result [8.7]
	EventBreach                       // a touch-move breach read from a board, for the opponent to claim [4.8]
)

var eventKindNames = [...]string{"touch", "adjust", "refusal", "provisional", "retract",
	"illegal move", "offer", "decline", "offer lapsed", "agreement", "claim",
	"resign", "flag", "pause", "resume", "clock adjust", "ruling", "end", "confirm", "breach"}

// String returns the kind's name, e.g. "offer".
func (k EventKind) String() string { return enumName(eventKindNames[:], k, "EventKind") }

// Event is one entry of the arbiter's log.
type Event struct {
	Kind EventKind
	// Ply is the ply the event belongs to, counted from the arbiter's start
	// position: its comment follows the Ply-th move of the game (0: before
	// the first move). Events during a turn belong to the last completed ply,
	// except a draw offer by the player having the move, which belongs to his
	// move (one beyond the moves recorded so far until he makes it).
	Ply int
	// Side is the player concerned, NoColor for the arbiter.
	Side chess.Color
	// Square is the square concerned (a touch), or NoSquare.
	Square chess.Square
	// Move is the move concerned (attempted, declared), or NoMove.
	Move chess.Move
	// Delta is the time given or set, if any.
	Delta time.Duration
	// Article cites the FIDE Laws.
	Article string
	// Text describes the event for the log.
	Text string
	// Comment is the PGN comment for it (pgn.md §11), "" if the event is not
	// written to the score. The comment of the event that ended the game is
	// its closing comment.
	Comment string
	// Note is the keyed message whose English is Comment (design.md §7),
	// for the window to show in the players' language; zero when Comment
	// is a symbol ("(=)") or empty.
	Note msg.Text
}

// String returns the event's text and its article.
func (e Event) String() string {
	if e.Article == "" {
		return fmt.Sprintf("ply %d: %s", e.Ply, e.Text)
	}
	return fmt.Sprintf("ply %d: %s [%s]", e.Ply, e.Text, e.Article)
}

// colorName returns "White" or "Black".
func colorName(c chess.Color) string {
	if c == chess.Black {
		return "Black"
	}
	return "White"
}

// pieceOn names the piece on sq, e.g. "the knight on g1".
func pieceOn(p chess.Piece, sq chess.Square) string {
	return fmt.Sprintf("the %v on %v", p.Type(), sq)
}
