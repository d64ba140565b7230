package pgn

import (
	"errors"
	"fmt"

	"touchmove/core/chess"
	"touchmove/core/game"
)

// GameBuilder is the visitor that builds a game.Game, replaying every move
// of the main line and of the variations. An illegal or ambiguous move ends
// the main line there (what came before is kept) or drops the variation it
// is in; either way the game reports it. After ReadGame, Game returns the
// game read.
type GameBuilder struct {
	g        *game.Game
	tags     game.Tags
	start    []string // the comments before the movetext
	stack    []frame
	token    string
	tokenPos Pos
	fenPos   Pos
	game     int
	gameLine int
	gamePos  Pos
	errs     ErrorList
	intern   *[internSlots]string
	// Comments after moves are gathered in text and become one string per
	// game at EndGame, which saves an allocation per comment.
	text  []byte
	notes []note
}

// note places a comment of text on a node.
type note struct {
	node       *game.Node
	start, end int
}

// frame is one line being read: the main line or an open variation.
type frame struct {
	node     *game.Node     // the last node of the line
	pos      chess.Position // the position at node
	prev     chess.Position // the position before node's move
	first    *game.Node     // the variation's first move, nil for the main line
	hasMove  bool
	afterVar bool     // a variation closed after the last move
	before   []string // comments waiting for the next move
}

// internSlots is the size of the cache of move texts a GameBuilder shares
// between games (a power of two).
const internSlots = 4096

// NewGameBuilder returns a GameBuilder.
func NewGameBuilder() *GameBuilder {
	return &GameBuilder{intern: new([internSlots]string)}
}

// Game returns the game read last, or nil before the first.
func (b *GameBuilder) Game() *game.Game { return b.g }

// Pos returns where the game read last starts in the input.
func (b *GameBuilder) Pos() Pos { return b.gamePos }

// maxBuilderErrors bounds the errors GameBuilder keeps for one game.
const maxBuilderErrors = 1000

func (b *GameBuilder) errorAt(pos Pos, err error) {
	if len(b.errs) < maxBuilderErrors {
		b.errs.Add(pos, b.game, b.gameLine, err)
	}
}

// BeginGame implements Visitor.
func (b *GameBuilder) BeginGame(g int, pos Pos) Action {
	b.g = nil
	b.tags = nil
	b.start = b.start[:0]
	b.stack = b.stack[:0]
	b.token = ""
	b.fenPos = Pos{}
	b.game, b.gameLine, b.gamePos = g, pos.Line, pos
	b.errs = nil
	b.text = b.text[:0]
	b.notes = b.notes[:0]
	return Continue
}

// Tag implements Visitor.
func (b *GameBuilder) Tag(name, value []byte, pos Pos) Action {
	if string(name) == "FEN" {
		b.fenPos = pos
	}
	b.tags.Set(string(name), cleanValue(value))
	return Continue
}

// cleanValue returns a tag value with control characters turned into
// spaces, as the writer would write them.
func cleanValue(v []byte) string {
	for i, c := range v {
		if c < 0x20 || c == 0x7f {
			w := []byte(string(v))
			for j := i; j < len(w); j++ {
				if w[j] < 0x20 || w[j] == 0x7f {
					w[j] = ' '
				}
			}
			return string(w)
		}
	}
	return string(v)
}

// EndTags implements Visitor: it sets up the start position.
func (b *GameBuilder) EndTags(pos Pos) Action {
	if b.g != nil {
		return Continue
	}
	normalizeTags(&b.tags)
	g, err := game.NewFromTags(b.tags)
	b.g = g
	at := b.fenPos
	if !at.IsValid() {
		at = pos
	}
	if err != nil {
		b.errorAt(at, fmt.Errorf("%w: %w", ErrSetup, err))
		if !game.IsStartWarning(err) {
			// A game that cannot be set up (an unsupported variant, a
			// position without a king) is one problem, not one for each
			// move it cannot play (a Crazyhouse drop, P@h3).
			return Stop
		}
	}
	root := g.Root()
	for _, c := range b.start {
		root.AppendComment(c)
	}
	b.stack = append(b.stack[:0], frame{node: root, pos: g.Start()})
	return Continue
}

