package app

import (
	"context"
	"fmt"

	"touchmove/app/analysis"
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
