package analysis

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/uci"
)

// Settings say how deep to analyse.
type Settings struct {
	// Limits bound the search of every position of the main line.
	Limits uci.Limits
	// Recheck, when set, bounds a second, deeper search of the two
	// positions around every move whose drop in winning chances comes
	// within Margin of a judgement threshold (or past it), before the move
	// is judged: marks then rest on the deeper score.
	Recheck uci.Limits
	Margin  float64
	// Lines is how many of the engine's lines (MultiPV) are searched and
	// added as variations after a marked move; 1 if 0.
	Lines int
	// ReplaceEvals replaces the [%eval] a move already has; by default it
	// is kept.
	ReplaceEvals bool
}

// DefaultSettings are those of `touchmove analyze` without flags: depth 12
// for every position, depth 16 for the two positions around a move that
// comes within 0.03 of a threshold (see Judge).
func DefaultSettings() Settings {
	return Settings{Limits: uci.Limits{Depth: 12}, Recheck: uci.Limits{Depth: 16}, Margin: 0.03, Lines: 1}
}

// DepthSettings are those of a whole-game analysis at depth n: every
// position to depth n, and the two positions around a move near a
// judgement's threshold again to depth n+4.
func DepthSettings(n int) Settings {
	s := DefaultSettings()
	s.Limits, s.Recheck = uci.Limits{Depth: n}, uci.Limits{Depth: n + 4}
	return s
}

// Progress tells how many positions of the game have been searched, and
// how far the search under way has got: Depth is the depth the engine
// (named Engine) has reached in position Done+1, and Searching how long it
// has been at it, so that an engine that does not get on is seen at once.
type Progress struct {
	Done, Total int
	Engine      string
	Depth       int
	Searching   time.Duration
}

// Report sums up an analysis, by colour (index chess.White, chess.Black).
type Report struct {
	// Accuracy is the mean of the Accuracy of each move of the player.
	Accuracy [2]float64
	// Moves is the number of moves judged; Marks counts them by judgement.
	Moves [2]int
	Marks [2][4]int
	// Overruns lists the searches the engine did not finish within their
	// deadline (uci.ErrOverrun): they were stopped and what the engine had
	// found was used. Nil when every search finished.
	Overruns []error
}

// position is what the analysis knows of one main-line position.
type position struct {
	node     *game.Node
	score    Score
	depth    int
	lines    []uci.Info // the engine's lines, best first
	over     bool       // the game has ended here: no search
	searched uci.Limits // the limits of the last search
}

// Game analyses the main line of g with eng and writes what it finds into
// g: [%eval] after every move (an existing one is kept unless
// s.ReplaceEvals), the judgement's NAG on inaccuracies, mistakes and
// blunders (see Judge) with a comment such as "Mistake. Nf3 was best." and
// the engine's better line as a variation opened by the engine's name, and
// an Annotator tag if there was none. What an earlier analysis of ours
// put there (our note, its NAG, our engine's lines) is replaced; a move the
// file already judges (lichess's "(0.25 → -1.02) Mistake. c3 was best.")
// gets no second verdict or line. A move that already has a move
// assessment ($1–$6) keeps it and gets no NAG. Comments, variations and NAGs
// already there stay. progress, if not nil, is called after every search
// and, at most ten times a second, while one runs. A search that runs past
// its deadline is stopped and what the engine had found is used (noted in
// Report.Overruns); an engine that does not stop, exits or fails otherwise
// ends the analysis with an error that names it. When ctx ends, Game
// returns its error and leaves g as it was.
func Game(ctx context.Context, eng *uci.Engine, g *game.Game, s Settings, progress func(Progress)) (Report, error) {
	var rep Report
	if s.Lines < 1 {
		s.Lines = 1
	}
	var ps []*position
	for _, n := range g.Root().MainLine() {
		ps = append(ps, &position{node: n})
	}
	if err := eng.SetOption("MultiPV", fmt.Sprint(s.Lines)); err != nil && s.Lines > 1 {
		return rep, err
	}
	if err := eng.NewGame(ctx); err != nil {
		return rep, err
	}
	start := g.Start()
	moves := make([]chess.Move, 0, len(ps))
	total := len(ps)
	for i, p := range ps {
		if i > 0 {
			moves = append(moves, p.node.Move())
		}
		if err := search(ctx, eng, start, moves, p, s.Limits, watch(eng, i, total, progress), &rep); err != nil {
			return rep, err
		}
		if progress != nil {
			progress(Progress{Done: i + 1, Total: total, Engine: eng.Name()})
		}
	}
	if s.Recheck != (uci.Limits{}) {
		var again []int
		for i := 1; i < len(ps); i++ {
			if near(ps[i].node.Mover(), ps[i-1].score, ps[i].score, s.Margin) {
				for _, k := range []int{i - 1, i} {
					if len(again) == 0 || again[len(again)-1] < k {
						again = append(again, k)
					}
				}
			}
		}
		total += len(again)
		for j, k := range again {
			if err := search(ctx, eng, start, moves[:k], ps[k], s.Recheck, watch(eng, len(ps)+j, total, progress), &rep); err != nil {
				return rep, err
			}
			if progress != nil {
				progress(Progress{Done: len(ps) + j + 1, Total: total, Engine: eng.Name()})
			}
		}
	}
	annotator, _ := g.Tags.Lookup("Annotator")
	annotate(ps, s, eng.Name(), annotator, &rep)
	if _, ok := g.Tags.Lookup("Annotator"); !ok {
		g.Tags.Set("Annotator", eng.Name())
	}
	return rep, nil
}