// normalizeTags fixes the common variants of dates and results.
func normalizeTags(tags *game.Tags) {
	for i := range *tags {
		t := &(*tags)[i]
		switch t.Name {
		case "Date", "EventDate", "UTCDate":
			if d, ok := game.NormalizeDate(t.Value); ok {
				t.Value = d
			}
		case "Result":
			if r, ok := chess.ParseResult(t.Value); ok {
				t.Value = r.String()
			}
		}
	}
}

// internSAN returns the move text as a string, shared with earlier equal
// texts through a direct-mapped cache: most moves then cost no allocation.
func (b *GameBuilder) internSAN(san []byte) string {
	h := uint32(2166136261)
	for _, c := range san {
		h = (h ^ uint32(c)) * 16777619
	}
	slot := &b.intern[h&(internSlots-1)]
	if *slot == string(san) {
		return *slot
	}
	s := string(san)
	*slot = s
	return s
}

// Move implements Visitor: it plays the move.
func (b *GameBuilder) Move(san []byte, pos Pos) Action {
	if len(b.stack) == 0 {
		return Skip
	}
	f := &b.stack[len(b.stack)-1]
	s := b.internSAN(san)
	m, ok := fastSAN(&f.pos, s)
	if !ok {
		var err error
		if m, err = f.pos.ParseSAN(s); err == nil && longAlgebraic(s) {
			s = f.pos.SAN(m) // g1f3 read as a move shows and is kept as Nf3
		} else if err != nil {
			// Not SAN: national piece letters, or UCI long algebraic as
			// engine matches are logged (g1f3, e1c1). The move keeps its
			// SAN, so that it shows and is written as the standard says.
			if m, ok = nationalSAN(&f.pos, s); !ok {
				uci, uerr := f.pos.ParseUCI(s)
				if uerr != nil {
					b.badMove(f, s, err, pos)
					return Skip
				}
				m = uci
			}
			s = f.pos.SAN(m)
		}
	}
	n := f.node.AppendMove(m, s)
	if f.first == nil && len(b.stack) > 1 {
		f.first = n
	}
	for _, c := range f.before {
		n.AppendCommentBefore(c)
	}
	f.before = f.before[:0]
	f.prev = f.pos
	f.pos.Play(m)
	f.node, f.hasMove, f.afterVar = n, true, false
	return Continue
}

// longAlgebraic reports whether s starts with a square followed by another
// square's file, a hyphen or a capture sign: a move in long algebraic or
// UCI notation (g1f3, e2-e4, e4xd5) rather than SAN.
func longAlgebraic(s string) bool {
	return len(s) >= 4 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
		(s[2] >= 'a' && s[2] <= 'h' || s[2] == '-' || s[2] == 'x')
}

// nationalSAN reads a move written with German (S L T D), Czech or Slovak
// (J S V D) or Russian (Кр Ф Л С К) piece letters: docs/pgn.md §10 maps
// them only where the move is otherwise invalid. ok is false unless exactly
// one reading is legal.
func nationalSAN(p *chess.Position, s string) (chess.Move, bool) {
	found, n := chess.NoMove, 0
	for _, t := range chess.LocalReadings(s) {
		if m, err := p.ParseSAN(t); err == nil && m != found {
			found = m
			n++
		}
	}
	return found, n == 1
}

// badMove reports a move that cannot be played and drops its variation.
func (b *GameBuilder) badMove(f *frame, san string, err error, pos Pos) {
	reason := err
	var me *chess.MoveError
	if errors.As(err, &me) {
		reason = me.Err
	}
	e := &MoveError{SAN: san, Number: f.pos.FullMoveNumber(), Black: f.pos.Turn() == chess.Black,
		InVariation: len(b.stack) > 1, Reason: reason}
	if e.InVariation && f.first != nil {
		f.first.Delete()
	}
	b.errorAt(pos, e)
}

// MoveNumber implements Visitor: it checks the number.
func (b *GameBuilder) MoveNumber(n int, pos Pos) Action {
	if len(b.stack) == 0 {
		return Continue
	}
	f := &b.stack[len(b.stack)-1]
	if want := f.pos.FullMoveNumber(); n != want {
		b.errorAt(pos, fmt.Errorf("%w %d, expected %d", ErrMoveNumber, n, want))
	}
	return Continue
}

