// Package board provides the chess board widget, Board: a rules-free view
// of an app/boardview.View (pieces, highlights, marks, arrows,
// coordinates) that reports the pointer's gestures — presses, moves by drag
// or by click-click, cancels, marks and arrows — to its owner, who answers
// with a new view. It also provides the promotion chooser the board shows
// over a file (PromotionChooser), the board colour schemes (Theme, Themes),
// and the annotation colour the held modifiers select (MarkColorFor).
//
// The package knows no rules of chess: it imports app/boardview,
// core/chess and the piece drawings of assets, and nothing of app's
// session, game, clock or arbiter (core/deps_test.go checks it).
package board