// watch returns the onInfo of the search of position done+1 that tells
// progress how deep it has got, at most every minUpdate; nil when progress
// is.
func watch(eng *uci.Engine, done, total int, progress func(Progress)) func(uci.Info) {
	if progress == nil {
		return nil
	}
	begin := time.Now()
	var last time.Time
	depth := 0
	return func(in uci.Info) {
		depth = max(depth, in.Depth)
		if time.Since(last) >= minUpdate {
			last = time.Now()
			progress(Progress{Done: done, Total: total, Engine: eng.Name(), Depth: depth, Searching: time.Since(begin)})
		}
	}
}

// search evaluates the position after moves into p, unless the game is
// over there. A search stopped at its deadline is kept in rep.Overruns, and
// what the engine had found is used.
func search(ctx context.Context, eng *uci.Engine, start chess.Position, moves []chess.Move, p *position, lim uci.Limits, onInfo func(uci.Info), rep *Report) error {
	up := uci.Position{Start: start, Moves: moves}
	cur := up.Current()
	if len(cur.LegalMoves()) == 0 {
		p.over = true
		if cur.Checkers() != 0 {
			p.score = Score{Mated: true, Moves: 1}
			if cur.Turn() == chess.White {
				p.score.Moves = -1
			}
		}
		return nil
	}
	res, err := eng.Search(ctx, up, lim, onInfo)
	if errors.Is(err, uci.ErrOverrun) && ctx.Err() == nil && len(res.Lines) > 0 {
		rep.Overruns = append(rep.Overruns, fmt.Errorf("analysis: after %d moves: %w", len(moves), err))
		err = nil
	}
	if err != nil {
		return fmt.Errorf("analysis: after %d moves: %w", len(moves), err)
	}
	if len(res.Lines) == 0 {
		return fmt.Errorf("analysis: after %d moves: engine %s gave no score", len(moves), eng.Name())
	}
	p.lines = res.Lines
	p.score = whiteScore(res.Lines[0].Score, cur.Turn())
	p.depth = res.Lines[0].Depth
	p.searched = lim
	return nil
}

// near reports whether a move's drop in winning chances is within margin of
// a judgement threshold or past the lowest one, or the move is judged on
// mate scores.
func near(mover chess.Color, before, after Score, margin float64) bool {
	if before.Mate || after.Mate {
		return true
	}
	return before.Chances(mover)-after.Chances(mover) >= 0.1-margin
}

// maxVariation is the longest engine line added as a variation, in plies.
const maxVariation = 12

