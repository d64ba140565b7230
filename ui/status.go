package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/msg"
)

// statusPanel is the foot of the game panel: the status line (whose move,
// check, the clock to press, the result), the mode of the game beside it,
// and under them the message line, which says why a move was refused and
// carries the window's notices, or while a move is typed what the move box
// makes of it. The message line is one line tall even when empty, so that
// nothing above it moves as messages come and go.
type statusPanel struct {
	widget.BaseWidget
	line    *widget.Label // the status line
	mode    *widget.Label // the rules played, Game over or Analysis
	message *widget.Label // a refusal or a notice, or the move box's hint
	said    string        // the refusal or notice
	aside   string        // a notice waiting for the message line to be free (noticeAside)
	hint    string        // what the move box says of the text typed
	content *fyne.Container
}

var _ fyne.Widget = (*statusPanel)(nil)

// newStatusPanel returns the panel with empty lines.
func newStatusPanel() *statusPanel {
	p := &statusPanel{
		line:    widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		mode:    widget.NewLabel(""),
		message: widget.NewLabel(""),
	}
	p.line.Wrapping = fyne.TextWrapWord
	p.message.Wrapping = fyne.TextWrapWord
	p.message.Importance = widget.WarningImportance
	p.mode.TextStyle.Bold = true
	p.mode.Importance = widget.MediumImportance
	p.content = container.NewVBox(container.NewBorder(nil, nil, nil, p.mode, p.line), p.message)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer lays out the status line with the mode beside it, and the
// message line under them.
func (p *statusPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.content)
}

// statusFacts is what the status panel shows beside the session's state:
// things only the window knows.
type statusFacts struct {
	declaring  bool                  // the next move entered is the one declared with a claim
	whiteLeft  bool                  // White sits on the left: left Shift is White's clock
	journalErr error                 // the journal could not be written
	say        func(msg.Text) string // a message in the players' language
	thinking   string                // the engine is thinking (opponent.go)
	confirm    string                // who is asked to confirm the result (play.go)
	due        int                   // the training's positions due today, -1 if unknown (training.go)
}

// show shows the session's state, with st its status.
func (p *statusPanel) show(s *app.Session, st app.Status, f statusFacts) {
	switch {
	case f.declaring:
		p.line.SetText(lang.L("Enter the move you declare with your claim"))
	case st.Over:
		p.line.SetText(strings.TrimSpace(fmt.Sprintf("%s  %s", st.Result, f.say(st.Reason))))
	case s.ClocksPaused():
		p.line.SetText(lang.L("Clocks paused — Ctrl+P resumes"))
	case s.AwaitingPress() != chess.NoColor:
		c := s.AwaitingPress()
		p.line.SetText(lang.L(colorPhrase(c, "White: press your clock", "Black: press your clock")) + " (" + lang.L(sideOf(c, f.whiteLeft)+" Shift") + ")")
	case f.thinking != "":
		p.line.SetText(f.thinking)
	case st.InCheck:
		p.line.SetText(lang.L(colorPhrase(st.Turn, "White to move — check", "Black to move — check")))
	default:
		p.line.SetText(lang.L(colorPhrase(st.Turn, "White to move", "Black to move")))
	}
	switch s.Phase() {
	case app.Playing:
		p.mode.SetText(lang.L(modeName(s.Rules()) + " rules"))
	case app.Finished:
		p.mode.SetText(lang.L("Game over"))
	case app.Browsing:
		if s.Exploring() { // the board is not the game's (app/explore.go)
			p.mode.SetText(lang.L("Exploring"))
			break
		}
		if _, ok := s.Drill(); ok { // training (app/drill.go)
			p.mode.SetText(dueText(lang.L("Training"), f.due))
			break
		}
		fallthrough
	default:
		p.mode.SetText(dueText(lang.L("Analysis"), f.due))
	}
	msg := f.say(st.Message)
	if f.journalErr != nil {
		msg = lang.L("This game cannot be journaled, so a crash could lose it.") + " (" + f.journalErr.Error() + ")"
	}
	if s.Can(app.ActionConfirmResult).Enabled {
		msg = sentences(msg, f.confirm)
	}
	if msg == "" && p.aside != "" {
		msg, p.aside = p.aside, ""
	}
	p.notice(msg)
}

// dueText is the mode's name with the training's positions due today,
// when there are any: "Training · Due today: 12".
func dueText(mode string, due int) string {
	if due <= 0 {
		return mode
	}
	return mode + " · " + lang.L("Due today: {{.Count}}", map[string]any{"Count": due})
}

// noticeAside shows text, a notice of the window's own (no sound device),
// on the message line when it is free; a ruling or refusal on show stays,
// and text waits for the next change that clears it (issue 45, point 10b).
func (p *statusPanel) noticeAside(text string) {
	if p.said != "" {
		p.aside = text
		return
	}
	p.notice(text)
}

// notice shows text on the message line until the session's next change.
func (p *statusPanel) notice(text string) {
	p.said = text
	p.showMessage()
}

// setHint shows what the move box makes of the text typed on the message
// line, in place of the message, until the hint is "" again.
func (p *statusPanel) setHint(text string) {
	p.hint = text
	p.showMessage()
}

// showMessage writes the message line: the move box's hint while there is
// one, else the message.
func (p *statusPanel) showMessage() {
	text, imp := p.said, widget.WarningImportance
	if p.hint != "" {
		text, imp = p.hint, widget.MediumImportance
	}
	if p.message.Text == text && p.message.Importance == imp {
		return
	}
	p.message.Importance = imp
	p.message.Text = text
	p.message.Refresh()
}

// modeName is the name of the rules of mode m, as the mode label says it.
func modeName(m arbiter.Rules) string {
	switch m {
	case arbiter.RulesFIDE:
		return "FIDE"
	case arbiter.RulesArbiter:
		return "Arbiter"
	}
	return "Casual"
}

// sideOf names the keyboard side of colour c's player: "left" or "right".
func sideOf(c chess.Color, whiteLeft bool) string {
	if (c == chess.White) == whiteLeft {
		return "left"
	}
	return "right"
}
