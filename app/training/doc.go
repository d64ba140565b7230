// Package training keeps the user's training: a deck of cards, each a
// position the user got wrong in a game (found by app/mistakes), scheduled
// by core/srs (FSRS), with the history of every review. The deck lives in
// the user's data folder (DefaultPath), never in a PGN file; it is written
// atomically after every change (app/store), so a crash loses at most the
// answer being given, and its cards are keyed by position, so that a
// renamed or moved file finds its cards again and a position reached in
// several games is one card.
package training
