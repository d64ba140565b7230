package analysis

import (
	"context"
	"fmt"

	"touchmove/core/chess"
	"touchmove/core/uci"
)

// JudgeMove searches the position before and the position after the move
// m with eng, each to depth, and judges m as Judge does: Good when it keeps
// the mover's winning chances within the inaccuracy's threshold of the
// engine's best. The training's drill asks it of a move that is neither
// the best one known nor the one played in the game.
func JudgeMove(ctx context.Context, eng *uci.Engine, before chess.Position, m chess.Move, depth int) (Judgement, error) {
	if !before.IsLegal(m) {
		return Good, fmt.Errorf("analysis: %s is not a legal move here", m)
	}
	var scores [2]Score
	for i, moves := range [][]chess.Move{nil, {m}} {
		p := &position{}
		var rep Report
		if err := search(ctx, eng, before, moves, p, uci.Limits{Depth: depth}, nil, &rep); err != nil {
			return Good, err
		}
		scores[i] = p.score
	}
	return Judge(before.Turn(), scores[0], scores[1]), nil
}
