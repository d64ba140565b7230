// Package prepare writes the report a coach makes before a round on
// tomorrow's opponent, from a file of his games: what he plays as White
// and as Black with his results and the years, his results by opening (as
// the games' ECO and Opening tags name them, else as core/eco names the
// opening their moves reach), the positions he reaches
// most often after move 10, and, given the user's repertoire, where he
// leaves it (and where the user's own games leave it, which
// app.AddToRepertoireFile adds to the repertoire's file). FromLibrary makes it from a listed file's cached
// list, reading only the player's games. It has no widgets: its Page is
// what the window's Report tab shows, `touchmove prepare` prints
// (WriteText) and WritePDF prints on paper.
package prepare
