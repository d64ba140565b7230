package scoresheet

import (
	"fmt"

	"touchmove/core/msg"
)

// Translate returns the words of key, an English template such as "Page
// {{.Number}} of {{.Of}}", in the language of the sheet, filled from data:
// the signature of Fyne's lang.L, which the window passes. The printed words
// of a sheet are listed by Words.
type Translate func(key string, data ...any) string

// english fills key's template in English: the words of a sheet that has
// no Translate.
func english(key string, data ...any) string {
	var values map[string]any
	if len(data) > 0 {
		values, _ = data[0].(map[string]any)
	}
	return msg.Fill(key, func(name string) string { return fmt.Sprint(values[name]) })
}

// The printed words of a sheet, keyed by their English templates.
const (
	wTitle       = "Chess scoresheet"
	wPage        = "Page {{.Number}} of {{.Of}}"
	wContinued   = "Continued on page {{.Number}}."
	wEvent       = "Event"
	wDate        = "Date"
	wSite        = "Site"
	wRound       = "Round"
	wBoard       = "Board"
	wWhite       = "White"
	wBlack       = "Black"
	wRating      = "Rating"
	wFederation  = "Federation / team"
	wFideID      = "FIDE ID"
	wTimeControl = "Time control"
	wNumber      = "No."
	wClockUsed   = "clock / used"
	wResult      = "Result"
	wTermination = "Termination"
	wSignWhite   = "White's signature"
	wSignBlack   = "Black's signature"
	wSignArbiter = "Arbiter's signature"
	wUntimed     = "untimed"
	wHourglass   = "hourglass, {{.Time}} each"
	wMin         = "{{.Min}} min"
	wMinSec      = "{{.Min}} min {{.Sec}}"
	wSec         = "{{.Sec}} s"
	wMoves       = "{{.Time}}/{{.Moves}} moves"
	wRepeating   = "{{.Period}} repeating"
	wPerMove     = "{{.Period}} +{{.Time}} per move"
	wDelay       = "{{.Period}} ({{.Time}} delay)"
	wAllPerMove  = "{{.Control}}, +{{.Time}} per move"
	wAllDelay    = "{{.Control}}, {{.Time}} delay per move"
	wOdds        = "White {{.White}}; Black {{.Black}}"
)

// Words returns the keys of every word a sheet prints, for a translation
// to cover (the window's tests require each in every language).
func Words() []string {
	return []string{
		wTitle, wPage, wContinued, wEvent, wDate, wSite, wRound, wBoard, wWhite, wBlack, wRating,
		wFederation, wFideID, wTimeControl, wNumber, wClockUsed, wResult, wTermination, wSignWhite,
		wSignBlack, wSignArbiter, wUntimed, wHourglass, wMin, wMinSec, wSec, wMoves, wRepeating,
		wPerMove, wDelay, wAllPerMove, wAllDelay, wOdds,
	}
}
