package pgn

import (
	"touchmove/core/game"
)

// Action is a visitor's answer: go on, skip part of the game, or stop it.
type Action uint8

// The visitor's answers. What Skip skips depends on the call: BeginGame or
// Tag skip the whole game; EndTags skips the movetext (the result is still
// reported); BeginVariation skips that variation (no EndVariation follows);
// Move skips the rest of its line (EndVariation follows for a variation; for
// the main line, the movetext up to the result). Elsewhere Skip is Continue.
// Stop gives the game up: the reader reads to the end of the game quietly,
// reporting no more problems in it (the visitor has told its own), and
// calls only EndGame.
const (
	Continue Action = iota
	Skip
	Stop
)

// Visitor receives the parts of a game as the Reader finds them. Byte slices
// are only valid during the call. Every call gets the position of its token.
// For one game the calls come in this order: BeginGame; comments before the
// first tag, as Comment; Tag for each tag pair (comments among them, as
// Comment); EndTags; then movetext calls (Move, MoveNumber, NAG, Comment,
// BeginVariation … EndVariation) and Result; and EndGame, always, once
// BeginGame was called.
type Visitor interface {
	// BeginGame starts game number game (1-based) at pos.
	BeginGame(game int, pos Pos) Action
	// Tag reports a tag pair; escapes in value are resolved.
	Tag(name, value []byte, pos Pos) Action
	// EndTags ends the tag section; pos is the first movetext token.
	EndTags(pos Pos) Action
	// Move reports a move as written ("Nf3", "e2e4", "O-O", "--"), without
	// suffix glyphs, which come as NAG calls.
	Move(san []byte, pos Pos) Action
	// MoveNumber reports a move number ("12." or "12..." give 12).
	MoveNumber(number int, pos Pos) Action
	// NAG reports a numeric annotation glyph, or a suffix or symbol mapped
	// to one ("!" is 1, "±" is 16).
	NAG(nag uint8, pos Pos) Action
	// Comment reports a brace or rest-of-line comment, trimmed of
	// surrounding white space, in UTF-8.
	Comment(text []byte, pos Pos) Action
	// BeginVariation opens a variation: an alternative to the last move.
	BeginVariation(pos Pos) Action
	// EndVariation closes it (also at the end of a game that leaves it open).
	EndVariation(pos Pos) Action
	// Result reports the result token, normalized: "1-0", "0-1", "1/2-1/2", "*".
	Result(result string, pos Pos) Action
	// EndGame ends the game. The visitor returns its own problems, if any
	// (a *SyntaxError, an ErrorList or any error, placed at pos), which join
	// the reader's for this game.
	EndGame(pos Pos) error
}

// NopVisitor implements every Visitor method by doing nothing and
// continuing; embed it to implement only some methods.
type NopVisitor struct{}

// BeginGame implements Visitor.
func (NopVisitor) BeginGame(int, Pos) Action { return Continue }

// Tag implements Visitor.
func (NopVisitor) Tag(_, _ []byte, _ Pos) Action { return Continue }

// EndTags implements Visitor.
func (NopVisitor) EndTags(Pos) Action { return Continue }

// Move implements Visitor.
func (NopVisitor) Move([]byte, Pos) Action { return Continue }

// MoveNumber implements Visitor.
func (NopVisitor) MoveNumber(int, Pos) Action { return Continue }

// NAG implements Visitor.
func (NopVisitor) NAG(uint8, Pos) Action { return Continue }

// Comment implements Visitor.
func (NopVisitor) Comment([]byte, Pos) Action { return Continue }

// BeginVariation implements Visitor.
func (NopVisitor) BeginVariation(Pos) Action { return Continue }

// EndVariation implements Visitor.
func (NopVisitor) EndVariation(Pos) Action { return Continue }

// Result implements Visitor.
func (NopVisitor) Result(string, Pos) Action { return Continue }

// EndGame implements Visitor.
func (NopVisitor) EndGame(Pos) error { return nil }

// HeadersOnly is a visitor that keeps the tags of each game and skips its
// movetext. After ReadGame, Tags holds the game's tags (a later duplicate
// replaces an earlier one) and Token the result token, if any.
type HeadersOnly struct {
	NopVisitor
	Tags  game.Tags
	Token string
}

// BeginGame implements Visitor.
func (h *HeadersOnly) BeginGame(int, Pos) Action {
	h.Tags, h.Token = nil, ""
	return Continue
}

// Tag implements Visitor.
func (h *HeadersOnly) Tag(name, value []byte, _ Pos) Action {
	h.Tags.Set(string(name), string(value))
	return Continue
}

// EndTags implements Visitor.
func (h *HeadersOnly) EndTags(Pos) Action { return Skip }

// Result implements Visitor.
func (h *HeadersOnly) Result(r string, _ Pos) Action {
	h.Token = r
	return Continue
}

// Skipper is a visitor that skips whole games, as when counting them.
type Skipper struct{ NopVisitor }

// BeginGame implements Visitor.
func (Skipper) BeginGame(int, Pos) Action { return Skip }

// Interface checks.
var (
	_ Visitor = NopVisitor{}
	_ Visitor = (*HeadersOnly)(nil)
	_ Visitor = Skipper{}
)
