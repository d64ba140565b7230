package gamelist

import (
	"touchmove/app"
	"touchmove/app/library"
	"touchmove/app/store"
	"touchmove/core/charset"
	"touchmove/core/eco"
	"touchmove/core/pgn"
)

// Words writes what the list and its tab say in the players' language, as
// the window writes it everywhere.
type Words interface {
	// Count writes a count with its thousands grouped as the language
	// does.
	Count(n int) string
	// Date writes a PGN date ("YYYY.MM.DD") as the language writes dates.
	Date(pgnDate string) string
	// Problem says a problem of a game's PGN text.
	Problem(e *pgn.SyntaxError) string
	// PGNError says err when it is a problem of PGN input or a list of
	// them; ok is false for any other error.
	PGNError(err error) (text string, ok bool)
	// Format says what kind of file e found where PGN was expected.
	Format(e *store.FormatError) string
	// WithDetail joins a sentence and the error that explains it.
	WithDetail(lead string, err error) string
}

// Host is what the Games tab asks of its window: the session the games
// open in, the window's dialogs and message line, its tabs, the actions on
// files the tab shares with the File menu, and the settings kept for each
// file.
type Host interface {
	// Words returns the players' words.
	Words() Words
	// Session returns the session the games open in.
	Session() *app.Session
	// Spawn runs f off the UI goroutine, within the window's life.
	Spawn(f func())

	// Notice shows text on the message line.
	Notice(text string)
	// ShowProblem shows text in a dialog that says something went wrong.
	ShowProblem(text string)
	// ShowError shows err in the players' words in such a dialog.
	ShowError(err error)
	// ShowInfo shows a dialog that tells text, under title.
	ShowInfo(title, text string)
	// ShowGames brings the Games tab to the front.
	ShowGames()
	// ShowGame brings the game's tab to the front.
	ShowGame()
	// Unfocus gives the keys back to the window (the board).
	Unfocus()

	// AddRecent puts path first among the recent files.
	AddRecent(path string)
	// SetOrigin tells the session where the game on the board came from.
	SetOrigin(o store.Origin)
	// UnsavedThen runs next once the game on the board is saved, or the
	// player chose to leave it.
	UnsavedThen(next func())
	// PickSave asks where to write a new file, offering name in dir, and
	// calls then with the path chosen.
	PickSave(dir, name string, then func(path string))

	// Openings returns the table that names the games' openings in the
	// Opening column, nil for none (the column shows the ECO tag).
	Openings() *eco.Table

	// Charset returns the charset the player chose for the file at path,
	// or charset.Unknown: decided from its bytes.
	Charset(path string) charset.Charset
	// ListState returns the sort, filter and selection kept for the file
	// at path, if any.
	ListState(path string) (library.ListState, bool)
	// SetListState keeps the sort, filter and selection of the file at
	// path.
	SetListState(path string, st library.ListState)
}
