// Package library opens a PGN file as a game list: the games listed while
// the file is indexed in the background (Open, Library), the rows sorted
// and filtered for the window's list (ListSort, ListFilter,
// ParseListFilter, ListColumn), the list kept in the user cache folder so
// that a file opened again is listed at once (IndexCacheDir), and the
// index of the positions of its games, kept up to date as the file grows
// (PositionTree, CachedPositions). Library.Read reads one game with its
// store.Origin, for a save back into the file; gzip and UTF-16/32 files
// are listed from a decoded copy. docs/indexer.md tells how the list is
// made, kept and cached.
//
// The library knows no session: it is built on store, and app and ui
// use it.
package library