// NAG implements Visitor.
func (b *GameBuilder) NAG(nag uint8, pos Pos) Action {
	if len(b.stack) == 0 {
		return Continue
	}
	f := &b.stack[len(b.stack)-1]
	if !f.hasMove {
		b.errorAt(pos, fmt.Errorf("%w: $%d before any move", ErrNAG, nag))
		return Continue
	}
	if nag != 0 {
		f.node.AddNAG(nag)
	}
	return Continue
}

// Comment implements Visitor.
func (b *GameBuilder) Comment(text []byte, pos Pos) Action {
	if len(b.stack) == 0 {
		if b.g == nil {
			b.start = append(b.start, string(text))
		}
		return Continue
	}
	f := &b.stack[len(b.stack)-1]
	switch {
	case f.afterVar || !f.hasMove && len(b.stack) > 1:
		f.before = append(f.before, string(text))
	default:
		b.note(f.node, text)
	}
	return Continue
}

// note adds text, a comment of its own, to the comment after node's move.
func (b *GameBuilder) note(node *game.Node, text []byte) {
	if node.Comment() != "" {
		node.AppendComment(string(text))
		return
	}
	start := len(b.text)
	b.text = append(b.text, text...)
	b.notes = append(b.notes, note{node: node, start: start, end: len(b.text)})
}

// placeNotes gives the gathered comments to their nodes.
func (b *GameBuilder) placeNotes() {
	if len(b.notes) == 0 {
		return
	}
	all := string(b.text)
	for _, n := range b.notes {
		// A second note for a node is a comment of its own.
		n.node.AppendComment(all[n.start:n.end])
	}
	b.notes = b.notes[:0]
	b.text = b.text[:0]
}

// BeginVariation implements Visitor.
func (b *GameBuilder) BeginVariation(pos Pos) Action {
	if len(b.stack) == 0 || !b.stack[len(b.stack)-1].hasMove {
		return Skip
	}
	f := &b.stack[len(b.stack)-1]
	f.afterVar = true
	b.stack = append(b.stack, frame{node: f.node.Parent(), pos: f.prev})
	return Continue
}

// EndVariation implements Visitor.
func (b *GameBuilder) EndVariation(pos Pos) Action {
	if len(b.stack) < 2 {
		return Continue
	}
	f := &b.stack[len(b.stack)-1]
	var to *game.Node
	switch {
	case f.hasMove && f.first != nil && f.first.Parent() != nil:
		to = f.node // comments after a last nested variation
	case !f.hasMove:
		// A variation with comments and no move: keep them on the move it
		// was an alternative to.
		to = b.stack[len(b.stack)-2].node
	}
	if to != nil {
		for _, c := range f.before {
			b.note(to, []byte(c))
		}
	}
	b.stack = b.stack[:len(b.stack)-1]
	return Continue
}

// Result implements Visitor.
func (b *GameBuilder) Result(r string, pos Pos) Action {
	b.token, b.tokenPos = r, pos
	return Continue
}

// EndGame implements Visitor: it settles the result and returns the
// problems found in the game.
func (b *GameBuilder) EndGame(pos Pos) error {
	if b.g == nil {
		b.EndTags(pos)
	}
	g := b.g
	b.placeNotes()
	if len(b.stack) > 0 {
		for _, c := range b.stack[0].before {
			g.AppendEndComment(c)
		}
	}
	tag, hasTag := g.Tags.Lookup("Result")
	fromTag, tagOK := chess.ParseResult(tag)
	switch {
	case b.token == "":
		if hasTag {
			g.SetResult(fromTag) // Unfinished when it is unreadable
		}
	case hasTag && tag != b.token:
		token, _ := chess.ParseResult(b.token) // the reader hands normalized tokens
		if !tagOK || fromTag != token {
			b.errorAt(b.tokenPos, fmt.Errorf("%w (%s, tag %q)", ErrResultMismatch, b.token, tag))
		}
		g.SetResult(token)
	default:
		g.Tags.Set("Result", b.token)
	}
	// The tags stay as the file has them: the writer's export formats add
	// the roster tags a game lacks, a saved edit does not (pgn.md §13).
	b.stack = b.stack[:0]
	return b.errs.Err()
}

var _ Visitor = (*GameBuilder)(nil)
