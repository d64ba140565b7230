package analysis

import (
	"context"
	"fmt"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// JudgeMove searches the position before the move m with eng to depth,
// and the position after it to one ply less, so that both searches see as
// far ahead from before (searching both to depth judged a best move as an
// inaccuracy when the extra ply was the opponent's); it judges m as Judge
// does: Good when it keeps the mover's winning chances within the
// inaccuracy's threshold of the engine's best, and always when m is the
// engine's best move. The training's drill asks it of a move that is
// neither the best one known nor the one played in the game.
func JudgeMove(ctx context.Context, eng *uci.Engine, before chess.Position, m chess.Move, depth int) (Judgement, error) {
	if !before.IsLegal(m) {
		return Good, fmt.Errorf("analysis: %s is not a legal move here", m)
	}
	var scores [2]Score
	for i, moves := range [][]chess.Move{nil, {m}} {
		p := &position{}
		var rep Report
		d := max(depth-i, 1)
		if err := search(ctx, eng, before, moves, p, uci.Limits{Depth: d}, nil, &rep); err != nil {
			return Good, err
		}
		if i == 0 && len(p.lines) > 0 && len(p.lines[0].Moves) > 0 && p.lines[0].Moves[0] == m {
			return Good, nil
		}
		scores[i] = p.score
	}
	return Judge(before.Turn(), scores[0], scores[1]), nil
}
