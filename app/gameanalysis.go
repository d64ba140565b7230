package app

import (
	"context"
	"fmt"

	"touchmove/app/analysis"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// AnalyseGame starts the engine of cfg, analyses g with it at the settings
// set, and stops the engine; progress is told on the caller's goroutine.
// ctx ends it (the window's life, a Cancel).
func AnalyseGame(ctx context.Context, cfg analysis.LiveConfig, g *game.Game, set analysis.Settings, progress func(analysis.Progress)) (analysis.Report, error) {
	cfg.Lines = 0 // Game sets MultiPV to set.Lines
	eng, err := analysis.StartEngine(ctx, cfg)
	if err != nil {
		return analysis.Report{}, fmt.Errorf("the engine could not be started: %w", err)
	}
	defer eng.Close()
	return analysis.Game(ctx, eng, g, set, progress)
}

// DrillMovePasses starts the engine of cfg, has it judge the move m in the
// position before to depth (analysis.JudgeMove), and stops it: a move
// within the threshold of the engine's best passes a training question.
func DrillMovePasses(ctx context.Context, cfg analysis.LiveConfig, before chess.Position, m chess.Move, depth int) (bool, error) {
	cfg.Lines = 1
	eng, err := analysis.StartEngine(ctx, cfg)
	if err != nil {
		return false, fmt.Errorf("the engine could not be started: %w", err)
	}
	defer eng.Close()
	j, err := analysis.JudgeMove(ctx, eng, before, m, depth)
	return j == analysis.Good, err
}
