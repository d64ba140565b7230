// Package game holds a chess game as a tree: ordered tag pairs, and nodes that
// carry a move, the comments around it, its NAGs and, as variations, the
// alternatives to it.
//
// Child 0 of a node continues the main line; the other children are
// variations, in order. Comments stay raw text: embedded commands such as
// [%clk 0:03:00], [%eval 0.17] or [%cal Ge2e4] are parsed on demand by the
// typed accessors (Clock, Eval, Arrows, Squares…) and rewritten in place by
// their setters, so that everything else in a comment survives untouched.
//
// The package applies the rules through core/chess: every move in a tree is
// legal in the position of its parent.
package game
