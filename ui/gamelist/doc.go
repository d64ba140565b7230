// Package gamelist provides the Games tab (Tab): the list of the open PGN
// file's games (List), a virtualized table that sorts by a column's header,
// filters as one types and follows the file's indexing, and the library
// behind it (library.Library) while the file is open: it opens a game chosen
// in the list, or the next one, and exports the games the list shows.
//
// The tab talks to its window through Host: the session the games open
// in, the window's dialogs (shown through the window, which registers
// each kind), its message line and tabs, the File menu's actions it
// shares, and the settings kept for each file; the players' words for
// counts, dates and problems come through Words. Its own words go through
// Fyne's lang, translated by ui's translations (core/deps_test.go lists
// what it may import).
package gamelist
