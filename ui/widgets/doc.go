// Package widgets provides the window's small widgets, each drawing what it
// is given and knowing no rules: the players' clock faces (ClockFace), the
// engine's evaluation bar and graph (EvalBar, EvalGraph) and its lines
// (PVLine), a horizontal split with a visible divider (NewHSplit), a
// viewer of text too long for a label (ShowLongText), and FitText, which
// cuts a text to a width with "…".
//
// Their words go through Fyne's lang, translated by ui's translations. The
// package imports app for the clock face's reading (app.ClockFace) and
// core/clock for its formats, and nothing else of ours beyond ui/contrast
// (core/deps_test.go checks it).
package widgets
