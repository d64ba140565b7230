// Package boardread reads moves from the squares of an electronic board: it
// follows the pieces lifted and placed, one field update at a time, and
// says when the board stands as a legal successor of the game's position
// (the move made), when a piece of the position is lifted (a touch, for
// touch-move) or put back, when a pawn stands on its last rank waiting for
// its piece, when the kings stand on the centre squares to show the result
// (DGT's convention), and when the board disagrees with the game. It is pure: the
// time of every update is given, and Tick says what a wait has decided, as
// core/clock does with its injected time. It knows no device; app feeds it
// from device/dgt.
package boardread
