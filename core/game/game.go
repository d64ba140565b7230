package game

import (
	"errors"
	"fmt"
	"iter"
	"strings"

	"touchmove/core/chess"
)

// Game is a chess game: its tag pairs, in order, and its tree of moves.
// A Game is not safe for concurrent use, and must not be copied (its root
// node refers to it): use pointers.
type Game struct {
	// Tags holds the tag pairs in the order they were read or set; the
	// writer puts the Seven Tag Roster first on export.
	Tags       Tags
	root       Node
	start      chess.Position
	endComment commentParts
	endRecord  *Record // what the game recorded in endComment, if any
	slab       []Node  // nodes are allocated in chunks
}

// newNode returns a zero node from the game's slab.
func (g *Game) newNode() *Node {
	if len(g.slab) == cap(g.slab) {
		g.slab = make([]Node, 0, 32) // little waste per game, few allocations
	}
	g.slab = g.slab[:len(g.slab)+1]
	return &g.slab[len(g.slab)-1]
}

// Errors about the start of a game.
var (
	// ErrVariant: the Variant tag names a variant Touchmove does not play.
	ErrVariant = errors.New("game: unsupported variant")
	// ErrHasMoves: the start position cannot change once moves are recorded.
	ErrHasMoves = errors.New("game: the game already has moves")
	// ErrCastlingRepaired: a warning; castling rights of a FEN that its
	// position does not allow were dropped.
	ErrCastlingRepaired = errors.New("game: FEN castling rights the position does not allow were dropped")
	// ErrImpossiblePosition: a warning; the FEN's position cannot arise in
	// a game (a side has more than 8 pawns or 16 pieces, as lichess "From
	// Position" games may), but it is played all the same.
	ErrImpossiblePosition = errors.New("game: the FEN's position cannot arise in a game, but it can be played")
)

// New returns a game from the standard starting position with the Seven
// Tag Roster set to its placeholders.
func New() *Game {
	g := &Game{start: chess.StartPosition()}
	g.initRoot()
	g.Tags.FillRoster()
	return g
}

// NewFromPosition returns a game that starts at p, with the Seven Tag Roster
// set to its placeholders and SetUp, FEN (and Variant for Chess960) written
// when p is not the standard starting position.
func NewFromPosition(p chess.Position) *Game {
	g := New()
	g.setStart(p)
	return g
}

// NewFromTags returns a game with the given tags and the start position they
// describe, with StartFromTags's error.
func NewFromTags(tags Tags) (*Game, error) {
	g := &Game{Tags: tags}
	p, err := StartFromTags(tags)
	g.start = p
	g.initRoot()
	return g, err
}

func (g *Game) initRoot() {
	g.root = Node{game: g, ply: startPly(&g.start)}
}

func startPly(p *chess.Position) int32 {
	return int32(2*(p.FullMoveNumber()-1)) + int32(p.Turn()&1)
}

// IsChess960Variant reports whether the value of a Variant tag names
// Chess960 ("Chess960", "chess 960", "Fischerandom", "fischer random"…).
func IsChess960Variant(v string) bool {
	switch variantKey(v) {
	case "chess960", "960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc":
		return true
	}
	return false
}

func variantKey(v string) string {
	v = strings.ToLower(v)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return r
	}, v)
}

func isStandardVariant(v string) bool {
	switch variantKey(v) {
	case "", "standard", "chess", "normal", "fromposition", "classical":
		return true
	}
	return false
}

// StartFromTags returns the start position that the tags describe: the FEN
// tag when there is one (with or without SetUp), else the standard array;
// Chess960 rules when Variant names Chess960 or the FEN's castling field
// names rook files. When the FEN gives castling rights that its position
// contradicts, they are dropped (see chess.Setup.RepairCastling) and the
// error wraps ErrCastlingRepaired while the position is usable; on any other
// error the position is the standard array.
func StartFromTags(tags Tags) (chess.Position, error) {
	variant := tags.Value("Variant")
	is960 := IsChess960Variant(variant)
	if !is960 && !isStandardVariant(variant) {
		return chess.StartPosition(), fmt.Errorf("%w %q", ErrVariant, variant)
	}
	fen, hasFEN := tags.Lookup("FEN")
	if !hasFEN || strings.TrimSpace(fen) == "" {
		if is960 {
			return chess.Chess960Start(518)
		}
		return chess.StartPosition(), nil
	}
	return StartFromFEN(fen, is960)
}