// annotate writes the evals, judgements and better lines into the game and
// sums them up in rep.
func annotate(ps []*position, s Settings, engine, annotator string, rep *Report) {
	var sum [2]float64
	for i := 1; i < len(ps); i++ {
		n, before, after := ps[i].node, ps[i-1], ps[i]
		unmark(n, engine, annotator)
		if _, has := n.Eval(); (!has || s.ReplaceEvals) && !after.score.Mated {
			n.SetEval(after.score.Eval(after.depth))
		}
		mover := n.Mover()
		wb, wa := before.score.WinPercent(mover), after.score.WinPercent(mover)
		sum[mover] += Accuracy(wb, wa)
		rep.Moves[mover]++
		j := Judge(mover, before.score, after.score)
		rep.Marks[mover][j]++
		if j == Good || len(before.lines) == 0 || before.lines[0].Moves[0] == n.Move() || fileVerdict(n) {
			continue // nothing to mark, or the file's own verdict stands
		}
		if !hasAssessment(n) {
			n.AddNAG(j.NAG())
		}
		best := before.lines[0]
		note := fmt.Sprintf("%s. %s was best.", j, best.SAN[0])
		if !strings.Contains(n.Comment(), note) {
			n.AppendComment(note)
		}
		for _, l := range before.lines {
			if l.Moves[0] != n.Move() {
				addLine(n.Parent(), l, engine)
			}
		}
	}
	for c := range sum {
		if rep.Moves[c] > 0 {
			rep.Accuracy[c] = sum[c] / float64(rep.Moves[c])
		}
	}
}

// ourNote matches the note annotate writes after a marked move
// (a file written at 80 columns may have cut it over two lines).
var ourNote = regexp.MustCompile(`^(Inaccuracy|Mistake|Blunder)\.\s+\S+\s+was\s+best\.$`)

// unmark takes off n what an earlier analysis of ours put there, so that
// a new analysis replaces it rather than adding a second verdict: our note
// ("Mistake. Nf3 was best.", a comment of its own), the NAG of its
// judgement, and the variations after n's parent that open with the name of
// an engine of ours (engine, or the game's annotator). A file's own
// verdicts, such as lichess's "(0.25 → -1.02) Mistake. c3 was best.", and
// its variations stay.
func unmark(n *game.Node, engine, annotator string) {
	parts := n.Comments()
	kept := parts[:0:0]
	for _, c := range parts {
		m := ourNote.FindStringSubmatch(strings.TrimSpace(c))
		if m == nil {
			kept = append(kept, c)
			continue
		}
		for _, j := range []Judgement{Inaccuracy, Mistake, Blunder} {
			if j.String() == m[1] {
				n.RemoveNAG(j.NAG())
			}
		}
	}
	if len(kept) != len(parts) {
		n.SetComments(kept)
	}
	for _, v := range slices.Clone(n.Parent().Children()) {
		if v == n || v == n.Parent().Next() {
			continue
		}
		if b := v.CommentBefore(); b != "" && (b == engine || b == annotator) {
			v.Delete()
		}
	}
}

// fileVerdict reports whether a comment after n already judges the move,
// as lichess's analysis does ("(0.25 → -1.02) Mistake. c3 was best."): a
// second verdict of ours could only repeat or contradict it.
func fileVerdict(n *game.Node) bool {
	for _, c := range n.Comments() {
		for _, w := range []string{"Inaccuracy.", "Mistake.", "Blunder."} {
			if strings.Contains(c, w) {
				return true
			}
		}
	}
	return false
}

// hasAssessment reports whether n carries a move assessment, $1 to $6.
func hasAssessment(n *game.Node) bool {
	for _, x := range n.NAGs() {
		if x >= 1 && x <= 6 {
			return true
		}
	}
	return false
}

// addLine adds the engine's line l from node as a variation whose first
// move is preceded by the engine's name, unless a variation already starts
// with that move.
func addLine(from *game.Node, l uci.Info, engine string) {
	if from.ChildFor(l.Moves[0]) != nil {
		return
	}
	n := from
	for k, m := range l.Moves {
		if k == maxVariation {
			break
		}
		n = n.AppendMove(m, l.SAN[k])
		if k == 0 {
			n.SetCommentBefore(engine)
		}
	}
}
