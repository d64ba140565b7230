package library

import (
	"fmt"
	"strconv"

	"touchmove/core/pgn"
)

// Entry is one game of a Library as the list shows it.
type Entry struct {
	Index        int   // the game's place in the file, 0-based
	Offset       int64 // where it starts in the file
	Length       int64 // its length in bytes
	Line, Column int   // where it starts, 1-based

	Event, Site, Date, Round, White, Black, Result, ECO, TimeControl string
	WhiteElo, BlackElo                                               int // 0 when unknown
	Plies                                                            int // main-line moves counted while indexing
	// Opening is the game's opening as the Opening column shows it, ECO
	// code and name (Library.Opening); empty in an Entry that Row gives.
	Opening string

	Bad bool             // problems were found in the game while indexing
	Err *pgn.SyntaxError // the first of them, with its place in the file (nil if not kept)
}

// ListColumn is a column of the game list.
type ListColumn uint8

// The columns, in the order the list shows them.
const (
	ColumnNumber   ListColumn = iota // the game's place in the file, 1-based
	ColumnWhite                      // White tag
	ColumnBlack                      // Black tag
	ColumnResult                     // Result tag
	ColumnDate                       // Date tag
	ColumnEvent                      // Event tag
	ColumnSite                       // Site tag
	ColumnRound                      // Round tag
	ColumnOpening                    // the opening: ECO code and name (Library.Opening); sorted by the ECO tag
	ColumnWhiteElo                   // WhiteElo tag
	ColumnBlackElo                   // BlackElo tag
	ColumnPlies                      // main-line plies counted while indexing
	ColumnError                      // the first problem of a bad game, with its place
	NumColumns                       // the number of columns
)

// String returns the column's title.
func (c ListColumn) String() string {
	switch c {
	case ColumnNumber:
		return "#"
	case ColumnWhite:
		return "White"
	case ColumnBlack:
		return "Black"
	case ColumnResult:
		return "Result"
	case ColumnDate:
		return "Date"
	case ColumnEvent:
		return "Event"
	case ColumnSite:
		return "Site"
	case ColumnRound:
		return "Round"
	case ColumnOpening:
		return "Opening"
	case ColumnWhiteElo:
		return "W Elo"
	case ColumnBlackElo:
		return "B Elo"
	case ColumnPlies:
		return "Plies"
	case ColumnError:
		return "Error"
	}
	return "column " + strconv.Itoa(int(c))
}

// field returns the tag field of a text column, or -1.
func (c ListColumn) field() int {
	switch c {
	case ColumnWhite:
		return pgn.FieldWhite
	case ColumnBlack:
		return pgn.FieldBlack
	case ColumnDate:
		return pgn.FieldDate
	case ColumnEvent:
		return pgn.FieldEvent
	case ColumnSite:
		return pgn.FieldSite
	case ColumnRound:
		return pgn.FieldRound
	case ColumnOpening:
		return pgn.FieldECO
	}
	return -1
}

// Text returns what the list shows for e in column c.
func (e Entry) Text(c ListColumn) string {
	switch c {
	case ColumnNumber:
		return strconv.Itoa(e.Index + 1)
	case ColumnWhite:
		return e.White
	case ColumnBlack:
		return e.Black
	case ColumnResult:
		return e.Result
	case ColumnDate:
		return e.Date
	case ColumnEvent:
		return e.Event
	case ColumnSite:
		return e.Site
	case ColumnRound:
		return e.Round
	case ColumnOpening:
		if e.Opening != "" {
			return e.Opening
		}
		return e.ECO
	case ColumnWhiteElo:
		return eloText(e.WhiteElo)
	case ColumnBlackElo:
		return eloText(e.BlackElo)
	case ColumnPlies:
		return strconv.Itoa(e.Plies)
	case ColumnError:
		switch {
		case e.Err != nil:
			return fmt.Sprintf("%d:%d: %s", e.Err.Line, e.Err.Column, e.Err.Message())
		case e.Bad:
			return "errors"
		}
	}
	return ""
}

func eloText(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}
