package scoresheet

import (
	"fmt"
	"strings"

	"touchmove/app"
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

// The printed words of a sheet that stand for its game's data: the rules
// (the Rules tag), the Termination tag's values (pgn.md §11), and the
// events and player names the app writes into a new game.
const (
	wRules            = "Rules"
	wRulesCasual      = "Casual rules"
	wRulesFIDE        = "FIDE rules"
	wRulesArbiter     = "Arbiter rules"
	wTermNormal       = "Normal"
	wTermTime         = "Time forfeit"
	wTermAdjudication = "Adjudication"
	wTermInfraction   = "Rules infraction"
	wTermAbandoned    = "Abandoned"
	wTermEmergency    = "Emergency"
	wTermDeath        = "Death"
	wTermUnterminated = "Unterminated"
)

// rulesWord returns the word of a Rules tag's value, or "".
func rulesWord(v string) string {
	switch v {
	case app.RulesCasual:
		return wRulesCasual
	case app.RulesFIDE:
		return wRulesFIDE
	case app.RulesArbiter:
		return wRulesArbiter
	}
	return ""
}

// terminationWord returns the word of a Termination tag's value, or "".
func terminationWord(v string) string {
	switch strings.ToLower(v) {
	case "normal":
		return wTermNormal
	case "time forfeit":
		return wTermTime
	case "adjudication":
		return wTermAdjudication
	case "rules infraction":
		return wTermInfraction
	case "abandoned":
		return wTermAbandoned
	case "emergency":
		return wTermEmergency
	case "death":
		return wTermDeath
	case "unterminated":
		return wTermUnterminated
	}
	return ""
}

// dataWord reports whether v, a tag's value, is one the app writes into a
// new game and a sheet prints in its language: a default event or player
// name.
func dataWord(v string) bool {
	switch v {
	case app.EventCasual, app.EventFIDE, app.EventArbiter, wWhite, wBlack:
		return true
	}
	return false
}

// Words returns the keys of every word a sheet prints, for a translation
// to cover (the window's tests require each in every language).
func Words() []string {
	return []string{
		wTitle, wPage, wContinued, wEvent, wDate, wSite, wRound, wBoard, wWhite, wBlack, wRating,
		wFederation, wFideID, wTimeControl, wNumber, wClockUsed, wResult, wTermination, wSignWhite,
		wSignBlack, wSignArbiter, wUntimed, wHourglass, wMin, wMinSec, wSec, wMoves, wRepeating,
		wPerMove, wDelay, wAllPerMove, wAllDelay, wOdds,
		wRules, wRulesCasual, wRulesFIDE, wRulesArbiter, wTermNormal, wTermTime, wTermAdjudication,
		wTermInfraction, wTermAbandoned, wTermEmergency, wTermDeath, wTermUnterminated,
		app.EventCasual, app.EventFIDE, app.EventArbiter,
	}
}
