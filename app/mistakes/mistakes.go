package mistakes

import (
	"regexp"
	"strings"

	"touchmove/app/analysis"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// Mistake is one move a player got wrong.
type Mistake struct {
	// Game is the game's number in the file, from 1; Ply the ply of the
	// move played (1 is White's first move).
	Game, Ply int
	// Before is the position before the move, FEN its FEN.
	Before chess.Position
	FEN    string
	// Move and Played are the move played, as a move and in SAN.
	Move   chess.Move
	Played string
	// Best is the better move in SAN, "" when the file's analysis names
	// none; Line is the better line from Best on, in SAN, when the file
	// has it as a variation (else Best alone, or nil).
	Best string
	Line []string
	// Judgement is Inaccuracy, Mistake or Blunder.
	Judgement analysis.Judgement
	// White, Black, Date and Event are the game's tags: its context.
	White, Black, Date, Event string
	// Context is the main line's moves before this one, in SAN.
	Context []string
}

// Mover returns the colour of the side that played the move.
func (m Mistake) Mover() chess.Color { return m.Before.Turn() }

// Names are the names a player goes by. A game's White or Black tag is
// theirs when it contains one of them, ignoring case: as the game list's
// player: filter matches a name (library.ParseListFilter).
type Names []string

// ParseNames reads names separated by commas or semicolons ("Smith, J"
// is one name when written "Smith, J"; separate several with ";").
// A list with a semicolon is split at semicolons only.
func ParseNames(s string) Names {
	sep := ","
	if strings.Contains(s, ";") {
		sep = ";"
	}
	var out Names
	for _, n := range strings.Split(s, sep) {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// Match reports whether the tag value names the player.
func (ns Names) Match(tag string) bool {
	low := strings.ToLower(tag)
	for _, n := range ns {
		if n != "" && strings.Contains(low, strings.ToLower(n)) {
			return true
		}
	}
	return false
}

// Sides returns which colours of g the player had: [chess.White] and
// [chess.Black] are true where the tag matches.
func (ns Names) Sides(g *game.Game) (sides [2]bool) {
	sides[chess.White] = ns.Match(g.Tags.Value("White"))
	sides[chess.Black] = ns.Match(g.Tags.Value("Black"))
	return sides
}

// Analysed reports whether the file already analyses g: every move of its
// main line carries an [%eval], but perhaps the last (a game ended in mate
// has no score after the mating move).
func Analysed(g *game.Game) bool {
	moves, evals := 0, 0
	last := false
	for n := range g.MainLine() {
		moves++
		_, last = n.Eval()
		if last {
			evals++
		}
	}
	return evals > 0 && (evals == moves || (evals == moves-1 && !last))
}

// verdict matches the note after a judged move, ours ("Mistake. Nf3 was
// best.") and lichess's ("(0.25 → -1.02) Mistake. c3 was best.",
// "Checkmate is now unavoidable. Qxf7 was best.").
var verdict = regexp.MustCompile(`(?:(Inaccuracy|Mistake|Blunder)|Checkmate is now unavoidable|Lost forced checkmate sequence)\.\s+(\S+)\s+was\s+best\.`)

// InGame returns the moves of g's main line that the player of names got
// wrong, as the file judges them, with number as their Game. A move is
// judged by the note after it (ours or lichess's, with the better move it
// names); a move without a note by analysis.Judge on the [%eval]s before
// and after it (Best is then ""). A move the engine's Judge finds good is
// not listed. The first move has no score before it: only its note judges
// it.
func InGame(g *game.Game, number int, names Names) []Mistake {
	sides := names.Sides(g)
	if !sides[chess.White] && !sides[chess.Black] {
		return nil
	}
	var out []Mistake
	var prev game.Eval
	hasPrev := false
	for n := range g.MainLine() {
		e, has := n.Eval()
		mover := n.Mover()
		if sides[mover] {
			j, best := judge(n, prev, hasPrev, e, has)
			if j != analysis.Good {
				out = append(out, newMistake(g, n, number, j, best))
			}
		}
		prev, hasPrev = e, has
	}
	return out
}

// judge returns the judgement of the move of n and the better move the
// file names.
func judge(n *game.Node, before game.Eval, hasBefore bool, after game.Eval, hasAfter bool) (analysis.Judgement, string) {
	for _, c := range n.Comments() {
		m := verdict.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		switch m[1] {
		case "Inaccuracy":
			return analysis.Inaccuracy, m[2]
		case "Mistake":
			return analysis.Mistake, m[2]
		case "Blunder":
			return analysis.Blunder, m[2]
		}
		return byNAG(n), m[2] // lichess's words on mates: its glyph judges
	}
	if !hasBefore || !hasAfter {
		return analysis.Good, ""
	}
	return analysis.Judge(n.Mover(), score(before), score(after)), ""
}

// byNAG returns the judgement of n's glyph, a blunder when it has none.
func byNAG(n *game.Node) analysis.Judgement {
	for _, j := range []analysis.Judgement{analysis.Inaccuracy, analysis.Mistake, analysis.Blunder} {
		if n.HasNAG(j.NAG()) {
			return j
		}
	}
	return analysis.Blunder
}

// score turns an [%eval] into the analysis's score.
func score(e game.Eval) analysis.Score {
	return analysis.Score{Mate: e.Mate, Moves: e.Moves, Centipawns: e.Centipawns}
}

// newMistake describes the move of n.
func newMistake(g *game.Game, n *game.Node, number int, j analysis.Judgement, best string) Mistake {
	parent := n.Parent()
	before := parent.Position()
	m := Mistake{
		Game: number, Ply: n.Ply(), Before: before, FEN: before.FEN(),
		Move: n.Move(), Played: n.SAN(), Best: best, Judgement: j,
		White: g.Tags.Value("White"), Black: g.Tags.Value("Black"),
		Date: g.Tags.Value("Date"), Event: g.Tags.Value("Event"),
	}
	for x := parent; !x.IsRoot(); x = x.Parent() {
		m.Context = append(m.Context, x.SAN())
	}
	for i, k := 0, len(m.Context)-1; i < k; i, k = i+1, k-1 {
		m.Context[i], m.Context[k] = m.Context[k], m.Context[i]
	}
	if best == "" {
		return m
	}
	m.Line = []string{best}
	for _, v := range parent.Children() {
		if v != n && v.SAN() == best {
			m.Line = m.Line[:0]
			for x := v; x != nil; x = x.Next() {
				m.Line = append(m.Line, x.SAN())
			}
			break
		}
	}
	return m
}
