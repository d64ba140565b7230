// Package boardview is what a chess board shows: the pieces, the side at
// the bottom, the highlights of a move in progress (the selected or touched
// piece and its destinations), the last move, a king in check, and the
// squares and arrows marked on it. The app's session computes a View from
// the game, its mode and its rules; the board widget of package ui draws it
// as it is and decides nothing (design.md §2).
//
// It holds data only: it imports no rules beyond the types of core/chess,
// and nothing of Fyne, so that both app and ui can use the one type.
package boardview
