// Package mistakes finds the moves one player got wrong across a whole
// file: every inaccuracy, mistake and blunder of that player (and only of
// that player), judged as the window's "Analyse the game" judges them
// (analysis.Judge, lichess's thresholds of winning chances). Games the file
// already analyses ([%eval] after the moves, our notes or lichess's
// "Mistake. Nf3 was best.") are read without an engine; the others are
// analysed with one (analysis.Game) at the depth asked. It has no widgets:
// `touchmove mistakes` and the window's training both call it.
package mistakes
