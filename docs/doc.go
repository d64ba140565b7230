// Package docs holds Touchmove's design notes as Markdown: design.md (layout,
// data flow, command line, tests), style.md (how the code is written),
// rules.md (the Laws of Chess the app applies), pgn.md (what is read and
// written) and clocks.md (time controls and clock behaviour). Comments in
// the code cite their sections as "rules.md §3 N6" or "pgn.md §10"; the
// package's test checks that every such citation resolves here, and that
// the code keeps style.md's rule of short functions.
package docs
