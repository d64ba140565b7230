package eco

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"iter"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/game"
)

// files holds the list as lichess publishes it, one file per ECO volume.
//
//go:embed openings/*.tsv
var files embed.FS

// volumes are the list's files in the order their rows are numbered.
var volumes = [...]string{"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"}

// Opening is a named opening: its ECO code ("B90") and its name in English
// ("Sicilian Defense: Najdorf Variation"), as the list writes them.
type Opening struct {
	ECO  string
	Name string
	// Line is the moves that reach it as the list gives them, in SAN with
	// move numbers ("1. e4 c5 2. Nf3 …"); empty for an opening named from
	// a game's tags.
	Line string
	// Ply is the number of half-moves of Line.
	Ply int
}

// String returns the code and the name, "B90 Sicilian Defense: Najdorf
// Variation", or "" for the zero Opening.
func (o Opening) String() string {
	switch {
	case o.ECO == "":
		return o.Name
	case o.Name == "":
		return o.ECO
	}
	return o.ECO + " " + o.Name
}

// IsZero reports whether o names nothing.
func (o Opening) IsZero() bool { return o.ECO == "" && o.Name == "" }

// Table is the list of openings keyed by position. It is read-only once
// built, so safe for concurrent use.
type Table struct {
	rows   []Opening
	byKey  map[uint64]int32 // a position's RepetitionKey → its row
	byCode map[string]int32 // an ECO code → its first row, the code's shortest line
	depth  int              // the plies of the longest line
	start  uint64           // the Key of the standard starting position
}

// New builds the table from the embedded list. It fails only if the list
// is damaged (a test reads every row).
func New() (*Table, error) {
	start := chess.StartPosition()
	t := &Table{byKey: make(map[uint64]int32, 4096), byCode: make(map[string]int32, 512), start: start.Key()}
	for _, name := range volumes {
		data, err := files.ReadFile("openings/" + name)
		if err != nil {
			return nil, fmt.Errorf("eco: %w", err)
		}
		if err := t.add(name, data); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// add reads the rows of one file of the list: a header line "eco name pgn",
// then a row a line, its fields separated by tabs.
func (t *Table) add(file string, data []byte) error {
	lines := bytes.Split(data, []byte("\n"))
	for n, line := range lines {
		line = bytes.TrimSuffix(line, []byte("\r"))
		if n == 0 || len(line) == 0 {
			continue
		}
		fields := strings.Split(string(line), "\t")
		if len(fields) != 3 || fields[0] == "" || fields[1] == "" {
			return fmt.Errorf("eco: %s line %d: want three fields (eco, name, pgn) separated by tabs, have %q", file, n+1, line)
		}
		p, ply, err := playLine(fields[2])
		if err != nil {
			return fmt.Errorf("eco: %s line %d (%s %s): %w", file, n+1, fields[0], fields[1], err)
		}
		row := int32(len(t.rows))
		t.rows = append(t.rows, Opening{ECO: fields[0], Name: fields[1], Line: fields[2], Ply: ply})
		if _, ok := t.byKey[p.RepetitionKey()]; !ok {
			t.byKey[p.RepetitionKey()] = row
		}
		if _, ok := t.byCode[fields[0]]; !ok {
			t.byCode[fields[0]] = row
		}
		t.depth = max(t.depth, ply)
	}
	return nil
}

// errNoMoves says a row of the list has no moves.
var errNoMoves = errors.New("no moves")

// playLine plays a line of SAN moves with move numbers from the start
// position and returns the position it reaches and its plies.
func playLine(line string) (chess.Position, int, error) {
	p := chess.StartPosition()
	ply := 0
	for _, tok := range strings.Fields(line) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number: "1." or "1..."
		}
		m, err := p.ParseSAN(tok)
		if err != nil {
			return p, ply, fmt.Errorf("move %d: %w", ply/2+1, err)
		}
		p.Play(m)
		ply++
	}
	if ply == 0 {
		return p, 0, errNoMoves
	}
	return p, ply, nil
}

// Len returns the number of rows of the list.
func (t *Table) Len() int { return len(t.rows) }

// Depth returns the plies of the list's longest line: no position deeper in
// a game is looked up.
func (t *Table) Depth() int { return t.depth }

// All yields the rows of the list in its order.
func (t *Table) All() iter.Seq[Opening] {
	return func(yield func(Opening) bool) {
		for _, o := range t.rows {
			if !yield(o) {
				return
			}
		}
	}
}

// Lookup returns the opening named at position p. When several rows of the
// list reach one position (a transposition listed twice), the first listed
// names it.
func (t *Table) Lookup(p *chess.Position) (Opening, bool) {
	if p.Chess960() {
		return Opening{}, false
	}
	if r, ok := t.byKey[p.RepetitionKey()]; ok {
		return t.rows[r], true
	}
	return Opening{}, false
}

// Code returns the opening the list names first for an ECO code, the
// code's shortest line ("B90" → "Sicilian Defense: Najdorf Variation").
func (t *Table) Code(code string) (Opening, bool) {
	r, ok := t.byCode[strings.ToUpper(strings.TrimSpace(code))]
	if !ok {
		return Opening{}, false
	}
	return t.rows[r], true
}

// Classify returns the opening of a line of moves played from start: the
// last named position it reaches within the table's depth. A start other
// than the standard array, or Chess960, has none.
func (t *Table) Classify(start chess.Position, moves []chess.Move) (Opening, bool) {
	if r := t.Find(start, moves); r >= 0 {
		return t.rows[r], true
	}
	return Opening{}, false
}

// Find is Classify giving the opening's row (Row), or -1 for none: a small
// number to keep for each game of a large file.
func (t *Table) Find(start chess.Position, moves []chess.Move) int {
	if start.Chess960() || start.Key() != t.start {
		return -1
	}
	found := -1
	p := start
	for i, m := range moves {
		if i >= t.depth {
			break
		}
		p.Play(m)
		if r, in := t.byKey[p.RepetitionKey()]; in {
			found = int(r)
		}
	}
	return found
}

// Row returns row i of the list (0 ≤ i < Len).
func (t *Table) Row(i int) Opening { return t.rows[i] }

// ClassifyGame returns the opening of g's main line (see Classify).
func (t *Table) ClassifyGame(g *game.Game) (Opening, bool) {
	moves := make([]chess.Move, 0, t.depth)
	for n := range g.MainLine() {
		if n.IsRoot() {
			continue
		}
		if len(moves) == t.depth {
			break
		}
		moves = append(moves, n.Move())
	}
	return t.Classify(g.Start(), moves)
}

// Of returns the opening of a game as the app shows it: from its tags when
// it has an Opening tag (with the ECO tag's code, and its Variation tag after
// a comma), else the position its moves reach (Classify); a game whose
// moves name nothing but that has an ECO tag gets that code with the
// list's first name for it.
func (t *Table) Of(g *game.Game) Opening {
	eco := strings.TrimSpace(g.Tags.Value("ECO"))
	if eco == "?" {
		eco = ""
	}
	if name := strings.TrimSpace(g.Tags.Value("Opening")); name != "" && name != "?" {
		if v := strings.TrimSpace(g.Tags.Value("Variation")); v != "" && v != "?" {
			name += ", " + v
		}
		return Opening{ECO: eco, Name: name}
	}
	if o, ok := t.ClassifyGame(g); ok && (eco == "" || strings.EqualFold(eco, o.ECO)) {
		return o
	}
	if eco == "" {
		return Opening{}
	}
	if o, ok := t.Code(eco); ok {
		return o
	}
	return Opening{ECO: eco}
}