// StartFromFEN returns the position of a FEN read as tolerantly as the
// PGN files and pastes of other programs need (as lichess and
// python-chess read them), with Chess960 rules when chess960 is set or
// the castling field names rook files. Two problems are warnings, the
// position usable: castling rights that the position cannot have are
// dropped (ErrCastlingRepaired; many files write KQkq on any position),
// and a position that no game reaches but that can be played is played
// (ErrImpossiblePosition, joined with the *chess.PositionError that says
// why). On any other error the position is the standard array.
func StartFromFEN(fen string, chess960 bool) (chess.Position, error) {
	fen = strings.TrimSpace(fen)
	setup, err := chess.ParseFEN(fen)
	repaired := false
	if err != nil {
		if fixed, ok := dropBadCastling(fen); ok {
			setup, err, repaired = fixed, nil, true
		} else {
			return chess.StartPosition(), fmt.Errorf("game: FEN: %w", err)
		}
	}
	if chess960 {
		setup.Chess960 = true
	}
	p, warn, err := setup.Playable()
	if err != nil {
		fixed := setup
		if !fixed.RepairCastling() {
			return chess.StartPosition(), fmt.Errorf("game: FEN: %w", err)
		}
		if p, warn, err = fixed.Playable(); err != nil {
			return chess.StartPosition(), fmt.Errorf("game: FEN: %w", err)
		}
		repaired = true
	}
	var warning error
	if warn != nil {
		warning = fmt.Errorf("%w: %w", ErrImpossiblePosition, warn)
	}
	switch {
	case repaired && warning != nil:
		warning = fmt.Errorf("%w; %w", ErrCastlingRepaired, warning)
	case repaired:
		warning = ErrCastlingRepaired
	}
	return p, warning
}

// IsStartWarning reports whether err, from StartFromTags or StartFromFEN,
// is only a warning: the position it came with is usable.
func IsStartWarning(err error) bool {
	return errors.Is(err, ErrCastlingRepaired) || errors.Is(err, ErrImpossiblePosition)
}

// dropBadCastling parses a FEN whose castling field ParseFEN rejects,
// keeping the castling letters it accepts one by one.
func dropBadCastling(fen string) (chess.Setup, bool) {
	f := strings.Fields(fen)
	if len(f) < 3 || f[2] == "-" {
		return chess.Setup{}, false
	}
	kept := ""
	for _, c := range f[2] {
		f[2] = kept + string(c)
		if _, err := chess.ParseFEN(strings.Join(f, " ")); err == nil {
			kept += string(c)
		}
	}
	if kept == "" {
		kept = "-"
	}
	f[2] = kept
	s, err := chess.ParseFEN(strings.Join(f, " "))
	return s, err == nil
}

// Root returns the root node: the start position, before any move.
func (g *Game) Root() *Node { return &g.root }

// Start returns the start position.
func (g *Game) Start() chess.Position { return g.start }

// SetStart sets the start position of a game without moves and writes the
// SetUp and FEN tags (and Variant "Chess960" for a Chess960 position), or
// removes them for the standard starting position.
func (g *Game) SetStart(p chess.Position) error {
	if len(g.root.children) > 0 {
		return ErrHasMoves
	}
	g.setStart(p)
	return nil
}

// setStart sets the start position of a game with no moves, and its tags.
func (g *Game) setStart(p chess.Position) {
	g.start = p
	g.root.ply = startPly(&p)
	std := chess.StartPosition()
	fen := p.FEN()
	switch {
	case p.Chess960():
		g.Tags.Set("Variant", "Chess960")
		g.Tags.Set("SetUp", "1")
		g.Tags.Set("FEN", fen)
	case fen == std.FEN():
		g.Tags.Delete("SetUp")
		g.Tags.Delete("FEN")
	default:
		g.Tags.Set("SetUp", "1")
		g.Tags.Set("FEN", fen)
	}
}

// EndComment returns the comment that closes the main line, written after
// the last move and its variations: the comments there joined by spaces.
func (g *Game) EndComment() string { return g.endComment.text }

// EndComments returns the comments that close the main line, in order,
// each as it was written; nil when there is none.
func (g *Game) EndComments() []string { return g.endComment.parts() }

// SetEndComment replaces the comment that closes the main line, as one
// comment; "" clears it.
func (g *Game) SetEndComment(s string) { g.endComment.set(s) }

// AppendEndComment adds s to the comments that close the main line, as a
// comment of its own.
func (g *Game) AppendEndComment(s string) { g.endComment.add(s) }

// SetEndComments replaces the comments that close the main line by parts,
// each a comment of its own; empty parts are dropped.
func (g *Game) SetEndComments(parts []string) { g.endComment.setParts(parts) }

// MainLine yields the nodes of the main line after the root, in order.
func (g *Game) MainLine() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for n := g.root.Next(); n != nil; n = n.Next() {
			if !yield(n) {
				return
			}
		}
	}
}

// End returns the last node of the main line (the root if there is no move).
func (g *Game) End() *Node { return g.root.End() }

// PlyCount returns the number of moves in the main line.
func (g *Game) PlyCount() int { return g.End().Ply() }

// Result returns the result the Result tag records; Unfinished when the tag
// is missing or unreadable.
func (g *Game) Result() chess.Result {
	r, _ := chess.ParseResult(g.Tags.Value("Result"))
	return r
}

// SetResult sets the Result tag to r's PGN token.
func (g *Game) SetResult(r chess.Result) { g.Tags.Set("Result", r.String()) }

// Nodes yields every node of the tree after the root, depth first: each
// node before its children, the main continuation before the variations.
func (g *Game) Nodes() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		var walk func(n *Node) bool
		walk = func(n *Node) bool {
			for _, c := range n.children {
				if !yield(c) || !walk(c) {
					return false
				}
			}
			return true
		}
		walk(&g.root)
	}
}
