package tree

import (
	"touchmove/app"
	"touchmove/app/library"
	"touchmove/core/chess"
	"touchmove/core/eco"
	"touchmove/core/msg"
)

// Host is what the tree asks of its window: the session whose position it
// follows, the open file's games and the list that shows them, the
// window's dialogs and message line, the players' words, and the settings
// of the tree.
type Host interface {
	// Session returns the session whose board the tree follows.
	Session() *app.Session
	// Library returns the open file's games, nil when none is open.
	Library() *library.Library
	// CacheDir returns the folder of the index cache, "" for none.
	CacheDir() string
	// Openings returns the table that names the positions, nil for none.
	Openings() *eco.Table
	// Spawn runs f off the UI goroutine, within the window's life.
	Spawn(f func())

	// RefreshList brings the game list up to date with its library.
	RefreshList()
	// ShowGames brings the game list to the front.
	ShowGames()
	// OpenGame opens game i of the open file, as the game list does.
	OpenGame(i int)
	// AddToRepertoire adds the line to the position on the board, and m
	// after it, to the user's repertoire (a row's "Add this move to my
	// repertoire").
	AddToRepertoire(m chess.Move)
	// Unfocus gives the keys back to the window (the board).
	Unfocus()
	// Notice shows text on the message line.
	Notice(text string)
	// ShowProblem shows text in a dialog that says something went wrong.
	ShowProblem(text string)

	// SAN writes a SAN move in the players' piece letters.
	SAN(san string) string
	// Say words a Text in the players' language.
	Say(t msg.Text) string
	// Count writes a count with its thousands grouped as the players'
	// language does.
	Count(n int) string

	// TreeOn reports whether the player left the tree shown.
	TreeOn() bool
	// SetTreeOn keeps whether the tree is shown.
	SetTreeOn(on bool)
	// TreeSplit returns where the player left the divider between the
	// notation and the tree, as container.Split's Offset.
	TreeSplit() float64
}
