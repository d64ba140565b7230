package chess

import "fmt"

// knightPairs lists the 10 ways to place two knights on five free squares, in
// the order of the standard Chess960 numbering.
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960BackRank returns White's first rank of Chess960 start position n
// (0–959) in the standard numbering; 518 is the standard array RNBQKBNR.
func Chess960BackRank(n int) ([8]PieceType, error) {
	var rank [8]PieceType
	if n < 0 || n > 959 {
		return rank, fmt.Errorf("chess: chess960 position %d out of range 0–959", n)
	}
	rank[2*(n%4)+1] = Bishop // light-squared bishop: b, d, f or h
	n /= 4
	rank[2*(n%4)] = Bishop // dark-squared bishop: a, c, e or g
	n /= 4
	place := func(k int, t PieceType) { // on the k-th empty square
		for f := 0; f < 8; f++ {
			if rank[f] == NoPieceType {
				if k == 0 {
					rank[f] = t
					return
				}
				k--
			}
		}
	}
	place(n%6, Queen)
	n /= 6
	kn := knightPairs[n]
	place(kn[1], Knight) // the higher one first, so the lower index stays valid
	place(kn[0], Knight)
	place(0, Rook)
	place(0, King)
	place(0, Rook)
	return rank, nil
}

// Chess960Start returns Chess960 start position n (0–959), with both sides'
// castling rights and Chess960 notation on. Position 518 is the standard
// array, still marked as Chess960.
func Chess960Start(n int) (Position, error) {
	rank, err := Chess960BackRank(n)
	if err != nil {
		return Position{}, err
	}
	var s Setup
	s.EnPassant = NoSquare
	s.FullMove = 1
	s.Chess960 = true
	for f := 0; f < 8; f++ {
		s.Board[SquareAt(f, 0)] = NewPiece(White, rank[f])
		s.Board[SquareAt(f, 1)] = WhitePawn
		s.Board[SquareAt(f, 6)] = BlackPawn
		s.Board[SquareAt(f, 7)] = NewPiece(Black, rank[f])
		if rank[f] == Rook {
			s.Castling |= SquareAt(f, 0).Bit() | SquareAt(f, 7).Bit()
		}
	}
	return s.Position()
}
