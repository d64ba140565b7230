// Package prepare writes the report a coach makes before a round on
// tomorrow's opponent, from a file of his games: what he plays as White
// and as Black with his results and the years, his results by opening (as
// the games' ECO and Opening tags name them, else as core/eco names the
// opening their moves reach), the positions he reaches
// most often after move 10, and, given the user's repertoire, where he
// leaves it. It has no widgets: `touchmove prepare` prints it.
package prepare
