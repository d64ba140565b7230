// Package store keeps the user's files safe: it reads PGN files and saves
// games into them without ever losing a byte that was not the game's.
//
// A game read from a file carries its Origin (the file's Stamp and the
// game's bytes there); SaveJob.Replace checks both before it splices the
// game back in, and Origin.Relocate finds a game whose file another
// program changed. Every write is atomic (WriteAtomic: a new file renamed
// over the old, synced, links and permissions kept, refusals as a
// *FileError the user can act on), in the file's own charset or refused as
// an *UnencodableError (ConvertKeeping, ConvertToUTF8). OpenText and
// SniffFile tell PGN text from compressed, wide or binary files. Journals
// keep each window's game on disk, locked, written off the caller's
// goroutine, so that a crash loses nothing; what an entry holds is the
// session's (app.JournalEntry). store knows nothing of sessions.
package store
