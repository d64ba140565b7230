package ui

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

// validTime accepts a clock reading as the clock face shows it (m:ss) or
// as PGN writes it (h:mm:ss); its error is what the form shows under the
// entry.
func validTime(s string) error {
	if _, err := clock.ParsePGNClock(s); err != nil {
		return errors.New(lang.L("Write the time as h:mm:ss, or m:ss below an hour."))
	}
	return nil
}

// validMoves accepts a move counter: a whole number, 0 or more.
func validMoves(s string) error {
	if _, err := parseMoves(s); err != nil {
		return errors.New(lang.L("Write the number of moves made: 0 or more."))
	}
	return nil
}

// parseMoves reads a move counter.
func parseMoves(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err == nil && n < 0 {
		err = strconv.ErrRange
	}
	return n, err
}

// arbiterOnly runs f in Arbiter mode, and says why not otherwise.
func (p *playing) arbiterOnly(f func() error) {
	if st := p.host.gameSession().Can(app.ActionArbiter); !st.Enabled {
		p.host.notice(p.host.playerWords().say(st.Why))
		return
	}
	p.host.report(f())
}

func (p *playing) retract() { p.arbiterOnly(p.host.gameSession().RetractProvisional) }

func (p *playing) cancelTouch() {
	p.arbiterOnly(func() error { return p.host.gameSession().ArbiterCancelTouch(p.host.gameSession().Board().Touched) })
}

func (p *playing) addTime(c chess.Color, d time.Duration) {
	p.arbiterOnly(func() error { return p.host.gameSession().ArbiterAddTime(c, d) })
}

// declareResult lets the arbiter end the game with a reason.
func (p *playing) declareResult() {
	if p.host.gameSession().Rules() != arbiter.RulesArbiter {
		p.arbiterOnly(nil)
		return
	}
	results := []chess.Result{chess.WhiteWins, chess.BlackWins, chess.Draw}
	tokens := make([]string, len(results))
	for i, r := range results {
		tokens[i] = r.String()
	}
	result := widget.NewSelect(tokens, nil)
	result.SetSelectedIndex(len(results) - 1)
	reason := widget.NewEntry()
	reason.SetPlaceHolder(lang.L("e.g. dead position since move 41"))
	d := dialog.NewForm(lang.L("Declare the result"), lang.L("Declare"), lang.L("Cancel"), []*widget.FormItem{
		widget.NewFormItem(lang.L("Result"), result),
		widget.NewFormItem(lang.L("Reason"), reason),
	}, func(ok bool) {
		i := result.SelectedIndex()
		if !ok || i < 0 {
			return
		}
		winner := results[i].Winner()
		text := strings.TrimSpace(reason.Text)
		if text == "" {
			text = "Arbiter's decision"
		}
		if err := p.host.gameSession().ArbiterDeclare(winner, text); err != nil {
			p.host.windowDialogs().showError(err)
		}
	}, p.host.Window())
	reason.OnSubmitted = func(string) { d.Submit() } // Return in the field declares, as on a desktop form
	p.host.windowDialogs().show(dlgDeclareResult, d)
}

// setClocks lets the arbiter correct both times and move counters
// [6.10.2, 7.1], each change logged.
func (p *playing) setClocks() {
	if p.host.gameSession().Rules() != arbiter.RulesArbiter || !p.host.gameSession().Timed() {
		p.host.windowDialogs().showProblem(lang.L("Setting the clocks is an arbiter's action in a timed game in Arbiter mode."))
		return
	}
	faces, _ := p.host.gameSession().ClockFaces()
	entries := [2][2]*widget.Entry{}
	var shown [2]time.Duration // each time as the entry shows it, as on the face
	var items []*widget.FormItem
	for c := chess.White; c <= chess.Black; c++ {
		shown[c] = max(faces[c].Time, 0).Truncate(time.Second)
		t := widget.NewEntry()
		t.SetText(clock.FormatDisplay(shown[c], clock.TenthsNever))
		t.Validator = validTime
		m := widget.NewEntry()
		m.SetText(strconv.Itoa(faces[c].Moves))
		m.Validator = validMoves
		entries[c] = [2]*widget.Entry{t, m}
		items = append(items, widget.NewFormItem(lang.L(colorPhrase(c, "White's time", "Black's time")), t),
			widget.NewFormItem(lang.L(colorPhrase(c, "White's moves", "Black's moves")), m))
	}
	d := dialog.NewForm(lang.L("Set clocks and move counters"), lang.L("Set"), lang.L("Cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		// The validators let Set through only with text that reads. A
		// time left as shown keeps its fraction of a second.
		var errs []error
		for c := chess.White; c <= chess.Black; c++ {
			if d, err := clock.ParsePGNClock(entries[c][0].Text); err == nil && d != shown[c] {
				errs = append(errs, p.host.gameSession().ArbiterSetTime(c, d))
			}
			if n, err := parseMoves(entries[c][1].Text); err == nil && n != faces[c].Moves {
				errs = append(errs, p.host.gameSession().ArbiterSetMoves(c, n))
			}
		}
		p.host.report(errors.Join(errs...))
	}, p.host.Window())
	// Return in a field sets, when every field reads (Submit checks).
	for _, pair := range entries {
		for _, e := range pair {
			e.OnSubmitted = func(string) { d.Submit() }
		}
	}
	p.host.windowDialogs().show(dlgSetClocks, d)
}
